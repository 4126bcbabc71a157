// The element-wise unary ops: their syntax round-trips and their verifier rejects what the
// spec forbids, with located errors.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_error;
using testing::expect_round_trip;

std::string program(const std::string& arg_type, const std::string& op) {
  return "func.func @main(%arg0: " + arg_type + ") {\n  " + op + "\n  return\n}\n";
}

TEST(ElementwiseUnary, RoundTripsEveryForm) {
  expect_round_trip(R"(
func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<4xcomplex<f32>>, %arg2: tensor<i32>, %arg3: tensor<?xf32>) -> tensor<4xf32> {
  %0 = stablehlo.exponential %arg0 {result_accuracy = #stablehlo.result_accuracy<ulps = 1, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<4xf32>
  %1 = stablehlo.abs %arg1 : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  %2 = stablehlo.popcnt %arg2 : tensor<i32>
  %3 = stablehlo.is_finite %arg0 : (tensor<4xf32>) -> tensor<4xi1>
  %4 = stablehlo.sqrt %arg3 : (tensor<?xf32>) -> tensor<4xf32>
  %5 = stablehlo.imag %arg1 : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
})",
                    {"stablehlo.exponential %arg0 {result_accuracy = ",
                     "stablehlo.abs %arg1 : (tensor<4xcomplex<f32>>) -> tensor<4xf32>",
                     "stablehlo.popcnt %arg2 : tensor<i32>\n",
                     "stablehlo.is_finite %arg0 : (tensor<4xf32>) -> tensor<4xi1>",
                     "stablehlo.sqrt %arg3 : (tensor<?xf32>) -> tensor<4xf32>"});
}

TEST(ElementwiseUnary, FloorRejectsIntegers) {
  expect_error(program("tensor<4xi32>", "%0 = stablehlo.floor %arg0 : tensor<4xi32>"),
               "'stablehlo.floor' op operand must be a tensor of float or quantized type, but "
               "is tensor<4xi32>");
}

TEST(ElementwiseUnary, PopcntRejectsFloats) {
  expect_error(program("tensor<f32>", "%0 = stablehlo.popcnt %arg0 : tensor<f32>"),
               "operand must be a tensor of integer type");
}

TEST(ElementwiseUnary, NotRejectsFloats) {
  expect_error(program("tensor<f32>", "%0 = stablehlo.not %arg0 : tensor<f32>"),
               "operand must be a tensor of boolean or integer type");
}

TEST(ElementwiseUnary, ResultMustMatchOperand) {
  expect_error(
      program("tensor<4xf32>", "%0 = stablehlo.sqrt %arg0 : (tensor<4xf32>) -> tensor<4xf64>"),
      "operand and result must have compatible types, but tensor<4xf32> and tensor<4xf64>");
  expect_error(
      program("tensor<4xf32>", "%0 = stablehlo.tanh %arg0 : (tensor<4xf32>) -> tensor<5xf32>"),
      "operand and result must have compatible types");
}

TEST(ElementwiseUnary, AbsOfComplexGivesItsPart) {
  expect_error(program("tensor<2xcomplex<f64>>",
                       "%0 = stablehlo.abs %arg0 : (tensor<2xcomplex<f64>>) -> tensor<2xf32>"),
               "result element type must be f64 for an operand of type tensor<2xcomplex<f64>>");
}

TEST(ElementwiseUnary, RealKeepsTheShape) {
  expect_error(program("tensor<2xcomplex<f32>>",
                       "%0 = stablehlo.real %arg0 : (tensor<2xcomplex<f32>>) -> tensor<3xf32>"),
               "operand and result must have the same shape");
}

TEST(ElementwiseUnary, IsFiniteGivesBooleans) {
  expect_error(
      program("tensor<2xf32>", "%0 = stablehlo.is_finite %arg0 : (tensor<2xf32>) -> tensor<2xi32>"),
      "result must be a tensor of i1, but is tensor<2xi32>");
  expect_error(
      program("tensor<2xi32>", "%0 = stablehlo.is_finite %arg0 : (tensor<2xi32>) -> tensor<2xi1>"),
      "operand must be a tensor of float or quantized type");
}

TEST(ElementwiseUnary, SingleTypeMustBeTheOperands) {
  expect_error(program("tensor<4xf32>", "%0 = stablehlo.sine %arg0 : tensor<4xf64>"),
               "use of value expects type 'tensor<4xf64>'");
}

}  // namespace
}  // namespace kiln
