// The cuda backend on quantized values: uniform_quantize / uniform_dequantize per tensor and
// per axis, requantization, narrowed storage ranges, f64 and f16 expressed types, and ops on
// quantized values computed as the spec's dequantize_op_quantize (element-wise, broadcast,
// dot_general). Each program's generated code compiles through NVRTC (no GPU needed); on a
// GPU its outputs on random inputs match the cpu backend's. Without a GPU the second half
// skips with the reason.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/unit/backend/cuda/op_checks.h"

namespace kiln::backend::cuda {
namespace {

using testing::OpProgram;

std::vector<OpProgram> quantized_programs() {
  std::vector<OpProgram> p;
  p.push_back({"PerTensorRequantized", R"(
func.func @main(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %c = stablehlo.constant dense<40.0> : tensor<4x8xf32>
  %x = stablehlo.multiply %a, %c : tensor<4x8xf32>
  %0 = stablehlo.uniform_quantize %x : (tensor<4x8xf32>) -> tensor<4x8x!quant.uniform<i8:f32, 5.000000e-01:3>>
  %1 = stablehlo.uniform_quantize %0 : (tensor<4x8x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<4x8x!quant.uniform<i8:f32, 2.500000e-01:-1>>
  %2 = stablehlo.uniform_dequantize %1 : (tensor<4x8x!quant.uniform<i8:f32, 2.500000e-01:-1>>) -> tensor<4x8xf32>
  return %2 : tensor<4x8xf32>
}
)"});
  p.push_back({"PerAxisNarrowRange", R"(
func.func @main(%a: tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>) {
  %c = stablehlo.constant dense<3.0> : tensor<3x4xf32>
  %x = stablehlo.multiply %a, %c : tensor<3x4xf32>
  %0 = stablehlo.uniform_quantize %x : (tensor<3x4xf32>) -> tensor<3x4x!quant.uniform<i8<-127:127>:f32:1, {1.000000e-01:-3,2.000000e-01:0,3.000000e-01:5,4.000000e-01:2}>>
  %1 = stablehlo.uniform_dequantize %0 : (tensor<3x4x!quant.uniform<i8<-127:127>:f32:1, {1.000000e-01:-3,2.000000e-01:0,3.000000e-01:5,4.000000e-01:2}>>) -> tensor<3x4xf32>
  %2 = stablehlo.uniform_quantize %x : (tensor<3x4xf32>) -> tensor<3x4x!quant.uniform<ui4:f32:0, {0.25:8,0.5:7,0.125:0}>>
  %3 = stablehlo.uniform_dequantize %2 : (tensor<3x4x!quant.uniform<ui4:f32:0, {0.25:8,0.5:7,0.125:0}>>) -> tensor<3x4xf32>
  return %1, %3 : tensor<3x4xf32>, tensor<3x4xf32>
}
)"});
  p.push_back({"ExpressedF64AndF16", R"(
func.func @main(%a: tensor<16xf64>, %b: tensor<16xf32>) -> (tensor<16xf64>, tensor<16xf32>) {
  %0 = stablehlo.uniform_quantize %a : (tensor<16xf64>) -> tensor<16x!quant.uniform<i16:f64, 1.000000e-03:7>>
  %1 = stablehlo.uniform_dequantize %0 : (tensor<16x!quant.uniform<i16:f64, 1.000000e-03:7>>) -> tensor<16xf64>
  %h = stablehlo.convert %b : (tensor<16xf32>) -> tensor<16xf16>
  %2 = stablehlo.uniform_quantize %h : (tensor<16xf16>) -> tensor<16x!quant.uniform<i8:f16, 0.0625:-4>>
  %3 = stablehlo.uniform_dequantize %2 : (tensor<16x!quant.uniform<i8:f16, 0.0625:-4>>) -> tensor<16xf16>
  %4 = stablehlo.convert %3 : (tensor<16xf16>) -> tensor<16xf32>
  return %1, %4 : tensor<16xf64>, tensor<16xf32>
}
)"});
  p.push_back({"ElementwiseOnQuantized", R"(
func.func @main(%a: tensor<2x8xf32>, %b: tensor<8xf32>) -> tensor<2x8xf32> {
  %qa = stablehlo.uniform_quantize %a : (tensor<2x8xf32>) -> tensor<2x8x!quant.uniform<i8:f32, 0.0625:1>>
  %qb0 = stablehlo.uniform_quantize %b : (tensor<8xf32>) -> tensor<8x!quant.uniform<i8:f32, 0.125:-2>>
  %qb = stablehlo.broadcast_in_dim %qb0, dims = [1] : (tensor<8x!quant.uniform<i8:f32, 0.125:-2>>) -> tensor<2x8x!quant.uniform<i8:f32, 0.125:-2>>
  %s = stablehlo.add %qa, %qb : (tensor<2x8x!quant.uniform<i8:f32, 0.0625:1>>, tensor<2x8x!quant.uniform<i8:f32, 0.125:-2>>) -> tensor<2x8x!quant.uniform<i8:f32, 0.1:0>>
  %t = stablehlo.tanh %s : (tensor<2x8x!quant.uniform<i8:f32, 0.1:0>>) -> tensor<2x8x!quant.uniform<i8:f32, 0.01:0>>
  %r = stablehlo.uniform_dequantize %t : (tensor<2x8x!quant.uniform<i8:f32, 0.01:0>>) -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}
)"});
  p.push_back({"DotGeneralOnQuantized", R"(
func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %qa = stablehlo.uniform_quantize %a : (tensor<2x3xf32>) -> tensor<2x3x!quant.uniform<i8:f32, 0.05>>
  %qb = stablehlo.uniform_quantize %b : (tensor<3x4xf32>) -> tensor<3x4x!quant.uniform<i8:f32:1, {0.05, 0.1, 0.02, 0.04}>>
  %0 = stablehlo.dot_general %qa, %qb, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 0.05>>, tensor<3x4x!quant.uniform<i8:f32:1, {0.05, 0.1, 0.02, 0.04}>>) -> tensor<2x4x!quant.uniform<i32:f32:1, {0.0025, 0.005, 0.001, 0.002}>>
  %1 = stablehlo.uniform_dequantize %0 : (tensor<2x4x!quant.uniform<i32:f32:1, {0.0025, 0.005, 0.001, 0.002}>>) -> tensor<2x4xf32>
  %2 = stablehlo.dot_general %a, %qb, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4x!quant.uniform<i8:f32:1, {0.05, 0.1, 0.02, 0.04}>>) -> tensor<2x4xf32>
  return %1, %2 : tensor<2x4xf32>, tensor<2x4xf32>
}
)"});
  return p;
}

class CudaQuantized : public ::testing::TestWithParam<OpProgram> {};

TEST_P(CudaQuantized, GeneratedCodeCompiles) { testing::expect_generated_code_compiles(GetParam().text); }

TEST_P(CudaQuantized, MatchesTheCpuBackendOnAGpu) {
  testing::expect_matches_the_cpu_backend(GetParam().text);
}

INSTANTIATE_TEST_SUITE_P(Ops, CudaQuantized, ::testing::ValuesIn(quantized_programs()),
                         [](const auto& info) { return info.param.name; });

}  // namespace
}  // namespace kiln::backend::cuda
