// The finite guard around cuDNN's convolutions (lower_convolution.cpp, finite_check.cpp): a
// check of the operand whose inf or NaN the spec multiplies by zeros cuDNN skips, and an if
// between cuDNN and the elemental kernel, emitted exactly where such zeros exist (padding and
// lhs dilation: the kernel; rhs dilation skips the input between its taps, so none); on a GPU, results equal to the
// interpreter's with inf and NaN where they matter, and cuDNN running on finite inputs.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>

#include "backend/cuda/cuda_backend.h"
#include "backend/cuda/executable.h"
#include "backend/cuda/finite_check.h"
#include "backend/cuda/lower.h"
#include "frontend/parser.h"
#include "ir/float_format.h"
#include "ir/verifier.h"
#include "oracle/compare.h"
#include "oracle/random.h"
#include "oracle/reference.h"
#include "runtime/cuda/device.h"
#include "tests/unit/backend/cuda/convolution_programs.h"
#include "tests/unit/backend/cuda/convolution_runs.h"

namespace kiln::backend::cuda::convolution_guard_test {
namespace {

namespace rt = ::kiln::cuda;
using convolution_programs::conv_program;
using convolution_programs::ConvCase;
using convolution_programs::jax_data_gradient;
using convolution_runs::expect_matches_interpreter;
using convolution_runs::expect_runs_match;
using convolution_runs::random_conv_inputs;

std::unique_ptr<ir::Module> parse(const ConvCase& c) { return testing::parse(conv_program(c)); }

// How a convolution was lowered: the main program's steps read as [finite check kernels...,
// the guard] or [the ConvolutionStep] or [the elemental kernel].
struct Lowered {
  LoweredProgram program;
  std::vector<const KernelStep*> checks;  // the finite check's launches
  const CaseStep* guard = nullptr;
  const ConvolutionStep* conv = nullptr;  // the guard's branch 0, or a step of main
};

Lowered lower(const ConvCase& c) {
  Lowered out;
  auto module = parse(c);
  if (!module) return out;
  auto p = testing::lower_main(*module);
  EXPECT_TRUE(p.ok()) << p.error().message();
  if (!p.ok()) return out;
  out.program = std::move(*p);
  convolution_runs::GuardSteps steps = convolution_runs::guard_steps(out.program.main);
  out.checks = std::move(steps.checks);
  if (!steps.guards.empty()) out.guard = steps.guards.back();
  if (!steps.convs.empty()) out.conv = steps.convs.back();
  if (out.guard && !out.guard->branches.empty() && !out.guard->branches[0]->steps.empty()) {
    out.conv = std::get_if<ConvolutionStep>(&out.guard->branches[0]->steps[0]);
  }
  return out;
}

// A guard reading `inputs` (their refs in order, then the flag): an if whose branch 0 is
// cuDNN's step alone and whose branch 1 is the step's fallback (the same launch).
void expect_guard_reads(const Lowered& l, const std::vector<int32_t>& inputs) {
  ASSERT_NE(l.guard, nullptr);
  ASSERT_NE(l.conv, nullptr);
  EXPECT_TRUE(l.guard->is_pred);
  EXPECT_GE(l.guard->condition_module, 0);
  ASSERT_EQ(l.guard->branches.size(), 2u);
  EXPECT_EQ(l.guard->branches[0]->steps.size(), 1u);
  EXPECT_EQ(*l.guard->branches[1], *l.conv->fallback);
  ASSERT_EQ(l.checks.size(), 1u);
  const KernelStep& check = *l.checks[0];
  ASSERT_EQ(check.args.size(), inputs.size() + 1);
  for (size_t i = 0; i < inputs.size(); ++i) {
    EXPECT_EQ(check.args[i].buffer.space, BufferRef::Space::kInput);
    EXPECT_EQ(check.args[i].buffer.input, inputs[i]);
  }
  // One block: it writes the flag the guard reads itself.
  EXPECT_EQ(check.args.back().buffer, l.guard->selector);
  EXPECT_EQ(l.guard->selector.bytes, 1);
  EXPECT_EQ(l.program.convolution_count, 1);
}

std::string notes(const Lowered& l) { return fmt::format("{}", fmt::join(l.program.notes, "\n")); }

TEST(ConvolutionGuard, PaddingChecksTheKernel) {
  ConvCase c;
  c.pad_lo = c.pad_hi = {1, 1};
  Lowered l = lower(c);
  expect_guard_reads(l, {1});
  EXPECT_NE(notes(l).find("its elemental kernel where the rhs (padding) holds inf or NaN"),
            std::string::npos)
      << notes(l);
}

TEST(ConvolutionGuard, TransposedConvolutionChecksTheKernel) {
  Lowered l = lower(jax_data_gradient());
  expect_guard_reads(l, {1});
  EXPECT_TRUE(l.conv->desc.data_grad);
  EXPECT_NE(notes(l).find("the rhs (lhs dilation)"), std::string::npos) << notes(l);
}

// The spec's kernel dilation is a window dilation: the input between the taps is not read, so
// there is nothing to guard.
TEST(ConvolutionGuard, RhsDilationEmitsNoCheck) {
  ConvCase c;
  c.rhs_dilate = {2, 2};
  Lowered l = lower(c);
  EXPECT_EQ(l.guard, nullptr);
  EXPECT_TRUE(l.checks.empty());
  EXPECT_NE(l.conv, nullptr);
  EXPECT_EQ(notes(l).find("inf or NaN"), std::string::npos) << notes(l);
}

TEST(ConvolutionGuard, RhsDilationAndPaddingCheckTheKernel) {
  ConvCase c;
  c.rhs_dilate = {2, 1};
  c.pad_lo = {0, 1};
  c.pad_hi = {2, 1};
  Lowered l = lower(c);
  expect_guard_reads(l, {1});
  EXPECT_NE(notes(l).find("its elemental kernel where the rhs (padding) holds inf or NaN"),
            std::string::npos)
      << notes(l);
}

// Strides alone leave no zeros to multiply: cuDNN's step stands alone.
TEST(ConvolutionGuard, NoPaddingOrDilationEmitsNoCheck) {
  ConvCase c;
  c.stride = {2, 2};
  Lowered l = lower(c);
  EXPECT_EQ(l.guard, nullptr);
  EXPECT_TRUE(l.checks.empty());
  ASSERT_NE(l.conv, nullptr);
  EXPECT_EQ(l.program.main.steps.size(), 1u);
  EXPECT_EQ(notes(l).find("inf or NaN"), std::string::npos) << notes(l);
}

// Padding on one side only ((0, 1): JAX's SAME padding of a strided convolution) is carried
// as zeros by the lhs's copy, which cuDNN multiplies as the spec does: no check.
TEST(ConvolutionGuard, PaddingTheCopyCarriesEmitsNoCheck) {
  ConvCase c;
  c.in = {8, 8};
  c.stride = {2, 2};
  c.pad_lo = {0, 0};
  c.pad_hi = {1, 1};
  Lowered l = lower(c);
  ASSERT_NE(l.conv, nullptr);
  EXPECT_EQ(l.guard, nullptr);
  EXPECT_TRUE(l.checks.empty());
  EXPECT_NE(notes(l).find("copying the lhs (padded"), std::string::npos) << notes(l);
}

// Integers have no inf: an integer convolution is the elemental kernel's, unguarded.
TEST(ConvolutionGuard, IntegerConvolutionEmitsNoCheck) {
  ConvCase c;
  c.type = "i32";
  c.pad_lo = c.pad_hi = {1, 1};
  c.rhs_dilate = {2, 2};
  Lowered l = lower(c);
  EXPECT_EQ(l.guard, nullptr);
  EXPECT_EQ(l.conv, nullptr);
  EXPECT_TRUE(l.checks.empty());
  EXPECT_EQ(l.program.kernel_count, 1);
}

TEST(ConvolutionGuard, CudnnTurnedOffEmitsNoCheck) {
  ConvCase c;
  c.pad_lo = c.pad_hi = {1, 1};
  setenv("KILN_CUDNN_CONVOLUTION", "0", 1);
  Lowered l = lower(c);
  unsetenv("KILN_CUDNN_CONVOLUTION");
  EXPECT_EQ(l.guard, nullptr);
  EXPECT_EQ(l.conv, nullptr);
  EXPECT_TRUE(l.checks.empty());
}

// KILN_CUDNN_FINITE_GUARD=0: cuDNN alone, and the note says what that gives up.
TEST(ConvolutionGuard, GuardTurnedOffEmitsNoCheckAndSaysSo) {
  ConvCase c;
  c.pad_lo = c.pad_hi = {1, 1};
  setenv("KILN_CUDNN_FINITE_GUARD", "0", 1);
  Lowered l = lower(c);
  unsetenv("KILN_CUDNN_FINITE_GUARD");
  EXPECT_EQ(l.guard, nullptr);
  EXPECT_TRUE(l.checks.empty());
  ASSERT_NE(l.conv, nullptr);
  EXPECT_NE(notes(l).find("unguarded (KILN_CUDNN_FINITE_GUARD=0)"), std::string::npos) << notes(l);
}

// A large operand is read by many blocks, each writing its verdict to a scratch byte that a
// second launch of one block folds into the flag.
TEST(ConvolutionGuard, ALargeOperandIsCheckedInTwoLaunches) {
  ConvCase c;
  c.c = 64;
  c.k = 128;
  c.window = {5, 5};  // a kernel of 204800 elements
  c.in = {12, 12};
  c.pad_lo = c.pad_hi = {2, 2};
  Lowered l = lower(c);
  ASSERT_NE(l.guard, nullptr);
  ASSERT_EQ(l.checks.size(), 2u);
  const KernelStep& partial = *l.checks[0];
  const KernelStep& combine = *l.checks[1];
  EXPECT_GT(partial.grid[0], 1u);
  EXPECT_LE(partial.grid[0], 4u * static_cast<unsigned>(LowerOptions{}.device.sm_count));
  ASSERT_EQ(partial.args.size(), 2u);
  EXPECT_EQ(partial.args[1].buffer.bytes, partial.grid[0]);  // a byte a block
  EXPECT_EQ(combine.grid[0], 1u);
  ASSERT_EQ(combine.args.size(), 2u);
  EXPECT_EQ(combine.args[0].buffer, partial.args[1].buffer);
  EXPECT_EQ(combine.args[1].buffer, l.guard->selector);
}

// Without a GPU: guarded convolutions of every float type compile through NVRTC (the check
// kernels included).
TEST(ConvolutionGuard, GuardedConvolutionsCompile) {
  for (const char* type : {"f16", "bf16", "f32", "f64"}) {
    SCOPED_TRACE(type);
    ConvCase c;
    c.type = type;
    c.pad_lo = c.pad_hi = {1, 1};
    c.rhs_dilate = {1, 2};
    auto module = parse(c);
    ASSERT_TRUE(module);
    auto exe = compile_cuda(*module, {});
    ASSERT_TRUE(exe.ok()) << exe.error().message();
  }
}

// ---- On a GPU ----

// Element `i` of `t` set to inf (or, with `nan`, a NaN): its exponent bits all set.
void poison(interp::Tensor& t, int64_t i, bool nan = false) {
  const std::optional<uint64_t> mask = nonfinite_exponent_mask(t.type().element());
  ASSERT_TRUE(mask.has_value());
  const uint64_t bits = *mask | (nan ? 1 : 0);
  const int bytes = t.type().element().storage_bytes();
  std::memcpy(t.raw() + i * bytes, &bits, static_cast<size_t>(bytes));  // little-endian
}

bool has_nan(const interp::Tensor& t) {
  const int bytes = t.type().element().storage_bytes();
  for (int64_t i = 0; i < t.num_elements(); ++i) {
    uint64_t bits = 0;
    std::memcpy(&bits, t.raw() + i * bytes, static_cast<size_t>(bytes));
    if (std::isnan(ir::bits_to_double(t.type().element().kind(), bits))) return true;
  }
  return false;
}

// The cases with zeros that cuDNN skips, f32 and bf16, and which operand a non-finite value
// must sit in to meet them.
struct GuardCase {
  std::string name;
  ConvCase conv;
  int operand;      // 1: the rhs (padding, lhs dilation)
  int64_t element;  // where in it: a kernel tap that meets the padding
};

std::vector<GuardCase> guard_cases() {
  std::vector<GuardCase> out;
  for (const char* type : {"f32", "bf16"}) {
    ConvCase padded;
    padded.type = type;
    padded.pad_lo = padded.pad_hi = {1, 1};
    out.push_back({fmt::format("{} padded", type), padded, 1, 0});
    ConvCase transposed = jax_data_gradient();
    transposed.type = type;
    out.push_back({fmt::format("{} transposed", type), transposed, 1, 0});
  }
  return out;
}

testing::Compiled compiled(const GuardCase& g) {
  return testing::compile_text(conv_program(g.conv), "conv.mlir");
}

// inf (then NaN) in the operand that meets the skipped zeros: the elemental kernel runs, NaN
// where the interpreter has it. For rhs dilation the value sits mid-input, where the holes
// between the kernel's taps pass over it.
TEST(ConvolutionGuard, NonFiniteValuesMatchTheInterpreter) {
  auto device = rt::Device::open(0);
  if (!device.ok()) GTEST_SKIP() << "no GPU: " << device.error().message();
  for (const GuardCase& g : guard_cases()) {
    for (bool nan : {false, true}) {
      SCOPED_TRACE(g.name + (nan ? ", NaN" : ", inf"));
      auto c = compiled(g);
      ASSERT_TRUE(c.exe);
      auto inputs = random_conv_inputs(*c.exe, 21);
      ASSERT_FALSE(inputs.empty());
      poison(inputs[static_cast<size_t>(g.operand)], g.element, nan);
      auto want = oracle::reference_run(*c.module, inputs);
      ASSERT_TRUE(want.ok());
      EXPECT_TRUE(has_nan((*want)[0])) << "the case does not exercise the skipped zeros";
      EXPECT_EQ(expect_runs_match(*c.exe, *c.module, inputs), 0)
          << "cuDNN ran on a non-finite operand";
    }
  }
}

// inf in the input where the holes of a dilated kernel pass over it (and its taps read it):
// cuDNN computes it unguarded, and the interpreter, as the spec, has no NaN either.
TEST(ConvolutionGuard, RhsDilationOverAnInfMatchesTheInterpreter) {
  auto device = rt::Device::open(0);
  if (!device.ok()) GTEST_SKIP() << "no GPU: " << device.error().message();
  for (const char* type : {"f32", "bf16"}) {
    SCOPED_TRACE(type);
    ConvCase dilated;
    dilated.type = type;
    dilated.rhs_dilate = {2, 2};
    dilated.in = {11, 11};  // [b, 0, 1, f]: the element at [0, 5, 5, 1]
    auto c = compiled({type, dilated, 0, 0});
    ASSERT_TRUE(c.exe);
    auto inputs = random_conv_inputs(*c.exe, 21);
    ASSERT_FALSE(inputs.empty());
    poison(inputs[0], (5 * 11 + 5) * 4 + 1, false);
    auto want = oracle::reference_run(*c.module, inputs);
    ASSERT_TRUE(want.ok());
    EXPECT_FALSE(has_nan((*want)[0]));
    EXPECT_EQ(expect_runs_match(*c.exe, *c.module, inputs), 1);
  }
}

// Finite random inputs: the guard lets cuDNN compute every case.
TEST(ConvolutionGuard, FiniteInputsRunOnCudnn) {
  auto device = rt::Device::open(0);
  if (!device.ok()) GTEST_SKIP() << "no GPU: " << device.error().message();
  for (const GuardCase& g : guard_cases()) {
    SCOPED_TRACE(g.name);
    auto module = parse(g.conv);
    ASSERT_TRUE(module);
    EXPECT_EQ(expect_matches_interpreter(*module, *module, 5), 1);
  }
}

// One executable, its CUDA graph captured on finite inputs, then run on an inf, then on finite
// inputs again: the conditional node follows the values of each run.
TEST(ConvolutionGuard, TheGraphFollowsEachRunsValues) {
  auto device = rt::Device::open(0);
  if (!device.ok()) GTEST_SKIP() << "no GPU: " << device.error().message();
  for (const GuardCase& g : guard_cases()) {
    SCOPED_TRACE(g.name);
    auto c = compiled(g);
    ASSERT_TRUE(c.exe);
    auto finite = random_conv_inputs(*c.exe, 7);
    auto poisoned = random_conv_inputs(*c.exe, 7);  // tensors share storage when copied
    ASSERT_FALSE(finite.empty() || poisoned.empty());
    poison(poisoned[static_cast<size_t>(g.operand)], g.element);
    // The last of each call's runs replays the graph: cuDNN's kernels were captured into the
    // conditional node's branch.
    const bool graphs = graphs_enabled();
    EXPECT_EQ(expect_runs_match(*c.exe, *c.module, finite), 1);
    EXPECT_EQ(c.exe->replayed_graph(), graphs);
    EXPECT_EQ(expect_runs_match(*c.exe, *c.module, poisoned), 0);
    EXPECT_EQ(c.exe->replayed_graph(), graphs);
    EXPECT_EQ(expect_runs_match(*c.exe, *c.module, finite), 1);
    EXPECT_EQ(c.exe->replayed_graph(), graphs);
  }
}

}  // namespace
}  // namespace kiln::backend::cuda::convolution_guard_test
