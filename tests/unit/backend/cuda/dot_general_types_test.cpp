// dot_general's element types beyond f32 / f16 / bf16 on cuBLASLt: f64, complex64, complex128,
// i8 into i32 and f8e4m3fn into f32 / bf16 (cuBLASLt's "TN" layout and alignment), and the
// cases that stay generated kernels (ragged i8 / f8, i8 into i8, e5m2) — planned without a GPU,
// compiled through NVRTC, and on a GPU matched against the interpreter.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "tests/unit/backend/cuda/gemm_test_programs.h"

namespace kiln::backend::cuda {
namespace {

using ::kiln::cuda::GemmType;

// lhs [batch,] m x k times rhs [batch,] k x n (or n x k: `rhs_nk`), `in` into `out`.
std::string typed_matmul(const std::string& in, const std::string& out, int64_t m, int64_t k, int64_t n,
                   int64_t batch = 0, bool rhs_nk = false) {
  const std::string b = batch ? fmt::format("{}x", batch) : "";
  const std::string x = fmt::format("tensor<{}{}x{}x{}>", b, m, k, in);
  const std::string w = rhs_nk ? fmt::format("tensor<{}{}x{}x{}>", b, n, k, in)
                               : fmt::format("tensor<{}{}x{}x{}>", b, k, n, in);
  const std::string o = fmt::format("tensor<{}{}x{}x{}>", b, m, n, out);
  const int64_t r = batch ? 3 : 2;
  return fmt::format(
      "func.func @main(%a: {0}, %b: {1}) -> {2} {{\n  %r = stablehlo.dot_general %a, %b, "
      "{3}contracting_dims = [{4}] x [{5}] : ({0}, {1}) -> {2}\n  return %r : {2}\n}}\n",
      x, w, o, batch ? "batching_dims = [0] x [0], " : "", r - 1, rhs_nk ? r - 1 : r - 2);
}

struct GemmTypeCase {
  const char* name;
  std::string text;
  std::optional<GemmType> gemm;  // nullopt: a generated kernel
};

std::vector<GemmTypeCase> gemm_type_cases() {
  return {
      {"f64_ragged", typed_matmul("f64", "f64", 37, 29, 53), GemmType::kF64},
      {"f64_batched", typed_matmul("f64", "f64", 37, 29, 53, 3), GemmType::kF64},
      {"c64_ragged", typed_matmul("complex<f32>", "complex<f32>", 37, 29, 53), GemmType::kC64},
      {"c64_batched_rhs_nk", typed_matmul("complex<f32>", "complex<f32>", 7, 29, 5, 2, true), GemmType::kC64},
      {"c128_ragged", typed_matmul("complex<f64>", "complex<f64>", 37, 29, 53), GemmType::kC128},
      // x @ W with W [k, n]: the rhs is first copied into [n, k] ("TN").
      {"i8_to_i32", typed_matmul("i8", "i32", 36, 64, 48), GemmType::kI8},
      {"i8_to_i32_rhs_nk", typed_matmul("i8", "i32", 36, 64, 48, 0, true), GemmType::kI8},
      {"i8_to_i32_batched", typed_matmul("i8", "i32", 8, 32, 16, 3), GemmType::kI8},
      {"i8_to_i32_ragged", typed_matmul("i8", "i32", 37, 29, 53), std::nullopt},
      {"i8_to_i8", typed_matmul("i8", "i8", 36, 64, 48), std::nullopt},
      // cuBLASLt's f8 sums are less precise than f32: an f32 result stays generated code.
      {"f8e4m3fn_to_f32", typed_matmul("f8E4M3FN", "f32", 32, 64, 48), std::nullopt},
      {"f8e4m3fn_to_bf16_rhs_nk", typed_matmul("f8E4M3FN", "bf16", 32, 64, 48, 0, true), GemmType::kF8E4M3},
      {"f8e4m3fn_to_bf16_batched", typed_matmul("f8E4M3FN", "bf16", 16, 32, 16, 2), GemmType::kF8E4M3},
      {"f8e4m3fn_ragged", typed_matmul("f8E4M3FN", "f32", 37, 29, 53), std::nullopt},
      {"f8e5m2", typed_matmul("f8E5M2", "f32", 32, 64, 48), std::nullopt},
      {"f8e4m3fn_to_f8", typed_matmul("f8E4M3FN", "f8E4M3FN", 32, 64, 48), std::nullopt},
  };
}

TEST(DotGeneralTypes, EachTypeIsAGemmOrAGeneratedKernel) {
  for (const GemmTypeCase& c : gemm_type_cases()) {
    SCOPED_TRACE(c.name);
    auto p = testing::lower_text(c.text);
    ASSERT_TRUE(p.ok()) << p.error().message();
    const GemmStep* g = testing::first_gemm(*p);
    if (!c.gemm) {
      EXPECT_EQ(g, nullptr);
      EXPECT_EQ(p->kernel_count, 1);
      continue;
    }
    ASSERT_NE(g, nullptr);
    EXPECT_EQ(g->desc.type, *c.gemm);
    EXPECT_TRUE(::kiln::cuda::check_gemm_desc(g->desc).ok());
  }
}

// int8 and fp8 products are "TN" in cuBLASLt's terms: A (the rhs) transposed, B (the lhs) not.
TEST(DotGeneralTypes, Int8AndFp8AreTn) {
  for (const GemmTypeCase& c : gemm_type_cases()) {
    if (!c.gemm || (*c.gemm != GemmType::kI8 && *c.gemm != GemmType::kF8E4M3)) continue;
    SCOPED_TRACE(c.name);
    auto p = testing::lower_text(c.text);
    ASSERT_TRUE(p.ok()) << p.error().message();
    const GemmStep* g = testing::first_gemm(*p);
    ASSERT_NE(g, nullptr);
    EXPECT_TRUE(g->desc.transpose_a);
    EXPECT_FALSE(g->desc.transpose_b);
    EXPECT_EQ(g->desc.lda, g->desc.k);
    EXPECT_EQ(g->desc.ldb, g->desc.k);
  }
  // W [k, n] as it lies is "NN": one permuted copy of the rhs first.
  auto p = testing::lower_text(typed_matmul("i8", "i32", 36, 64, 48));
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(p->kernel_count, 1);
  auto q = testing::lower_text(typed_matmul("i8", "i32", 36, 64, 48, 0, true));
  ASSERT_TRUE(q.ok()) << q.error().message();
  EXPECT_EQ(q->kernel_count, 0);
}

// The results cuBLASLt writes where they differ from the operands: i32 for i8, wider floats for f8.
TEST(DotGeneralTypes, I8ResultIsI32AndF8ResultIsWider) {
  auto p = testing::lower_text(typed_matmul("i8", "i32", 36, 64, 48));
  ASSERT_TRUE(p.ok()) << p.error().message();
  ASSERT_NE(testing::first_gemm(*p), nullptr);
  EXPECT_EQ(testing::first_gemm(*p)->desc.result_type, GemmType::kI32);
  auto q = testing::lower_text(typed_matmul("f8E4M3FN", "bf16", 32, 64, 48));
  ASSERT_TRUE(q.ok()) << q.error().message();
  ASSERT_NE(testing::first_gemm(*q), nullptr);
  EXPECT_EQ(testing::first_gemm(*q)->desc.result_type, GemmType::kBF16);
}

// The permutation kernels of 1-, 8- and 16-byte elements compile (no GPU needed).
TEST(DotGeneralTypes, EveryCaseCompiles) {
  for (const GemmTypeCase& c : gemm_type_cases()) {
    SCOPED_TRACE(c.name);
    auto module = testing::parse(c.text);
    ASSERT_TRUE(module);
    auto exe = compile_cuda(*module, {});
    ASSERT_TRUE(exe.ok()) << exe.error().message();
  }
  for (const char* t : {"f64", "complex<f64>"}) {
    SCOPED_TRACE(t);
    // Contracting dimensions out of order: both operands permuted.
    const std::string text = fmt::format(
        "func.func @main(%a: tensor<3x4x2x{0}>, %b: tensor<2x5x3x{0}>) -> tensor<4x5x{0}> {{\n"
        "  %r = stablehlo.dot_general %a, %b, contracting_dims = [2, 0] x [0, 2] : "
        "(tensor<3x4x2x{0}>, tensor<2x5x3x{0}>) -> tensor<4x5x{0}>\n  return %r : tensor<4x5x{0}>\n}}\n",
        t);
    auto module = testing::parse(text);
    ASSERT_TRUE(module);
    auto exe = compile_cuda(*module, {});
    ASSERT_TRUE(exe.ok()) << exe.error().message();
    EXPECT_EQ((*exe)->program().gemm_count, 1);
    EXPECT_EQ((*exe)->program().kernel_count, 2);
  }
}

TEST(DotGeneralTypes, EveryCaseMatchesTheInterpreter) {
  std::string why;
  if (!testing::have_gpu(why)) GTEST_SKIP() << "no GPU: " << why;
  for (const GemmTypeCase& c : gemm_type_cases()) {
    SCOPED_TRACE(c.name);
    testing::expect_optimized_matches_interpreter(c.text, /*optimize=*/false);
  }
}

}  // namespace
}  // namespace kiln::backend::cuda
