// stablehlo.uniform_quantize / uniform_dequantize: float <-> !quant.uniform of one shape.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_error;
using testing::expect_round_trip;

TEST(UniformQuantize, RoundTrips) {
  expect_round_trip(R"(
func.func @main(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.uniform_quantize %a : (tensor<2x3xf32>) -> tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:3>>
  %1 = stablehlo.uniform_dequantize %0 : (tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}
)",
                    {"stablehlo.uniform_quantize %arg0 : (tensor<2x3xf32>) -> tensor<2x3x!quant."
                     "uniform<i8:f32, 0.5:3>>"});
}

TEST(UniformQuantize, RejectsFloatResult) {
  expect_error(R"(
func.func @main(%a: tensor<2xf32>) {
  %0 = stablehlo.uniform_quantize %a : (tensor<2xf32>) -> tensor<2xf32>
  return
}
)",
               "result must be a quantized tensor");
}

TEST(UniformDequantize, RejectsOtherExpressedType) {
  expect_error(R"(
func.func @main(%a: tensor<2x!quant.uniform<i8:f32, 0.5>>) {
  %0 = stablehlo.uniform_dequantize %a : (tensor<2x!quant.uniform<i8:f32, 0.5>>) -> tensor<2xf16>
  return
}
)",
               "result element type must be the expressed type f32");
}

}  // namespace
}  // namespace kiln
