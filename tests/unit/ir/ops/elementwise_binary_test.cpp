// The element-wise binary ops and complex: their syntax round-trips and their verifier
// rejects what the spec forbids, with located errors.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_error;
using testing::expect_round_trip;

std::string binary(const std::string& lhs, const std::string& rhs, const std::string& op) {
  return "func.func @main(%arg0: " + lhs + ", %arg1: " + rhs + ") {\n  " + op + "\n  return\n}\n";
}

TEST(ElementwiseBinary, RoundTripsEveryForm) {
  expect_round_trip(R"(
func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<?x3xf32>, %arg2: tensor<ui8>) -> tensor<2x3xf32> {
  %0 = stablehlo.add %arg0, %arg0 : tensor<2x3xf32>
  %1 = stablehlo.multiply %arg0, %arg1 : (tensor<2x3xf32>, tensor<?x3xf32>) -> tensor<2x3xf32>
  %2 = stablehlo.shift_right_logical %arg2, %arg2 : tensor<ui8>
  %3 = stablehlo.complex %arg0, %arg0 : tensor<2x3xcomplex<f32>>
  %4 = stablehlo.complex %arg0, %arg1 : (tensor<2x3xf32>, tensor<?x3xf32>) -> tensor<2x3xcomplex<f32>>
  %5 = stablehlo.xor %arg2, %arg2 {some.attr = 1 : i32} : tensor<ui8>
  return %0 : tensor<2x3xf32>
})",
                    {"stablehlo.add %arg0, %arg0 : tensor<2x3xf32>",
                     "stablehlo.multiply %arg0, %arg1 : (tensor<2x3xf32>, tensor<?x3xf32>) -> "
                     "tensor<2x3xf32>",
                     "stablehlo.complex %arg0, %arg0 : tensor<2x3xcomplex<f32>>",
                     "stablehlo.complex %arg0, %arg1 : (tensor<2x3xf32>, tensor<?x3xf32>) -> "
                     "tensor<2x3xcomplex<f32>>",
                     "stablehlo.xor %arg2, %arg2 {some.attr = 1 : i32} : tensor<ui8>"});
}

TEST(ElementwiseBinary, ShiftsRejectFloats) {
  expect_error(binary("tensor<f32>", "tensor<f32>",
                      "%0 = stablehlo.shift_left %arg0, %arg1 : tensor<f32>"),
               "'stablehlo.shift_left' op lhs must be a tensor of integer type, but is "
               "tensor<f32>");
}

TEST(ElementwiseBinary, LogicalOpsRejectFloats) {
  expect_error(binary("tensor<2xf32>", "tensor<2xf32>",
                      "%0 = stablehlo.and %arg0, %arg1 : tensor<2xf32>"),
               "lhs must be a tensor of boolean or integer type");
}

TEST(ElementwiseBinary, ArithmeticRejectsBooleans) {
  expect_error(binary("tensor<i1>", "tensor<i1>", "%0 = stablehlo.subtract %arg0, %arg1 : tensor<i1>"),
               "lhs must be a tensor of integer, float, complex or quantized type");
}

TEST(ElementwiseBinary, OperandsMustAgree) {
  expect_error(binary("tensor<2xf32>", "tensor<2xf64>",
                      "%0 = stablehlo.add %arg0, %arg1 : (tensor<2xf32>, tensor<2xf64>) -> "
                      "tensor<2xf32>"),
               "lhs and rhs must have compatible types, but tensor<2xf32> and tensor<2xf64>");
  expect_error(binary("tensor<2xf32>", "tensor<3xf32>",
                      "%0 = stablehlo.add %arg0, %arg1 : (tensor<2xf32>, tensor<3xf32>) -> "
                      "tensor<2xf32>"),
               "lhs and rhs must have compatible types");
}

TEST(ElementwiseBinary, ResultMustAgree) {
  expect_error(binary("tensor<2xi32>", "tensor<2xi32>",
                      "%0 = stablehlo.maximum %arg0, %arg1 : (tensor<2xi32>, tensor<2xi32>) -> "
                      "tensor<2xi64>"),
               "operands and result must have compatible types");
}

TEST(ElementwiseBinary, ComplexTakesF32OrF64) {
  expect_error(binary("tensor<2xf16>", "tensor<2xf16>",
                      "%0 = stablehlo.complex %arg0, %arg1 : (tensor<2xf16>, tensor<2xf16>) -> "
                      "tensor<2xcomplex<f32>>"),
               "lhs must be a tensor of f32 or f64, but is tensor<2xf16>");
}

TEST(ElementwiseBinary, ComplexResultIsTheComplexOfItsParts) {
  expect_error(binary("tensor<2xf32>", "tensor<2xf32>",
                      "%0 = stablehlo.complex %arg0, %arg1 : (tensor<2xf32>, tensor<2xf32>) -> "
                      "tensor<2xcomplex<f64>>"),
               "result element type must be complex<f32>, but is complex<f64>");
  expect_error(binary("tensor<2xf32>", "tensor<2xf32>",
                      "%0 = stablehlo.complex %arg0, %arg1 : (tensor<2xf32>, tensor<2xf32>) -> "
                      "tensor<2xf32>"),
               "result must be a tensor of complex type");
}

TEST(ElementwiseBinary, ComplexShortTypeMustBeComplex) {
  expect_error(binary("tensor<2xf32>", "tensor<2xf32>",
                      "%0 = stablehlo.complex %arg0, %arg1 : tensor<2xf32>"),
               "expected a tensor of complex type, but got 'tensor<2xf32>'");
}

}  // namespace
}  // namespace kiln
