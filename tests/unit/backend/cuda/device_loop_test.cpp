// The cuda backend's small while loops as one kernel (codegen/device_loop.h): which loops run
// so and which stay conditional graph nodes, that every kernel compiles (no GPU needed), and,
// on a GPU, the loops against the cpu backend on random inputs at O0 and O2 — results copied
// back, written in place, a state value rotated into another's slot, a window updated in
// place, a condition that reduces, every element type of the state.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "kiln/kiln.h"
#include "tests/unit/backend/cuda/op_checks.h"

namespace kiln::backend::cuda::device_loop_test {
namespace {

// (i, a, b, c) -> (i + 1, b, c, a + b): two results are other state values.
const char* kRotate =
    R"(func.func @main(%a0: tensor<8xf32>, %b0: tensor<8xf32>, %c0: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:4 = stablehlo.while(%i = %zero, %a = %a0, %b = %b0, %c = %c0) : tensor<i32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
  cond {
    %n = stablehlo.constant dense<7> : tensor<i32>
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %ni = stablehlo.add %i, %one : tensor<i32>
    %s = stablehlo.add %a, %b : tensor<8xf32>
    stablehlo.return %ni, %b, %c, %s : tensor<i32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
  }
  return %r#1, %r#2, %r#3 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}
)";

// A condition that reduces the state, a body that multiplies it by a matrix from before the
// loop and a constant vector, written in place after the dot has read it.
const char* kReducingCondition =
    R"(func.func @main(%m: tensor<16x16xf32>, %x0: tensor<16xf32>) -> (tensor<16xf32>, tensor<i32>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %zero, %x = %x0) : tensor<i32>, tensor<16xf32>
  cond {
    %z = stablehlo.constant dense<0.0> : tensor<f32>
    %ax = stablehlo.abs %x : tensor<16xf32>
    %s = stablehlo.reduce(%ax init: %z) applies stablehlo.add across dimensions = [0] : (tensor<16xf32>, tensor<f32>) -> tensor<f32>
    %lim = stablehlo.constant dense<1000.0> : tensor<f32>
    %small = stablehlo.compare LT, %s, %lim : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %n = stablehlo.constant dense<6> : tensor<i32>
    %few = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %p = stablehlo.and %small, %few : tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %ni = stablehlo.add %i, %one : tensor<i32>
    %y = stablehlo.dot_general %m, %x, contracting_dims = [1] x [0] : (tensor<16x16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %w = stablehlo.constant dense<[1.0, 0.5, 0.25, 2.0, 1.5, 0.75, 1.0, 0.5, 0.25, 2.0, 1.5, 0.75, 1.0, 0.5, 0.25, 2.0]> : tensor<16xf32>
    %nx = stablehlo.multiply %y, %w : tensor<16xf32>
    stablehlo.return %ni, %nx : tensor<i32>, tensor<16xf32>
  }
  return %r#1, %r#0 : tensor<16xf32>, tensor<i32>
}
)";

// Row i of b from row i - 1: the update reads the buffer it updates (no window in place).
const char* kRowFromRow =
    R"(func.func @main(%b0: tensor<8x16xf32>, %v: tensor<16xf32>) -> tensor<8x16xf32> {
  %one = stablehlo.constant dense<1> : tensor<i32>
  %r:2 = stablehlo.while(%i = %one, %b = %b0) : tensor<i32>, tensor<8x16xf32>
  cond {
    %n = stablehlo.constant dense<8> : tensor<i32>
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %z = stablehlo.constant dense<0> : tensor<i32>
    %k = stablehlo.subtract %i, %one : tensor<i32>
    %prev = stablehlo.dynamic_slice %b, %k, %z, sizes = [1, 16] : (tensor<8x16xf32>, tensor<i32>, tensor<i32>) -> tensor<1x16xf32>
    %half = stablehlo.constant dense<0.5> : tensor<1x16xf32>
    %vb = stablehlo.reshape %v : (tensor<16xf32>) -> tensor<1x16xf32>
    %m = stablehlo.multiply %prev, %half : tensor<1x16xf32>
    %row = stablehlo.add %m, %vb : tensor<1x16xf32>
    %nb = stablehlo.dynamic_update_slice %b, %row, %i, %z : (tensor<8x16xf32>, tensor<1x16xf32>, tensor<i32>, tensor<i32>) -> tensor<8x16xf32>
    %ni = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %ni, %nb : tensor<i32>, tensor<8x16xf32>
  }
  return %r#1 : tensor<8x16xf32>
}
)";

// Row i of b from a dot over row i - 1: the dot reads the buffer a phase before the window
// is written in place (start indices out of range clamped).
const char* kRowFromDot =
    R"(func.func @main(%b0: tensor<8x16xf32>, %m: tensor<16x16xf32>) -> tensor<8x16xf32> {
  %one = stablehlo.constant dense<1> : tensor<i32>
  %r:2 = stablehlo.while(%i = %one, %b = %b0) : tensor<i32>, tensor<8x16xf32>
  cond {
    %n = stablehlo.constant dense<10> : tensor<i32>
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %z = stablehlo.constant dense<0> : tensor<i32>
    %k = stablehlo.subtract %i, %one : tensor<i32>
    %prev = stablehlo.dynamic_slice %b, %k, %z, sizes = [1, 16] : (tensor<8x16xf32>, tensor<i32>, tensor<i32>) -> tensor<1x16xf32>
    %d = stablehlo.dot_general %prev, %m, contracting_dims = [1] x [0] : (tensor<1x16xf32>, tensor<16x16xf32>) -> tensor<1x16xf32>
    %row = stablehlo.tanh %d : tensor<1x16xf32>
    %nb = stablehlo.dynamic_update_slice %b, %row, %i, %z : (tensor<8x16xf32>, tensor<1x16xf32>, tensor<i32>, tensor<i32>) -> tensor<8x16xf32>
    %ni = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %ni, %nb : tensor<i32>, tensor<8x16xf32>
  }
  return %r#1 : tensor<8x16xf32>
}
)";

// An i8 counter that wraps (120 up to -120: 16 steps), f16 values, a flag.
const char* kTypes =
    R"(func.func @main(%h0: tensor<16xf16>, %f0: tensor<i1>) -> (tensor<16xf16>, tensor<i1>, tensor<i8>) {
  %c = stablehlo.constant dense<120> : tensor<i8>
  %r:3 = stablehlo.while(%k = %c, %h = %h0, %f = %f0) : tensor<i8>, tensor<16xf16>, tensor<i1>
  cond {
    %n = stablehlo.constant dense<-120> : tensor<i8>
    %p = stablehlo.compare NE, %k, %n, SIGNED : (tensor<i8>, tensor<i8>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i8>
    %nk = stablehlo.add %k, %one : tensor<i8>
    %s = stablehlo.sine %h : tensor<16xf16>
    %q = stablehlo.constant dense<0.5> : tensor<16xf16>
    %nh = stablehlo.add %s, %q : tensor<16xf16>
    %nf = stablehlo.not %f : tensor<i1>
    stablehlo.return %nk, %nh, %nf : tensor<i8>, tensor<16xf16>, tensor<i1>
  }
  return %r#1, %r#2, %r#0 : tensor<16xf16>, tensor<i1>, tensor<i8>
}
)";

// An optimization_barrier in the body (its results are its operands), and a result that is a
// value from before the loop.
const char* kBarrierAndOuterResult =
    R"(func.func @main(%x0: tensor<8xf32>, %y: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:3 = stablehlo.while(%i = %zero, %x = %x0, %z = %x0) : tensor<i32>, tensor<8xf32>, tensor<8xf32>
  cond {
    %n = stablehlo.constant dense<4> : tensor<i32>
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %ni = stablehlo.add %i, %one : tensor<i32>
    %b:2 = stablehlo.optimization_barrier %x, %i : tensor<8xf32>, tensor<i32>
    %s = stablehlo.sine %b#0 : tensor<8xf32>
    stablehlo.return %ni, %s, %y : tensor<i32>, tensor<8xf32>, tensor<8xf32>
  }
  return %r#1, %r#2 : tensor<8xf32>, tensor<8xf32>
}
)";

// A state of 70000 elements (copied in before the kernel), one element written a step.
const char* kLargeState = R"(func.func @main(%b0: tensor<70000xf32>) -> tensor<70000xf32> {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %zero, %b = %b0) : tensor<i32>, tensor<70000xf32>
  cond {
    %n = stablehlo.constant dense<5> : tensor<i32>
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %f = stablehlo.convert %i : (tensor<i32>) -> tensor<f32>
    %u = stablehlo.reshape %f : (tensor<f32>) -> tensor<1xf32>
    %at = stablehlo.multiply %i, %i : tensor<i32>
    %nb = stablehlo.dynamic_update_slice %b, %u, %at : (tensor<70000xf32>, tensor<1xf32>, tensor<i32>) -> tensor<70000xf32>
    %ni = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %ni, %nb : tensor<i32>, tensor<70000xf32>
  }
  return %r#1 : tensor<70000xf32>
}
)";

// An outer loop around an inner one: the outer runs as graph nodes (a while is not
// element-wise), the inner as one kernel inside its body.
const char* kNested = R"(func.func @main(%x0: tensor<8xf32>) -> tensor<8xf32> {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %zero, %x = %x0) : tensor<i32>, tensor<8xf32>
  cond {
    %n = stablehlo.constant dense<3> : tensor<i32>
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %s:2 = stablehlo.while(%j = %zero, %y = %x) : tensor<i32>, tensor<8xf32>
    cond {
      %m = stablehlo.constant dense<4> : tensor<i32>
      %q = stablehlo.compare LT, %j, %m, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %q : tensor<i1>
    } do {
      %nj = stablehlo.add %j, %one : tensor<i32>
      %ny = stablehlo.cosine %y : tensor<8xf32>
      stablehlo.return %nj, %ny : tensor<i32>, tensor<8xf32>
    }
    %ni = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %ni, %s#1 : tensor<i32>, tensor<8xf32>
  }
  return %r#1 : tensor<8xf32>
}
)";

// A sort in the body: not element-wise.
const char* kSorting = R"(func.func @main(%x0: tensor<8xf32>) -> tensor<8xf32> {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %zero, %x = %x0) : tensor<i32>, tensor<8xf32>
  cond {
    %n = stablehlo.constant dense<3> : tensor<i32>
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %ni = stablehlo.add %i, %one : tensor<i32>
    %c = stablehlo.cosine %x : tensor<8xf32>
    %s = "stablehlo.sort"(%c) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %lt = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %lt : tensor<i1>
    }) {dimension = 0 : i64, is_stable = true} : (tensor<8xf32>) -> tensor<8xf32>
    stablehlo.return %ni, %s : tensor<i32>, tensor<8xf32>
  }
  return %r#1 : tensor<8xf32>
}
)";

const std::vector<std::string>& one_kernel_loops() {
  static const std::vector<std::string> loops = {
      kRotate, kReducingCondition, kRowFromRow,           kRowFromDot,
      kTypes,  kLargeState,        kBarrierAndOuterResult};
  return loops;
}

int count_while_steps(const Program& p) {
  int n = 0;
  for (const Step& s : p.steps) {
    if (const auto* w = std::get_if<WhileStep>(&s)) n += 1 + count_while_steps(*w->body);
  }
  return n;
}

// The launches of `p`'s main program that compute a stablehlo.while.
int loop_kernels(const Program& p) {
  int n = 0;
  for (const Step& s : p.steps) {
    const auto* k = std::get_if<KernelStep>(&s);
    if (k && k->what.starts_with("stablehlo.while")) ++n;
  }
  return n;
}

bool noted(const LoweredProgram& p, const std::string& text) {
  for (const std::string& n : p.notes) {
    if (n.find(text) != std::string::npos) return true;
  }
  return false;
}

TEST(CudaDeviceLoop, SmallLoopsRunAsOneKernel) {
  for (const std::string& text : one_kernel_loops()) {
    SCOPED_TRACE(text);
    auto p = testing::lower_program_text(text);
    ASSERT_TRUE(p.ok()) << p.error().message();
    EXPECT_EQ(count_while_steps(p->main), 0);
    EXPECT_EQ(loop_kernels(p->main), 1);
    EXPECT_TRUE(noted(*p, "one kernel")) << p->notes.size();
  }
}

TEST(CudaDeviceLoop, ALargeStateIsCopiedInBeforeTheKernel) {
  auto p = testing::lower_program_text(kLargeState);
  ASSERT_TRUE(p.ok()) << p.error().message();
  ASSERT_GE(p->main.steps.size(), 2u);
  const size_t last = p->main.steps.size() - 1;
  EXPECT_TRUE(std::holds_alternative<CopyStep>(p->main.steps[last - 1]));
  EXPECT_EQ(loop_kernels(p->main), 1);
}

TEST(CudaDeviceLoop, ALoopPastTheWorkLimitRunsAsGraphNodes) {
  LowerOptions options;
  options.device_loop_work = 100;  // kReducingCondition's dot alone is 256
  auto p = testing::lower_program_text(kReducingCondition, options);
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(count_while_steps(p->main), 1);
  EXPECT_EQ(loop_kernels(p->main), 0);
  EXPECT_TRUE(noted(*p, "more than 100"));
}

TEST(CudaDeviceLoop, ALoopWithAnOpThatIsNotElementWiseRunsAsGraphNodes) {
  auto p = testing::lower_program_text(kSorting);
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(count_while_steps(p->main), 1);
  EXPECT_TRUE(noted(*p, "'stablehlo.sort' is not computed element by element"));
}

TEST(CudaDeviceLoop, AnInnerLoopRunsAsOneKernelInsideTheOutersNodes) {
  auto p = testing::lower_program_text(kNested);
  ASSERT_TRUE(p.ok()) << p.error().message();
  ASSERT_EQ(count_while_steps(p->main), 1);
  const WhileStep* outer = nullptr;
  for (const Step& s : p->main.steps) {
    if (const auto* w = std::get_if<WhileStep>(&s)) outer = w;
  }
  ASSERT_NE(outer, nullptr);
  EXPECT_EQ(loop_kernels(*outer->body), 1);
}

TEST(CudaDeviceLoop, EveryLoopKernelCompiles) {
  for (const std::string& text : one_kernel_loops()) {
    SCOPED_TRACE(text);
    testing::expect_generated_code_compiles(text);
  }
  testing::expect_generated_code_compiles(kNested);
}

// On a GPU: each loop against the cpu backend (three seeds, O0 and O2, run step by step and
// replayed from the CUDA graph).
TEST(CudaDeviceLoop, LoopsAsOneKernelMatchTheCpuBackend) {
  std::vector<std::string> loops = one_kernel_loops();
  loops.push_back(kNested);
  for (const std::string& text : loops) {
    SCOPED_TRACE(text);
    testing::expect_matches_the_cpu_backend(text);
  }
}

}  // namespace
}  // namespace kiln::backend::cuda::device_loop_test
