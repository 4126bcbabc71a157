// The cuda backend's stablehlo.fft (cuFFT), stablehlo.cholesky, stablehlo.triangular_solve and
// chlo.ragged_dot (generated kernels), and JAX's potrf and trsm custom calls (the cholesky and
// triangular_solve kernels), getrf, lu_pivots_to_permutation, geqrf, orgqr and syevd / heevd
// (their own generated kernels; eigh compared through outputs independent of the
// eigenvectors' signs): the steps each lowers to and the errors for what it does not do
// (no GPU needed), that their generated code compiles with NVRTC (no GPU needed), and,
// on a GPU, results that match the cpu backend's on random inputs within the oracle's
// per-dtype tolerance (skipped, saying so, without a GPU).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "api/impl.h"
#include "backend/cuda/cuda_backend.h"
#include "backend/cuda/lower.h"
#include "frontend/parser.h"
#include "ir/verifier.h"
#include "kiln/kiln.h"
#include "oracle/compare.h"
#include "runtime/cuda/device.h"
#include "tests/unit/backend/cuda/op_checks.h"
#include "tests/unit/interp/jax_linalg_test_helpers.h"
#include "tests/unit/test_files.h"

namespace kiln::backend::cuda::linalg_test {
namespace {

template <class S>
std::vector<const S*> steps_of(const LoweredProgram& p) {
  std::vector<const S*> out;
  for (const Step& s : p.main.steps) {
    if (const auto* x = std::get_if<S>(&s)) out.push_back(x);
  }
  return out;
}

// The cpu backend's outputs on three random inputs (run with or without a GPU, so that the
// reference side of each program is checked everywhere); on a GPU, the cuda backend's at O0 and
// O2 against them, each output within the oracle's program tolerance (complex numbers part by
// part).
void expect_close_to_the_cpu_backend(const std::string& text) {
  auto module = ::kiln::load_text(text, "test.mlir");
  ASSERT_TRUE(module.ok()) << module.error().message();
  auto cpu = ::kiln::compile(*module, {.backend = "cpu", .opt_level = 0});
  ASSERT_TRUE(cpu.ok()) << cpu.error().message();
  auto tensors = [](const std::vector<::kiln::Value>& values) {
    std::vector<interp::Tensor> out;
    for (const ::kiln::Value& v : values) {
      const backend::Buffer& b = api::ValueAccess::buffer(v);
      Expected<interp::Tensor> t = interp::Tensor::from_storage(b.type(), b.host_storage());
      EXPECT_TRUE(t.ok());
      if (t.ok()) out.push_back(std::move(*t));
    }
    return out;
  };
  std::vector<std::vector<::kiln::Value>> inputs;
  std::vector<std::vector<interp::Tensor>> wants;
  for (uint64_t seed : {1u, 2u, 3u}) {
    auto in = cpu->random_inputs(seed);
    ASSERT_TRUE(in.ok()) << in.error().message();
    auto want = cpu->run(*in);
    ASSERT_TRUE(want.ok()) << want.error().message();
    inputs.push_back(std::move(*in));
    wants.push_back(tensors(want->outputs()));
  }
  auto device = ::kiln::cuda::Device::open(0);
  if (!device.ok()) GTEST_SKIP() << "no GPU: " << device.error().message();
  for (int level : {0, 2}) {
    auto gpu = ::kiln::compile(*module, {.backend = "cuda", .opt_level = level});
    ASSERT_TRUE(gpu.ok()) << gpu.error().message();
    for (size_t i = 0; i < inputs.size(); ++i) {
      SCOPED_TRACE("seed " + std::to_string(i + 1) + ", O" + std::to_string(level));
      auto got = gpu->run(inputs[i]);
      ASSERT_TRUE(got.ok()) << got.error().message();
      oracle::CompareReport report =
          oracle::compare_outputs(tensors(got->outputs()), wants[i], oracle::program_tolerance);
      EXPECT_TRUE(report.passed) << report.message();
    }
  }
}

// ---- stablehlo.fft ----------------------------------------------------------------------------

std::string fft(const std::string& type, const std::string& length, const std::string& in,
                const std::string& out) {
  return testing::one_op_program("%x: tensor<" + in + ">", "tensor<" + out + ">",
                                 "%r = stablehlo.fft %x, type = " + type + ", length = [" + length +
                                     "] : (tensor<" + in + ">) -> tensor<" + out + ">");
}

const std::vector<testing::OpProgram>& fft_programs() {
  static const std::vector<testing::OpProgram> programs = {
      {"FftC64", fft("FFT", "8", "3x8xcomplex<f32>", "3x8xcomplex<f32>")},
      {"FftC128TwoDims", fft("FFT", "4, 6", "2x4x6xcomplex<f64>", "2x4x6xcomplex<f64>")},
      {"IfftC64ThreeDims", fft("IFFT", "2, 3, 4", "2x3x4xcomplex<f32>", "2x3x4xcomplex<f32>")},
      {"IfftC128Prime", fft("IFFT", "7", "5x7xcomplex<f64>", "5x7xcomplex<f64>")},
      {"RfftF32", fft("RFFT", "6", "4x6xf32", "4x4xcomplex<f32>")},
      {"RfftF64ThreeDims", fft("RFFT", "3, 4, 5", "2x3x4x5xf64", "2x3x4x3xcomplex<f64>")},
      {"IrfftF32Even", fft("IRFFT", "8", "3x5xcomplex<f32>", "3x8xf32")},
      {"IrfftF32Odd", fft("IRFFT", "5", "2x3xcomplex<f32>", "2x5xf32")},
      {"IrfftF64TwoDims", fft("IRFFT", "4, 6", "3x4x4xcomplex<f64>", "3x4x6xf64")},
      {"IrfftC64ThreeDims", fft("IRFFT", "2, 3, 5", "2x2x3x3xcomplex<f32>", "2x2x3x5xf32")},
  };
  return programs;
}

TEST(CudaFft, ForwardIsOneFftStepOverTheBatch) {
  auto p =
      testing::lower_program_text(fft("FFT", "4, 6", "2x4x6xcomplex<f64>", "2x4x6xcomplex<f64>"));
  ASSERT_TRUE(p.ok()) << p.error().message();
  auto ffts = steps_of<FftStep>(*p);
  ASSERT_EQ(ffts.size(), 1u);
  EXPECT_EQ(ffts[0]->desc.type, ::kiln::cuda::FftDesc::Type::kC2C);
  EXPECT_TRUE(ffts[0]->desc.f64);
  EXPECT_FALSE(ffts[0]->desc.inverse);
  EXPECT_EQ(ffts[0]->desc.n, (std::vector<int64_t>{4, 6}));
  EXPECT_EQ(ffts[0]->desc.batch, 2);
  EXPECT_EQ(p->kernel_count, 0);  // no scaling
}

TEST(CudaFft, InverseScalesByOneOverTheLengthsInAKernel) {
  auto p = testing::lower_program_text(
      fft("IFFT", "2, 3, 4", "2x3x4xcomplex<f32>", "2x3x4xcomplex<f32>"));
  ASSERT_TRUE(p.ok()) << p.error().message();
  auto ffts = steps_of<FftStep>(*p);
  ASSERT_EQ(ffts.size(), 1u);
  EXPECT_TRUE(ffts[0]->desc.inverse);
  EXPECT_EQ(ffts[0]->desc.batch, 1);
  ASSERT_EQ(steps_of<KernelStep>(*p).size(), 1u);
  EXPECT_NE(p->modules.back().source.find("static_cast<float>(24LL)"), std::string::npos);
}

TEST(CudaFft, RealForwardIsOneR2cStep) {
  auto p = testing::lower_program_text(fft("RFFT", "6", "4x6xf32", "4x4xcomplex<f32>"));
  ASSERT_TRUE(p.ok()) << p.error().message();
  auto ffts = steps_of<FftStep>(*p);
  ASSERT_EQ(ffts.size(), 1u);
  EXPECT_EQ(ffts[0]->desc.type, ::kiln::cuda::FftDesc::Type::kR2C);
  EXPECT_FALSE(ffts[0]->desc.f64);
  EXPECT_EQ(ffts[0]->desc.batch, 4);
}

TEST(CudaFft, RealInverseReadsACopySinceCufftOverwritesItsInput) {
  auto p = testing::lower_program_text(fft("IRFFT", "8", "3x5xcomplex<f32>", "3x8xf32"));
  ASSERT_TRUE(p.ok()) << p.error().message();
  ASSERT_EQ(steps_of<CopyStep>(*p).size(), 1u);
  auto ffts = steps_of<FftStep>(*p);
  ASSERT_EQ(ffts.size(), 1u);
  EXPECT_EQ(ffts[0]->desc.type, ::kiln::cuda::FftDesc::Type::kC2R);
  EXPECT_EQ(ffts[0]->desc.n, (std::vector<int64_t>{8}));
  EXPECT_EQ(ffts[0]->in, steps_of<CopyStep>(*p)[0]->dst);
  EXPECT_NE(ffts[0]->in, p->inputs[0]);
  // The edges' imaginary parts cleared in the copy, then the scaling of the result.
  auto kernels = steps_of<KernelStep>(*p);
  ASSERT_EQ(kernels.size(), 2u);
  EXPECT_EQ(kernels[0]->args[0].buffer, ffts[0]->in);
  EXPECT_EQ(kernels[1]->args[0].buffer, ffts[0]->out);
}

// The interpreter transforms the leading lengths first and the last (complex to real) last:
// two cuFFT steps, the first over the columns of each batch element.
TEST(CudaFft, RealInverseOverTwoLengthsRunsTheColumnsFirst) {
  auto p = testing::lower_program_text(fft("IRFFT", "4, 6", "3x4x4xcomplex<f64>", "3x4x6xf64"));
  ASSERT_TRUE(p.ok()) << p.error().message();
  auto ffts = steps_of<FftStep>(*p);
  ASSERT_EQ(ffts.size(), 2u);
  const auto& columns = ffts[0]->desc;
  EXPECT_EQ(columns.type, ::kiln::cuda::FftDesc::Type::kC2C);
  EXPECT_TRUE(columns.inverse);
  EXPECT_EQ(columns.n, (std::vector<int64_t>{4}));
  EXPECT_EQ(columns.istride, 4);  // 6 / 2 + 1 columns
  EXPECT_EQ(columns.idist, 1);
  EXPECT_EQ(columns.batch, 4);
  EXPECT_EQ(ffts[0]->repeat, 3);
  EXPECT_EQ(ffts[0]->repeat_in, 4 * 4 * 16);
  const auto& rows = ffts[1]->desc;
  EXPECT_EQ(rows.type, ::kiln::cuda::FftDesc::Type::kC2R);
  EXPECT_EQ(rows.n, (std::vector<int64_t>{6}));
  EXPECT_EQ(rows.batch, 12);
  EXPECT_EQ(ffts[1]->in, ffts[0]->out);
}

TEST(CudaFft, AMissingLibraryIsAnErrorNamingWhatWasTried) {
  auto lib = ::kiln::cuda::Cufft::load({"/nonexistent/libcufft.so.99"});
  ASSERT_FALSE(lib.ok());
  EXPECT_EQ(lib.error().kind(), ErrorKind::kUnavailable);
  EXPECT_NE(lib.error().message().find("/nonexistent/libcufft.so.99"), std::string::npos)
      << lib.error().message();
}

// A plan needs the GPU: without one the library (where installed) says so instead of failing
// inside cuFFT.
TEST(CudaFft, APlanWithoutAGpuIsUnavailable) {
  auto lib = ::kiln::cuda::Cufft::shared();
  if (!lib.ok()) GTEST_SKIP() << "no cuFFT: " << lib.error().message();
  if (::kiln::cuda::Device::open(0).ok()) GTEST_SKIP() << "there is a GPU";
  ::kiln::cuda::FftDesc desc;
  desc.n = {8};
  auto plan = (*lib)->plan(desc);
  ASSERT_FALSE(plan.ok());
  EXPECT_EQ(plan.error().kind(), ErrorKind::kUnavailable) << plan.error().message();
}

TEST(CudaFft, ALengthBelowOneIsInvalid) {
  auto lib = ::kiln::cuda::Cufft::shared();
  if (!lib.ok()) GTEST_SKIP() << "no cuFFT: " << lib.error().message();
  ::kiln::cuda::FftDesc desc;
  desc.n = {4, 0};
  auto plan = (*lib)->plan(desc);
  ASSERT_FALSE(plan.ok());
  EXPECT_EQ(plan.error().kind(), ErrorKind::kInvalidArgument) << plan.error().message();
}

// A transform of zero points (the verifier's rule: its complex side keeps none) has an empty
// result: no step.
TEST(CudaFft, AZeroLengthIsAnEmptyResultWithoutSteps) {
  auto p = testing::lower_text(fft("RFFT", "0", "0xf64", "0xcomplex<f64>"));
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_TRUE(steps_of<FftStep>(*p).empty());
  EXPECT_TRUE(steps_of<KernelStep>(*p).empty());
  auto batched = testing::lower_text(fft("IRFFT", "3, 0", "2x3x0xcomplex<f32>", "2x3x0xf32"));
  ASSERT_TRUE(batched.ok()) << batched.error().message();
  EXPECT_TRUE(steps_of<FftStep>(*batched).empty());
}

TEST(CudaFft, ANegativeLengthIsRefused) {
  auto module = frontend::parse_module_text(fft("FFT", "-1", "4xcomplex<f32>", "4xcomplex<f32>"), "test.mlir");
  ASSERT_TRUE(module.ok()) << module.error().message();
  auto entry = find_entry(**module, "");
  ASSERT_TRUE(entry.ok());
  auto p = lower_module(**module, **entry, LowerOptions{});
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.error().message().find("fft_length"), std::string::npos) << p.error().message();
}

class CudaFftProgram : public ::testing::TestWithParam<testing::OpProgram> {};

// Lowers, and whatever kernels it generates (the inverses' scaling) compile with NVRTC.
TEST_P(CudaFftProgram, Compiles) {
  auto module = testing::parse(GetParam().text);
  ASSERT_TRUE(module);
  auto exe = compile_cuda(*module, {});
  ASSERT_TRUE(exe.ok()) << exe.error().message();
  EXPECT_FALSE(steps_of<FftStep>((*exe)->program()).empty());
}
TEST_P(CudaFftProgram, MatchesTheCpuBackendOnAGpu) { expect_close_to_the_cpu_backend(GetParam().text); }

INSTANTIATE_TEST_SUITE_P(Programs, CudaFftProgram, ::testing::ValuesIn(fft_programs()),
                         [](const auto& info) { return info.param.name; });

// ---- stablehlo.cholesky -----------------------------------------------------------------------

// The n x n identity times `scale` as a dense literal.
std::string scaled_identity(int64_t n, double scale) {
  std::string rows;
  for (int64_t i = 0; i < n; ++i) {
    std::string row;
    for (int64_t j = 0; j < n; ++j) row += fmt::format("{}{}", j ? ", " : "", i == j ? scale : 0.0);
    rows += fmt::format("{}[{}]", i ? ", " : "", row);
  }
  return "[" + rows + "]";
}

// A batch of well-conditioned positive definite matrices made from the random input:
// a a^T + n I (real), then their factor.
// The factorization of %s (of type `t`, a batch of `batch`) ending a program: stablehlo.cholesky,
// or, given a JAX target and its backend config, that custom call returning (factor, info).
std::string factor_and_return(const std::string& t, int64_t batch, bool lower,
                              const std::string& jax_target, const std::string& config) {
  if (jax_target.empty()) {
    return fmt::format("  %r = stablehlo.cholesky %s, lower = {1} : {0}\n  return %r : {0}\n}}\n", t,
                       lower ? "true" : "false");
  }
  const std::string info = fmt::format("tensor<{}xi32>", batch);
  return fmt::format(
      "  %r:2 = stablehlo.custom_call @{2}(%s) {{mhlo.backend_config = {{{3}}}, "
      "operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> "
      ": tensor<3xindex>, dense<[0]> : tensor<1xindex>]}} : ({0}) -> ({0}, {1})\n"
      "  return %r#0, %r#1 : {0}, {1}\n}}\n",
      t, info, jax_target, config);
}

std::string factor_results(const std::string& t, int64_t batch, const std::string& jax_target) {
  return jax_target.empty() ? t : fmt::format("({}, tensor<{}xi32>)", t, batch);
}

std::string cholesky_spd(int64_t batch, int64_t n, const std::string& element, bool lower,
                         const std::string& jax_target = "", const std::string& config = "") {
  const std::string m = fmt::format("{}x{}x{}", batch, n, n);
  const std::string t = "tensor<" + m + "x" + element + ">";
  const std::string eye = fmt::format("tensor<{}x{}x{}>", n, n, element);
  return fmt::format(
      "func.func @main(%a: {0}) -> {3} {{\n"
      "  %p = stablehlo.dot_general %a, %a, batching_dims = [0] x [0], contracting_dims = [2] x [2] : "
      "({0}, {0}) -> {0}\n"
      "  %i = stablehlo.constant dense<{1}> : {2}\n"
      "  %b = stablehlo.broadcast_in_dim %i, dims = [1, 2] : ({2}) -> {0}\n"
      "  %s = stablehlo.add %p, %b : {0}\n",
      t, scaled_identity(n, static_cast<double>(n)), eye, factor_results(t, batch, jax_target)) +
         factor_and_return(t, batch, lower, jax_target, config);
}

// The complex case: a a^H + n I.
std::string cholesky_hpd(int64_t n, bool lower, const std::string& jax_target = "",
                         const std::string& config = "") {
  const std::string t = fmt::format("tensor<2x{0}x{0}xcomplex<f32>>", n);
  const std::string r = fmt::format("tensor<2x{0}x{0}xf32>", n);
  return fmt::format(
      "func.func @main(%a: {0}) -> {4} {{\n"
      "  %re = stablehlo.real %a : ({0}) -> {1}\n"
      "  %im = stablehlo.imag %a : ({0}) -> {1}\n"
      "  %ni = stablehlo.negate %im : {1}\n"
      "  %c = stablehlo.complex %re, %ni : {0}\n"
      "  %p = stablehlo.dot_general %a, %c, batching_dims = [0] x [0], contracting_dims = [2] x [2] : "
      "({0}, {0}) -> {0}\n"
      "  %i = stablehlo.constant dense<{2}> : {3}\n"
      "  %z = stablehlo.constant dense<0.0> : {1}\n"
      "  %e = stablehlo.broadcast_in_dim %i, dims = [1, 2] : ({3}) -> {1}\n"
      "  %ec = stablehlo.complex %e, %z : {0}\n"
      "  %s = stablehlo.add %p, %ec : {0}\n",
      t, r, scaled_identity(n, static_cast<double>(n)), fmt::format("tensor<{0}x{0}xf32>", n),
      factor_results(t, 2, jax_target)) +
         factor_and_return(t, 2, lower, jax_target, config);
}

const std::vector<testing::OpProgram>& cholesky_programs() {
  static const std::vector<testing::OpProgram> programs = {
      {"SpdF32Lower", cholesky_spd(3, 5, "f32", true)},
      {"SpdF32Upper", cholesky_spd(2, 40, "f32", false)},
      {"SpdF64Lower", cholesky_spd(4, 9, "f64", true)},
      {"SpdF64UpperLarge", cholesky_spd(1, 300, "f64", false)},
      {"HpdC64Lower", cholesky_hpd(6, true)},
      {"HpdC64Upper", cholesky_hpd(6, false)},
      // Random matrices are rarely positive definite: the interpreter's NaNs, element for element.
      {"RandomF32GivesTheInterpretersNans",
       testing::one_op_program("%a: tensor<4x6x6xf32>", "tensor<4x6x6xf32>",
                               "%r = stablehlo.cholesky %a, lower = true : tensor<4x6x6xf32>")},
      {"RandomF64Upper",
       testing::one_op_program("%a: tensor<3x3xf64>", "tensor<3x3xf64>",
                               "%r = stablehlo.cholesky %a, lower = false : tensor<3x3xf64>")},
  };
  return programs;
}

TEST(CudaCholesky, IsOneKernelWithABlockPerMatrix) {
  auto p = testing::lower_program_text(cholesky_spd(3, 5, "f32", true));
  ASSERT_TRUE(p.ok()) << p.error().message();
  const KernelStep* k = steps_of<KernelStep>(*p).back();
  EXPECT_NE(k->what.find("stablehlo.cholesky"), std::string::npos);
  EXPECT_EQ(k->grid[0], 3u);
  EXPECT_EQ(k->args.size(), 2u);
}

TEST(CudaCholesky, Bf16IsAnErrorNamingTheOp) {
  auto p = testing::lower_program_text(
      testing::one_op_program("%a: tensor<3x3xbf16>", "tensor<3x3xbf16>",
                              "%r = stablehlo.cholesky %a, lower = true : tensor<3x3xbf16>"));
  if (p.ok()) FAIL() << "a bf16 cholesky lowered";
  EXPECT_NE(p.error().message().find("stablehlo.cholesky"), std::string::npos) << p.error().message();
  EXPECT_NE(p.error().message().find("bf16"), std::string::npos) << p.error().message();
}

class CudaCholeskyProgram : public ::testing::TestWithParam<testing::OpProgram> {};

TEST_P(CudaCholeskyProgram, GeneratedCodeCompiles) { testing::expect_generated_code_compiles(GetParam().text); }
TEST_P(CudaCholeskyProgram, MatchesTheCpuBackendOnAGpu) { expect_close_to_the_cpu_backend(GetParam().text); }

INSTANTIATE_TEST_SUITE_P(Programs, CudaCholeskyProgram, ::testing::ValuesIn(cholesky_programs()),
                         [](const auto& info) { return info.param.name; });

// ---- stablehlo.triangular_solve ---------------------------------------------------------------

// a + n I (a well-conditioned triangle) against b, solved with the given attributes.
// The LAPACK letter of an element type and the ASCII code of a transpose, for JAX's targets.
char lapack_letter(const std::string& element) {
  return element == "f32" ? 's' : element == "f64" ? 'd' : element == "complex<f32>" ? 'c' : 'z';
}

int trans_code(const std::string& transpose) {
  return transpose == "NO_TRANSPOSE" ? 'N' : transpose == "TRANSPOSE" ? 'T' : 'C';
}

// The solve as stablehlo.triangular_solve, or (jax) as @lapack_?trsm_ffi with JAX's layouts.
std::string triangular_solve(const std::string& batch, int64_t m, int64_t other,
                             const std::string& element, bool left, bool lower, bool unit,
                             const std::string& transpose, bool jax = false) {
  const std::string a = fmt::format("tensor<{}{}x{}x{}>", batch, m, m, element);
  const std::string b = left ? fmt::format("tensor<{}{}x{}x{}>", batch, m, other, element)
                             : fmt::format("tensor<{}{}x{}x{}>", batch, other, m, element);
  const bool complex = element.starts_with("complex");
  const std::string part = complex ? element.substr(8, element.size() - 9) : element;
  const std::string eye_t = fmt::format("tensor<{}x{}x{}>", m, m, part);
  const int64_t rank = batch.empty() ? 2 : 3;
  const std::string dims = rank == 2 ? "[0, 1]" : "[1, 2]";
  std::string shift = fmt::format("  %i = stablehlo.constant dense<{}> : {}\n", scaled_identity(m, double(m)), eye_t);
  if (complex) {
    const std::string eye_c = fmt::format("tensor<{}x{}x{}>", m, m, element);
    shift += fmt::format("  %z = stablehlo.constant dense<0.0> : {0}\n"
                         "  %ic = stablehlo.complex %i, %z : {1}\n"
                         "  %e = stablehlo.broadcast_in_dim %ic, dims = {2} : ({1}) -> {3}\n",
                         eye_t, eye_c, dims, a);
  } else {
    shift += fmt::format("  %e = stablehlo.broadcast_in_dim %i, dims = {} : ({}) -> {}\n", dims, eye_t, a);
  }
  const std::string layout = rank == 2 ? "dense<[0, 1]> : tensor<2xindex>" : "dense<[1, 2, 0]> : tensor<3xindex>";
  const std::string solve =
      jax ? fmt::format("  %r = stablehlo.custom_call @lapack_{0}trsm_ffi(%a, %b) {{mhlo.backend_config = "
                        "{{diag = {1} : ui8, side = {2} : ui8, trans_x = {3} : ui8, uplo = {4} : ui8}}, "
                        "operand_layouts = [{5}, {5}], result_layouts = [{5}]}} : ({6}, {7}) -> {7}\n",
                        lapack_letter(element), int{unit ? 'U' : 'N'}, int{left ? 'L' : 'R'},
                        trans_code(transpose), int{lower ? 'L' : 'U'}, layout, a, b)
          : fmt::format("  %r = \"stablehlo.triangular_solve\"(%a, %b) <{{left_side = {2}, lower = {3}, "
                        "unit_diagonal = {4}, transpose_a = #stablehlo<transpose {5}>}}> : ({0}, {1}) -> {1}\n",
                        a, b, left, lower, unit, transpose);
  return fmt::format(
      "func.func @main(%a0: {0}, %b: {1}) -> {1} {{\n{2}"
      "  %a = stablehlo.add %a0, %e : {0}\n{3}"
      "  return %r : {1}\n}}\n",
      a, b, shift, solve);
}

const std::vector<testing::OpProgram>& triangular_solve_programs() {
  static const std::vector<testing::OpProgram> programs = {
      {"LeftLowerF32", triangular_solve("", 5, 3, "f32", true, true, false, "NO_TRANSPOSE")},
      {"LeftUpperTransposeF32", triangular_solve("", 6, 2, "f32", true, false, false, "TRANSPOSE")},
      {"LeftLowerUnitF64Batch", triangular_solve("4x", 7, 3, "f64", true, true, true, "NO_TRANSPOSE")},
      {"RightUpperF64Batch", triangular_solve("2x", 4, 5, "f64", false, false, false, "NO_TRANSPOSE")},
      {"RightLowerTransposeF32", triangular_solve("3x", 5, 4, "f32", false, true, false, "TRANSPOSE")},
      {"LeftUpperAdjointC64", triangular_solve("2x", 4, 3, "complex<f32>", true, false, false, "ADJOINT")},
      {"RightLowerAdjointC128", triangular_solve("", 5, 2, "complex<f64>", false, true, false, "ADJOINT")},
      {"RightUpperUnitTransposeC64", triangular_solve("", 3, 3, "complex<f32>", false, false, true, "TRANSPOSE")},
      {"LeftLowerLargeF32", triangular_solve("", 200, 64, "f32", true, true, false, "NO_TRANSPOSE")},
  };
  return programs;
}

TEST(CudaTriangularSolve, IsOneKernelWithAThreadPerSystem) {
  auto p = testing::lower_program_text(
      triangular_solve("4x", 7, 3, "f64", true, true, true, "NO_TRANSPOSE"));
  ASSERT_TRUE(p.ok()) << p.error().message();
  const KernelStep* k = steps_of<KernelStep>(*p).back();
  EXPECT_NE(k->what.find("stablehlo.triangular_solve"), std::string::npos);
  EXPECT_EQ(k->args.size(), 3u);
  EXPECT_GE(static_cast<int64_t>(k->grid[0]) * k->block[0], 4 * 3);
}

TEST(CudaTriangularSolve, IntegersAreAnErrorNamingTheOp) {
  auto p = testing::lower_program_text(testing::one_op_program(
      "%a: tensor<2x2xi32>, %b: tensor<2x1xi32>", "tensor<2x1xi32>",
      "%r = \"stablehlo.triangular_solve\"(%a, %b) <{left_side = true, lower = true, unit_diagonal "
      "= false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>}> : (tensor<2x2xi32>, "
      "tensor<2x1xi32>) -> tensor<2x1xi32>"));
  if (p.ok()) FAIL() << "an i32 triangular_solve lowered";
  EXPECT_NE(p.error().message().find("stablehlo.triangular_solve"), std::string::npos)
      << p.error().message();
}

class CudaTriangularSolveProgram : public ::testing::TestWithParam<testing::OpProgram> {};

TEST_P(CudaTriangularSolveProgram, GeneratedCodeCompiles) { testing::expect_generated_code_compiles(GetParam().text); }
TEST_P(CudaTriangularSolveProgram, MatchesTheCpuBackendOnAGpu) { expect_close_to_the_cpu_backend(GetParam().text); }

INSTANTIATE_TEST_SUITE_P(Programs, CudaTriangularSolveProgram,
                         ::testing::ValuesIn(triangular_solve_programs()),
                         [](const auto& info) { return info.param.name; });

// ---- JAX's linear-algebra custom calls (lower_jax_linalg_*.cpp) ------------------------------

// One JAX custom call with JAX's layouts over random operands (the interpreter tests' text).
std::string jax_call(const std::string& target, const std::vector<::kiln::testing::jax_linalg::Typed>& operands,
                     const std::vector<::kiln::testing::jax_linalg::Typed>& results,
                     const std::string& config = "") {
  return ::kiln::testing::jax_linalg::program(target, operands, results, config);
}

std::string getrf(const std::string& target, const std::string& e, int64_t batch, int64_t m, int64_t n) {
  return jax_call(target, {{{batch, m, n}, e}},
                  {{{batch, m, n}, e}, {{batch, std::min(m, n)}, "i32", false}, {{batch}, "i32", false}});
}

std::string geqrf(const std::string& target, const std::string& e, int64_t batch, int64_t m, int64_t n) {
  return jax_call(target, {{{batch, m, n}, e}}, {{{batch, m, n}, e}, {{batch, std::min(m, n)}, e, false}});
}

std::string orgqr(const std::string& target, const std::string& e, int64_t batch, int64_t m, int64_t n, int64_t k) {
  return jax_call(target, {{{batch, m, n}, e}, {{batch, k}, e, false}}, {{{batch, m, n}, e}});
}

// One eigh call on `batch` n x n matrices: (vectors, values, info).
std::string eigh_call(const std::string& target, const std::string& e, int64_t batch, int64_t n,
                      const std::string& config) {
  const std::string real = e.starts_with("complex") ? e.substr(8, 3) : e;
  return jax_call(target, {{{batch, n, n}, e}},
                  {{{batch, n, n}, e}, {{batch, n}, real, false}, {{batch}, "i32", false}}, config);
}

// @main(a) -> (w, info, V diag(w) V^H, V^H V) of one eigh call on `batch` n x n matrices:
// outputs that do not depend on the eigenvectors' signs (phases), so that two correct
// backends agree on them.
std::string syevd(const std::string& target, const std::string& e, int64_t batch, int64_t n,
                  const std::string& config) {
  namespace jl = ::kiln::testing::jax_linalg;
  const bool complex = e.starts_with("complex");
  const std::string real = complex ? e.substr(8, 3) : e;
  // {0} the matrices' type, {1} the eigenvalues', {2} info's, {3} the eigenvalues' in e.
  const std::vector<std::string> types = {jl::tensor_type({batch, n, n}, e),
                                          jl::tensor_type({batch, n}, real),
                                          jl::tensor_type({batch}, "i32"),
                                          jl::tensor_type({batch, n}, e)};
  auto line = [&](const std::string& pattern, const std::string& extra = "") {
    return fmt::format(fmt::runtime("  " + pattern + "\n"), types[0], types[1], types[2], types[3],
                       extra);
  };
  std::string text = fmt::format("func.func @main(%a: {0}) -> ({1}, {2}, {0}, {0}) {{\n", types[0],
                                 types[1], types[2]);
  text += line("%r:3 = stablehlo.custom_call @" + target + "(%a) {{mhlo.backend_config = {{" +
                   config + "}}, operand_layouts = [" + jl::layout(3, true) +
                   "], result_layouts = [" + jl::layout(3, true) + ", " + jl::layout(2, false) +
                   ", " + jl::layout(1, false) + "]}} : ({0}) -> ({0}, {1}, {2})");
  text += line("%t = stablehlo.transpose %r#0, dims = [0, 2, 1] : ({0}) -> {0}");
  if (complex) {  // the conjugate transpose
    text += line("%re = stablehlo.real %t : ({0}) -> {4}", jl::tensor_type({batch, n, n}, real));
    text += line("%im = stablehlo.imag %t : ({0}) -> {4}", jl::tensor_type({batch, n, n}, real));
    text += line("%neg = stablehlo.negate %im : {4}", jl::tensor_type({batch, n, n}, real));
    text += line("%vh = stablehlo.complex %re, %neg : {0}");
    text += line("%w = stablehlo.convert %r#1 : ({1}) -> {3}");
  }
  const std::string vh = complex ? "%vh" : "%t", w = complex ? "%w" : "%r#1";
  text += line("%wd = stablehlo.broadcast_in_dim " + w + ", dims = [0, 2] : ({3}) -> {0}");
  text += line("%vw = stablehlo.multiply %r#0, %wd : {0}");
  const std::string dims =
      ", batching_dims = [0] x [0], contracting_dims = [2] x [1] : ({0}, {0}) -> {0}";
  text += line("%rec = stablehlo.dot_general %vw, " + vh + dims);
  text += line("%gram = stablehlo.dot_general " + vh + ", %r#0" + dims);
  text += line("func.return %r#1, %r#2, %rec, %gram : {1}, {2}, {0}, {0}");
  return text + "}\n";
}

const std::vector<testing::OpProgram>& jax_linalg_programs() {
  static const std::vector<testing::OpProgram> programs = {
      {"PotrfF32Lower", cholesky_spd(3, 5, "f32", true, "lapack_spotrf_ffi", "uplo = 76 : ui8")},
      {"PotrfF64Upper", cholesky_spd(2, 9, "f64", false, "lapack_dpotrf_ffi", "uplo = 85 : ui8")},
      {"PotrfC64Lower", cholesky_hpd(6, true, "lapack_cpotrf_ffi", "uplo = 76 : ui8")},
      {"CusolverPotrfC64Upper", cholesky_hpd(6, false, "cusolver_potrf_ffi", "lower = false")},
      {"CusolverPotrfF32Large", cholesky_spd(1, 120, "f32", true, "cusolver_potrf_ffi", "lower = true")},
      {"TrsmLeftLowerF32", triangular_solve("", 5, 3, "f32", true, true, false, "NO_TRANSPOSE", true)},
      {"TrsmLeftLowerTransposeF32", triangular_solve("", 6, 3, "f32", true, true, false, "TRANSPOSE", true)},
      {"TrsmRightUpperUnitF64Batch", triangular_solve("2x", 4, 5, "f64", false, false, true, "NO_TRANSPOSE", true)},
      {"TrsmLeftUpperAdjointC64Batch", triangular_solve("2x", 4, 3, "complex<f32>", true, false, false, "ADJOINT", true)},
      {"TrsmRightLowerTransposeC128", triangular_solve("", 5, 2, "complex<f64>", false, true, false, "TRANSPOSE", true)},
      {"GetrfF32Square", getrf("lapack_sgetrf_ffi", "f32", 3, 5, 5)},
      {"GetrfF64Tall", getrf("lapack_dgetrf_ffi", "f64", 2, 7, 4)},
      {"CusolverGetrfC64Wide", getrf("cusolver_getrf_ffi", "complex<f32>", 2, 3, 6)},
      {"GetrfC128Large", getrf("lapack_zgetrf_ffi", "complex<f64>", 1, 70, 70)},
      {"LuPivotsToPermutation", jax_call("cu_lu_pivots_to_permutation", {{{4, 3}, "i32", false}}, {{{4, 5}, "i32", false}})},
      {"GeqrfF32Tall", geqrf("lapack_sgeqrf_ffi", "f32", 3, 6, 4)},
      {"GeqrfF64Wide", geqrf("lapack_dgeqrf_ffi", "f64", 2, 3, 5)},
      {"CusolverGeqrfC64", geqrf("cusolver_geqrf_ffi", "complex<f32>", 2, 4, 4)},
      {"GeqrfC128", geqrf("lapack_zgeqrf_ffi", "complex<f64>", 1, 5, 3)},
      {"OrgqrF32", orgqr("lapack_sorgqr_ffi", "f32", 3, 6, 4, 4)},
      {"CusolverOrgqrF64FewerTaus", orgqr("cusolver_orgqr_ffi", "f64", 2, 5, 5, 3)},
      {"UngqrC64", orgqr("lapack_cungqr_ffi", "complex<f32>", 2, 4, 3, 3)},
      {"UngqrC128", orgqr("lapack_zungqr_ffi", "complex<f64>", 1, 4, 4, 4)},
      {"SyevdF32Lower", syevd("lapack_ssyevd_ffi", "f32", 3, 5, "mode = 86 : ui8, uplo = 76 : ui8")},
      {"SyevdF64Upper", syevd("lapack_dsyevd_ffi", "f64", 2, 6, "mode = 86 : ui8, uplo = 85 : ui8")},
      {"SyevdF32ValuesOnly", syevd("lapack_ssyevd_ffi", "f32", 1, 3, "mode = 78 : ui8, uplo = 76 : ui8")},
      {"HeevdC64Lower", syevd("lapack_cheevd_ffi", "complex<f32>", 2, 4, "mode = 86 : ui8, uplo = 76 : ui8")},
      {"HeevdC128Upper", syevd("lapack_zheevd_ffi", "complex<f64>", 2, 5, "mode = 86 : ui8, uplo = 85 : ui8")},
      {"CusolverSyevdF64LargeLower", syevd("cusolver_syevd_ffi", "f64", 1, 40, "algorithm = 0 : ui8, lower = true")},
      {"CusolverSyevdC64LargeUpper", syevd("cusolver_syevd_ffi", "complex<f32>", 2, 33, "algorithm = 0 : ui8, lower = false")},
  };
  return programs;
}

TEST(CudaJaxLinalg, PotrfIsTheCholeskyKernelWritingInfo) {
  auto p = testing::lower_program_text(
      cholesky_spd(3, 5, "f32", true, "lapack_spotrf_ffi", "uplo = 76 : ui8"));
  ASSERT_TRUE(p.ok()) << p.error().message();
  const KernelStep* k = steps_of<KernelStep>(*p).back();
  EXPECT_NE(k->what.find("stablehlo.custom_call"), std::string::npos);
  EXPECT_EQ(k->args.size(), 3u);  // a, the factor, info
  EXPECT_EQ(k->args[2].buffer.bytes, 3 * 4);
}

TEST(CudaJaxLinalg, TrsmIsTheTriangularSolveKernel) {
  auto p = testing::lower_program_text(
      triangular_solve("2x", 4, 5, "f64", false, false, true, "NO_TRANSPOSE", true));
  ASSERT_TRUE(p.ok()) << p.error().message();
  const KernelStep* k = steps_of<KernelStep>(*p).back();
  EXPECT_NE(k->what.find("stablehlo.custom_call"), std::string::npos);
  EXPECT_EQ(k->args.size(), 3u);
}

TEST(CudaJaxLinalg, RowMajorMatricesAreAnErrorNamingTheLayout) {
  std::string text = cholesky_spd(1, 3, "f32", true, "lapack_spotrf_ffi", "uplo = 76 : ui8");
  text.replace(text.find("operand_layouts = [dense<[1, 2, 0]>"), 35, "operand_layouts = [dense<[2, 1, 0]>");
  auto p = testing::lower_program_text(text);
  if (p.ok()) FAIL() << "a row-major potrf lowered";
  EXPECT_EQ(p.error().kind(), ErrorKind::kUnimplemented);
  EXPECT_NE(p.error().message().find("operand #0 has layout [2, 1, 0]"), std::string::npos)
      << p.error().message();
}

TEST(CudaJaxLinalg, GetrfIsOneKernelWithABlockPerMatrix) {
  auto p = testing::lower_program_text(getrf("lapack_sgetrf_ffi", "f32", 3, 5, 4));
  ASSERT_TRUE(p.ok()) << p.error().message();
  auto kernels = steps_of<KernelStep>(*p);
  ASSERT_EQ(kernels.size(), 1u);
  EXPECT_EQ(kernels[0]->grid[0], 3u);
  EXPECT_EQ(kernels[0]->args.size(), 4u);  // a, lu, pivots, info
  EXPECT_EQ(kernels[0]->args[2].buffer.bytes, 3 * 4 * 4);
}

TEST(CudaJaxLinalg, QrIsAKernelForEachCall) {
  for (const std::string& text : {geqrf("lapack_cgeqrf_ffi", "complex<f32>", 2, 4, 3),
                                  orgqr("lapack_cungqr_ffi", "complex<f32>", 2, 4, 3, 3)}) {
    auto p = testing::lower_program_text(text);
    ASSERT_TRUE(p.ok()) << p.error().message();
    auto kernels = steps_of<KernelStep>(*p);
    ASSERT_EQ(kernels.size(), 1u);
    EXPECT_EQ(kernels[0]->args.size(), 3u);
  }
}

TEST(CudaJaxLinalg, SyevdIsOneKernelWithABlockPerMatrixAndItsWork) {
  auto p = testing::lower_program_text(
      eigh_call("lapack_ssyevd_ffi", "f32", 3, 5, "mode = 86 : ui8, uplo = 76 : ui8"));
  ASSERT_TRUE(p.ok()) << p.error().message();
  auto kernels = steps_of<KernelStep>(*p);
  ASSERT_EQ(kernels.size(), 1u);
  EXPECT_NE(kernels[0]->what.find("stablehlo.custom_call"), std::string::npos) << kernels[0]->what;
  EXPECT_EQ(kernels[0]->grid[0], 3u);
  EXPECT_EQ(kernels[0]->block[0], 32u);
  ASSERT_EQ(kernels[0]->args.size(), 5u);  // a, vectors, values, info, the Jacobi work
  EXPECT_EQ(kernels[0]->args[2].buffer.bytes, 3 * 5 * 4);
  EXPECT_EQ(kernels[0]->args[3].buffer.bytes, 3 * 4);
  EXPECT_EQ(kernels[0]->args[4].buffer.bytes, 3 * 2 * 5 * 5 * 8);  // A and V in double
}

TEST(CudaJaxLinalg, HeevdWorksInComplexDoubleWithAThreadPerRow) {
  auto p = testing::lower_program_text(
      eigh_call("cusolver_syevd_ffi", "complex<f32>", 2, 40, "algorithm = 0 : ui8, lower = false"));
  ASSERT_TRUE(p.ok()) << p.error().message();
  const KernelStep* k = steps_of<KernelStep>(*p).front();
  EXPECT_EQ(k->block[0], 64u);
  ASSERT_EQ(k->args.size(), 5u);
  EXPECT_EQ(k->args[2].buffer.bytes, 2 * 40 * 4);                // f32 eigenvalues
  EXPECT_EQ(k->args[4].buffer.bytes, 2 * 2 * 40 * 40 * 16);  // A and V in complex<f64>
}

TEST(CudaJaxLinalg, SyevdOfEmptyMatricesStillWritesInfo) {
  auto p = testing::lower_program_text(
      eigh_call("lapack_dsyevd_ffi", "f64", 2, 0, "mode = 86 : ui8, uplo = 76 : ui8"));
  ASSERT_TRUE(p.ok()) << p.error().message();
  const KernelStep* k = steps_of<KernelStep>(*p).front();
  EXPECT_EQ(k->args[3].buffer.bytes, 2 * 4);
}

// JAX's own export (tests/jax/programs/linalg.mlir: a cholesky and two triangular solves)
// compiles without a GPU; on one it gives the cpu backend's outputs.
TEST(CudaJaxLinalg, TheJaxLinalgProgramCompiles) {
  const std::string path = ::kiln::testing::source_dir() + "/tests/jax/programs/linalg.mlir";
  testing::expect_generated_code_compiles(::kiln::testing::read_file(path));
}

TEST(CudaJaxLinalg, TheJaxLinalgProgramMatchesTheCpuBackendOnAGpu) {
  const std::string path = ::kiln::testing::source_dir() + "/tests/jax/programs/linalg.mlir";
  expect_close_to_the_cpu_backend(::kiln::testing::read_file(path));
}

// JAX's LU, QR and eigh exports (tests/jax/programs/lu.mlir, qr.mlir, eigh.mlir) the same way.
class CudaJaxExport : public ::testing::TestWithParam<std::string> {};

TEST_P(CudaJaxExport, Compiles) {
  testing::expect_generated_code_compiles(
      ::kiln::testing::read_file(::kiln::testing::source_dir() + "/tests/jax/programs/" + GetParam() + ".mlir"));
}

TEST_P(CudaJaxExport, MatchesTheCpuBackendOnAGpu) {
  expect_close_to_the_cpu_backend(
      ::kiln::testing::read_file(::kiln::testing::source_dir() + "/tests/jax/programs/" + GetParam() + ".mlir"));
}

INSTANTIATE_TEST_SUITE_P(Programs, CudaJaxExport, ::testing::Values("lu", "qr", "eigh"));

class CudaJaxLinalgProgram : public ::testing::TestWithParam<testing::OpProgram> {};

TEST_P(CudaJaxLinalgProgram, GeneratedCodeCompiles) { testing::expect_generated_code_compiles(GetParam().text); }
TEST_P(CudaJaxLinalgProgram, MatchesTheCpuBackendOnAGpu) { expect_close_to_the_cpu_backend(GetParam().text); }

INSTANTIATE_TEST_SUITE_P(Programs, CudaJaxLinalgProgram, ::testing::ValuesIn(jax_linalg_programs()),
                         [](const auto& info) { return info.param.name; });

// ---- chlo.ragged_dot --------------------------------------------------------------------------

std::string ragged_dot(const std::string& lhs, const std::string& rhs, const std::string& groups,
                       const std::string& result, const std::string& dims,
                       const std::string& group_values = "") {
  const std::string g = "tensor<" + groups + ">";
  std::string args = "%lhs: tensor<" + lhs + ">, %rhs: tensor<" + rhs + ">";
  std::string head;
  if (group_values.empty()) {
    args += ", %g: " + g;
  } else {
    head = "%g = stablehlo.constant dense<" + group_values + "> : " + g + "\n  ";
  }
  return testing::one_op_program(
      args, "tensor<" + result + ">",
      head +
          "%r = \"chlo.ragged_dot\"(%lhs, %rhs, %g) <{ragged_dot_dimension_numbers = "
          "#chlo.ragged_dot<" +
          dims + ">}> : (tensor<" + lhs + ">, tensor<" + rhs + ">, " + g + ") -> tensor<" + result +
          ">");
}

const std::string kNonContracting =
    "lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = "
    "[0], rhs_group_dimensions = [0]";
const std::string kContracting =
    "lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [1]";
const std::string kBatchedNonContracting =
    "lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], "
    "rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [1]";
const std::string kBatchedContracting =
    "lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], "
    "rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [2]";
const std::string kRaggedBatch =
    "lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], "
    "rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0]";

const std::vector<testing::OpProgram>& ragged_dot_programs() {
  static const std::vector<testing::OpProgram> programs = {
      {"NonContractingF32", ragged_dot("9x4xf32", "3x4x5xf32", "3xi32", "9x5xf32", kNonContracting, "[2, 0, 5]")},
      {"NonContractingRowsPastTheGroups", ragged_dot("9x4xf32", "3x4x5xf32", "3xi64", "9x5xf32", kNonContracting, "[2, 1, 3]")},
      {"NonContractingRandomSizes", ragged_dot("6x3xf32", "2x3x2xf32", "2xi32", "6x2xf32", kNonContracting)},
      {"NonContractingBf16", ragged_dot("7x16xbf16", "2x16x3xbf16", "2xi64", "7x3xbf16", kNonContracting, "[3, 4]")},
      {"NonContractingI32", ragged_dot("5x3xi32", "2x3x2xi32", "2xi32", "5x2xi32", kNonContracting, "[1, 4]")},
      {"NonContractingC64", ragged_dot("5x3xcomplex<f32>", "2x3x2xcomplex<f32>", "2xi32", "5x2xcomplex<f32>", kNonContracting, "[4, 1]")},
      {"ContractingF32", ragged_dot("2x10xf32", "10x3xf32", "3xi64", "3x2x3xf32", kContracting, "[4, 0, 6]")},
      {"ContractingF64", ragged_dot("3x7xf64", "7x2xf64", "2xi32", "2x3x2xf64", kContracting, "[5, 2]")},
      {"BatchedNonContracting", ragged_dot("2x6x3xf32", "2x3x3x2xf32", "2x3xi64", "2x6x2xf32", kBatchedNonContracting, "[[1, 2, 3], [6, 0, 0]]")},
      {"BatchedContracting", ragged_dot("2x3x8xf32", "2x8x2xf32", "2x2xi64", "2x2x3x2xf32", kBatchedContracting, "[[3, 5], [8, 0]]")},
      {"RaggedBatch", ragged_dot("3x2x4xf32", "3x4x2xf32", "1xi64", "3x2x2xf32", kRaggedBatch, "[3]")},
      // Mixed element types: converted to dot_general's accumulation type, rounded once.
      {"MixedF32Bf16IntoBf16", ragged_dot("11x5xf32", "3x5x7xbf16", "3xi32", "11x7xbf16", kNonContracting, "[4, 2, 5]")},
      {"MixedBf16IntoF32", ragged_dot("2x10xbf16", "10x3xbf16", "3xi64", "3x2x3xf32", kContracting, "[4, 0, 6]")},
      {"MixedF16F64IntoF32", ragged_dot("5x3xf16", "2x3x2xf64", "2xi32", "5x2xf32", kNonContracting, "[2, 3]")},
      {"MixedI8I32IntoI32", ragged_dot("5x3xi8", "2x3x2xi32", "2xi32", "5x2xi32", kNonContracting, "[1, 4]")},
  };
  return programs;
}

TEST(CudaRaggedDot, IsOneKernelOverTheResult) {
  auto p = testing::lower_program_text(
      ragged_dot("9x4xf32", "3x4x5xf32", "3xi32", "9x5xf32", kNonContracting));
  ASSERT_TRUE(p.ok()) << p.error().message();
  ASSERT_EQ(steps_of<KernelStep>(*p).size(), 1u);
  const KernelStep* k = steps_of<KernelStep>(*p)[0];
  EXPECT_NE(k->what.find("chlo.ragged_dot"), std::string::npos);
  EXPECT_EQ(k->args.size(), 4u);
}

TEST(CudaRaggedDot, MixedTypesLoadEachOperandAsItsOwnType) {
  auto p = testing::lower_text(ragged_dot("11x5xf32", "3x5x7xbf16", "3xi32", "11x7xbf16", kNonContracting));
  ASSERT_TRUE(p.ok()) << p.error().message();
  ASSERT_EQ(p->modules.size(), 1u);
  EXPECT_NE(p->modules[0].source.find("const float* __restrict__ lhs, const bf16_t* __restrict__ rhs"),
            std::string::npos)
      << p->modules[0].source;
}

class CudaRaggedDotProgram : public ::testing::TestWithParam<testing::OpProgram> {};

TEST_P(CudaRaggedDotProgram, GeneratedCodeCompiles) { testing::expect_generated_code_compiles(GetParam().text); }
TEST_P(CudaRaggedDotProgram, MatchesTheCpuBackendOnAGpu) { expect_close_to_the_cpu_backend(GetParam().text); }

INSTANTIATE_TEST_SUITE_P(Programs, CudaRaggedDotProgram, ::testing::ValuesIn(ragged_dot_programs()),
                         [](const auto& info) { return info.param.name; });

}  // namespace
}  // namespace kiln::backend::cuda::linalg_test
