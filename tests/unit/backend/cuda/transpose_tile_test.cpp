// Transposes through shared-memory tiles in generated loop kernels
// (src/backend/cuda/codegen/transpose_tile.h): which kernels tile (a transpose of the two
// innermost dimensions, of the roots' shape, both at least kMinTileSide) and which keep the
// plain loop (small sides, other permutations, a transpose also read at another index); every
// variant compiles with NVRTC (no GPU needed); on a GPU, transposes of several shapes (ragged
// tiles, batches, rank 4) and element types match the interpreter.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/unit/backend/cuda/loop_kernel_checks.h"

namespace kiln::backend::cuda::transpose_tile_test {
namespace {

using testing::count_of;
using testing::generated_kernels;
using testing::optimized_module;

std::string type_of(const std::vector<int64_t>& shape, const std::string& dtype) {
  return fmt::format("tensor<{}x{}>", fmt::join(shape, "x"), dtype);
}

// transpose(x, perm) + y (or, for i1): the transpose read at the root's own index.
std::string transpose_add(const std::vector<int64_t>& in, const std::vector<int64_t>& perm,
                          const std::string& dtype) {
  std::vector<int64_t> out;
  for (int64_t p : perm) out.push_back(in[static_cast<size_t>(p)]);
  const std::string ti = type_of(in, dtype), to = type_of(out, dtype);
  return fmt::format(R"(
func.func @main(%x: {0}, %y: {1}) -> {1} {{
  %t = stablehlo.transpose %x, dims = [{2}] : ({0}) -> {1}
  %r = stablehlo.{3} %t, %y : {1}
  return %r : {1}
}}
)",
                     ti, to, fmt::join(perm, ", "), dtype == "i1" ? "or" : "add");
}

std::vector<int64_t> swap_innermost(size_t rank) {
  std::vector<int64_t> perm;
  for (size_t k = 0; k < rank; ++k) perm.push_back(static_cast<int64_t>(k));
  std::swap(perm[rank - 1], perm[rank - 2]);
  return perm;
}

std::string tiled_text(const std::string& program) {
  auto module = optimized_module(program);
  EXPECT_TRUE(module);
  return module ? generated_kernels(*module) : "";
}

TEST(TransposeTile, TwoDimensionsTile) {
  const std::string text = tiled_text(transpose_add({96, 64}, {1, 0}, "f32"));
  EXPECT_EQ(count_of(text, "__shared__"), 1) << text;
  EXPECT_NE(text.find("tile0[row * 33 + tx] = "), std::string::npos) << text;
  EXPECT_NE(text.find("tile0[tx * 33 + row]"), std::string::npos) << text;
  EXPECT_EQ(count_of(text, "__syncthreads();"), 2) << text;
  // 3 x 2 tiles, a block each.
  EXPECT_NE(text.find("tile < 6; tile += gridDim.x"), std::string::npos) << text;
}

TEST(TransposeTile, LeadingDimensionsAreBatches) {
  const std::string text = tiled_text(transpose_add({3, 100, 70}, {0, 2, 1}, "bf16"));
  EXPECT_EQ(count_of(text, "__shared__"), 1) << text;
  // 3 x (3 x 4) tiles (70 and 100 ragged).
  EXPECT_NE(text.find("tile < 36; tile += gridDim.x"), std::string::npos) << text;
}

TEST(TransposeTile, NotForSmallSides) {
  const std::string text = tiled_text(transpose_add({8, 64}, {1, 0}, "f32"));
  EXPECT_EQ(count_of(text, "__shared__"), 0) << text;
}

TEST(TransposeTile, NotForOtherPermutations) {
  const std::string text = tiled_text(transpose_add({40, 50, 60}, {1, 0, 2}, "f32"));
  EXPECT_EQ(count_of(text, "__shared__"), 0) << text;
}

const char* const kReversedToo = R"(
func.func @main(%x: tensor<64x48xf32>) -> tensor<48x64xf32> {
  %t = stablehlo.transpose %x, dims = [1, 0] : (tensor<64x48xf32>) -> tensor<48x64xf32>
  %v = stablehlo.reverse %t, dims = [1] : tensor<48x64xf32>
  %r = stablehlo.add %t, %v : tensor<48x64xf32>
  return %r : tensor<48x64xf32>
}
)";

// A transpose also read at another index than the roots' (reversed here) is not tiled: its
// tile would serve only some of its reads.
TEST(TransposeTile, NotWhereTheTransposeIsReadElsewhere) {
  const std::string text = tiled_text(kReversedToo);
  EXPECT_EQ(count_of(text, "__shared__"), 0) << text;
  auto module = optimized_module(kReversedToo);
  ASSERT_TRUE(module);
  testing::expect_compiles_with_nvrtc(*module);
  testing::expect_matches_interpreter_on_gpu(*module, 1, false);
}

const char* const kComputedOperands = R"(
func.func @main(%x: tensor<2x64x48xf32>, %y: tensor<2x64x48xf32>) -> tensor<2x48x64xf32> {
  %e = stablehlo.exponential %x : tensor<2x64x48xf32>
  %t = stablehlo.transpose %e, dims = [0, 2, 1] : (tensor<2x64x48xf32>) -> tensor<2x48x64xf32>
  %n = stablehlo.negate %y : tensor<2x64x48xf32>
  %u = stablehlo.transpose %n, dims = [0, 2, 1] : (tensor<2x64x48xf32>) -> tensor<2x48x64xf32>
  %r = stablehlo.multiply %t, %u : tensor<2x48x64xf32>
  return %r : tensor<2x48x64xf32>
}
)";

// Transposes of computed values: each operand computed along its rows into a tile of its own.
TEST(TransposeTile, ComputedOperandsGoThroughTilesToo) {
  const std::string text = tiled_text(kComputedOperands);
  EXPECT_GE(count_of(text, "__shared__"), 1) << text;
  auto module = optimized_module(kComputedOperands);
  ASSERT_TRUE(module);
  testing::expect_compiles_with_nvrtc(*module);
  testing::expect_matches_interpreter_on_gpu(*module, 2, false);
}

struct Case {
  std::vector<int64_t> shape;  // the operand's; its two innermost dimensions swap
  const char* dtype;
};

std::string case_name(const Case& c) {
  std::string n = fmt::format("{}_{}", fmt::join(c.shape, "x"), c.dtype);
  std::erase_if(n, [](char ch) { return ch == '<' || ch == '>'; });
  return n;
}

class TransposeTileCases : public ::testing::TestWithParam<Case> {};

TEST_P(TransposeTileCases, CompilesWithNvrtc) {
  const Case& c = GetParam();
  auto module = optimized_module(transpose_add(c.shape, swap_innermost(c.shape.size()), c.dtype));
  ASSERT_TRUE(module);
  testing::expect_compiles_with_nvrtc(*module);
}

TEST_P(TransposeTileCases, MatchesTheInterpreterOnTheGpu) {
  const Case& c = GetParam();
  auto module = optimized_module(transpose_add(c.shape, swap_innermost(c.shape.size()), c.dtype));
  ASSERT_TRUE(module);
  for (bool misaligned : {false, true}) {
    testing::expect_matches_interpreter_on_gpu(*module, 3, misaligned);
    if (::testing::Test::IsSkipped()) return;
  }
}

// Whole tiles, ragged ones, one side at the minimum, batches, rank 4; every storage width.
INSTANTIATE_TEST_SUITE_P(
    Shapes, TransposeTileCases,
    ::testing::Values(Case{{64, 96}, "f32"}, Case{{33, 17}, "f32"}, Case{{1000, 16}, "f32"},
                      Case{{16, 1000}, "bf16"}, Case{{3, 100, 70}, "f32"},
                      Case{{2, 3, 40, 33}, "f16"}, Case{{129, 65}, "f64"}, Case{{64, 48}, "i8"},
                      Case{{50, 40}, "i1"}, Case{{40, 50}, "i4"}, Case{{48, 80}, "complex<f32>"},
                      Case{{33, 40}, "complex<f64>"}, Case{{2048, 1024}, "bf16"}),
    [](const auto& info) { return case_name(info.param); });

}  // namespace
}  // namespace kiln::backend::cuda::transpose_tile_test
