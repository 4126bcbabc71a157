// Unit tests of stablehlo.gather and stablehlo.dynamic_gather: a round trip of the pretty form and the verifier's rejections.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::error_of;
using testing::expect_rejected;
using testing::expect_round_trip;

TEST(Gather, RoundTrip) {
  expect_round_trip(
      "module {\n"
      "  func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<4x2xi32>) -> tensor<4x3xf32> {\n"
      "    %0 = \"stablehlo.gather\"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3>}> : (tensor<10x6xf32>, tensor<4x2xi32>) -> tensor<4x3xf32>\n"
      "    func.return %0 : tensor<4x3xf32>\n"
      "  }\n"
      "}\n");
}

TEST(Gather, ValidBaseProgram) {
  EXPECT_EQ(error_of(
      "module {\n"
      "  func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<4x2xi32>) -> tensor<4x3xf32> {\n"
      "    %0 = \"stablehlo.gather\"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<10x6xf32>, tensor<4x2xi32>) -> tensor<4x3xf32>\n"
      "    func.return %0 : tensor<4x3xf32>\n"
      "  }\n"
      "}\n"), "");
}

TEST(Gather, WindowDimsCoverOperand) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<4x2xi32>) -> tensor<4x3xf32> {\n"
      "    %0 = \"stablehlo.gather\"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<10x6xf32>, tensor<4x2xi32>) -> tensor<4x3xf32>\n"
      "    func.return %0 : tensor<4x3xf32>\n"
      "  }\n"
      "}\n",
      "have 1 entries in all but the operand tensor<10x6xf32> has rank 2");
}

TEST(Gather, IndexVectorDimInRange) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<4x2xi32>) -> tensor<4x3xf32> {\n"
      "    %0 = \"stablehlo.gather\"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 3>, slice_sizes = array<i64: 1, 3>}> : (tensor<10x6xf32>, tensor<4x2xi32>) -> tensor<4x3xf32>\n"
      "    func.return %0 : tensor<4x3xf32>\n"
      "  }\n"
      "}\n",
      "index_vector_dim 3 is out of range [0, 2]");
}

TEST(Gather, StartIndexMapSize) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<4x2xi32>) -> tensor<4x3xf32> {\n"
      "    %0 = \"stablehlo.gather\"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<10x6xf32>, tensor<4x2xi32>) -> tensor<4x3xf32>\n"
      "    func.return %0 : tensor<4x3xf32>\n"
      "  }\n"
      "}\n",
      "start_index_map [0] must have 2 entries");
}

TEST(Gather, OffsetDimsSorted) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<10x6x2xf32>, %arg1: tensor<4x2xi32>) -> tensor<4x3x2xf32> {\n"
      "    %0 = \"stablehlo.gather\"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3, 2>}> : (tensor<10x6x2xf32>, tensor<4x2xi32>) -> tensor<4x3x2xf32>\n"
      "    func.return %0 : tensor<4x3x2xf32>\n"
      "  }\n"
      "}\n",
      "offset_dims [2, 1] must be sorted and unique");
}

TEST(Gather, CollapsedInRange) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<4x2xi32>) -> tensor<4x3xf32> {\n"
      "    %0 = \"stablehlo.gather\"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [2], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<10x6xf32>, tensor<4x2xi32>) -> tensor<4x3xf32>\n"
      "    func.return %0 : tensor<4x3xf32>\n"
      "  }\n"
      "}\n",
      "collapsed_slice_dims and operand_batching_dims [2] has a dimension out of range [0, 2)");
}

TEST(Gather, StartIndexMapUnique) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<4x2xi32>) -> tensor<4x3xf32> {\n"
      "    %0 = \"stablehlo.gather\"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<10x6xf32>, tensor<4x2xi32>) -> tensor<4x3xf32>\n"
      "    func.return %0 : tensor<4x3xf32>\n"
      "  }\n"
      "}\n",
      "start_index_map and operand_batching_dims [0, 0] repeats dimension 0");
}

TEST(Gather, BatchingDimsPairUp) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<5x7x3xf32>, %arg1: tensor<5x4xi32>) -> tensor<5x4x3xf32> {\n"
      "    %0 = \"stablehlo.gather\"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 3>}> : (tensor<5x7x3xf32>, tensor<5x4xi32>) -> tensor<5x4x3xf32>\n"
      "    func.return %0 : tensor<5x4x3xf32>\n"
      "  }\n"
      "}\n",
      "operand_batching_dims and start_indices_batching_dims must have the same size");
}

TEST(Gather, BatchingDimsNotIndexVectorDim) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<5x7x3xf32>, %arg1: tensor<5x1xi32>) -> tensor<5x3xf32> {\n"
      "    %0 = \"stablehlo.gather\"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1, 3>}> : (tensor<5x7x3xf32>, tensor<5x1xi32>) -> tensor<5x3xf32>\n"
      "    func.return %0 : tensor<5x3xf32>\n"
      "  }\n"
      "}\n",
      "must not contain index_vector_dim 1");
}

TEST(Gather, SliceSizesPerDimension) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<4x2xi32>) -> tensor<4x3xf32> {\n"
      "    %0 = \"stablehlo.gather\"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1>}> : (tensor<10x6xf32>, tensor<4x2xi32>) -> tensor<4x3xf32>\n"
      "    func.return %0 : tensor<4x3xf32>\n"
      "  }\n"
      "}\n",
      "slice_sizes [1] must have 2 entries");
}

TEST(Gather, CollapsedSliceSizeAtMostOne) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<4x2xi32>) -> tensor<4x3xf32> {\n"
      "    %0 = \"stablehlo.gather\"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 2, 3>}> : (tensor<10x6xf32>, tensor<4x2xi32>) -> tensor<4x3xf32>\n"
      "    func.return %0 : tensor<4x3xf32>\n"
      "  }\n"
      "}\n",
      "slice size 2 in dimension 0 must be in [0, 1]");
}

TEST(Gather, SliceSizeWithinOperand) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<4x2xi32>) -> tensor<4x7xf32> {\n"
      "    %0 = \"stablehlo.gather\"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 7>}> : (tensor<10x6xf32>, tensor<4x2xi32>) -> tensor<4x7xf32>\n"
      "    func.return %0 : tensor<4x7xf32>\n"
      "  }\n"
      "}\n",
      "slice size 7 in dimension 1 must be in [0, 6]");
}

TEST(Gather, ResultShape) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<4x2xi32>) -> tensor<4x2xf32> {\n"
      "    %0 = \"stablehlo.gather\"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<10x6xf32>, tensor<4x2xi32>) -> tensor<4x2xf32>\n"
      "    func.return %0 : tensor<4x2xf32>\n"
      "  }\n"
      "}\n",
      "result tensor<4x2xf32> must have the shape [4, 3]");
}

TEST(Gather, ResultRank) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<4x2xi32>) -> tensor<4x3x1xf32> {\n"
      "    %0 = \"stablehlo.gather\"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<10x6xf32>, tensor<4x2xi32>) -> tensor<4x3x1xf32>\n"
      "    func.return %0 : tensor<4x3x1xf32>\n"
      "  }\n"
      "}\n",
      "result tensor<4x3x1xf32> must have rank 2");
}

TEST(Gather, IntegerIndices) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<4x2xf32>) -> tensor<4x3xf32> {\n"
      "    %0 = \"stablehlo.gather\"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<10x6xf32>, tensor<4x2xf32>) -> tensor<4x3xf32>\n"
      "    func.return %0 : tensor<4x3xf32>\n"
      "  }\n"
      "}\n",
      "start_indices must be a tensor of integers");
}

TEST(Gather, DynamicGatherSliceSizesOperand) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<4x2xi32>, %arg2: tensor<3xi32>) -> tensor<4x?xf32> {\n"
      "    %0 = \"stablehlo.dynamic_gather\"(%arg0, %arg1, %arg2) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>}> : (tensor<10x6xf32>, tensor<4x2xi32>, tensor<3xi32>) -> tensor<4x?xf32>\n"
      "    func.return %0 : tensor<4x?xf32>\n"
      "  }\n"
      "}\n",
      "slice_sizes tensor<3xi32> must be a 1-D tensor of 2 elements");
}

}  // namespace
}  // namespace kiln
