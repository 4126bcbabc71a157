// stablehlo.reduce_precision: the `format = eXmY` syntax round-trips; the verifier rejects
// non-float operands and out-of-range bit counts, with located errors.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_error;
using testing::expect_round_trip;

TEST(ReducePrecision, RoundTripsTheFormat) {
  expect_round_trip(R"(
func.func @main(%arg0: tensor<6xf32>, %arg1: tensor<?xbf16>) -> tensor<6xf32> {
  %0 = stablehlo.reduce_precision %arg0, format = e5m10 : tensor<6xf32>
  %1 = stablehlo.reduce_precision %arg1, format = e8m0 : (tensor<?xbf16>) -> tensor<3xbf16>
  return %0 : tensor<6xf32>
})",
                    {"stablehlo.reduce_precision %arg0, format = e5m10 : tensor<6xf32>",
                     "stablehlo.reduce_precision %arg1, format = e8m0 : (tensor<?xbf16>) -> "
                     "tensor<3xbf16>"});
}

TEST(ReducePrecision, GenericFormPrintsPretty) {
  expect_round_trip(R"(
func.func @main(%arg0: tensor<f64>) {
  %0 = "stablehlo.reduce_precision"(%arg0) <{exponent_bits = 11 : i32, mantissa_bits = 52 : i32}> : (tensor<f64>) -> tensor<f64>
  return
})",
                    {"stablehlo.reduce_precision %arg0, format = e11m52 : tensor<f64>"});
}

TEST(ReducePrecision, RejectsIntegers) {
  expect_error(R"(func.func @main(%arg0: tensor<6xi32>) {
  %0 = stablehlo.reduce_precision %arg0, format = e5m10 : tensor<6xi32>
  return
})",
               "'stablehlo.reduce_precision' op operand must be a tensor of float or quantized "
               "type");
}

TEST(ReducePrecision, ExponentBitsArePositive) {
  expect_error(R"(func.func @main(%arg0: tensor<6xf32>) {
  %0 = stablehlo.reduce_precision %arg0, format = e0m10 : tensor<6xf32>
  return
})",
               "exponent_bits must be at least 1, but is 0");
}

TEST(ReducePrecision, MantissaBitsAreNotNegative) {
  expect_error(R"(func.func @main(%arg0: tensor<6xf32>) {
  %0 = "stablehlo.reduce_precision"(%arg0) <{exponent_bits = 5 : i32, mantissa_bits = -1 : i32}> : (tensor<6xf32>) -> tensor<6xf32>
  return
})",
               "mantissa_bits must be at least 0, but is -1");
}

TEST(ReducePrecision, MalformedFormatIsAParseError) {
  expect_error(R"(func.func @main(%arg0: tensor<6xf32>) {
  %0 = stablehlo.reduce_precision %arg0, format = f5m10 : tensor<6xf32>
  return
})",
               "expected a format like 'e5m10'");
}

}  // namespace
}  // namespace kiln
