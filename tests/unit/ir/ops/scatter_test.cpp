// Unit tests of stablehlo.scatter: a round trip of the pretty form and the verifier's rejections.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::error_of;
using testing::expect_rejected;
using testing::expect_round_trip;

TEST(Scatter, RoundTrip) {
  expect_round_trip(
      "module {\n"
      "  func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<7x1xi32>, %arg2: tensor<7x6xf32>) -> tensor<10x6xf32> {\n"
      "    %0 = \"stablehlo.scatter\"(%arg0, %arg1, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({\n"
      "    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):\n"
      "      stablehlo.return %arg4 : tensor<f32>\n"
      "    }) : (tensor<10x6xf32>, tensor<7x1xi32>, tensor<7x6xf32>) -> tensor<10x6xf32>\n"
      "    func.return %0 : tensor<10x6xf32>\n"
      "  }\n"
      "}\n");
}

TEST(Scatter, ValidBaseProgram) {
  EXPECT_EQ(error_of(
      "module {\n"
      "  func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<7x1xi32>, %arg2: tensor<7x6xf32>) -> tensor<10x6xf32> {\n"
      "    %0 = \"stablehlo.scatter\"(%arg0, %arg1, %arg2) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({\n"
      "    ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):\n"
      "    stablehlo.return %a1 : tensor<f32>\n"
      "    }) : (tensor<10x6xf32>, tensor<7x1xi32>, tensor<7x6xf32>) -> tensor<10x6xf32>\n"
      "    func.return %0 : tensor<10x6xf32>\n"
      "  }\n"
      "}\n"), "");
}

TEST(Scatter, WindowDimsCoverInput) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<7x1xi32>, %arg2: tensor<7x6xf32>) -> tensor<10x6xf32> {\n"
      "    %0 = \"stablehlo.scatter\"(%arg0, %arg1, %arg2) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({\n"
      "    ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):\n"
      "    stablehlo.return %a1 : tensor<f32>\n"
      "    }) : (tensor<10x6xf32>, tensor<7x1xi32>, tensor<7x6xf32>) -> tensor<10x6xf32>\n"
      "    func.return %0 : tensor<10x6xf32>\n"
      "  }\n"
      "}\n",
      "have 1 entries in all but the input tensor<10x6xf32> has rank 2");
}

TEST(Scatter, UpdateWindowDimsSorted) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<10x6x2xf32>, %arg1: tensor<7x1xi32>, %arg2: tensor<7x6x2xf32>) -> tensor<10x6x2xf32> {\n"
      "    %0 = \"stablehlo.scatter\"(%arg0, %arg1, %arg2) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({\n"
      "    ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):\n"
      "    stablehlo.return %a1 : tensor<f32>\n"
      "    }) : (tensor<10x6x2xf32>, tensor<7x1xi32>, tensor<7x6x2xf32>) -> tensor<10x6x2xf32>\n"
      "    func.return %0 : tensor<10x6x2xf32>\n"
      "  }\n"
      "}\n",
      "update_window_dims [2, 1] must be sorted and unique");
}

TEST(Scatter, InsertedInRange) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<7x1xi32>, %arg2: tensor<7x6xf32>) -> tensor<10x6xf32> {\n"
      "    %0 = \"stablehlo.scatter\"(%arg0, %arg1, %arg2) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [2], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({\n"
      "    ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):\n"
      "    stablehlo.return %a1 : tensor<f32>\n"
      "    }) : (tensor<10x6xf32>, tensor<7x1xi32>, tensor<7x6xf32>) -> tensor<10x6xf32>\n"
      "    func.return %0 : tensor<10x6xf32>\n"
      "  }\n"
      "}\n",
      "inserted_window_dims and input_batching_dims [2] has a dimension out of range [0, 2)");
}

TEST(Scatter, ScatterDimsToOperandDimsSize) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<7x1xi32>, %arg2: tensor<7x6xf32>) -> tensor<10x6xf32> {\n"
      "    %0 = \"stablehlo.scatter\"(%arg0, %arg1, %arg2) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>}> ({\n"
      "    ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):\n"
      "    stablehlo.return %a1 : tensor<f32>\n"
      "    }) : (tensor<10x6xf32>, tensor<7x1xi32>, tensor<7x6xf32>) -> tensor<10x6xf32>\n"
      "    func.return %0 : tensor<10x6xf32>\n"
      "  }\n"
      "}\n",
      "scatter_dims_to_operand_dims [0, 1] must have 1 entries");
}

TEST(Scatter, IndexVectorDimInRange) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<7x1xi32>, %arg2: tensor<7x6xf32>) -> tensor<10x6xf32> {\n"
      "    %0 = \"stablehlo.scatter\"(%arg0, %arg1, %arg2) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 3>}> ({\n"
      "    ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):\n"
      "    stablehlo.return %a1 : tensor<f32>\n"
      "    }) : (tensor<10x6xf32>, tensor<7x1xi32>, tensor<7x6xf32>) -> tensor<10x6xf32>\n"
      "    func.return %0 : tensor<10x6xf32>\n"
      "  }\n"
      "}\n",
      "index_vector_dim 3 is out of range [0, 2]");
}

TEST(Scatter, UpdateBatchDims) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<7x1xi32>, %arg2: tensor<5x6xf32>) -> tensor<10x6xf32> {\n"
      "    %0 = \"stablehlo.scatter\"(%arg0, %arg1, %arg2) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({\n"
      "    ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):\n"
      "    stablehlo.return %a1 : tensor<f32>\n"
      "    }) : (tensor<10x6xf32>, tensor<7x1xi32>, tensor<5x6xf32>) -> tensor<10x6xf32>\n"
      "    func.return %0 : tensor<10x6xf32>\n"
      "  }\n"
      "}\n",
      "must have the scatter indices' batch dimensions [7]");
}

TEST(Scatter, UpdateWindowFits) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<7x1xi32>, %arg2: tensor<7x8xf32>) -> tensor<10x6xf32> {\n"
      "    %0 = \"stablehlo.scatter\"(%arg0, %arg1, %arg2) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({\n"
      "    ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):\n"
      "    stablehlo.return %a1 : tensor<f32>\n"
      "    }) : (tensor<10x6xf32>, tensor<7x1xi32>, tensor<7x8xf32>) -> tensor<10x6xf32>\n"
      "    func.return %0 : tensor<10x6xf32>\n"
      "  }\n"
      "}\n",
      "update window dimension 1 of size 8 is larger than the input's 6");
}

TEST(Scatter, UpdateElementType) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<7x1xi32>, %arg2: tensor<7x6xi32>) -> tensor<10x6xf32> {\n"
      "    %0 = \"stablehlo.scatter\"(%arg0, %arg1, %arg2) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({\n"
      "    ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):\n"
      "    stablehlo.return %a1 : tensor<f32>\n"
      "    }) : (tensor<10x6xf32>, tensor<7x1xi32>, tensor<7x6xi32>) -> tensor<10x6xf32>\n"
      "    func.return %0 : tensor<10x6xf32>\n"
      "  }\n"
      "}\n",
      "update_computation argument #1 has type tensor<f32>, whose element type is not "
      "promotable from the update's i32");
}

TEST(Scatter, ResultType) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<7x1xi32>, %arg2: tensor<7x6xf32>) -> tensor<10x5xf32> {\n"
      "    %0 = \"stablehlo.scatter\"(%arg0, %arg1, %arg2) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({\n"
      "    ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):\n"
      "    stablehlo.return %a1 : tensor<f32>\n"
      "    }) : (tensor<10x6xf32>, tensor<7x1xi32>, tensor<7x6xf32>) -> tensor<10x5xf32>\n"
      "    func.return %0 : tensor<10x5xf32>\n"
      "  }\n"
      "}\n",
      "input and result 0 must have the same shape");
}

TEST(Scatter, IntegerIndices) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<7x1xf32>, %arg2: tensor<7x6xf32>) -> tensor<10x6xf32> {\n"
      "    %0 = \"stablehlo.scatter\"(%arg0, %arg1, %arg2) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({\n"
      "    ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):\n"
      "    stablehlo.return %a1 : tensor<f32>\n"
      "    }) : (tensor<10x6xf32>, tensor<7x1xf32>, tensor<7x6xf32>) -> tensor<10x6xf32>\n"
      "    func.return %0 : tensor<10x6xf32>\n"
      "  }\n"
      "}\n",
      "scatter_indices must be a tensor of integers");
}

TEST(Scatter, UpdateComputationArguments) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<7x1xi32>, %arg2: tensor<7x6xf32>) -> tensor<10x6xf32> {\n"
      "    %0 = \"stablehlo.scatter\"(%arg0, %arg1, %arg2) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({\n"
      "    ^bb0(%a0: tensor<f32>):\n"
      "    stablehlo.return %a0 : tensor<f32>\n"
      "    }) : (tensor<10x6xf32>, tensor<7x1xi32>, tensor<7x6xf32>) -> tensor<10x6xf32>\n"
      "    func.return %0 : tensor<10x6xf32>\n"
      "  }\n"
      "}\n",
      "update_computation");
}

TEST(Scatter, InputsAndUpdatesPair) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<7x1xi32>, %arg2: tensor<7x6xf32>, %arg3: tensor<7x6xf32>) {\n"
      "    \"stablehlo.scatter\"(%arg0, %arg1, %arg2, %arg3) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({\n"
      "    ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):\n"
      "    stablehlo.return %a1 : tensor<f32>\n"
      "    }) : (tensor<10x6xf32>, tensor<7x1xi32>, tensor<7x6xf32>, tensor<7x6xf32>) -> ()\n"
      "    func.return\n"
      "  }\n"
      "}\n",
      "must have N inputs, the scatter indices and N updates");
}

}  // namespace
}  // namespace kiln
