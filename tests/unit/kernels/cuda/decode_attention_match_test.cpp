// decode_attention's match: kiln.attention composites (O2) of a few query tokens over a long
// KV cache in the kernels' [b, h, s, d] layout find decode_attention with their problem; longer
// queries, short caches, masks and scales the kernel lacks find none.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>

#include "frontend/parser.h"
#include "kernels/cuda/decode_attention_match.h"
#include "kernels/cuda/registry.h"
#include "passes/pipeline.h"
#include "tests/unit/backend/cuda/attention_programs.h"

namespace kiln::kernels::decode_attention_match_test {
namespace {

using backend::cuda::attention_programs::bhsd_program;
using Attention = backend::cuda::attention_programs::BhsdAttention;

// One query token over 1000 keys (not a multiple of any step), GQA 8:2 with q scaled first
// (Flax's form), D = 64.
Attention decode_step() {
  Attention a;
  a.h = 8;
  a.h_kv = 2;
  a.s = 1;
  a.t = 1000;
  a.scale_q = true;
  return a;
}

class DecodeAttentionMatch : public ::testing::Test {
 protected:
  // The kiln.attention the pipeline (O2) makes of `a`'s program, or null.
  const ir::Operation* attention_of(const Attention& a) {
    auto m = frontend::parse_module_text(bhsd_program(a), "decode.mlir");
    EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().message());
    if (!m.ok()) return nullptr;
    module_ = std::move(*m);
    auto s = passes::optimize(*module_, 2);
    EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error().message());
    for (const auto& o : module_->lookup_function("main")->region(0).front().operations()) {
      if (o->name() == "kiln.attention") return o.get();
    }
    ADD_FAILURE() << "no kiln.attention in\n" << bhsd_program(a);
    return nullptr;
  }
  // The decode_attention kernels find_kernels gives for `op`.
  static std::vector<KernelMatch> decode_kernels(const ir::Operation& op) {
    std::vector<KernelMatch> out;
    for (const KernelMatch& m : find_kernels(op)) {
      if (m.spec->name.starts_with("decode_attention")) out.push_back(m);
    }
    return out;
  }
  std::unique_ptr<ir::Module> module_;
};

TEST_F(DecodeAttentionMatch, OneQueryTokenOverALongGqaCacheFindsTheKernel) {
  const ir::Operation* op = attention_of(decode_step());
  ASSERT_NE(op, nullptr);
  auto found = decode_kernels(*op);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].spec->name, "decode_attention");
  EXPECT_EQ(found[0].problem.shape, (Shape{2, 8, 2, 1, 1000, 64}));
}

// The scale on the scores, so that the repeat of k and v is read before q (JAX's form): the
// composite's operands still come q, k, v.
TEST_F(DecodeAttentionMatch, KvRepeatedBeforeQIsReadFindsTheKernel) {
  Attention a = decode_step();
  a.scale_q = false;
  const ir::Operation* op = attention_of(a);
  ASSERT_NE(op, nullptr);
  auto found = decode_kernels(*op);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].problem.shape, (Shape{2, 8, 2, 1, 1000, 64}));
}

// Four query tokens, MHA, D = 128: the scale 1/sqrt(128) on the f32 scores is the kernel's.
TEST_F(DecodeAttentionMatch, FourQueryTokensWithTheKernelsScaleFindTheKernel) {
  Attention a;
  a.s = 4;
  a.t = 300;
  a.d = 128;
  a.scale = 1 / std::sqrt(128.0);
  const ir::Operation* op = attention_of(a);
  ASSERT_NE(op, nullptr);
  auto found = decode_kernels(*op);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].problem.shape, (Shape{2, 4, 4, 4, 300, 128}));
}

TEST_F(DecodeAttentionMatch, MoreQueryTokensThanTheKernelTakesFindNone) {
  Attention a = decode_step();
  a.s = kDecodeMaxQueries + 1;
  const ir::Operation* op = attention_of(a);
  ASSERT_NE(op, nullptr);
  EXPECT_TRUE(decode_kernels(*op).empty());
}

TEST_F(DecodeAttentionMatch, AShortCacheFindsNone) {
  Attention a = decode_step();
  a.t = kDecodeMinKeys - 1;
  const ir::Operation* op = attention_of(a);
  ASSERT_NE(op, nullptr);
  EXPECT_TRUE(decode_kernels(*op).empty());
}

// The kernel's scale is 1/sqrt(D), fixed.
TEST_F(DecodeAttentionMatch, AnotherScaleFindsNone) {
  Attention a = decode_step();
  a.scale = 0.1;
  const ir::Operation* op = attention_of(a);
  ASSERT_NE(op, nullptr);
  EXPECT_TRUE(decode_kernels(*op).empty());
}

// fuse-attention's causal is top-left: one query token would see key 0 only, not the cache.
TEST_F(DecodeAttentionMatch, CausalFindsNone) {
  Attention a = decode_step();
  a.causal = true;
  const ir::Operation* op = attention_of(a);
  ASSERT_NE(op, nullptr);
  EXPECT_TRUE(decode_kernels(*op).empty());
}

// A head dimension that is not a power of two: the kernel's problem refuses it.
TEST_F(DecodeAttentionMatch, HeadDimTheKernelLacksFindsNone) {
  Attention a = decode_step();
  a.d = 96;
  a.scale = 1 / std::sqrt(96.0);
  const ir::Operation* op = attention_of(a);
  ASSERT_NE(op, nullptr);
  EXPECT_TRUE(decode_kernels(*op).empty());
}

}  // namespace
}  // namespace kiln::kernels::decode_attention_match_test
