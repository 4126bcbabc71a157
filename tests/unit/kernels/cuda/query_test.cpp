// The compiler's query of the kernel registry (find_kernels): parsed ops find the kernels
// that compute them, with their problems; other types, shapes and attributes find none.
#include <fmt/format.h>

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "frontend/parser.h"
#include "ir/verifier.h"
#include "kernels/cuda/registry.h"

namespace kiln::kernels {
namespace {

// A parsed, verified module whose @main holds the op under test, kept alive with it.
class Query : public ::testing::Test {
 protected:
  // The first op of @main named `name` in `text`.
  const ir::Operation* op_in(const std::string& text, const std::string& name) {
    auto m = frontend::parse_module_text(text);
    EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().message());
    if (!m.ok()) return nullptr;
    module_ = std::move(*m);
    Status v = ir::verify(*module_);
    EXPECT_TRUE(v.ok()) << (v.ok() ? "" : v.error().message());
    const ir::Operation* main = module_->lookup_function("main");
    if (!main) return nullptr;
    for (const auto& op : main->region(0).front().operations()) {
      if (op->name() == name) return op.get();
    }
    return nullptr;
  }
  // The names of the kernels find_kernels gives for `op`.
  std::vector<std::string> names(const ir::Operation& op) {
    std::vector<std::string> out;
    for (const KernelMatch& m : find_kernels(op)) out.push_back(m.spec->name);
    return out;
  }
  std::unique_ptr<ir::Module> module_;
};

using Names = std::vector<std::string>;

TEST_F(Query, UnaryOpFindsItsKernelWithTheProblem) {
  const auto* op = op_in(R"(func.func @main(%x: tensor<4x1000xbf16>) -> tensor<4x1000xbf16> {
  %y = stablehlo.exponential %x : tensor<4x1000xbf16>
  return %y : tensor<4x1000xbf16>
})",
                         "stablehlo.exponential");
  ASSERT_NE(op, nullptr);
  auto found = find_kernels(*op);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].spec->name, "exp");
  EXPECT_EQ(found[0].problem.dtype, ElementType(ElementKind::kBF16));
  EXPECT_EQ(found[0].problem.shape, (Shape{4, 1000}));
}

TEST_F(Query, ElementTypeTheKernelLacksFindsNone) {
  const auto* op = op_in(R"(func.func @main(%x: tensor<16xf64>) -> tensor<16xf64> {
  %y = stablehlo.exponential %x : tensor<16xf64>
  return %y : tensor<16xf64>
})",
                         "stablehlo.exponential");
  ASSERT_NE(op, nullptr);
  EXPECT_TRUE(find_kernels(*op).empty());
}

TEST_F(Query, BinaryOpFindsTheSameShapeKernel) {
  const auto* op =
      op_in(R"(func.func @main(%a: tensor<1031xf16>, %b: tensor<1031xf16>) -> tensor<1031xf16> {
  %y = stablehlo.add %a, %b : tensor<1031xf16>
  return %y : tensor<1031xf16>
})",
            "stablehlo.add");
  ASSERT_NE(op, nullptr);
  EXPECT_EQ(names(*op), Names{"add"});
}

TEST_F(Query, RowSumOverTheLastAxisFindsSumRows) {
  const auto* op = op_in(R"(func.func @main(%x: tensor<2x3x64xf32>) -> tensor<2x3xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [2] : (tensor<2x3x64xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
})",
                         "stablehlo.reduce");
  ASSERT_NE(op, nullptr);
  auto found = find_kernels(*op);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].spec->name, "sum_rows");
  EXPECT_EQ(found[0].problem.shape, (Shape{6, 64}));
}

TEST_F(Query, ReduceFromANonIdentityInitFindsNone) {
  const auto* op = op_in(R"(func.func @main(%x: tensor<6x64xf32>) -> tensor<6xf32> {
  %z = stablehlo.constant dense<1.0> : tensor<f32>
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<6x64xf32>, tensor<f32>) -> tensor<6xf32>
  return %r : tensor<6xf32>
})",
                         "stablehlo.reduce");
  ASSERT_NE(op, nullptr);
  EXPECT_TRUE(find_kernels(*op).empty());
}

TEST_F(Query, MaxOverEveryDimensionFindsMax) {
  const auto* op = op_in(R"(func.func @main(%x: tensor<3x1031xbf16>) -> tensor<bf16> {
  %z = stablehlo.constant dense<0xFF80> : tensor<bf16>
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<3x1031xbf16>, tensor<bf16>) -> tensor<bf16>
  return %r : tensor<bf16>
})",
                         "stablehlo.reduce");
  ASSERT_NE(op, nullptr);
  EXPECT_EQ(names(*op), Names{"max"});
}

TEST_F(Query, SelectWithAFullPredicateFindsSelect) {
  const auto* op = op_in(
      R"(func.func @main(%p: tensor<100xi1>, %a: tensor<100xf32>, %b: tensor<100xf32>) -> tensor<100xf32> {
  %y = stablehlo.select %p, %a, %b : tensor<100xi1>, tensor<100xf32>
  return %y : tensor<100xf32>
})",
      "stablehlo.select");
  ASSERT_NE(op, nullptr);
  EXPECT_EQ(names(*op), Names{"select"});
}

TEST_F(Query, ConvertToTheSameTypeIsACopyAndToAnotherIsNot) {
  const auto* same = op_in(R"(func.func @main(%x: tensor<8xf16>) -> tensor<8xf16> {
  %y = stablehlo.convert %x : (tensor<8xf16>) -> tensor<8xf16>
  return %y : tensor<8xf16>
})",
                           "stablehlo.convert");
  ASSERT_NE(same, nullptr);
  EXPECT_EQ(names(*same), Names{"copy"});
  const auto* other = op_in(R"(func.func @main(%x: tensor<8xf16>) -> tensor<8xf32> {
  %y = stablehlo.convert %x : (tensor<8xf16>) -> tensor<8xf32>
  return %y : tensor<8xf32>
})",
                            "stablehlo.convert");
  ASSERT_NE(other, nullptr);
  EXPECT_TRUE(find_kernels(*other).empty());
}

TEST_F(Query, MatrixVectorDotFindsGemvAndTransposedFindsGemvT) {
  const auto* op =
      op_in(R"(func.func @main(%a: tensor<64x32xbf16>, %x: tensor<32xbf16>) -> tensor<64xbf16> {
  %y = stablehlo.dot_general %a, %x, contracting_dims = [1] x [0] : (tensor<64x32xbf16>, tensor<32xbf16>) -> tensor<64xbf16>
  return %y : tensor<64xbf16>
})",
            "stablehlo.dot_general");
  ASSERT_NE(op, nullptr);
  auto found = find_kernels(*op);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].spec->name, "gemv");
  EXPECT_EQ(found[0].problem.shape, (Shape{64, 32}));
  const auto* t =
      op_in(R"(func.func @main(%a: tensor<64x32xf32>, %x: tensor<64xf32>) -> tensor<32xf32> {
  %y = stablehlo.dot_general %a, %x, contracting_dims = [0] x [0] : (tensor<64x32xf32>, tensor<64xf32>) -> tensor<32xf32>
  return %y : tensor<32xf32>
})",
            "stablehlo.dot_general");
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(names(*t), Names{"gemv_t"});
}

TEST_F(Query, MatrixMatrixDotFindsNone) {
  const auto* op =
      op_in(R"(func.func @main(%a: tensor<8x4xf32>, %b: tensor<4x2xf32>) -> tensor<8x2xf32> {
  %y = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x4xf32>, tensor<4x2xf32>) -> tensor<8x2xf32>
  return %y : tensor<8x2xf32>
})",
            "stablehlo.dot_general");
  ASSERT_NE(op, nullptr);
  EXPECT_TRUE(find_kernels(*op).empty());
}

// A 16-bit dot_general of row-major A [M, K] with B [K, N] is gemm, with B [N, K] gemm_nt; the
// problem is [M, N, K] (its tensors [1, M, K], ...: the same bytes), batched [B, M, N, K].
TEST_F(Query, MatrixMatrixDotFindsGemmByTheLayoutOfB) {
  const auto* nn =
      op_in(R"(func.func @main(%a: tensor<8x4xbf16>, %b: tensor<4x2xbf16>) -> tensor<8x2xbf16> {
  %y = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x4xbf16>, tensor<4x2xbf16>) -> tensor<8x2xbf16>
  return %y : tensor<8x2xbf16>
})",
            "stablehlo.dot_general");
  ASSERT_NE(nn, nullptr);
  auto found = find_kernels(*nn);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].spec->name, "gemm");
  EXPECT_EQ(found[0].problem.shape, (Shape{8, 2, 4}));
  EXPECT_EQ(found[0].problem.inputs[1].shape, (Shape{1, 4, 2}));
  const auto* nt =
      op_in(R"(func.func @main(%a: tensor<8x4xf16>, %b: tensor<2x4xf16>) -> tensor<8x2xf16> {
  %y = stablehlo.dot_general %a, %b, contracting_dims = [1] x [1] : (tensor<8x4xf16>, tensor<2x4xf16>) -> tensor<8x2xf16>
  return %y : tensor<8x2xf16>
})",
            "stablehlo.dot_general");
  ASSERT_NE(nt, nullptr);
  found = find_kernels(*nt);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].spec->name, "gemm_nt");
  EXPECT_EQ(found[0].problem.shape, (Shape{8, 2, 4}));
}

TEST_F(Query, BatchedDotFindsGemmWithTheBatch) {
  const auto* op = op_in(
      R"(func.func @main(%a: tensor<3x8x4xbf16>, %b: tensor<3x2x4xbf16>) -> tensor<3x8x2xbf16> {
  %y = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<3x8x4xbf16>, tensor<3x2x4xbf16>) -> tensor<3x8x2xbf16>
  return %y : tensor<3x8x2xbf16>
})",
      "stablehlo.dot_general");
  ASSERT_NE(op, nullptr);
  auto found = find_kernels(*op);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].spec->name, "gemm_nt");
  EXPECT_EQ(found[0].problem.shape, (Shape{3, 8, 2, 4}));
}

TEST_F(Query, DotsGemmDoesNotComputeFindNone) {
  // A transposed A, an f32 result of bf16 operands, a batch dimension that is not the first.
  for (const char* text : {
           R"(func.func @main(%a: tensor<4x8xbf16>, %b: tensor<4x2xbf16>) -> tensor<8x2xbf16> {
  %y = stablehlo.dot_general %a, %b, contracting_dims = [0] x [0] : (tensor<4x8xbf16>, tensor<4x2xbf16>) -> tensor<8x2xbf16>
  return %y : tensor<8x2xbf16>
})",
           R"(func.func @main(%a: tensor<8x4xbf16>, %b: tensor<4x2xbf16>) -> tensor<8x2xf32> {
  %y = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x4xbf16>, tensor<4x2xbf16>) -> tensor<8x2xf32>
  return %y : tensor<8x2xf32>
})",
           R"(func.func @main(%a: tensor<8x3x4xbf16>, %b: tensor<3x4x2xbf16>) -> tensor<3x8x2xbf16> {
  %y = stablehlo.dot_general %a, %b, batching_dims = [1] x [0], contracting_dims = [2] x [1] : (tensor<8x3x4xbf16>, tensor<3x4x2xbf16>) -> tensor<3x8x2xbf16>
  return %y : tensor<3x8x2xbf16>
})"}) {
    const auto* op = op_in(text, "stablehlo.dot_general");
    ASSERT_NE(op, nullptr) << text;
    EXPECT_TRUE(find_kernels(*op).empty()) << text;
  }
}

TEST_F(Query, TotalOrderAscendingSortFindsSortAndFloatOrderDoesNot) {
  const char* kSort = R"(func.func @main(%k: tensor<1000xf32>) -> tensor<1000xf32> {
  %0 = "stablehlo.sort"(%k) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = stablehlo.compare LT, %a, %b, $TYPE : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) : (tensor<1000xf32>) -> tensor<1000xf32>
  return %0 : tensor<1000xf32>
})";
  std::string total = kSort, fl = kSort;
  total.replace(total.find("$TYPE"), 5, "TOTALORDER");
  fl.replace(fl.find("$TYPE"), 5, "FLOAT");
  const auto* op = op_in(total, "stablehlo.sort");
  ASSERT_NE(op, nullptr);
  EXPECT_EQ(names(*op), Names{"sort"});
  const auto* other = op_in(fl, "stablehlo.sort");
  ASSERT_NE(other, nullptr);
  EXPECT_TRUE(find_kernels(*other).empty());
}

// A kiln.* pattern op, parsed but not verified (its decomposition region is left out): the
// query reads its name, types and config. Row-wise patterns take the last dimension of any
// rank as [rows, columns].
TEST_F(Query, PatternOpFindsItsKernelOverTheLastAxis) {
  auto m = frontend::parse_module_text(
      R"(func.func @main(%x: tensor<2x8x64xbf16>) -> tensor<2x8x64xbf16> {
  %y = "kiln.softmax"(%x) {config = {axis = 2 : i64, max_subtracted = true}} : (tensor<2x8x64xbf16>) -> tensor<2x8x64xbf16>
  return %y : tensor<2x8x64xbf16>
})");
  ASSERT_TRUE(m.ok()) << m.error().message();
  const ir::Operation* main = (*m)->lookup_function("main");
  ASSERT_NE(main, nullptr);
  const ir::Operation& op = *main->region(0).front().operations().front();
  auto found = find_kernels(op);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].spec->name, "softmax");
  EXPECT_EQ(found[0].problem.shape, (Shape{16, 64}));
}

// The same types over another axis (or with no config to say which) are no row softmax.
TEST_F(Query, PatternOpOverAnotherAxisFindsNone) {
  for (const char* attrs : {"{config = {axis = 1 : i64, max_subtracted = true}}", ""}) {
    auto m = frontend::parse_module_text(fmt::format(
        R"(func.func @main(%x: tensor<2x8x64xbf16>) -> tensor<2x8x64xbf16> {{
  %y = "kiln.softmax"(%x) {} : (tensor<2x8x64xbf16>) -> tensor<2x8x64xbf16>
  return %y : tensor<2x8x64xbf16>
}})",
        attrs));
    ASSERT_TRUE(m.ok()) << m.error().message();
    const ir::Operation* main = (*m)->lookup_function("main");
    ASSERT_NE(main, nullptr);
    EXPECT_TRUE(find_kernels(*main->region(0).front().operations().front()).empty()) << attrs;
  }
}

TEST_F(Query, EveryKernelWithAnOpHasAMatch) {
  for (const KernelSpec* s : all_kernels()) {
    EXPECT_EQ(s->op.empty(), !s->match) << s->name;
  }
}

}  // namespace
}  // namespace kiln::kernels
