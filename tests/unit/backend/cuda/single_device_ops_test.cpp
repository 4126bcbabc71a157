// The cuda backend's remaining single-device ops: complex logistic / tan / cbrt / maximum /
// minimum / remainder, get_dimension_size, custom_call @X64SplitLow / @X64SplitHigh /
// @X64Combine, bitcast_convert between sub-byte types, and interpreter.probe with the check
// that reads it. Each program's generated code compiles through NVRTC (no GPU needed); on a
// GPU its outputs on random inputs match the cpu backend's, and a probe's recorded value is
// what the check expects. Without a GPU those halves skip with the reason.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "tests/unit/backend/cuda/op_checks.h"

namespace kiln::backend::cuda {
namespace {

using testing::OpProgram;

std::vector<OpProgram> single_device_programs() {
  std::vector<OpProgram> p;
  // Complex results go out as their parts: op_checks compares f32 and f64 within a tolerance,
  // other types bit for bit, and the libm behind std::complex differs from CUDA's in the last
  // bits.
  p.push_back({"ComplexUnary", R"(
func.func @main(%a: tensor<8xf32>, %b: tensor<8xf32>, %c: tensor<8xf64>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf64>, tensor<8xf64>) {
  %z = stablehlo.complex %a, %b : tensor<8xcomplex<f32>>
  %w = stablehlo.complex %c, %c : tensor<8xcomplex<f64>>
  %0 = stablehlo.logistic %z : tensor<8xcomplex<f32>>
  %1 = stablehlo.tan %z : tensor<8xcomplex<f32>>
  %2 = stablehlo.cbrt %z : tensor<8xcomplex<f32>>
  %3 = chlo.tan %w : tensor<8xcomplex<f64>> -> tensor<8xcomplex<f64>>
  %0r = stablehlo.real %0 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
  %0i = stablehlo.imag %0 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
  %1r = stablehlo.real %1 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
  %1i = stablehlo.imag %1 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
  %2r = stablehlo.real %2 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
  %2i = stablehlo.imag %2 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
  %3r = stablehlo.real %3 : (tensor<8xcomplex<f64>>) -> tensor<8xf64>
  %3i = stablehlo.imag %3 : (tensor<8xcomplex<f64>>) -> tensor<8xf64>
  return %0r, %0i, %1r, %1i, %2r, %2i, %3r, %3i : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf64>, tensor<8xf64>
}
)"});
  p.push_back({"ComplexBinary", R"(
func.func @main(%a: tensor<8xf64>, %b: tensor<8xf64>, %c: tensor<8xf64>) -> (tensor<8xcomplex<f64>>, tensor<8xcomplex<f64>>, tensor<8xf64>, tensor<8xf64>) {
  %x = stablehlo.complex %a, %b : tensor<8xcomplex<f64>>
  %y = stablehlo.complex %a, %c : tensor<8xcomplex<f64>>
  %0 = stablehlo.maximum %x, %y : tensor<8xcomplex<f64>>
  %1 = stablehlo.minimum %x, %y : tensor<8xcomplex<f64>>
  %k = stablehlo.constant dense<(0.375, -0.25)> : tensor<8xcomplex<f64>>
  %2 = stablehlo.remainder %x, %k : tensor<8xcomplex<f64>>
  %2r = stablehlo.real %2 : (tensor<8xcomplex<f64>>) -> tensor<8xf64>
  %2i = stablehlo.imag %2 : (tensor<8xcomplex<f64>>) -> tensor<8xf64>
  return %0, %1, %2r, %2i : tensor<8xcomplex<f64>>, tensor<8xcomplex<f64>>, tensor<8xf64>, tensor<8xf64>
}
)"});
  p.push_back({"GetDimensionSize", R"(
func.func @main(%a: tensor<2x7xf32>, %e: tensor<4x0xi8>) -> (tensor<i32>, tensor<i32>, tensor<i32>) {
  %0 = stablehlo.get_dimension_size %a, dim = 0 : (tensor<2x7xf32>) -> tensor<i32>
  %1 = stablehlo.get_dimension_size %a, dim = 1 : (tensor<2x7xf32>) -> tensor<i32>
  %2 = stablehlo.get_dimension_size %e, dim = 1 : (tensor<4x0xi8>) -> tensor<i32>
  return %0, %1, %2 : tensor<i32>, tensor<i32>, tensor<i32>
}
)"});
  p.push_back({"X64SplitAndCombine", R"(
func.func @main(%a: tensor<6xi64>, %f: tensor<6xf64>) -> (tensor<6xui32>, tensor<6xui32>, tensor<6xi64>, tensor<6xi32>, tensor<6xf64>) {
  %lo = stablehlo.custom_call @X64SplitLow(%a) : (tensor<6xi64>) -> tensor<6xui32>
  %hi = stablehlo.custom_call @X64SplitHigh(%a) : (tensor<6xi64>) -> tensor<6xui32>
  %back = stablehlo.custom_call @X64Combine(%lo, %hi) : (tensor<6xui32>, tensor<6xui32>) -> tensor<6xi64>
  %flo = stablehlo.custom_call @X64SplitLow(%f) : (tensor<6xf64>) -> tensor<6xi32>
  %fhi = stablehlo.custom_call @X64SplitHigh(%f) : (tensor<6xf64>) -> tensor<6xi32>
  %fback = stablehlo.custom_call @X64Combine(%flo, %fhi) : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xf64>
  return %lo, %hi, %back, %flo, %fback : tensor<6xui32>, tensor<6xui32>, tensor<6xi64>, tensor<6xi32>, tensor<6xf64>
}
)"});
  p.push_back({"SubByteBitcasts", R"(
func.func @main(%a: tensor<3xi8>, %b: tensor<2x2xi4>, %c: tensor<4xui4>, %d: tensor<5x4xui2>) -> (tensor<3x2xi4>, tensor<2xui8>, tensor<4xf4E2M1FN>, tensor<5xi8>, tensor<3x4xui2>) {
  %0 = stablehlo.bitcast_convert %a : (tensor<3xi8>) -> tensor<3x2xi4>
  %1 = stablehlo.bitcast_convert %b : (tensor<2x2xi4>) -> tensor<2xui8>
  %2 = stablehlo.bitcast_convert %c : (tensor<4xui4>) -> tensor<4xf4E2M1FN>
  %3 = stablehlo.bitcast_convert %d : (tensor<5x4xui2>) -> tensor<5xi8>
  %4 = stablehlo.bitcast_convert %a : (tensor<3xi8>) -> tensor<3x4xui2>
  return %0, %1, %2, %3, %4 : tensor<3x2xi4>, tensor<2xui8>, tensor<4xf4E2M1FN>, tensor<5xi8>, tensor<3x4xui2>
}
)"});
  return p;
}

class CudaSingleDeviceOp : public ::testing::TestWithParam<OpProgram> {};

TEST_P(CudaSingleDeviceOp, GeneratedCodeCompiles) { testing::expect_generated_code_compiles(GetParam().text); }

TEST_P(CudaSingleDeviceOp, MatchesTheCpuBackendOnAGpu) {
  testing::expect_matches_the_cpu_backend(GetParam().text);
}

INSTANTIATE_TEST_SUITE_P(Ops, CudaSingleDeviceOp, ::testing::ValuesIn(single_device_programs()),
                         [](const auto& info) { return info.param.name; });

// interpreter.probe records its operand on the host (its result is the operand); the check
// reading it fails when the value differs.
const char* const kProbe = R"(
func.func @main() -> tensor<3xi32> {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %y = stablehlo.add %x, %x : tensor<3xi32>
  %p = interpreter.probe %y, probe_id = "y" : tensor<3xi32>
  %z = stablehlo.multiply %p, %x : tensor<3xi32>
  check.expect_serialized_eq %z, probe_id = "y", iter = 0 : tensor<3xi32>
  return %p : tensor<3xi32>
}
)";

TEST(CudaSingleDeviceOp, ProbeRecordsOnTheHost) {
  auto module = frontend::parse_module_text(kProbe, "test.mlir");
  ASSERT_TRUE(module.ok()) << module.error().message();
  ASSERT_TRUE(ir::verify(**module).ok());
  auto exe = compile_cuda(**module, {});
  ASSERT_TRUE(exe.ok()) << exe.error().message();
  auto device = ::kiln::cuda::Device::open(0);
  if (!device.ok()) GTEST_SKIP() << "no GPU: " << device.error().message();
  auto out = (*exe)->run({});
  ASSERT_TRUE(out.ok()) << out.error().message();
  // z = 2x * x = [2, 8, 18] differs from the probe's [2, 4, 6] in two elements.
  ASSERT_EQ(out->failed_checks.size(), 1u);
  EXPECT_NE(out->failed_checks[0].find("test.mlir:7:"), std::string::npos) << out->failed_checks[0];
  ASSERT_EQ(out->outputs().size(), 1u);
  std::vector<int32_t> got(3);
  std::memcpy(got.data(), out->outputs()[0].host_bytes().data(), 12);
  EXPECT_EQ(got, (std::vector<int32_t>{2, 4, 6}));
}

// A custom_call target without a defined meaning: unimplemented on the cuda backend, as on the
// cpu backend, with a message naming the target and saying so.
TEST(CudaSingleDeviceOp, AnUnknownCustomCallTargetIsRefusedNamingIt) {
  auto p = testing::lower_program_text(R"(
func.func @main(%a: tensor<3xi32>) -> tensor<3xi32> {
  %0 = stablehlo.custom_call @"my-target"(%a) {api_version = 4 : i32} : (tensor<3xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}
)");
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.error().kind(), ErrorKind::kUnimplemented);
  EXPECT_NE(p.error().message().find("custom_call @my-target: an unknown target, refused by the "
                                     "cpu backend too"),
            std::string::npos)
      << p.error().message();
}

}  // namespace
}  // namespace kiln::backend::cuda
