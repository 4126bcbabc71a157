// The process grid: run_grid runs one program on every process and its collectives meet;
// a process that never reaches a collective makes the others fail instead of hanging.
#include "interp/process_grid.h"
#include "tests/unit/interp/interp_test_helpers.h"

namespace kiln::interp {
namespace {

using testing::parse_verified;

Tensor scalar_i64(int64_t v) {
  Tensor t = *Tensor::allocate(ir::Type::tensor({}, ir::ElementKind::kSI64));
  t.data<int64_t>()[0] = v;
  return t;
}

constexpr const char* kSumOfReplicaIds = R"(
func.func @main(%x: tensor<i64>) -> tensor<i64> {
  %id = stablehlo.replica_id : tensor<ui32>
  %c = stablehlo.convert %id : (tensor<ui32>) -> tensor<i64>
  %y = stablehlo.add %x, %c : tensor<i64>
  %r = "stablehlo.all_reduce"(%y) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {replica_groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>} : (tensor<i64>) -> tensor<i64>
  func.return %r : tensor<i64>
})";

TEST(ProcessGrid, RunGridSumsOverEightReplicas) {
  auto module = parse_verified(kSumOfReplicaIds);
  std::vector<std::vector<RuntimeValue>> args;
  for (int64_t i = 0; i < 8; ++i) args.push_back({scalar_i64(100 * i)});
  // Repeat so that the rendezvous is reused across runs of the same op.
  for (int run = 0; run < 5; ++run) {
    auto results = run_grid(*module, "", args, Options{.num_replicas = 8, .num_partitions = 1});
    ASSERT_TRUE(results.ok()) << results.error().message();
    ASSERT_EQ(results->size(), 8u);
    for (const auto& r : *results) EXPECT_EQ(r[0].tensor().data<int64_t>()[0], 2800 + 28);
  }
}

TEST(ProcessGrid, LoopOfCollectivesMeetsInOrder) {
  auto module = parse_verified(R"(
func.func @main(%x: tensor<i64>) -> tensor<i64> {
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %ten = stablehlo.constant dense<10> : tensor<i64>
  %r:2 = stablehlo.while(%i = %zero, %v = %x) : tensor<i64>, tensor<i64>
  cond {
    %c = stablehlo.compare LT, %i, %ten : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %n = stablehlo.add %i, %one : tensor<i64>
    %s = "stablehlo.all_reduce"(%v) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %t = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %t : tensor<i64>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<i64>) -> tensor<i64>
    stablehlo.return %n, %s : tensor<i64>, tensor<i64>
  }
  func.return %r#1 : tensor<i64>
})");
  std::vector<std::vector<RuntimeValue>> args = {{scalar_i64(1)}, {scalar_i64(2)}};
  auto results = run_grid(*module, "main", args, Options{.num_replicas = 2});
  ASSERT_TRUE(results.ok()) << results.error().message();
  // Each round doubles the sum of both: 3 * 2^9 after ten rounds.
  EXPECT_EQ((*results)[0][0].tensor().data<int64_t>()[0], 3 * 512);
  EXPECT_EQ((*results)[1][0].tensor().data<int64_t>()[0], 3 * 512);
}

TEST(ProcessGrid, MissingPeerFailsInsteadOfHanging) {
  auto module = parse_verified(R"(
func.func @main(%x: tensor<i64>) -> tensor<i64> {
  %r = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (tensor<i64>) -> tensor<i64>
  func.return %r : tensor<i64>
})");
  // Two processes only: replica 2 of the group does not exist.
  std::vector<std::vector<RuntimeValue>> args = {{scalar_i64(1)}, {scalar_i64(2)}};
  auto results = run_grid(*module, "", args, Options{.num_replicas = 2});
  ASSERT_FALSE(results.ok());
  EXPECT_NE(results.error().message().find("beyond the grid"), std::string::npos)
      << results.error().message();
}

// Fuzzer finding: collective_broadcast's group [[3, 1]] on three replicas left replica 1
// waiting for replica 3 forever. Every process now fails, also those in no group.
TEST(ProcessGrid, CollectiveBroadcastToAMissingPeerFails) {
  auto module = parse_verified(R"(
func.func @main(%x: tensor<i64>) -> tensor<i64> {
  %r = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[3, 1]]> : tensor<1x2xi64>} : (tensor<i64>) -> tensor<i64>
  func.return %r : tensor<i64>
})");
  std::vector<std::vector<RuntimeValue>> args = {{scalar_i64(1)}, {scalar_i64(2)}, {scalar_i64(3)}};
  auto results = run_grid(*module, "", args, Options{.num_replicas = 3});
  ASSERT_FALSE(results.ok());
  EXPECT_NE(results.error().message().find("replica_groups name process 3 beyond the grid"),
            std::string::npos)
      << results.error().message();
}

TEST(ProcessGrid, WrongArgumentCountIsAnError) {
  auto module = parse_verified(kSumOfReplicaIds);
  auto results = run_grid(*module, "", {{scalar_i64(1)}}, Options{.num_replicas = 2});
  ASSERT_FALSE(results.ok());
  EXPECT_NE(results.error().message().find("needs 2"), std::string::npos);
}

// collective_broadcast is variadic (spec: operands and results are variadic); the verifier
// accepts it too.
TEST(CollectiveBroadcast, EveryOperandComesFromTheGroupsFirstProcess) {
  auto module = parse_verified(R"(
func.func @main(%x: tensor<i64>, %y: tensor<2xf32>) -> (tensor<i64>, tensor<2xf32>) {
  %r:2 = "stablehlo.collective_broadcast"(%x, %y) {replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>} : (tensor<i64>, tensor<2xf32>) -> (tensor<i64>, tensor<2xf32>)
  func.return %r#0, %r#1 : tensor<i64>, tensor<2xf32>
})");
  ASSERT_NE(module, nullptr);
  auto floats = [](float a, float b) {
    Tensor t = *Tensor::allocate(ir::Type::tensor({2}, ir::ElementKind::kF32));
    t.data<float>()[0] = a;
    t.data<float>()[1] = b;
    return t;
  };
  std::vector<std::vector<RuntimeValue>> args = {{scalar_i64(7), floats(1, 2)},
                                                 {scalar_i64(9), floats(3, 4)}};
  auto results = run_grid(*module, "", args, Options{.num_replicas = 2});
  ASSERT_TRUE(results.ok()) << results.error().message();
  for (const auto& r : *results) {
    ASSERT_EQ(r.size(), 2u);
    EXPECT_EQ(r[0].tensor().data<int64_t>()[0], 9);
    EXPECT_EQ(r[1].tensor().data<float>()[0], 3.0f);
    EXPECT_EQ(r[1].tensor().data<float>()[1], 4.0f);
  }
}

}  // namespace
}  // namespace kiln::interp
