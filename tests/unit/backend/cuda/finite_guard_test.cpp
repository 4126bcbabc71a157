// Where the finite guard of cuDNN's convolutions gets its verdicts (finite_guard.cpp): a
// constant kernel on the host (finite: no guard; inf: the elemental kernel alone), the entry's
// kernels in one check at the program's start (a flag per distinct operand), a computed kernel
// checked once for the convolutions that read it; on a GPU, each against the interpreter with
// finite values and with inf or NaN in a kernel.
#include "backend/cuda/finite_guard.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <stdlib.h>

#include <cstring>
#include <string>
#include <vector>

#include "runtime/cuda/device.h"
#include "tests/unit/backend/cuda/convolution_programs.h"
#include "tests/unit/backend/cuda/convolution_runs.h"
#include "tests/unit/backend/cuda/op_checks.h"

namespace kiln::backend::cuda::finite_guard_test {
namespace {

using convolution_programs::conv_lhs_type;
using convolution_programs::conv_op_text;
using convolution_programs::conv_out_type;
using convolution_programs::conv_rhs_type;
using convolution_programs::ConvCase;

// A 3x3 convolution padded 1 (guarded), x 2x9x9x4, w 3x3x4x8 (HWIO), f32.
ConvCase padded() {
  ConvCase c;
  c.pad_lo = c.pad_hi = {1, 1};
  return c;
}

// @main(%x, kernels...) returning one convolution of %x per entry of `kernels_read` (the
// name of the kernel it reads), after `body` (lines defining other kernels).
std::string program(const ConvCase& c, const std::vector<std::string>& kernel_args,
                    const std::string& body, const std::vector<std::string>& kernels_read) {
  std::string params = fmt::format("%x: {}", conv_lhs_type(c));
  for (const std::string& w : kernel_args) params += fmt::format(", {}: {}", w, conv_rhs_type(c));
  std::string text = body;
  std::vector<std::string> results, types;
  for (size_t i = 0; i < kernels_read.size(); ++i) {
    results.push_back(fmt::format("%r{}", i));
    types.push_back(conv_out_type(c));
    text += conv_op_text(c, results.back(), "%x", kernels_read[i]);
  }
  return fmt::format("func.func @main({}) -> ({}) {{\n{}  return {} : {}\n}}\n", params,
                     fmt::join(types, ", "), text, fmt::join(results, ", "),
                     fmt::join(types, ", "));
}

// A kernel constant: `value` (an MLIR dense literal's element) in every element.
std::string constant_kernel(const ConvCase& c, const std::string& value) {
  return fmt::format("  %w = stablehlo.constant dense<{}> : {}\n", value, conv_rhs_type(c));
}

// A lowered program, the finite guard's steps of its main program and its notes.
struct Steps : convolution_runs::GuardSteps {
  LoweredProgram program;
  std::string notes;
};

// Loops as conditional graph nodes (a small loop of convolutions would otherwise run as one
// kernel, its convolutions computed by their elemental rule, exact and unguarded).
Steps lower(const std::string& text) {
  Steps s;
  LowerOptions options;
  options.device_loop_work = 0;
  auto p = testing::lower_program_text(text, options);
  EXPECT_TRUE(p.ok()) << p.error().message() << "\n" << text;
  if (!p.ok()) return s;
  s.program = std::move(*p);
  static_cast<convolution_runs::GuardSteps&>(s) = convolution_runs::guard_steps(s.program.main);
  s.notes = fmt::format("{}", fmt::join(s.program.notes, "\n"));
  return s;
}

// Three convolutions of two argument kernels (w1 twice): one launch at the program's start
// reads both, a flag each; each guard reads its kernel's flag.
TEST(FiniteGuard, ArgumentKernelsShareOneCheckAtTheStart) {
  const ConvCase c = padded();
  Steps s = lower(program(c, {"%w1", "%w2"}, "", {"%w1", "%w2", "%w1"}));
  ASSERT_EQ(s.checks.size(), 1u);
  const KernelStep& check = *s.checks[0];
  EXPECT_EQ(&std::get<KernelStep>(s.program.main.steps[0]), &check);
  ASSERT_EQ(check.args.size(), 3u);
  EXPECT_EQ(check.args[0].buffer.space, BufferRef::Space::kInput);
  EXPECT_EQ(check.args[0].buffer.input, 1);
  EXPECT_EQ(check.args[1].buffer.input, 2);
  const BufferRef flags = check.args[2].buffer;
  EXPECT_EQ(flags.bytes, 2);
  ASSERT_EQ(s.guards.size(), 3u);
  const int64_t at[] = {0, 1, 0};
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(s.guards[i]->selector,
              (BufferRef{BufferRef::Space::kArena, flags.offset + at[i], 1}));
  }
  EXPECT_EQ(s.program.convolution_count, 3);
  EXPECT_NE(s.notes.find("holds inf or NaN (checked at the start)"), std::string::npos) << s.notes;
}

// A finite constant kernel (in the constants buffer) needs no guard: cuDNN's step alone.
TEST(FiniteGuard, FiniteConstantKernelHasNoGuard) {
  const ConvCase c = padded();
  Steps s = lower(program(c, {}, constant_kernel(c, "0.5"), {"%w"}));
  EXPECT_TRUE(s.checks.empty());
  EXPECT_TRUE(s.guards.empty());
  ASSERT_EQ(s.convs.size(), 1u);
  EXPECT_NE(s.notes.find("unguarded: the rhs (padding) is a finite constant"), std::string::npos)
      << s.notes;
}

// A splat kernel over 4 KiB is written into the arena by a kernel: its attribute says it is
// finite.
TEST(FiniteGuard, FiniteLargeSplatKernelHasNoGuard) {
  ConvCase c = padded();
  c.c = c.k = 64;  // 3x3x64x64 f32: 147456 bytes
  Steps s = lower(program(c, {}, constant_kernel(c, "1.0"), {"%w"}));
  EXPECT_TRUE(s.checks.empty());
  EXPECT_TRUE(s.guards.empty());
  EXPECT_EQ(s.convs.size(), 1u);
}

// A constant kernel holding inf (or NaN), in the constants buffer or a large splat in the
// arena: the elemental kernel alone, no cuDNN step.
TEST(FiniteGuard, NonFiniteConstantKernelIsElementalOnly) {
  for (int64_t channels : {4, 64}) {
    for (const char* value : {"0x7F800000", "0x7FC00000"}) {
      SCOPED_TRACE(fmt::format("{} channels, {}", channels, value));
      ConvCase c = padded();
      c.c = c.k = channels;
      Steps s = lower(program(c, {}, constant_kernel(c, value), {"%w"}));
      EXPECT_TRUE(s.checks.empty());
      EXPECT_TRUE(s.guards.empty());
      EXPECT_TRUE(s.convs.empty());
      EXPECT_EQ(s.program.convolution_count, 0);
      EXPECT_EQ(s.program.kernel_count, channels == 4 ? 1 : 2);  // the splat's kernel too
      EXPECT_NE(s.notes.find("its elemental kernel (the rhs (padding) is a constant holding inf"),
                std::string::npos)
          << s.notes;
    }
  }
}

// A constant reached through an alias (a reshape: the constants buffer's bytes) is checked on
// the host too, one inf among finite values included.
TEST(FiniteGuard, ReshapedConstantIsCheckedOnTheHost) {
  const ConvCase c = padded();
  for (const char* last : {"2.0", "0xFF800000"}) {
    SCOPED_TRACE(last);
    std::vector<std::string> values(287, "1.0");
    values.push_back(last);
    const std::string body = fmt::format(
        "  %flat = stablehlo.constant dense<[{}]> : tensor<288xf32>\n"
        "  %w = stablehlo.reshape %flat : (tensor<288xf32>) -> {}\n",
        fmt::join(values, ", "), conv_rhs_type(c));
    Steps s = lower(program(c, {}, body, {"%w"}));
    EXPECT_TRUE(s.checks.empty());
    EXPECT_TRUE(s.guards.empty());
    EXPECT_EQ(s.program.convolution_count, std::string(last) == "2.0" ? 1 : 0) << s.notes;
  }
}

// A kernel the program computes is checked where it is ready, once for both convolutions.
TEST(FiniteGuard, ComputedKernelIsCheckedOnceForTwoConvolutions) {
  const ConvCase c = padded();
  const std::string body = fmt::format("  %w = stablehlo.negate %w0 : {}\n", conv_rhs_type(c));
  Steps s = lower(program(c, {"%w0"}, body, {"%w", "%w"}));
  ASSERT_EQ(s.checks.size(), 1u);
  EXPECT_EQ(s.checks[0]->args[0].buffer.space, BufferRef::Space::kArena);
  ASSERT_EQ(s.guards.size(), 2u);
  EXPECT_EQ(s.guards[0]->selector, s.checks[0]->args[1].buffer);
  EXPECT_EQ(s.guards[1]->selector, s.guards[0]->selector);
  EXPECT_NE(std::get_if<KernelStep>(&s.program.main.steps[0]), s.checks[0])
      << "the check runs after the negate, not at the start";
}

// A function called twice with two argument kernels lowers its convolution twice: the start
// check has a flag for the first (one guarded convolution in the module, one flag reserved),
// the second is checked where it is read.
TEST(FiniteGuard, MoreOperandsThanReservedFlagsAreCheckedWhereRead) {
  const ConvCase c = padded();
  const std::string x = conv_lhs_type(c), w = conv_rhs_type(c), r = conv_out_type(c);
  const std::string text = fmt::format(
      "func.func private @conv(%x: {0}, %w: {1}) -> {2} {{\n{3}  return %r : {2}\n}}\n"
      "func.func @main(%x: {0}, %w1: {1}, %w2: {1}) -> ({2}, {2}) {{\n"
      "  %a = func.call @conv(%x, %w1) : ({0}, {1}) -> {2}\n"
      "  %b = func.call @conv(%x, %w2) : ({0}, {1}) -> {2}\n"
      "  return %a, %b : {2}, {2}\n}}\n",
      x, w, r, conv_op_text(c, "%r", "%x", "%w"));
  Steps s = lower(text);
  ASSERT_EQ(s.checks.size(), 2u);
  EXPECT_EQ(&std::get<KernelStep>(s.program.main.steps[0]), s.checks[0]);
  EXPECT_EQ(s.checks[0]->what.rfind("func.func @", 0), 0u) << "the start check names the entry";
  EXPECT_EQ(s.checks[1]->what.rfind("stablehlo.convolution @", 0), 0u) << s.checks[1]->what;
  EXPECT_EQ(s.checks[0]->args[0].buffer.input, 1);
  EXPECT_EQ(s.checks[1]->args[0].buffer.input, 2);
  ASSERT_EQ(s.guards.size(), 2u);
  EXPECT_EQ(s.guards[0]->selector, s.checks[0]->args[1].buffer);
  EXPECT_EQ(s.guards[1]->selector, s.checks[1]->args[1].buffer);
}

// A loop of 3 iterations convolving the carried input with argument kernel %w, then with %v,
// the negation of argument %v0 the body computes; after the loop a convolution with %v0.
std::string loop_program() {
  ConvCase square = padded();
  square.k = square.c;  // the result can be carried: 2x9x9x4
  const std::string x = conv_lhs_type(square), w = conv_rhs_type(square);
  return fmt::format(
      "func.func @main(%x0: {0}, %w: {1}, %v0: {1}) -> ({0}, {0}) {{\n"
      "  %zero = stablehlo.constant dense<0> : tensor<i32>\n"
      "  %r:2 = stablehlo.while(%i = %zero, %x = %x0) : tensor<i32>, {0}\n"
      "  cond {{\n"
      "    %n = stablehlo.constant dense<3> : tensor<i32>\n"
      "    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
      "    stablehlo.return %p : tensor<i1>\n"
      "  }} do {{\n"
      "    %one = stablehlo.constant dense<1> : tensor<i32>\n"
      "    %ni = stablehlo.add %i, %one : tensor<i32>\n"
      "    %v = stablehlo.negate %v0 : {1}\n"
      "{2}{3}"
      "    stablehlo.return %ni, %b : tensor<i32>, {0}\n"
      "  }}\n"
      "{4}"
      "  return %r#1, %after : {0}, {0}\n}}\n",
      x, w, conv_op_text(square, "%a", "%x", "%w"), conv_op_text(square, "%b", "%a", "%v"),
      conv_op_text(square, "%after", "%x0", "%v0"));
}

// The loop body reads the start flag of the argument kernel %w (no check in each iteration)
// and checks its computed %v itself; the convolution after the loop reads %v0's start flag (the
// body's check runs only in the loop).
TEST(FiniteGuard, ALoopBodyReadsTheStartFlagOfAnArgumentKernel) {
  const std::string text = loop_program();
  Steps s = lower(text);
  ASSERT_EQ(s.checks.size(), 1u);
  EXPECT_EQ(&std::get<KernelStep>(s.program.main.steps[0]), s.checks[0]);
  ASSERT_EQ(s.checks[0]->args.size(), 3u);  // %w, %v0 (read after the loop), the flags
  EXPECT_EQ(s.checks[0]->args[0].buffer.input, 1);
  EXPECT_EQ(s.checks[0]->args[1].buffer.input, 2);
  const WhileStep* loop = nullptr;
  for (const Step& step : s.program.main.steps) {
    if (const auto* w = std::get_if<WhileStep>(&step)) loop = w;
  }
  ASSERT_NE(loop, nullptr);
  const convolution_runs::GuardSteps body = convolution_runs::guard_steps(*loop->body);
  EXPECT_EQ(body.checks.size(), 1u) << "the body's computed kernel %v, checked there";
  EXPECT_EQ(body.guards.size(), 2u);
  EXPECT_EQ(s.guards.size(), 1u);  // %after, on the start flag of %v0
}

// Without a GPU: the shared start check (several inputs of several types' widths) compiles
// through NVRTC, in one launch and, for a large kernel, with its combining launch.
TEST(FiniteGuard, StartChecksCompile) {
  for (const char* type : {"f32", "bf16"}) {
    for (int64_t channels : {4, 64}) {
      SCOPED_TRACE(fmt::format("{} {}", type, channels));
      ConvCase c = padded();
      c.type = type;
      c.c = c.k = channels;
      testing::expect_generated_code_compiles(program(c, {"%w1", "%w2"}, "", {"%w1", "%w2"}));
    }
  }
}

// ---- On a GPU ----

// `text` against the interpreter on random inputs, with `bits` (an f32 inf or NaN) as the
// first element of input `poisoned` (a kernel argument; none where 0): how many convolutions
// cuDNN ran (-1 where nothing ran). `loosen` scales the tolerance (expect_runs_match).
int64_t run_poisoned(const std::string& text, size_t poisoned, uint32_t bits, double loosen = 1) {
  testing::Compiled c = testing::compile_text(text, "conv.mlir");
  if (!c.exe) return -1;
  std::vector<interp::Tensor> inputs = convolution_runs::random_conv_inputs(*c.exe, 13);
  if (inputs.empty()) return -1;
  if (poisoned > 0) std::memcpy(inputs[poisoned].raw(), &bits, sizeof bits);  // f32 element 0
  return convolution_runs::expect_runs_match(*c.exe, *c.module, inputs, loosen);
}

constexpr uint32_t kInf = 0x7f800000u, kNan = 0x7fc00000u;

TEST(FiniteGuard, StartCheckFollowsEachArgumentKernel) {
  auto device = ::kiln::cuda::Device::open(0);
  if (!device.ok()) GTEST_SKIP() << "no GPU: " << device.error().message();
  const std::string text = program(padded(), {"%w1", "%w2"}, "", {"%w1", "%w2", "%w1"});
  EXPECT_EQ(run_poisoned(text, 0, 0), 3);
  for (uint32_t bits : {kInf, kNan}) {
    EXPECT_EQ(run_poisoned(text, 2, bits), 2) << "only w2's convolution leaves cuDNN";
    EXPECT_EQ(run_poisoned(text, 1, bits), 1) << "both of w1's leave cuDNN";
  }
}

TEST(FiniteGuard, ConstantKernelsMatchTheInterpreter) {
  auto device = ::kiln::cuda::Device::open(0);
  if (!device.ok()) GTEST_SKIP() << "no GPU: " << device.error().message();
  const ConvCase c = padded();
  EXPECT_EQ(run_poisoned(program(c, {}, constant_kernel(c, "0.5"), {"%w"}), 0, 0), 1);
  EXPECT_EQ(run_poisoned(program(c, {}, constant_kernel(c, "0x7F800000"), {"%w"}), 0, 0), 0);
}

TEST(FiniteGuard, ComputedKernelMatchesTheInterpreter) {
  auto device = ::kiln::cuda::Device::open(0);
  if (!device.ok()) GTEST_SKIP() << "no GPU: " << device.error().message();
  const ConvCase c = padded();
  const std::string text =
      program(c, {"%w0"}, fmt::format("  %w = stablehlo.negate %w0 : {}\n", conv_rhs_type(c)),
              {"%w", "%w"});
  EXPECT_EQ(run_poisoned(text, 0, 0), 2);
  EXPECT_EQ(run_poisoned(text, 1, kInf), 0);
  EXPECT_EQ(run_poisoned(text, 1, kNan), 0);
}

// The loop on the GPU (step by step and as a CUDA graph, its guards conditional nodes inside
// the loop's body), finite and with inf or NaN in either argument kernel. Six chained f32
// convolutions: cuDNN's summation order against the interpreter's drifts past the program
// tolerance (2.3e-4 relative on one of 1296 elements, H100), so 10 times that.
TEST(FiniteGuard, ALoopMatchesTheInterpreter) {
  auto device = ::kiln::cuda::Device::open(0);
  if (!device.ok()) GTEST_SKIP() << "no GPU: " << device.error().message();
  const std::string text = loop_program();
  // As conditional graph nodes first (the guards inside the body), then as one kernel.
  for (const char* work : {"0", ""}) {
    SCOPED_TRACE(fmt::format("KILN_CUDA_DEVICE_LOOP_WORK='{}'", work));
    ::setenv("KILN_CUDA_DEVICE_LOOP_WORK", work, 1);
    EXPECT_GT(run_poisoned(text, 0, 0, 10), 0);
    for (uint32_t bits : {kInf, kNan}) {
      for (size_t kernel : {1u, 2u}) {
        SCOPED_TRACE(fmt::format("{:#x} in input {}", bits, kernel));
        EXPECT_GE(run_poisoned(text, kernel, bits, 10), 0);
      }
    }
  }
  ::unsetenv("KILN_CUDA_DEVICE_LOOP_WORK");
}

}  // namespace
}  // namespace kiln::backend::cuda::finite_guard_test
