// stablehlo.map: the generic form round-trips; the verifier checks the inputs' shapes, the
// dimensions and the computation's signature, with located errors.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_error;
using testing::expect_round_trip;

std::string map_program(const std::string& dims, const std::string& block_arg,
                        const std::string& result) {
  return R"(func.func @main(%arg0: tensor<4xf32>) {
  %0 = "stablehlo.map"(%arg0) <{dimensions = )" + dims + R"(}> ({
  ^bb0(%arg1: )" + block_arg + R"():
    stablehlo.return %arg1 : )" + block_arg + R"(
  }) : (tensor<4xf32>) -> )" + result + R"(
  return
})";
}

TEST(Map, RoundTripsTheGenericForm) {
  expect_round_trip(R"(
func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "stablehlo.map"(%arg0, %arg1) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
})",
                    {"\"stablehlo.map\"(%arg0, %arg1) <{dimensions = array<i64: 0, 1>}> ({",
                     "^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):",
                     "}) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>"});
}

TEST(Map, DimensionsAreEveryDimensionInOrder) {
  expect_error(map_program("array<i64: 1>", "tensor<f32>", "tensor<4xf32>"),
               "'stablehlo.map' op dimensions must be [0, ..., rank - 1] for inputs of rank 1, "
               "but are [1]");
}

TEST(Map, ComputationTakesScalarsOfTheInputElementTypes) {
  expect_error(map_program("array<i64: 0>", "tensor<i32>", "tensor<4xf32>"),
               "computation argument 0 must be tensor<f32>, but is tensor<i32>");
}

TEST(Map, ComputationReturnsAScalarOfTheResultElementType) {
  expect_error(map_program("array<i64: 0>", "tensor<f32>", "tensor<4xi32>"),
               "computation must return one value of type tensor<i32>");
}

TEST(Map, InputsShareOneShape) {
  expect_error(R"(func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<5xf32>) {
  %0 = "stablehlo.map"(%arg0, %arg1) <{dimensions = array<i64: 0>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>, tensor<5xf32>) -> tensor<4xf32>
  return
})",
               "inputs must have the same shape, but tensor<4xf32> and tensor<5xf32> differ");
}

TEST(Map, ResultHasTheInputShape) {
  expect_error(map_program("array<i64: 0>", "tensor<f32>", "tensor<3xf32>"),
               "inputs and result must have the same shape");
}

}  // namespace
}  // namespace kiln
