// flash_attention's match: attention programs optimized by the pipeline (fuse-softmax, then
// fuse-attention) give kiln.attention composites; those in the kernel's [b, h, s, d] layout
// find flash_attention (or _causal) with their problem and scale, others find none.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <memory>

#include "frontend/parser.h"
#include "kernels/cuda/registry.h"
#include "passes/pipeline.h"
#include "tests/unit/backend/cuda/attention_programs.h"

namespace kiln::kernels::flash_attention_match_test {
namespace {

using backend::cuda::attention_programs::bhsd_program;
using Attention = backend::cuda::attention_programs::BhsdAttention;

class FlashAttentionMatch : public ::testing::Test {
 protected:
  // The kiln.attention the pipeline (O2) makes of `text`, or null.
  const ir::Operation* attention_of(const std::string& text) {
    auto m = frontend::parse_module_text(text, "attention.mlir");
    EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().message());
    if (!m.ok()) return nullptr;
    module_ = std::move(*m);
    auto s = passes::optimize(*module_, 2);
    EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error().message());
    for (const auto& o : module_->lookup_function("main")->region(0).front().operations()) {
      if (o->name() == "kiln.attention") return o.get();
    }
    ADD_FAILURE() << "no kiln.attention in\n" << text;
    return nullptr;
  }
  // The flash_attention kernels find_kernels gives for `op`.
  std::vector<KernelMatch> flash_kernels(const ir::Operation& op) {
    std::vector<KernelMatch> out;
    for (const KernelMatch& m : find_kernels(op)) {
      if (m.spec->name.starts_with("flash_attention")) out.push_back(m);
    }
    return out;
  }
  std::unique_ptr<ir::Module> module_;
};

TEST_F(FlashAttentionMatch, BhsdAttentionFindsTheKernelWithItsScale) {
  const ir::Operation* op = attention_of(bhsd_program({}));
  ASSERT_NE(op, nullptr);
  auto found = flash_kernels(*op);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].spec->name, "flash_attention");
  EXPECT_EQ(found[0].problem.shape, (Shape{2, 4, 4, 16, 16, 64}));
  ASSERT_TRUE(found[0].problem.scale.has_value());
  EXPECT_DOUBLE_EQ(*found[0].problem.scale, 0.125);
}

// GQA with q scaled first (Flax): q is read before the repeat of k and v.
TEST_F(FlashAttentionMatch, RepeatedKvHeadsFindTheGqaProblem) {
  Attention a;
  a.scale_q = true;
  a.h = 8;
  a.h_kv = 2;
  a.t = 24;
  const ir::Operation* op = attention_of(bhsd_program(a));
  ASSERT_NE(op, nullptr);
  auto found = flash_kernels(*op);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].problem.shape, (Shape{2, 8, 2, 16, 24, 64}));
  EXPECT_DOUBLE_EQ(found[0].problem.scale.value_or(0), 0.125);
}

// GQA as JAX writes it, the repeat of k and v before q·kᵀ reads q: fuse-attention still puts
// q, k, v first, so the kernel finds the same problem.
TEST_F(FlashAttentionMatch, RepeatedKvHeadsReadBeforeQFindTheGqaProblem) {
  Attention a;
  a.h = 8;
  a.h_kv = 2;
  a.t = 24;
  const ir::Operation* op = attention_of(bhsd_program(a));
  ASSERT_NE(op, nullptr);
  auto found = flash_kernels(*op);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].spec->name, "flash_attention");
  EXPECT_EQ(found[0].problem.shape, (Shape{2, 8, 2, 16, 24, 64}));
  EXPECT_DOUBLE_EQ(found[0].problem.scale.value_or(0), 0.125);
}

// 64 x 64 scores: too many for the folder to turn the iota mask into a constant, which
// fuse-attention would then pass as a fourth operand the kernel's problem does not have.
TEST_F(FlashAttentionMatch, CausalFindsTheCausalKernelWhereTheDiagonalsAgree) {
  Attention a;
  a.causal = true;
  a.s = a.t = 64;
  const ir::Operation* op = attention_of(bhsd_program(a));
  ASSERT_NE(op, nullptr);
  auto found = flash_kernels(*op);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].spec->name, "flash_attention_causal");
  EXPECT_EQ(found[0].problem.shape, (Shape{2, 4, 4, 64, 64, 64}));
}

// A small causal mask folds into a boolean constant: the composite reads it as an operand.
TEST_F(FlashAttentionMatch, CausalMaskFoldedIntoAnOperandFindsNone) {
  Attention a;
  a.causal = true;
  const ir::Operation* op = attention_of(bhsd_program(a));
  ASSERT_NE(op, nullptr);
  EXPECT_EQ(op->num_operands(), 4u);
  EXPECT_TRUE(flash_kernels(*op).empty());
}

// fuse-attention's causal keeps key <= query (top-left); the kernel's diagonal is bottom-right.
TEST_F(FlashAttentionMatch, CausalWithMoreKeysThanQueriesFindsNone) {
  Attention a;
  a.causal = true;
  a.s = 64;
  a.t = 128;
  const ir::Operation* op = attention_of(bhsd_program(a));
  ASSERT_NE(op, nullptr);
  EXPECT_TRUE(flash_kernels(*op).empty());
}

TEST_F(FlashAttentionMatch, HeadDimTheKernelLacksFindsNone) {
  Attention a;
  a.d = 96;
  const ir::Operation* op = attention_of(bhsd_program(a));
  ASSERT_NE(op, nullptr);
  EXPECT_TRUE(flash_kernels(*op).empty());
}

// JAX's [b, s, h, d] layout (the products batch dims 0 and 2): the kernel's problem lays q, k
// and v out as [b, h, s, d], so it is not taken.
TEST_F(FlashAttentionMatch, JaxSequenceMajorLayoutFindsNone) {
  backend::cuda::attention_programs::Shape s;
  s.s = s.t = 16;
  const ir::Operation* op = attention_of(backend::cuda::attention_programs::program(s));
  ASSERT_NE(op, nullptr);
  EXPECT_TRUE(flash_kernels(*op).empty());
}

}  // namespace
}  // namespace kiln::kernels::flash_attention_match_test
