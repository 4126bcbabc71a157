// The online softmax of flash attention forward, shared by flash_attention.cu (mma.sync) and
// flash_attention_sm90.cu (wgmma): one warp's 16 query rows of scores in the accumulator
// layout both instructions share (thread lane holds rows lane/4 and lane/4 + 8, columns
// 2 (lane % 4) and the next of every 8-column group: s[j][2 h + e] is row lane/4 + 8 h, column
// 8 j + 2 (lane % 4) + e), the running max and sum of each of the thread's two rows, and the
// final normalisation and store of O and the row logsumexp.
#pragma once

#include "ops/mma.cuh"
#include "ops/reduce.cuh"

namespace flash {

__device__ __forceinline__ float fast_exp2(float x) {  // exp2(-inf) = +0
  float y;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}

// One tile's step: the scores s scaled to log2 units and, where `masked`, masked (keys at or
// past skv, and with `causal` keys past each row's diagonal: key j kept for row i where
// j <= i + diagonal); the running max m (log2 units) and partial sum l of each of the thread's
// rows updated, s turned into exp2(s scale_log2 - m), and alpha: the factor by which O's rows
// must be rescaled (rescale_rows). row0 is the warp's first row, key0 the tile's first key.
// kPositiveScale (scale_log2 > 0, as the default 1/sqrt(D) is): the max is taken on the raw
// scores and the scale folded into the exponent's FMA (one multiply fewer per score);
// otherwise the scores are scaled first.
template <bool kPositiveScale = false, int kKeyTiles>
__device__ __forceinline__ void softmax_step(float (&s)[kKeyTiles][4], float (&m)[2], float (&l)[2],
                                             float (&alpha)[2], float scale_log2, bool masked,
                                             bool causal, int row0, int key0, int skv,
                                             int diagonal) {
  const int lane = threadIdx.x & 31;
  const float ninf = -__int_as_float(0x7f800000);
#pragma unroll
  for (int h = 0; h < 2; ++h) {  // rows lane/4 and lane/4 + 8
    const int row = row0 + (lane >> 2) + h * 8;
    // Masked, the row keeps column c = 8 j + e of the thread's where c <= last: the last key
    // kept (before skv and, causal, on or before the row's diagonal) relative to the thread's
    // first column in the tile; one compare per score.
    const int last = (causal ? min(skv - 1, row + diagonal) : skv - 1) - key0 - (lane & 3) * 2;
    float mx = ninf;
#pragma unroll
    for (int j = 0; j < kKeyTiles; ++j) {
#pragma unroll
      for (int e = 0; e < 2; ++e) {
        float x = kPositiveScale ? s[j][2 * h + e] : s[j][2 * h + e] * scale_log2;
        if (masked && j * 8 + e > last) x = ninf;
        s[j][2 * h + e] = x;
        mx = fmaxf(mx, x);
      }
    }
    mx = lanes_reduce<MaxNumCombiner, 4>(mx);
    if (kPositiveScale) mx *= scale_log2;  // -inf stays -inf
    const float m_new = fmaxf(m[h], mx);
    // A row with no key yet keeps shift 0, so that exp2(-inf - shift) is 0, not NaN.
    const float shift = m_new == ninf ? 0.f : m_new;
    alpha[h] = fast_exp2(m[h] - shift);
    m[h] = m_new;
    float sum = 0.f;
#pragma unroll
    for (int j = 0; j < kKeyTiles; ++j) {
#pragma unroll
      for (int e = 0; e < 2; ++e) {
        const float p = kPositiveScale ? fast_exp2(fmaf(s[j][2 * h + e], scale_log2, -shift))
                                       : fast_exp2(s[j][2 * h + e] - shift);
        s[j][2 * h + e] = p;
        sum += p;
      }
    }
    l[h] = l[h] * alpha[h] + sum;
  }
}

// O's rows (the thread's two) times alpha.
template <int kDimTiles>
__device__ __forceinline__ void rescale_rows(float (&o)[kDimTiles][4], const float (&alpha)[2]) {
#pragma unroll
  for (int d = 0; d < kDimTiles; ++d) {
    o[d][0] *= alpha[0];
    o[d][1] *= alpha[0];
    o[d][2] *= alpha[1];
    o[d][3] *= alpha[1];
  }
}

// softmax_step, then O rescaled.
template <bool kPositiveScale = false, int kKeyTiles, int kDimTiles>
__device__ __forceinline__ void online_softmax(float (&s)[kKeyTiles][4], float (&o)[kDimTiles][4],
                                               float (&m)[2], float (&l)[2], float scale_log2,
                                               bool masked, bool causal, int row0, int key0,
                                               int skv, int diagonal) {
  float alpha[2];
  softmax_step<kPositiveScale>(s, m, l, alpha, scale_log2, masked, causal, row0, key0, skv,
                               diagonal);
  rescale_rows(o, alpha);
}

// The warp's rows of O (out: row row0's first element, rows `stride` elements apart) divided
// by their sums, rows at or past sq not written; with lse (non-null: row row0's entry) the
// row logsumexp, natural log, -inf for a row with no key.
template <class E, int kDimTiles>
__device__ __forceinline__ void store_rows(const float (&o)[kDimTiles][4], const float (&m)[2],
                                           const float (&l)[2], E* out, i64 stride, float* lse,
                                           int row0, int sq) {
  const int lane = threadIdx.x & 31;
#pragma unroll
  for (int h = 0; h < 2; ++h) {
    const float total = lanes_reduce<AddCombiner, 4>(l[h]);
    const float inv = total > 0.f ? 1.f / total : 0.f;
    const int r = (lane >> 2) + h * 8;
    if (row0 + r >= sq) continue;
    E* dst = out + r * stride + (lane & 3) * 2;
#pragma unroll
    for (int d = 0; d < kDimTiles; ++d) {
      *reinterpret_cast<unsigned*>(dst + d * 8) =
          pack_pair<E>(o[d][2 * h] * inv, o[d][2 * h + 1] * inv);
    }
    if (lse != nullptr && (lane & 3) == 0) {
      // m is in log2 units: lse = ln 2 * (m + log2(total)).
      lse[r] = total > 0.f ? 0.69314718056f * (m[h] + __log2f(total)) : -__int_as_float(0x7f800000);
    }
  }
}

}  // namespace flash
