// The collective ops: their generic syntax round-trips and their verifiers reject what the
// spec forbids (replica groups, dimensions, result shapes), with located errors.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_error;
using testing::expect_round_trip;

const char* kAdd = R"(({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }))";

std::string one_collective(const std::string& arg, const std::string& op) {
  return "func.func @main(%x: " + arg + ") {\n  " + op + "\n  return\n}\n";
}

TEST(Collectives, RoundTripsGenericForms) {
  expect_round_trip(std::string(R"(
func.func @main(%x: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids}> )") +
                        kAdd + R"( : (tensor<4x6xf32>) -> tensor<4x6xf32>
  %1 = "stablehlo.all_gather"(%0) <{all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4x6xf32>) -> tensor<8x6xf32>
  %2 = "stablehlo.all_to_all"(%x) <{split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4x6xf32>) -> tensor<8x3xf32>
  %3 = "stablehlo.reduce_scatter"(%x) <{scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> )" +
                        kAdd + R"( : (tensor<4x6xf32>) -> tensor<4x3xf32>
  %4 = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4x6xf32>) -> tensor<4x6xf32>
  %5 = "stablehlo.collective_broadcast"(%4) <{replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>}> : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %5 : tensor<4x6xf32>
})",
                    {"\"stablehlo.all_reduce\"(%arg0) <{channel_handle = "
                     "#stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = "
                     "dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids}> ({",
                     "-> tensor<8x6xf32>", "-> tensor<8x3xf32>", "-> tensor<4x3xf32>"});
}

TEST(Collectives, ReplicaGroupsHaveRankTwo) {
  expect_error(one_collective("tensor<2xf32>",
                      "%0 = \"stablehlo.collective_broadcast\"(%x) "
                      "<{replica_groups = dense<[0, 1]> : tensor<2xi64>}> : "
                      "(tensor<2xf32>) -> tensor<2xf32>"),
               "replica_groups must be a rank-2 tensor");
}

TEST(Collectives, ReplicaGroupIdsAreUnique) {
  expect_error(one_collective("tensor<2xf32>", std::string("%0 = \"stablehlo.all_reduce\"(%x) "
                                                   "<{replica_groups = dense<[[0, 1], [1, 2]]> : "
                                                   "tensor<2x2xi64>}> ") +
                                           kAdd + " : (tensor<2xf32>) -> tensor<2xf32>"),
               "replica_groups repeats id 1");
}

TEST(Collectives, ReplicaGroupIdsAreNotNegative) {
  expect_error(one_collective("tensor<2xf32>",
                      "%0 = \"stablehlo.collective_broadcast\"(%x) "
                      "<{replica_groups = dense<[[0, -3]]> : tensor<1x2xi64>}> : "
                      "(tensor<2xf32>) -> tensor<2xf32>"),
               "replica_groups has a negative id -3");
}

TEST(Collectives, GlobalDeviceIdsNeedChannel) {
  expect_error(one_collective("tensor<2xf32>",
                      "%0 = \"stablehlo.all_gather\"(%x) <{all_gather_dim = 0 "
                      ": i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, "
                      "use_global_device_ids}> : (tensor<2xf32>) -> "
                      "tensor<4xf32>"),
               "use_global_device_ids needs a channel_handle with handle > 0");
}

TEST(Collectives, AllReduceComputationTakesScalars) {
  expect_error(one_collective("tensor<2xi32>", std::string("%0 = \"stablehlo.all_reduce\"(%x) "
                                                   "<{replica_groups = dense<[[0, 1]]> : "
                                                   "tensor<1x2xi64>}> ") +
                                           kAdd + " : (tensor<2xi32>) -> tensor<2xi32>"),
               "computation argument #0 has type tensor<f32>, whose element type is not "
               "promotable from the operand's i32");
}

TEST(Collectives, AllReduceResultMatchesOperand) {
  expect_error(one_collective("tensor<2xf32>", std::string("%0 = \"stablehlo.all_reduce\"(%x) "
                                                   "<{replica_groups = dense<[[0, 1]]> : "
                                                   "tensor<1x2xi64>}> ") +
                                           kAdd + " : (tensor<2xf32>) -> tensor<3xf32>"),
               "operand and result #0 must have the same shape");
}

TEST(Collectives, AllGatherDimInRange) {
  expect_error(one_collective("tensor<2xf32>",
                      "%0 = \"stablehlo.all_gather\"(%x) <{all_gather_dim = 1 "
                      ": i64, replica_groups = dense<[[0, 1]]> : "
                      "tensor<1x2xi64>}> : (tensor<2xf32>) -> tensor<4xf32>"),
               "all_gather_dim 1 is out of range [0, 1)");
}

TEST(Collectives, AllGatherScalesGatheredDim) {
  expect_error(one_collective("tensor<2xf32>",
                      "%0 = \"stablehlo.all_gather\"(%x) <{all_gather_dim = 0 "
                      ": i64, replica_groups = dense<[[0, 1, 2]]> : "
                      "tensor<1x3xi64>}> : (tensor<2xf32>) -> tensor<4xf32>"),
               "must have size 6 in dimension 0");
}

TEST(Collectives, AllToAllSplitDivides) {
  expect_error(one_collective("tensor<3x4xf32>",
                      "%0 = \"stablehlo.all_to_all\"(%x) <{split_dimension "
                      "= 0 : i64, concat_dimension = 1 : i64, split_count = 2 "
                      ": i64, replica_groups = dense<[[0, 1]]> : "
                      "tensor<1x2xi64>}> : (tensor<3x4xf32>) -> "
                      "tensor<1x8xf32>"),
               "is not divisible by split_count 2");
}

TEST(Collectives, AllToAllGroupSizeIsSplitCount) {
  expect_error(one_collective("tensor<4x4xf32>",
                      "%0 = \"stablehlo.all_to_all\"(%x) <{split_dimension "
                      "= 0 : i64, concat_dimension = 1 : i64, split_count = 2 "
                      ": i64, replica_groups = dense<[[0, 1, 2]]> : "
                      "tensor<1x3xi64>}> : (tensor<4x4xf32>) -> "
                      "tensor<2x8xf32>"),
               "replica groups have size 3 but split_count is 2");
}

TEST(Collectives, AllToAllResultShape) {
  expect_error(one_collective("tensor<4x4xf32>",
                      "%0 = \"stablehlo.all_to_all\"(%x) <{split_dimension "
                      "= 0 : i64, concat_dimension = 1 : i64, split_count = 2 "
                      ": i64, replica_groups = dense<[[0, 1]]> : "
                      "tensor<1x2xi64>}> : (tensor<4x4xf32>) -> "
                      "tensor<4x4xf32>"),
               "must have shape [2, 8]");
}

TEST(Collectives, ReduceScatterDividesScatterDim) {
  expect_error(one_collective("tensor<5xf32>", std::string("%0 = \"stablehlo.reduce_scatter\"(%x) "
                                                   "<{scatter_dimension = 0 : i64, replica_groups "
                                                   "= dense<[[0, 1]]> : tensor<1x2xi64>}> ") +
                                           kAdd + " : (tensor<5xf32>) -> tensor<2xf32>"),
               "operand dimension 0 (size 5) is not divisible by the group size 2");
}

TEST(Collectives, CollectivePermutePairsShape) {
  expect_error(one_collective("tensor<2xf32>",
                      "%0 = \"stablehlo.collective_permute\"(%x) "
                      "<{source_target_pairs = dense<[[0, 1, 2]]> : "
                      "tensor<1x3xi64>}> : (tensor<2xf32>) -> tensor<2xf32>"),
               "source_target_pairs must have shape [N, 2]");
}

TEST(Collectives, CollectivePermuteTargetsAreUnique) {
  expect_error(one_collective("tensor<2xf32>",
                      "%0 = \"stablehlo.collective_permute\"(%x) "
                      "<{source_target_pairs = dense<[[0, 2], [1, 2]]> : "
                      "tensor<2x2xi64>}> : (tensor<2xf32>) -> tensor<2xf32>"),
               "source_target_pairs repeats target 2");
}

TEST(Collectives, CollectiveBroadcastKeepsType) {
  expect_error(one_collective("tensor<2xf32>",
                      "%0 = \"stablehlo.collective_broadcast\"(%x) "
                      "<{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : "
                      "(tensor<2xf32>) -> tensor<2xf16>"),
               "result #0 tensor<2xf16> must have element type f32");
}

}  // namespace
}  // namespace kiln
