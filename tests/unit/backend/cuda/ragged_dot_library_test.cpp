// chlo.ragged_dot on the cuda backend (lower_chlo_ragged_dot.cpp): the mixture-of-experts form
// (16-bit tokens ragged along their rows, weights [E, K, N] or [E, N, K], int32 group sizes)
// becomes one launch of the library's grouped GEMM (kernels/cuda/moe_gemm.cpp); other forms keep
// the generated kernel. The programs compile with NVRTC without a GPU; on a GPU, the grouped
// GEMM's results match the interpreter's with empty groups and rows past the groups.
#include <gtest/gtest.h>

#include "backend/cuda/cuda_backend.h"
#include "backend/cuda/lower.h"
#include "oracle/compare.h"
#include "oracle/random.h"
#include "oracle/reference.h"
#include "tests/unit/backend/cuda/op_checks.h"

namespace kiln::backend::cuda::ragged_dot_library_test {
namespace {

using testing::lower_program_text;
using testing::one_op_program;

const char* const kMoeDims =
    "lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = "
    "[1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = "
    "[0]";
const char* const kMoeDimsNt =
    "lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = "
    "[1], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [0], rhs_group_dimensions = "
    "[0]";

std::string ragged_dot_program(const std::string& x, const std::string& w, const std::string& g,
                               const std::string& out, const std::string& dims) {
  return one_op_program("%x: " + x + ", %w: " + w + ", %g: " + g, out,
                        "%r = \"chlo.ragged_dot\"(%x, %w, %g) <{ragged_dot_dimension_numbers = "
                        "#chlo.ragged_dot<" + dims + ">}> : (" + x + ", " + w + ", " + g +
                            ") -> " + out);
}

// The program's kernel steps: library modules by name, and how many generated ones.
struct Steps {
  std::vector<std::string> library;
  int generated = 0;
  const KernelStep* first_library = nullptr;
};

Steps steps_of(const LoweredProgram& p) {
  Steps s;
  for (const Step& step : p.main.steps) {
    const auto* k = std::get_if<KernelStep>(&step);
    if (!k) continue;
    const KernelModule& m = p.modules.at(static_cast<size_t>(k->module));
    if (m.library) {
      s.library.push_back(m.name);
      if (!s.first_library) s.first_library = k;
    } else {
      ++s.generated;
    }
  }
  return s;
}

TEST(RaggedDotLibrary, MoeFormRunsOnTheGroupedGemm) {
  auto p = lower_program_text(ragged_dot_program("tensor<300x72xbf16>", "tensor<4x72x136xbf16>",
                                                 "tensor<4xi32>", "tensor<300x136xbf16>",
                                                 kMoeDims));
  ASSERT_TRUE(p.ok()) << p.error().message();
  const Steps s = steps_of(*p);
  EXPECT_EQ(s.library, (std::vector<std::string>{"moe_gemm.moe_gemm"}));
  EXPECT_EQ(s.generated, 0);
  EXPECT_EQ(p->library_kernel_count, 1);
  ASSERT_NE(s.first_library, nullptr);
  // x, w, group_sizes, out, then T, N, K and E by value.
  const KernelStep& k = *s.first_library;
  ASSERT_EQ(k.args.size(), 8u);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(k.args[static_cast<size_t>(i)].kind, KernelArg::Kind::kBuffer);
  EXPECT_EQ(k.args[4].i, 300);
  EXPECT_EQ(k.args[5].i, 136);
  EXPECT_EQ(k.args[6].i, 72);
  EXPECT_EQ(k.args[7].kind, KernelArg::Kind::kI32);
  EXPECT_EQ(k.args[7].i, 4);
  const KernelModule& m = p->modules.at(static_cast<size_t>(k.module));
  EXPECT_NE(std::find(m.options.begin(), m.options.end(), "-DELEM=bf16_t"), m.options.end());
}

TEST(RaggedDotLibrary, NKWeightsRunOnMoeGemmNt) {
  auto p = lower_program_text(ragged_dot_program("tensor<64x32xf16>", "tensor<8x48x32xf16>",
                                                 "tensor<8xi32>", "tensor<64x48xf16>",
                                                 kMoeDimsNt));
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(steps_of(*p).library, (std::vector<std::string>{"moe_gemm_nt.moe_gemm"}));
}

// f32 operands, int64 group sizes and a batch dimension are not the kernel's: the generated
// kernel computes them.
TEST(RaggedDotLibrary, OtherFormsKeepTheGeneratedKernel) {
  const std::vector<std::string> programs = {
      ragged_dot_program("tensor<40x16xf32>", "tensor<4x16x24xf32>", "tensor<4xi32>",
                         "tensor<40x24xf32>", kMoeDims),
      ragged_dot_program("tensor<40x16xbf16>", "tensor<4x16x24xbf16>", "tensor<4xi64>",
                         "tensor<40x24xbf16>", kMoeDims),
      ragged_dot_program(
          "tensor<2x11x5xbf16>", "tensor<3x2x5x7xbf16>", "tensor<2x3xi32>", "tensor<2x11x7xbf16>",
          "lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], "
          "lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2], "
          "lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]"),
  };
  for (const std::string& text : programs) {
    SCOPED_TRACE(text);
    auto p = lower_program_text(text);
    ASSERT_TRUE(p.ok()) << p.error().message();
    const Steps s = steps_of(*p);
    EXPECT_TRUE(s.library.empty());
    EXPECT_EQ(s.generated, 1);
  }
}

// NVRTC compiles the library module of the program without a GPU.
TEST(RaggedDotLibrary, MoeProgramCompiles) {
  auto c = testing::compile_text(ragged_dot_program("tensor<130x33xbf16>", "tensor<3x33x70xbf16>",
                                                    "tensor<3xi32>", "tensor<130x70xbf16>",
                                                    kMoeDims));
  ASSERT_TRUE(c.exe);
}

// On a GPU: the compiled program against the interpreter, group sizes with an empty expert and
// rows past the groups, and groups cut off at T, in both layouts.
TEST(RaggedDotLibrary, MoeProgramMatchesTheInterpreter) {
  std::string why;
  if (!testing::have_gpu(why)) GTEST_SKIP() << "no GPU: " << why;
  struct Case {
    std::string text;
    std::vector<int32_t> sizes;
  };
  const std::vector<Case> cases = {
      {ragged_dot_program("tensor<300x72xbf16>", "tensor<4x72x136xbf16>", "tensor<4xi32>",
                          "tensor<300x136xbf16>", kMoeDims),
       {100, 0, 129, 50}},
      {ragged_dot_program("tensor<300x72xbf16>", "tensor<4x72x136xbf16>", "tensor<4xi32>",
                          "tensor<300x136xbf16>", kMoeDims),
       {10, 200, 150, 7}},
      {ragged_dot_program("tensor<130x33xf16>", "tensor<3x70x33xf16>", "tensor<3xi32>",
                          "tensor<130x70xf16>", kMoeDimsNt),
       {1, 64, 60}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    auto compiled = testing::compile_text(c.text);
    ASSERT_TRUE(compiled.exe);
    auto inputs = oracle::random_inputs(compiled.exe->input_types(), 7);
    ASSERT_TRUE(inputs.ok()) << inputs.error().message();
    for (size_t i = 0; i < c.sizes.size(); ++i) (*inputs)[2].data<int32_t>()[i] = c.sizes[i];
    auto want = oracle::reference_run(*compiled.module, *inputs);
    ASSERT_TRUE(want.ok()) << want.error().message();
    auto got = testing::run_on_cuda(*compiled.exe, *inputs);
    ASSERT_TRUE(got.ok()) << got.error().message();
    oracle::CompareReport report = oracle::compare_outputs(*got, *want, oracle::program_tolerance);
    EXPECT_TRUE(report.passed) << report.message();
  }
}

}  // namespace
}  // namespace kiln::backend::cuda::ragged_dot_library_test
