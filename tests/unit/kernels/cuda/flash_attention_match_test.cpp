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

using backend::cuda::attention_programs::tensor;

struct Attention {
  int64_t b = 2, h = 4, h_kv = 4, s = 16, t = 16, d = 64;
  bool causal = false;
  double scale = 0.125;
  bool scale_q = false;  // q scaled before the product (Flax), else the scores
};

// softmax(scale q·kᵀ [causal, top-left as JAX writes it]) · v on [b, h, s, d] tensors in bf16,
// the scores in f32; GQA by jnp.repeat of k and v over the heads.
std::string bhsd_program(const Attention& a) {
  const std::string q_t = tensor({a.b, a.h, a.s, a.d}, "bf16");
  const std::string k_t = tensor({a.b, a.h_kv, a.t, a.d}, "bf16");
  const std::string kw_t = tensor({a.b, a.h, a.t, a.d}, "bf16");
  const std::string kb_t = tensor({a.b, a.h_kv, a.h / a.h_kv, a.t, a.d}, "bf16");
  const std::string s_t = tensor({a.b, a.h, a.s, a.t}, "f32");
  const std::string r_t = tensor({a.b, a.h, a.s}, "f32");
  std::string text =
      fmt::format("func.func @main(%q: {0}, %k: {1}, %v: {1}) -> {0} {{\n", q_t, k_t);
  std::string q = "%q", k = "%k", v = "%v";
  if (a.scale_q) {
    text += fmt::format(
        "  %cq = stablehlo.constant dense<{1}> : {0}\n"
        "  %qs = stablehlo.multiply %q, %cq : {0}\n",
        q_t, a.scale);
    q = "%qs";
  }
  if (a.h != a.h_kv) {
    text += fmt::format(
        "  %kb = stablehlo.broadcast_in_dim %k, dims = [0, 1, 3, 4] : ({0}) -> {1}\n"
        "  %kw = stablehlo.reshape %kb : ({1}) -> {2}\n"
        "  %vb = stablehlo.broadcast_in_dim %v, dims = [0, 1, 3, 4] : ({0}) -> {1}\n"
        "  %vw = stablehlo.reshape %vb : ({1}) -> {2}\n",
        k_t, kb_t, kw_t);
    k = "%kw";
    v = "%vw";
  }
  text += fmt::format(
      "  %s = stablehlo.dot_general {0}, {1}, batching_dims = [0, 1] x [0, 1], contracting_dims = "
      "[3] x [3] : ({2}, {3}) -> {4}\n",
      q, k, q_t, kw_t, s_t);
  std::string x = "%s";
  if (!a.scale_q) {
    text += fmt::format(
        "  %c = stablehlo.constant dense<{1}> : {0}\n"
        "  %x0 = stablehlo.multiply %s, %c : {0}\n",
        s_t, a.scale);
    x = "%x0";
  }
  if (a.causal) {
    const std::string i_t = tensor({a.s, a.t}, "i32");
    text += fmt::format(
        "  %qi = stablehlo.iota dim = 0 : {0}\n"
        "  %ki = stablehlo.iota dim = 1 : {0}\n"
        "  %pr = stablehlo.compare GE, %qi, %ki, SIGNED : ({0}, {0}) -> {1}\n"
        "  %pb = stablehlo.broadcast_in_dim %pr, dims = [2, 3] : ({1}) -> {2}\n"
        "  %ninfs = stablehlo.constant dense<0xFF800000> : {3}\n"
        "  %x1 = stablehlo.select %pb, {4}, %ninfs : {2}, {3}\n",
        i_t, tensor({a.s, a.t}, "i1"), tensor({a.b, a.h, a.s, a.t}, "i1"), s_t, x);
    x = "%x1";
  }
  text += fmt::format(
      "  %ni = stablehlo.constant dense<0xFF800000> : tensor<f32>\n"
      "  %mx = stablehlo.reduce({0} init: %ni) applies stablehlo.maximum across dimensions = [3] "
      ": ({1}, tensor<f32>) -> {2}\n"
      "  %mb = stablehlo.broadcast_in_dim %mx, dims = [0, 1, 2] : ({2}) -> {1}\n"
      "  %sh = stablehlo.subtract {0}, %mb : {1}\n"
      "  %ex = stablehlo.exponential %sh : {1}\n"
      "  %zr = stablehlo.constant dense<0.0> : tensor<f32>\n"
      "  %sm = stablehlo.reduce(%ex init: %zr) applies stablehlo.add across dimensions = [3] : "
      "({1}, tensor<f32>) -> {2}\n"
      "  %sb = stablehlo.broadcast_in_dim %sm, dims = [0, 1, 2] : ({2}) -> {1}\n"
      "  %p = stablehlo.divide %ex, %sb : {1}\n"
      "  %pc = stablehlo.convert %p : ({1}) -> {3}\n"
      "  %o = stablehlo.dot_general %pc, {4}, batching_dims = [0, 1] x [0, 1], contracting_dims = "
      "[3] x [2] : ({3}, {5}) -> {6}\n"
      "  return %o : {6}\n}}\n",
      x, s_t, r_t, tensor({a.b, a.h, a.s, a.t}, "bf16"), v, kw_t, q_t);
  return text;
}

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

// q is read first (its scale), so the composite's operands come as q, k, v: where the repeat of
// k and v comes first they come as k, v, q, which the kernel's problem cannot lay out.
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

TEST_F(FlashAttentionMatch, RepeatedKvHeadsReadBeforeQFindNone) {
  Attention a;
  a.h = 8;
  a.h_kv = 2;
  const ir::Operation* op = attention_of(bhsd_program(a));
  ASSERT_NE(op, nullptr);
  EXPECT_TRUE(flash_kernels(*op).empty());
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
