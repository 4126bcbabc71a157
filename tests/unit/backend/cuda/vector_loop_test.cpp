// The vectorized loops of generated loop kernels (src/backend/cuda/codegen/vector_loop.h): the
// CUDA text has 16-byte loads and stores where the roots read parameters at their own index,
// the tail and the misaligned case on the scalar loop, and none where vectors gain nothing;
// every variant compiles with NVRTC (no GPU needed); on a GPU, a*b+c in every element type the
// loop kernels hold, at odd sizes, with aligned and misaligned device inputs, and broadcasts
// beside the vectors, match the interpreter.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/unit/backend/cuda/loop_kernel_checks.h"

namespace kiln::backend::cuda::vector_loop_test {
namespace {

using testing::count_of;
using testing::generated_kernels;
using testing::optimized_module;

struct DType {
  const char* name;  // in the program's types
  int lanes;         // 16 / the element's bytes; 0: no vectors
  const char* pack;  // the Pack the vectors are held in
};

// Every element type loop kernels hold, by storage: bool and the sub-byte integers a byte each,
// the narrow floats through their codecs, complex as their parts.
const std::vector<DType>& dtypes() {
  static const std::vector<DType> all = {
      {"f32", 4, "Pack<float>"},       {"bf16", 8, "Pack<bf16_t>"},  {"f16", 8, "Pack<half_t>"},
      {"f64", 2, "Pack<double>"},      {"i8", 16, "Pack<s8>"},       {"i32", 4, "Pack<s32>"},
      {"i64", 2, "Pack<i64>"},         {"ui16", 8, "Pack<u16>"},     {"i1", 16, "Pack<bool>"},
      {"i4", 16, "Pack<s8>"},          {"ui4", 16, "Pack<u8>"},      {"f8E4M3FN", 16, "Pack<u8>"},
      {"complex<f32>", 2, "Pack<kg::c64>"}, {"complex<f64>", 0, ""},
  };
  return all;
}

// a * b + c over `shape` ("1027", "128x129"): and / or for i1.
std::string fma_program(const std::string& dtype, const std::string& shape) {
  const bool pred = dtype == "i1";
  return fmt::format(R"(
func.func @main(%a: tensor<{0}x{1}>, %b: tensor<{0}x{1}>, %c: tensor<{0}x{1}>) -> tensor<{0}x{1}> {{
  %m = stablehlo.{2} %a, %b : tensor<{0}x{1}>
  %r = stablehlo.{3} %m, %c : tensor<{0}x{1}>
  return %r : tensor<{0}x{1}>
}}
)",
                     shape, dtype, pred ? "and" : "multiply", pred ? "or" : "add");
}

std::string test_name(const std::string& dtype) {
  std::string n;
  for (char c : dtype) {
    if (std::isalnum(static_cast<unsigned char>(c))) n += c;
  }
  return n;
}

class VectorLoopTypes : public ::testing::TestWithParam<DType> {};

// 16387 elements: the vectors up to the last whole one, the scalar loop from there (the tail,
// or everything when a pointer is not 16-byte aligned).
TEST_P(VectorLoopTypes, VectorsWithAScalarTail) {
  const DType& t = GetParam();
  auto module = optimized_module(fma_program(t.name, "16387"));
  ASSERT_TRUE(module);
  const std::string text = generated_kernels(*module);
  ASSERT_FALSE(text.empty());
  if (t.lanes == 0) {
    EXPECT_EQ(count_of(text, "load_pack("), 0) << text;
    EXPECT_EQ(count_of(text, "store_pack("), 0) << text;
    return;
  }
  EXPECT_EQ(count_of(text, std::string(t.pack) + " "), 4) << text;  // three loads, one store
  EXPECT_EQ(count_of(text, "load_pack(p"), 3) << text;
  EXPECT_EQ(count_of(text, "store_pack(o0 + i, "), 1) << text;
  EXPECT_NE(text.find(fmt::format("i < {}; i += stride * {})", 16387 / t.lanes * t.lanes, t.lanes)),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("& 15) == 0;"), std::string::npos) << text;
  EXPECT_NE(text.find("i < 16387; i += stride)"), std::string::npos) << text;
}

TEST_P(VectorLoopTypes, CompilesWithNvrtc) {
  auto module = optimized_module(fma_program(GetParam().name, "16387"));
  ASSERT_TRUE(module);
  testing::expect_compiles_with_nvrtc(*module);
}

// Odd and whole sizes, every size below a vector's lanes too, on aligned and misaligned inputs.
TEST_P(VectorLoopTypes, MatchesTheInterpreterOnTheGpu) {
  for (const char* shape : {"1", "7", "1024", "4099", "16387", "3x65539"}) {
    SCOPED_TRACE(shape);
    auto module = optimized_module(fma_program(GetParam().name, shape));
    ASSERT_TRUE(module);
    for (bool misaligned : {false, true}) {
      testing::expect_matches_interpreter_on_gpu(*module, 1, misaligned);
      if (::testing::Test::IsSkipped()) return;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Types, VectorLoopTypes, ::testing::ValuesIn(dtypes()),
                         [](const auto& info) { return test_name(info.param.name); });

// Fewer elements than a vector's lanes, or too few for memory to matter (the launch does): the
// scalar loop alone, so NVRTC compiles the element's code once.
TEST(VectorLoop, NotBelowTheLaunchBoundSize) {
  for (int64_t n : {3, 1027, 16383}) {
    auto module = optimized_module(fma_program("f32", std::to_string(n)));
    ASSERT_TRUE(module);
    const std::string text = generated_kernels(*module);
    EXPECT_EQ(count_of(text, "load_pack("), 0) << text;
    EXPECT_NE(text.find(fmt::format("i < {}; i += stride)", n)), std::string::npos) << text;
  }
  auto module = optimized_module(fma_program("f32", "16384"));
  ASSERT_TRUE(module);
  EXPECT_EQ(count_of(generated_kernels(*module), "load_pack("), 3);
}

const char* const kBroadcastBeside = R"(
func.func @main(%a: tensor<128x129xf32>, %b: tensor<129xf32>, %s: tensor<f32>) -> tensor<128x129xf32> {
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<129xf32>) -> tensor<128x129xf32>
  %ss = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<128x129xf32>
  %m = stablehlo.multiply %a, %bb : tensor<128x129xf32>
  %r = stablehlo.add %m, %ss : tensor<128x129xf32>
  return %r : tensor<128x129xf32>
}
)";

// The parameter read at the roots' index is loaded as vectors; the broadcasts are read per lane
// at their own index.
TEST(VectorLoop, BroadcastsAreReadPerLane) {
  auto module = optimized_module(kBroadcastBeside);
  ASSERT_TRUE(module);
  const std::string text = generated_kernels(*module);
  EXPECT_EQ(count_of(text, "load_pack(p"), 1) << text;
  EXPECT_EQ(count_of(text, "store_pack(o0"), 1) << text;
  testing::expect_compiles_with_nvrtc(*module);
  for (bool misaligned : {false, true}) testing::expect_matches_interpreter_on_gpu(*module, 2, misaligned);
}

const char* const kWidening = R"(
func.func @main(%a: tensor<16400xbf16>, %b: tensor<16400xf32>) -> tensor<16400xf32> {
  %w = stablehlo.convert %a : (tensor<16400xbf16>) -> tensor<16400xf32>
  %r = stablehlo.multiply %w, %b : tensor<16400xf32>
  return %r : tensor<16400xf32>
}
)";

// Mixed widths: lanes of the narrowest (8 bf16), two 16-byte vectors of each f32 buffer.
TEST(VectorLoop, MixedWidthsTakeTheNarrowestLanes) {
  auto module = optimized_module(kWidening);
  ASSERT_TRUE(module);
  const std::string text = generated_kernels(*module);
  EXPECT_EQ(count_of(text, "= load_pack(p"), 3) << text;  // one of bf16, two of f32
  EXPECT_EQ(count_of(text, "store_pack(o0 + i, "), 1) << text;
  EXPECT_EQ(count_of(text, "store_pack(o0 + i + 4, "), 1) << text;
  EXPECT_NE(text.find("i += stride * 8)"), std::string::npos) << text;
  testing::expect_compiles_with_nvrtc(*module);
  for (bool misaligned : {false, true}) testing::expect_matches_interpreter_on_gpu(*module, 3, misaligned);
}

const char* const kRowSumBeside = R"(
func.func @main(%x: tensor<16384x8xf32>, %y: tensor<16384xf32>) -> tensor<16384xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<16384x8xf32>, tensor<f32>) -> tensor<16384xf32>
  %r = stablehlo.add %s, %y : tensor<16384xf32>
  return %r : tensor<16384xf32>
}
)";

// A root that loops per element (a reduce a thread per output computes) keeps the scalar loop:
// its loop once per lane would multiply the kernel for nothing. The add after it, a kernel of
// its own, has vectors.
TEST(VectorLoop, NotWhereARootLoopsPerElement) {
  auto module = optimized_module(kRowSumBeside);
  ASSERT_TRUE(module);
  const std::string text = generated_kernels(*module);
  const size_t fold = text.find("for (i64 r");
  ASSERT_NE(fold, std::string::npos) << text;
  const size_t begin = text.rfind("extern \"C\"", fold), end = text.find("extern \"C\"", fold);
  const std::string reduce_kernel = text.substr(begin, end == std::string::npos ? end : end - begin);
  EXPECT_EQ(count_of(reduce_kernel, "_pack("), 0) << reduce_kernel;
  EXPECT_EQ(count_of(text, "load_pack(p"), 2) << text;
  testing::expect_matches_interpreter_on_gpu(*module, 4, false);
}

const char* const kConcatenate = R"(
func.func @main(%a: tensor<16000xf32>, %b: tensor<384xf32>) -> tensor<16384xf32> {
  %c = stablehlo.concatenate %a, %b, dim = 0 : (tensor<16000xf32>, tensor<384xf32>) -> tensor<16384xf32>
  %r = stablehlo.exponential %c : tensor<16384xf32>
  return %r : tensor<16384xf32>
}
)";

// A parameter with fewer elements than the loop is never read as vectors (they would run past
// its end), whatever index it is read at.
TEST(VectorLoop, NotPastAShorterParameter) {
  auto module = optimized_module(kConcatenate);
  ASSERT_TRUE(module);
  const std::string text = generated_kernels(*module);
  EXPECT_EQ(count_of(text, "load_pack("), 0) << text;
  EXPECT_EQ(count_of(text, "store_pack(o0"), 1) << text;
  for (bool misaligned : {false, true}) testing::expect_matches_interpreter_on_gpu(*module, 5, misaligned);
}

}  // namespace
}  // namespace kiln::backend::cuda::vector_loop_test
