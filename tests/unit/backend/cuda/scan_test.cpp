// The cuda backend's chlo.scan (lower_scan.cpp): a device loop (one WhileStep) whose body copies
// the inputs' slices at the step, runs the scan's body and copies the outputs' slices back; the
// steps it lowers to (no GPU needed), its kernels compiling with NVRTC (no GPU needed), and on a
// GPU its outputs on random inputs against the cpu backend's (skipped, saying so, without one).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "tests/unit/backend/cuda/op_checks.h"

namespace kiln::backend::cuda {
namespace {

using testing::OpProgram;

std::vector<OpProgram> scan_programs() {
  std::vector<OpProgram> p;
  // A cumulative sum along dimension 1 with a running maximum carried beside it.
  p.push_back({"CumsumAlongTheMiddle", R"(
func.func @main(%x: tensor<2x5x3xf32>, %init: tensor<2x3xf32>) -> (tensor<2x5x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %0:3 = chlo.scan(%x) inits(%init, %init) dimension=1 {
  ^bb0(%s: tensor<2x3xf32>, %c: tensor<2x3xf32>, %m: tensor<2x3xf32>):
    %next = stablehlo.add %c, %s : tensor<2x3xf32>
    %max = stablehlo.maximum %m, %s : tensor<2x3xf32>
    stablehlo.return %next, %next, %max : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
  } : (tensor<2x5x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x5x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>)
  return %0#0, %0#1, %0#2 : tensor<2x5x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}
)"});
  // From the last step to the first; integers; two inputs and two outputs, one of them the
  // step's input slice itself.
  p.push_back({"ReverseIntegers", R"(
func.func @main(%a: tensor<4x3xi32>, %b: tensor<4x3xi32>, %init: tensor<3xi32>) -> (tensor<4x3xi32>, tensor<4x3xi32>, tensor<3xi32>) {
  %0:3 = chlo.scan(%a, %b) inits(%init) dimension=0 attributes {is_reverse = true} {
  ^bb0(%x: tensor<3xi32>, %y: tensor<3xi32>, %c: tensor<3xi32>):
    %p = stablehlo.multiply %x, %y : tensor<3xi32>
    %next = stablehlo.add %c, %p : tensor<3xi32>
    stablehlo.return %next, %x, %next : tensor<3xi32>, tensor<3xi32>, tensor<3xi32>
  } : (tensor<4x3xi32>, tensor<4x3xi32>, tensor<3xi32>) -> (tensor<4x3xi32>, tensor<4x3xi32>, tensor<3xi32>)
  return %0#0, %0#1, %0#2 : tensor<4x3xi32>, tensor<4x3xi32>, tensor<3xi32>
}
)"});
  // Carried values that swap places each step (the copies back go through a temporary), f64,
  // the last dimension scanned (slices of one element per row).
  p.push_back({"SwappedCarriesLastDimension", R"(
func.func @main(%x: tensor<3x6xf64>, %u: tensor<3xf64>, %v: tensor<3xf64>) -> (tensor<3x6xf64>, tensor<3xf64>, tensor<3xf64>) {
  %0:3 = chlo.scan(%x) inits(%u, %v) dimension=1 {
  ^bb0(%s: tensor<3xf64>, %p: tensor<3xf64>, %q: tensor<3xf64>):
    %t = stablehlo.subtract %p, %s : tensor<3xf64>
    stablehlo.return %t, %q, %t : tensor<3xf64>, tensor<3xf64>, tensor<3xf64>
  } : (tensor<3x6xf64>, tensor<3xf64>, tensor<3xf64>) -> (tensor<3x6xf64>, tensor<3xf64>, tensor<3xf64>)
  return %0#0, %0#1, %0#2 : tensor<3x6xf64>, tensor<3xf64>, tensor<3xf64>
}
)"});
  // Zero steps: the outputs are empty and the carried values their initial ones.
  p.push_back({"ZeroSteps", R"(
func.func @main(%x: tensor<0x2xf32>, %init: tensor<2xf32>) -> (tensor<0x2xf32>, tensor<2xf32>) {
  %0:2 = chlo.scan(%x) inits(%init) dimension=0 {
  ^bb0(%s: tensor<2xf32>, %c: tensor<2xf32>):
    %next = stablehlo.add %c, %s : tensor<2xf32>
    stablehlo.return %s, %next : tensor<2xf32>, tensor<2xf32>
  } : (tensor<0x2xf32>, tensor<2xf32>) -> (tensor<0x2xf32>, tensor<2xf32>)
  return %0#0, %0#1 : tensor<0x2xf32>, tensor<2xf32>
}
)"});
  // Byte elements (the copies move single bytes) and a carry the body returns unchanged.
  p.push_back({"BytesAndAnUnchangedCarry", R"(
func.func @main(%x: tensor<5x3xi8>, %c: tensor<3xi8>, %k: tensor<2xf32>) -> (tensor<5x3xi8>, tensor<3xi8>, tensor<2xf32>) {
  %0:3 = chlo.scan(%x) inits(%c, %k) dimension=0 {
  ^bb0(%s: tensor<3xi8>, %a: tensor<3xi8>, %b: tensor<2xf32>):
    %n = stablehlo.xor %a, %s : tensor<3xi8>
    stablehlo.return %n, %n, %b : tensor<3xi8>, tensor<3xi8>, tensor<2xf32>
  } : (tensor<5x3xi8>, tensor<3xi8>, tensor<2xf32>) -> (tensor<5x3xi8>, tensor<3xi8>, tensor<2xf32>)
  return %0#0, %0#1, %0#2 : tensor<5x3xi8>, tensor<3xi8>, tensor<2xf32>
}
)"});
  return p;
}

TEST(CudaScan, IsOneDeviceLoopCopyingEachStepsSlices) {
  auto p = testing::lower_program_text(scan_programs()[1].text);
  ASSERT_TRUE(p.ok()) << p.error().message();
  const WhileStep* loop = nullptr;
  for (const Step& s : p->main.steps) {
    if (const auto* w = std::get_if<WhileStep>(&s)) {
      EXPECT_EQ(loop, nullptr) << "one loop";
      loop = w;
    }
  }
  ASSERT_NE(loop, nullptr);
  // The body: two slices in, the multiply-add, two slices out, the counter's advance.
  std::vector<std::string> functions;
  for (const Step& s : loop->body->steps) {
    if (const auto* k = std::get_if<KernelStep>(&s)) functions.push_back(k->function);
  }
  ASSERT_GE(functions.size(), 5u);
  EXPECT_EQ(functions[0], "kiln_scan_copy_step4");
  EXPECT_EQ(functions[1], "kiln_scan_copy_step4");
  EXPECT_EQ(functions.back(), "kiln_scan_advance");
  EXPECT_EQ(std::count(functions.begin(), functions.end(), "kiln_scan_copy_step4"), 4);
  // The carried value is copied back once per step; the loop tests the counter.
  EXPECT_EQ(loop->next.size(), 1u);
  ASSERT_EQ(loop->cond->steps.size(), 1u);
  EXPECT_EQ(std::get<KernelStep>(loop->cond->steps[0]).function, "kiln_scan_test");
}

TEST(CudaScan, ReverseWalksFromTheLastStep) {
  auto p = testing::lower_program_text(scan_programs()[1].text);
  ASSERT_TRUE(p.ok()) << p.error().message();
  for (const Step& s : p->main.steps) {
    const auto* w = std::get_if<WhileStep>(&s);
    if (!w) continue;
    const auto& copy = std::get<KernelStep>(w->body->steps[0]);
    ASSERT_EQ(copy.args.size(), 8u);
    EXPECT_EQ(copy.args[4].i, 4);  // steps
    EXPECT_EQ(copy.args[6].i, 1);  // reverse
  }
}

// Rows of 8 bytes of i8: the input, bound in place, is only known to be aligned for its
// elements (bytes); the output and the slices lie in the arena (8-byte words).
TEST(CudaScan, CopiesMoveTheWidestWordTheBuffersAllow) {
  auto p = testing::lower_program_text(R"(
func.func @main(%x: tensor<3x8xi8>, %c: tensor<8xi8>) -> (tensor<3x8xi8>, tensor<8xi8>) {
  %0:2 = chlo.scan(%x) inits(%c) dimension=0 {
  ^bb0(%s: tensor<8xi8>, %a: tensor<8xi8>):
    %n = stablehlo.add %a, %s : tensor<8xi8>
    stablehlo.return %n, %n : tensor<8xi8>, tensor<8xi8>
  } : (tensor<3x8xi8>, tensor<8xi8>) -> (tensor<3x8xi8>, tensor<8xi8>)
  return %0#0, %0#1 : tensor<3x8xi8>, tensor<8xi8>
}
)");
  ASSERT_TRUE(p.ok()) << p.error().message();
  std::vector<std::string> copies;
  for (const Step& s : p->main.steps) {
    const auto* w = std::get_if<WhileStep>(&s);
    if (!w) continue;
    for (const Step& b : w->body->steps) {
      const auto* k = std::get_if<KernelStep>(&b);
      if (k && k->function.starts_with("kiln_scan_copy_step")) copies.push_back(k->function);
    }
  }
  EXPECT_EQ(copies, (std::vector<std::string>{"kiln_scan_copy_step1", "kiln_scan_copy_step8"}));
}

class CudaScanProgram : public ::testing::TestWithParam<OpProgram> {};

TEST_P(CudaScanProgram, GeneratedCodeCompiles) {
  testing::expect_generated_code_compiles(GetParam().text);
}

TEST_P(CudaScanProgram, MatchesTheCpuBackendOnAGpu) {
  testing::expect_matches_the_cpu_backend(GetParam().text);
}

INSTANTIATE_TEST_SUITE_P(Programs, CudaScanProgram, ::testing::ValuesIn(scan_programs()),
                         [](const auto& info) { return info.param.name; });

}  // namespace
}  // namespace kiln::backend::cuda
