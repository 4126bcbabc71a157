// AttentionDesc without a GPU: the backward's checks in attention_unsupported_reason, the
// forward a backward reads (forward_of), the plan keys of the passes, the statistics' size.
#include <gtest/gtest.h>

#include "runtime/cuda/vendor_cudnn_attention.h"

namespace kiln::cuda {
namespace {

AttentionTensor packed(int64_t b, int64_t h, int64_t s, int64_t d) {
  return {{b, h, s, d}, {h * s * d, s * d, d, 1}};
}

// A backward of [2, 4, 64, 32] tensors, packed, causal.
AttentionDesc backward() {
  AttentionDesc d;
  d.q = d.k = d.v = d.o = packed(2, 4, 64, 32);
  d.scale = 0.125f;
  d.causal = true;
  d.pass = AttentionPass::kBackward;
  d.d_o = d.d_q = d.d_k = d.d_v = packed(2, 4, 64, 32);
  return d;
}

TEST(AttentionDesc, BackwardIsAccepted) { EXPECT_EQ(attention_unsupported_reason(backward()), ""); }

TEST(AttentionDesc, BackwardRefusesWhatCudnnsBackwardCannotTake) {
  // An additive mask (a constant: no dbias) is the backward's as the forward's; its dims are
  // checked as the forward's.
  AttentionDesc bias = backward();
  bias.has_bias = true;
  bias.bias = AttentionTensor{{1, 1, 64, 64}, {4096, 4096, 64, 1}};
  EXPECT_EQ(attention_unsupported_reason(bias), "");
  bias.bias.dims = {1, 1, 64, 32};
  EXPECT_NE(attention_unsupported_reason(bias).find("bias dims"), std::string::npos);

  AttentionDesc gqa = backward();
  gqa.k = gqa.v = gqa.d_k = gqa.d_v = packed(2, 2, 64, 32);
  EXPECT_EQ(attention_unsupported_reason(gqa), "the backward of GQA");
  gqa.pass = AttentionPass::kForward;  // the forward takes GQA
  EXPECT_EQ(attention_unsupported_reason(gqa), "");

  AttentionDesc shape = backward();
  shape.d_k = packed(2, 4, 32, 32);
  EXPECT_EQ(attention_unsupported_reason(shape), "dk's shape");

  AttentionDesc strided = backward();
  strided.d_o.strides = {8192, 2048, 1, 64};
  EXPECT_EQ(attention_unsupported_reason(strided), "dO's head dim is not contiguous");

  AttentionDesc f32 = backward();
  f32.type = FloatType::kF32;
  EXPECT_NE(attention_unsupported_reason(f32).find("f32"), std::string::npos);
}

TEST(AttentionDesc, ForwardOfIsTheStatsPassOfTheSameAttention) {
  const AttentionDesc b = backward();
  AttentionDesc want = b;
  want.pass = AttentionPass::kForwardStats;
  want.d_o = want.d_q = want.d_k = want.d_v = AttentionTensor{};
  EXPECT_EQ(b.forward_of(), want);
  EXPECT_EQ(attention_unsupported_reason(b.forward_of()), "");
}

TEST(AttentionDesc, EachPassHasItsOwnKey) {
  AttentionDesc forward = backward().forward_of();
  forward.pass = AttentionPass::kForward;
  const AttentionDesc stats = backward().forward_of();
  const std::string keys[] = {forward.key(), stats.key(), backward().key()};
  EXPECT_NE(keys[0], keys[1]);
  EXPECT_NE(keys[1], keys[2]);
  EXPECT_NE(keys[0], keys[2]);
  AttentionDesc other = backward();
  other.d_q.strides = {8192, 32, 128, 1};  // [b, s, h, d] in memory
  EXPECT_NE(other.key(), backward().key());
}

TEST(AttentionDesc, StatsAreOneF32PerQueryRow) {
  EXPECT_EQ(attention_stats_bytes(backward()), 2 * 4 * 64 * 4);
}

}  // namespace
}  // namespace kiln::cuda
