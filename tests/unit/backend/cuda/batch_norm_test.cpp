// The cuda backend's batch_norm_training, batch_norm_inference and batch_norm_grad: the
// feature dimension first, in the middle and last, f32, f64 and bf16 (each op rounded to the
// element type, as the interpreter). Each program's generated code compiles through NVRTC (no
// GPU needed); on a GPU its outputs on random inputs match the cpu backend's. Without a GPU
// the second half skips with the reason.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/unit/backend/cuda/op_checks.h"

namespace kiln::backend::cuda {
namespace {

using testing::OpProgram;

std::vector<OpProgram> batch_norm_programs() {
  std::vector<OpProgram> p;
  p.push_back({"TrainingFeatureLast", R"(
func.func @main(%x: tensor<4x5x3xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>) -> (tensor<4x5x3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %r:3 = "stablehlo.batch_norm_training"(%x, %s, %o) <{epsilon = 0.001 : f32, feature_index = 2 : i64}> : (tensor<4x5x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<4x5x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %r#0, %r#1, %r#2 : tensor<4x5x3xf32>, tensor<3xf32>, tensor<3xf32>
}
)"});
  p.push_back({"TrainingFeatureMiddleF64", R"(
func.func @main(%x: tensor<2x6x7xf64>, %s: tensor<6xf64>, %o: tensor<6xf64>) -> (tensor<2x6x7xf64>, tensor<6xf64>, tensor<6xf64>) {
  %r:3 = "stablehlo.batch_norm_training"(%x, %s, %o) <{epsilon = 0.0001 : f32, feature_index = 1 : i64}> : (tensor<2x6x7xf64>, tensor<6xf64>, tensor<6xf64>) -> (tensor<2x6x7xf64>, tensor<6xf64>, tensor<6xf64>)
  return %r#0, %r#1, %r#2 : tensor<2x6x7xf64>, tensor<6xf64>, tensor<6xf64>
}
)"});
  p.push_back({"TrainingBf16", R"(
func.func @main(%x: tensor<3x8xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>) -> (tensor<3x8xf32>, tensor<3xf32>) {
  %xb = stablehlo.convert %x : (tensor<3x8xf32>) -> tensor<3x8xbf16>
  %sb = stablehlo.convert %s : (tensor<3xf32>) -> tensor<3xbf16>
  %ob = stablehlo.convert %o : (tensor<3xf32>) -> tensor<3xbf16>
  %r:3 = "stablehlo.batch_norm_training"(%xb, %sb, %ob) <{epsilon = 0.01 : f32, feature_index = 0 : i64}> : (tensor<3x8xbf16>, tensor<3xbf16>, tensor<3xbf16>) -> (tensor<3x8xbf16>, tensor<3xbf16>, tensor<3xbf16>)
  %y = stablehlo.convert %r#0 : (tensor<3x8xbf16>) -> tensor<3x8xf32>
  %v = stablehlo.convert %r#2 : (tensor<3xbf16>) -> tensor<3xf32>
  return %y, %v : tensor<3x8xf32>, tensor<3xf32>
}
)"});
  p.push_back({"InferenceFeatureMiddle", R"(
func.func @main(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) -> tensor<2x3x4xf32> {
  %a = stablehlo.abs %v : tensor<3xf32>
  %r = "stablehlo.batch_norm_inference"(%x, %s, %o, %m, %a) <{epsilon = 0.01 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  return %r : tensor<2x3x4xf32>
}
)"});
  p.push_back({"GradFeatureFirst", R"(
func.func @main(%x: tensor<4x3x2xf32>, %s: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>, %g: tensor<4x3x2xf32>) -> (tensor<4x3x2xf32>, tensor<4xf32>, tensor<4xf32>) {
  %a = stablehlo.abs %v : tensor<4xf32>
  %r:3 = "stablehlo.batch_norm_grad"(%x, %s, %m, %a, %g) <{epsilon = 0.01 : f32, feature_index = 0 : i64}> : (tensor<4x3x2xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4x3x2xf32>) -> (tensor<4x3x2xf32>, tensor<4xf32>, tensor<4xf32>)
  return %r#0, %r#1, %r#2 : tensor<4x3x2xf32>, tensor<4xf32>, tensor<4xf32>
}
)"});
  p.push_back({"GradF64", R"(
func.func @main(%x: tensor<5x2xf64>, %s: tensor<2xf64>, %m: tensor<2xf64>, %v: tensor<2xf64>, %g: tensor<5x2xf64>) -> (tensor<5x2xf64>, tensor<2xf64>, tensor<2xf64>) {
  %a = stablehlo.abs %v : tensor<2xf64>
  %r:3 = "stablehlo.batch_norm_grad"(%x, %s, %m, %a, %g) <{epsilon = 0.5 : f32, feature_index = 1 : i64}> : (tensor<5x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<5x2xf64>) -> (tensor<5x2xf64>, tensor<2xf64>, tensor<2xf64>)
  return %r#0, %r#1, %r#2 : tensor<5x2xf64>, tensor<2xf64>, tensor<2xf64>
}
)"});
  return p;
}

class CudaBatchNorm : public ::testing::TestWithParam<OpProgram> {};

TEST_P(CudaBatchNorm, GeneratedCodeCompiles) { testing::expect_generated_code_compiles(GetParam().text); }

TEST_P(CudaBatchNorm, MatchesTheCpuBackendOnAGpu) {
  testing::expect_matches_the_cpu_backend(GetParam().text);
}

INSTANTIATE_TEST_SUITE_P(Ops, CudaBatchNorm, ::testing::ValuesIn(batch_norm_programs()),
                         [](const auto& info) { return info.param.name; });

}  // namespace
}  // namespace kiln::backend::cuda
