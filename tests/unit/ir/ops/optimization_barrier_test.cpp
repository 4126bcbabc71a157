// Unit tests of stablehlo.optimization_barrier: a round trip of the pretty form and the verifier's rejections.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_rejected;
using testing::expect_round_trip;

TEST(OptimizationBarrier, RoundTrip) {
  expect_round_trip(
      "module {\n"
      "  func.func @main(%arg0: tensor<f32>, %arg1: tensor<4xi32>) -> (tensor<f32>, tensor<4xi32>) {\n"
      "    stablehlo.optimization_barrier()\n"
      "    %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<f32>, tensor<4xi32>\n"
      "    func.return %0#0, %0#1 : tensor<f32>, tensor<4xi32>\n"
      "  }\n"
      "}\n");
}

TEST(OptimizationBarrier, ResultTypesMatch) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<f32>) -> tensor<i32> {\n"
      "    %0 = \"stablehlo.optimization_barrier\"(%arg0) : (tensor<f32>) -> tensor<i32>\n"
      "    func.return %0 : tensor<i32>\n"
      "  }\n"
      "}\n",
      "result 0 has type tensor<i32> but its operand has type tensor<f32>");
}

TEST(OptimizationBarrier, CountsMatch) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<f32>) {\n"
      "    \"stablehlo.optimization_barrier\"(%arg0) : (tensor<f32>) -> ()\n"
      "    func.return\n"
      "  }\n"
      "}\n",
      "has 1 operands but 0 results");
}

TEST(OptimizationBarrier, TuplesRejected) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tuple<>) -> tuple<> {\n"
      "    %0 = stablehlo.optimization_barrier %arg0 : tuple<>\n"
      "    func.return %0 : tuple<>\n"
      "  }\n"
      "}\n",
      "operand 0 must be a tensor or a token");
}

}  // namespace
}  // namespace kiln
