// The cuda backend's stablehlo.while as conditional graph nodes: which loop-carried values the
// body computes straight into their slots (no copy back per iteration) and which it must copy
// (no GPU needed), and, on a GPU, the same loops against the cpu backend on random inputs, run
// step by step and replayed as a CUDA graph. (Small loops run as one kernel instead:
// device_loop_test.cpp; these tests turn that off.)
#include <gtest/gtest.h>
#include <stdlib.h>

#include <string>
#include <vector>

#include "kiln/kiln.h"
#include "runtime/cuda/device.h"
#include "tests/unit/backend/cuda/op_checks.h"

namespace kiln::backend::cuda::while_test {
namespace {

// Lowered with loops as graph nodes.
Expected<LoweredProgram> lower_text(const std::string& text) {
  LowerOptions options;
  options.device_loop_work = 0;
  return testing::lower_program_text(text, options);
}

// The program's one while step.
const WhileStep* the_loop(const LoweredProgram& p) {
  for (const Step& s : p.main.steps) {
    if (const auto* w = std::get_if<WhileStep>(&s)) return w;
  }
  return nullptr;
}

// Ten iterations over (i, x, y) with `body` computing %nx and %ny from %i, %x, %y.
std::string loop(const std::string& body) {
  return R"(func.func @main(%x0: tensor<64xf32>, %y0: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:3 = stablehlo.while(%i = %zero, %x = %x0, %y = %y0) : tensor<i32>, tensor<64xf32>, tensor<64xf32>
  cond {
    %n = stablehlo.constant dense<10> : tensor<i32>
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %ni = stablehlo.add %i, %one : tensor<i32>
)" + body + R"(
    stablehlo.return %ni, %nx, %ny : tensor<i32>, tensor<64xf32>, tensor<64xf32>
  }
  return %r#1, %r#2 : tensor<64xf32>, tensor<64xf32>
}
)";
}

// After the last read of x, y and i: every result goes straight into its slot.
const char* kAfterLastRead = R"(
    %s = stablehlo.add %x, %y : tensor<64xf32>
    %nx = stablehlo.sine %s : tensor<64xf32>
    %ny = stablehlo.cosine %s : tensor<64xf32>)";

// x's new value is computed before %ny reads the old x: copied. y's after its last read (the
// add): in place.
const char* kSwap = R"(
    %nx = stablehlo.add %y, %y : tensor<64xf32>
    %ny = stablehlo.multiply %x, %x : tensor<64xf32>)";

// y's new value is computed by the op that reads the old y (not a dynamic_update_slice):
// copied; x's after its last read (%t): in place.
const char* kReadAfter = R"(
    %ny = stablehlo.sine %y : tensor<64xf32>
    %t = stablehlo.add %x, %ny : tensor<64xf32>
    %nx = stablehlo.cosine %t : tensor<64xf32>)";

// The counter is read by the op computing its next value: always copied.
TEST(CudaWhile, ResultsComputedAfterTheLastReadTakeTheirSlots) {
  auto p = lower_text(loop(kAfterLastRead));
  ASSERT_TRUE(p.ok()) << p.error().message();
  const WhileStep* w = the_loop(*p);
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->next.size(), 1u);
}

TEST(CudaWhile, AValueComputedBeforeALaterReadIsCopied) {
  auto p = lower_text(loop(kSwap));
  ASSERT_TRUE(p.ok()) << p.error().message();
  const WhileStep* w = the_loop(*p);
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->next.size(), 2u);
}

TEST(CudaWhile, AValueComputedFromItsOwnOldValueIsCopied) {
  auto p = lower_text(loop(kReadAfter));
  ASSERT_TRUE(p.ok()) << p.error().message();
  const WhileStep* w = the_loop(*p);
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->next.size(), 2u);
}

// A buffer updated one row per iteration by dynamic_update_slice, in place.
const char* kRows = R"(func.func @main(%b0: tensor<8x32xf32>, %v: tensor<32xf32>) -> tensor<8x32xf32> {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %zero, %b = %b0) : tensor<i32>, tensor<8x32xf32>
  cond {
    %n = stablehlo.constant dense<8> : tensor<i32>
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %z = stablehlo.constant dense<0> : tensor<i32>
    %ni = stablehlo.add %i, %one : tensor<i32>
    %f = stablehlo.convert %i : (tensor<i32>) -> tensor<f32>
    %fb = stablehlo.broadcast_in_dim %f, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %row = stablehlo.multiply %v, %fb : tensor<32xf32>
    %row2 = stablehlo.reshape %row : (tensor<32xf32>) -> tensor<1x32xf32>
    %nb = stablehlo.dynamic_update_slice %b, %row2, %i, %z : (tensor<8x32xf32>, tensor<1x32xf32>, tensor<i32>, tensor<i32>) -> tensor<8x32xf32>
    stablehlo.return %ni, %nb : tensor<i32>, tensor<8x32xf32>
  }
  return %r#1 : tensor<8x32xf32>
}
)";

TEST(CudaWhile, ADynamicUpdateSliceOfTheCarriedValueUpdatesItInPlace) {
  auto p = lower_text(kRows);
  ASSERT_TRUE(p.ok()) << p.error().message();
  const WhileStep* w = the_loop(*p);
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->next.size(), 1u);  // the counter only
}

// x's new value (%s) is computed before %sum reads x's bytes through a reshape: x is copied
// (in place, y would see the new x). y's new value is a reshape (an alias of %sum): copied.
const char* kAliasReadLater = R"(func.func @main(%x0: tensor<4x8xf32>, %y0: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:3 = stablehlo.while(%i = %zero, %x = %x0, %y = %y0) : tensor<i32>, tensor<4x8xf32>, tensor<4x8xf32>
  cond {
    %n = stablehlo.constant dense<3> : tensor<i32>
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %ni = stablehlo.add %i, %one : tensor<i32>
    %flat = stablehlo.reshape %x : (tensor<4x8xf32>) -> tensor<32xf32>
    %t = stablehlo.transpose %x, dims = [1, 0] : (tensor<4x8xf32>) -> tensor<8x4xf32>
    %u = stablehlo.reshape %t : (tensor<8x4xf32>) -> tensor<4x8xf32>
    %s = stablehlo.sine %u : tensor<4x8xf32>
    %f2 = stablehlo.reshape %s : (tensor<4x8xf32>) -> tensor<32xf32>
    %sum = stablehlo.add %flat, %f2 : tensor<32xf32>
    %ny = stablehlo.reshape %sum : (tensor<32xf32>) -> tensor<4x8xf32>
    stablehlo.return %ni, %s, %ny : tensor<i32>, tensor<4x8xf32>, tensor<4x8xf32>
  }
  return %r#1, %r#2 : tensor<4x8xf32>, tensor<4x8xf32>
}
)";

TEST(CudaWhile, AnAliasReadLaterKeepsTheCopy) {
  auto p = lower_text(kAliasReadLater);
  ASSERT_TRUE(p.ok()) << p.error().message();
  const WhileStep* w = the_loop(*p);
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->next.size(), 3u);
}

// On a GPU: every loop above against the cpu backend, run twice (the second run replays the
// program's CUDA graph, the loop as a conditional node).
TEST(CudaWhile, LoopsInPlaceMatchTheCpuBackend) {
  ::setenv("KILN_CUDA_DEVICE_LOOP_WORK", "0", 1);
  for (const std::string& text : {loop(kAfterLastRead), loop(kSwap), loop(kReadAfter),
                                  std::string(kRows), std::string(kAliasReadLater)}) {
    SCOPED_TRACE(text);
    testing::expect_matches_the_cpu_backend(text);
  }
  ::unsetenv("KILN_CUDA_DEVICE_LOOP_WORK");
}

}  // namespace
}  // namespace kiln::backend::cuda::while_test
