// stablehlo.bitcast_convert: equal, narrowing and widening bit casts round-trip; the verifier
// enforces the spec's shape rules for a change of bit width, with located errors.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_error;
using testing::expect_round_trip;

std::string bitcast(const std::string& from, const std::string& to) {
  return "func.func @main(%arg0: " + from + ") {\n  %0 = stablehlo.bitcast_convert %arg0 : (" +
         from + ") -> " + to + "\n  return\n}\n";
}

TEST(BitcastConvert, RoundTripsEveryWidthChange) {
  expect_round_trip(R"(
func.func @main(%arg0: tensor<12xf32>, %arg1: tensor<2xui64>, %arg2: tensor<2x2xui32>) -> tensor<12xui32> {
  %0 = stablehlo.bitcast_convert %arg0 : (tensor<12xf32>) -> tensor<12xui32>
  %1 = stablehlo.bitcast_convert %arg1 : (tensor<2xui64>) -> tensor<2x2xui32>
  %2 = stablehlo.bitcast_convert %arg2 : (tensor<2x2xui32>) -> tensor<2xui64>
  %3 = stablehlo.bitcast_convert %arg0 : (tensor<12xf32>) -> tensor<12xf32>
  return %0 : tensor<12xui32>
})",
                    {"stablehlo.bitcast_convert %arg0 : (tensor<12xf32>) -> tensor<12xui32>",
                     "stablehlo.bitcast_convert %arg1 : (tensor<2xui64>) -> tensor<2x2xui32>",
                     "stablehlo.bitcast_convert %arg0 : (tensor<12xf32>) -> tensor<12xf32>"});
}

TEST(BitcastConvert, SameWidthKeepsTheShape) {
  expect_error(bitcast("tensor<4xf32>", "tensor<2xi32>"),
               "'stablehlo.bitcast_convert' op operand and result must have the same shape");
}

TEST(BitcastConvert, NarrowingAddsTheRatioDimension) {
  expect_error(bitcast("tensor<4xf64>", "tensor<4xf32>"),
               "must have rank one more than the other");
  expect_error(bitcast("tensor<4xf64>", "tensor<4x4xf32>"),
               "the minor dimension of tensor<4x4xf32> must be the bit-width ratio 2, but is 4");
  expect_error(bitcast("tensor<4xf64>", "tensor<3x2xf32>"),
               "dimension 0 differs between tensor<3x2xf32> and tensor<4xf64>");
}

TEST(BitcastConvert, WideningDropsTheRatioDimension) {
  expect_error(bitcast("tensor<4x2xui32>", "tensor<4x2xui64>"),
               "must have rank one more than the other");
}

TEST(BitcastConvert, RealAndComplexDoNotMix) {
  expect_error(bitcast("tensor<4xcomplex<f32>>", "tensor<4xf64>"),
               "cannot convert between real and complex types");
}

}  // namespace
}  // namespace kiln
