// stablehlo.clamp: scalar and full-shape bounds round-trip; the verifier rejects bounds of
// another shape or element type, with located errors.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_error;
using testing::expect_round_trip;

std::string clamp(const std::string& bound, const std::string& operand, const std::string& op) {
  return "func.func @main(%arg0: " + bound + ", %arg1: " + operand + ") {\n  " + op +
         "\n  return\n}\n";
}

TEST(Clamp, RoundTripsScalarAndFullBounds) {
  expect_round_trip(R"(
func.func @main(%arg0: tensor<f32>, %arg1: tensor<2x3xf32>, %arg2: tensor<i32>) -> tensor<2x3xf32> {
  %0 = stablehlo.clamp %arg0, %arg1, %arg0 : (tensor<f32>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %1 = stablehlo.clamp %arg1, %arg1, %arg1 : tensor<2x3xf32>
  %2 = stablehlo.clamp %arg2, %arg2, %arg2 : tensor<i32>
  return %0 : tensor<2x3xf32>
})",
                    {"stablehlo.clamp %arg0, %arg1, %arg0 : (tensor<f32>, tensor<2x3xf32>, "
                     "tensor<f32>) -> tensor<2x3xf32>",
                     "stablehlo.clamp %arg1, %arg1, %arg1 : tensor<2x3xf32>",
                     "stablehlo.clamp %arg2, %arg2, %arg2 : tensor<i32>"});
}

TEST(Clamp, BoundsAreScalarOrOfTheOperandShape) {
  expect_error(clamp("tensor<2xf32>", "tensor<4xf32>",
                     "%0 = stablehlo.clamp %arg0, %arg1, %arg0 : (tensor<2xf32>, tensor<4xf32>, "
                     "tensor<2xf32>) -> tensor<4xf32>"),
               "'stablehlo.clamp' op min must be a scalar or have the operand's shape, but is "
               "tensor<2xf32>");
}

TEST(Clamp, BoundsHaveTheOperandElementType) {
  expect_error(clamp("tensor<i32>", "tensor<4xf32>",
                     "%0 = stablehlo.clamp %arg1, %arg1, %arg0 : (tensor<4xf32>, tensor<4xf32>, "
                     "tensor<i32>) -> tensor<4xf32>"),
               "max must have the element type of the operand, f32, but is tensor<i32>");
}

TEST(Clamp, ResultHasTheOperandType) {
  expect_error(clamp("tensor<f32>", "tensor<4xf32>",
                     "%0 = stablehlo.clamp %arg0, %arg1, %arg0 : (tensor<f32>, tensor<4xf32>, "
                     "tensor<f32>) -> tensor<5xf32>"),
               "operand and result must have compatible types");
}

}  // namespace
}  // namespace kiln
