// Weight-only quantized matrix products (gemv_w4, gemv_w8): y [M_ACT, N] = x [M_ACT, K] .
// dequant(W)^T, accumulated in f32, for M_ACT = 1 (GEMV) .. 16 (small-batch GEMM).
//
// W [N, K] holds unsigned codes q packed into 32-bit words along K, row after row: code k of a
// row is bits 4 (k % 8) .. 4 (k % 8) + 3 of word k / 8 (BITS=4: the low nibble of each byte
// first) or byte k % 4 of word k / 4 (BITS=8). Each group of GROUP consecutive codes of a row
// has a scale s and a zero point z in x's type ([N, K / GROUP] each): w = (q - z) s.
//
// Specialised by -DELEM (x's and y's type), -DBITS (4 or 8), -DGROUP (32, 64, 128), -DM_ACT
// (rows of x), -DSPLIT (1: the K range is split), -DMMA (which kernel), -DUNROLL (steps whose
// W packs are loaded before any is used) and, for quant_gemv, -DROWS (rows of W per warp).
// Codes become floats in registers without conversions: the code is or-ed into the mantissa
// of 2^23 and 2^23 subtracted (exact). A block sums the K range of its split (blockIdx.y);
// without SPLIT a warp writes y, with it f32 partial sums [splits, M_ACT, N] that gemv.cu's
// gemv_t_finish adds in split order.
//
// quant_gemv (MMA=0, FMA): one warp takes ROWS rows of W; its lanes take consecutive 16-byte
// packs of each row (a pack is 32 or 16 codes, always inside one group), so a warp reads ROWS
// contiguous 512-byte runs per step, each x pack loaded once for the ROWS rows.
// quant_gemm_mma (MMA=1, tensor cores): one warp takes 16 rows of W as the A operand of
// mma.sync m16n8k16 (f32 accumulators) and x^T as B (one n-tile of 8 rows of x, or two); see
// there for how the packs map onto the fragments.
#include "ops/reduce.cuh"

typedef ELEM T;
#if SPLIT
typedef float Out;
#else
typedef T Out;
#endif

constexpr int kCodesPerWord = 32 / BITS;
constexpr int kCodesPerPack = 4 * kCodesPerWord;  // 16 bytes of W
constexpr int kWordsPer8 = 8 / kCodesPerWord;     // words holding 8 codes (one x pack)
constexpr unsigned kMagicBits = 0x4B000000u;      // 2^23 as a float
constexpr float kMagic = 8388608.f;

static_assert(GROUP % kCodesPerPack == 0, "a pack of W lies inside one group");
static_assert(Pack<T>::kSize == 8, "x is a 16-bit type");

// One row's group: w = q s + b with b = -z s; s_hi = s 2^-16 for codes read 16 bits high.
struct GroupScale {
  float s, s_hi, b;
};

// 16 bytes at p: one vector load where aligned, else four word loads (W's rows are whole
// words). W is read once: streamed.
__device__ __forceinline__ uint4 load_words(const unsigned* p, bool aligned) {
  if (aligned) return __ldcs(reinterpret_cast<const uint4*>(p));
  return make_uint4(p[0], p[1], p[2], p[3]);
}

// x[0 .. 8) as floats; x is read by every warp: kept in the caches.
__device__ __forceinline__ void load_x8(const T* p, bool aligned, float (&out)[8]) {
  if (aligned) {
    uint4 u = __ldg(reinterpret_cast<const uint4*>(p));
    const Pack<T> v = *reinterpret_cast<const Pack<T>*>(&u);
#pragma unroll
    for (int e = 0; e < 8; ++e) out[e] = to_float(v.v[e]);
  } else {
#pragma unroll
    for (int e = 0; e < 8; ++e) out[e] = to_float(p[e]);
  }
}

// The 8 dequantized weights of the codes in w[0 .. kWordsPer8).
__device__ __forceinline__ void dequant8(const unsigned* w, const GroupScale& g, float (&out)[8]) {
#if BITS == 4
  // Nibble j (j < 4) and nibble j + 4 of the word are bits 0..3 and 16..19 of w >> 4j: the
  // second reads as q 2^16 and takes s 2^-16 (both scalings exact).
#pragma unroll
  for (int j = 0; j < 4; ++j) {
    const unsigned t = w[0] >> (4 * j);
    const float lo = __uint_as_float((t & 0xFu) | kMagicBits) - kMagic;
    const float hi = __uint_as_float((t & 0xF0000u) | kMagicBits) - kMagic;
    out[j] = fmaf(lo, g.s, g.b);
    out[j + 4] = fmaf(hi, g.s_hi, g.b);
  }
#else
  // Byte j of a word into the low byte of 2^23's bits: one byte permute (selector: byte j,
  // then bytes 0, 1 and 3 of kMagicBits).
#pragma unroll
  for (int j = 0; j < 8; ++j) {
    const float q = __uint_as_float(__byte_perm(w[j / 4], kMagicBits, 0x7540u | (j % 4))) - kMagic;
    out[j] = fmaf(q, g.s, g.b);
  }
#endif
}

// The group of pack p of row `row`: w = q s + b.
__device__ __forceinline__ GroupScale group_scale(const T* __restrict__ scales,
                                                  const T* __restrict__ zeros, i64 row, i64 groups,
                                                  i64 p, bool valid = true) {
  const i64 at = row * groups + p * kCodesPerPack / GROUP;
  const float s = valid ? to_float(scales[at]) : 0.f, z = to_float(zeros[at]);
  return {s, s * (1.f / 65536.f), -z * s};
}

#if !MMA
// The warp's sums acc[m][r] of rows n0 + r, each given to one lane, which writes out[m][n0 + r].
__device__ __forceinline__ void write_sums(float (&acc)[M_ACT][ROWS], int lane, i64 n0, i64 n,
                                           Out* __restrict__ out) {
#pragma unroll
  for (int m = 0; m < M_ACT; ++m) {
#pragma unroll
    for (int r = 0; r < ROWS; ++r) {
      const float v = lanes_reduce<AddCombiner>(acc[m][r]);
      if (lane == (m * ROWS + r) % 32 && n0 + r < n) out[m * n + n0 + r] = from_float<Out>(v);
    }
  }
}

// acc[m][r] += the products of pack p of rows n0 + r (its words given) with x's codes there.
__device__ __forceinline__ void fma_pack(const unsigned (&words)[ROWS][4], i64 p, i64 n0, i64 n,
                                         i64 groups, const T* __restrict__ scales,
                                         const T* __restrict__ zeros, const T* __restrict__ x,
                                         i64 k, bool x_aligned, float (&acc)[M_ACT][ROWS]) {
  GroupScale g[ROWS];
#pragma unroll
  for (int r = 0; r < ROWS; ++r) g[r] = group_scale(scales, zeros, min(n0 + r, n - 1), groups, p);
  const i64 k0 = p * kCodesPerPack;
#pragma unroll
  for (int i = 0; i < kCodesPerPack / 8; ++i) {
    float dq[ROWS][8];
#pragma unroll
    for (int r = 0; r < ROWS; ++r) dequant8(&words[r][i * kWordsPer8], g[r], dq[r]);
#pragma unroll
    for (int m = 0; m < M_ACT; ++m) {
      float xs[8];
      load_x8(x + m * k + k0 + i * 8, x_aligned, xs);
#pragma unroll
      for (int r = 0; r < ROWS; ++r)
#pragma unroll
        for (int e = 0; e < 8; ++e) acc[m][r] = fmaf(dq[r][e], xs[e], acc[m][r]);
    }
  }
}

extern "C" __global__ void __launch_bounds__(256)
quant_gemv(const T* __restrict__ x, const unsigned* __restrict__ w, const T* __restrict__ scales,
           const T* __restrict__ zeros, Out* __restrict__ out, i64 n, i64 k,
           i64 packs_per_split) {
  const int lane = threadIdx.x & 31;
  const i64 n0 = (blockIdx.x * static_cast<i64>(blockDim.x >> 5) + (threadIdx.x >> 5)) * ROWS;
  if (n0 >= n) return;  // no barriers below: a whole warp may leave
  const i64 words_per_row = k / kCodesPerWord, groups = k / GROUP, packs = k / kCodesPerPack;
  const i64 p0 = blockIdx.y * packs_per_split, p1 = min(packs, p0 + packs_per_split);
  // Rows are whole packs (K is a multiple of the group): base alignment decides.
  const bool w_aligned = is_aligned16(w), x_aligned = is_aligned16(x);

  float acc[M_ACT][ROWS];
#pragma unroll
  for (int m = 0; m < M_ACT; ++m)
#pragma unroll
    for (int r = 0; r < ROWS; ++r) acc[m][r] = 0.f;

  // UNROLL packs of each row loaded before any is used; past the split's end the last pack is
  // loaded again and not used. Rows past n repeat the last row; their sums are never written.
  for (i64 pb = p0 + lane; pb < p1; pb += 32 * UNROLL) {
    unsigned words[UNROLL][ROWS][4];
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
      const i64 p = min(pb + 32 * u, p1 - 1);
#pragma unroll
      for (int r = 0; r < ROWS; ++r) {
        const uint4 v = load_words(w + min(n0 + r, n - 1) * words_per_row + p * 4, w_aligned);
        words[u][r][0] = v.x, words[u][r][1] = v.y, words[u][r][2] = v.z, words[u][r][3] = v.w;
      }
    }
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
      if (pb + 32 * u < p1)
        fma_pack(words[u], pb + 32 * u, n0, n, groups, scales, zeros, x, k, x_aligned, acc);
    }
  }
  write_sums(acc, lane, n0, n, out + blockIdx.y * M_ACT * n);
}
#endif  // !MMA

#if MMA
constexpr int kTiles = (M_ACT + 7) / 8;  // n-tiles of 8 rows of x

// Two floats as the two 16-bit halves of a register, lo in the low half (the lower index of a
// fragment pair), each rounded once.
__device__ __forceinline__ unsigned pack2(float lo, float hi, bf16_t) {
  unsigned r;
  asm("cvt.rn.bf16x2.f32 %0, %1, %2;" : "=r"(r) : "f"(hi), "f"(lo));
  return r;
}
__device__ __forceinline__ unsigned pack2(float lo, float hi, half_t) {
  unsigned r;
  asm("cvt.rn.f16x2.f32 %0, %1, %2;" : "=r"(r) : "f"(hi), "f"(lo));
  return r;
}

// c += A B for one m16n8k16 tile (PTX ISA, "Matrix Fragments for mma.m16n8k16").
__device__ __forceinline__ void mma16816(float (&c)[4], const unsigned (&a)[4], unsigned b0,
                                         unsigned b1, bf16_t) {
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
      "{%8,%9}, {%0,%1,%2,%3};"
      : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}
__device__ __forceinline__ void mma16816(float (&c)[4], const unsigned (&a)[4], unsigned b0,
                                         unsigned b1, half_t) {
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
      "{%8,%9}, {%0,%1,%2,%3};"
      : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}

// x[0 .. kCodesPerPack) as pairs of 16-bit values, the lower index in the low half.
__device__ __forceinline__ void load_x_pairs(const T* p, bool aligned,
                                             unsigned (&out)[kCodesPerPack / 2]) {
  if (aligned) {
#pragma unroll
    for (int i = 0; i < kCodesPerPack / 8; ++i) {
      const uint4 u = __ldg(reinterpret_cast<const uint4*>(p) + i);
      out[4 * i] = u.x, out[4 * i + 1] = u.y, out[4 * i + 2] = u.z, out[4 * i + 3] = u.w;
    }
  } else {
#pragma unroll
    for (int i = 0; i < kCodesPerPack / 2; ++i)
      out[i] = static_cast<unsigned>(p[2 * i].bits) |
               static_cast<unsigned>(p[2 * i + 1].bits) << 16;
  }
}

// c[j] += the products of this lane's pack p of rows rows[0], rows[1] (its words given) with
// x's codes there, for every n-tile j; an invalid lane (past the split) adds zeros. Every
// lane of the warp calls it together (mma.sync).
__device__ __forceinline__ void mma_pack(const unsigned (&words)[2][4], i64 p, bool valid,
                                         const i64 (&rows)[2], i64 groups,
                                         const T* __restrict__ scales,
                                         const T* __restrict__ zeros, const T* __restrict__ x,
                                         i64 k, bool x_aligned, int g, float (&c)[kTiles][4]) {
  const GroupScale gs[2] = {group_scale(scales, zeros, rows[0], groups, p, valid),
                            group_scale(scales, zeros, rows[1], groups, p, valid)};
  unsigned xb[kTiles][kCodesPerPack / 2];
#pragma unroll
  for (int j = 0; j < kTiles; ++j) {
    const int m = 8 * j + g;
    if (m < M_ACT && valid) {
      load_x_pairs(x + m * k + p * kCodesPerPack, x_aligned, xb[j]);
    } else {
#pragma unroll
      for (int i = 0; i < kCodesPerPack / 2; ++i) xb[j][i] = 0u;
    }
  }
#pragma unroll
  for (int i = 0; i < kCodesPerPack / 8; ++i) {
    float w0[8], w1[8];
    dequant8(&words[0][i * kWordsPer8], gs[0], w0);
    dequant8(&words[1][i * kWordsPer8], gs[1], w1);
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      const unsigned a[4] = {pack2(w0[4 * h], w0[4 * h + 1], T()),
                             pack2(w1[4 * h], w1[4 * h + 1], T()),
                             pack2(w0[4 * h + 2], w0[4 * h + 3], T()),
                             pack2(w1[4 * h + 2], w1[4 * h + 3], T())};
#pragma unroll
      for (int j = 0; j < kTiles; ++j)
        mma16816(c[j], a, xb[j][4 * i + 2 * h], xb[j][4 * i + 2 * h + 1], T());
    }
  }
}

// Lane (g, t) = (lane / 4, lane % 4) holds A's rows g and g + 8 at k slots 2t, 2t + 1,
// 2t + 8, 2t + 9, and B's column g at the same slots. A dot product may take its k in any
// order, so the slots of lane t are codes of its own pack: a warp step covers packs
// pb .. pb + 3 of 16 rows, lane (g, t) loading pack pb + t of rows n0 + g and n0 + g + 8, and
// its mma h of codes 8i .. 8i + 7 taking codes 8i + 4h .. 8i + 4h + 3 (slots 2t, 2t + 1 the
// first two, 2t + 8, 2t + 9 the last two). B's column g is row g (and 8 + g) of x at the same
// codes: 16-bit pairs straight from x. C's lane (g, t) holds rows n0 + g, n0 + g + 8 of y's
// columns 2t, 2t + 1 (of the n-tile).
extern "C" __global__ void __launch_bounds__(256)
quant_gemm_mma(const T* __restrict__ x, const unsigned* __restrict__ w,
               const T* __restrict__ scales, const T* __restrict__ zeros, Out* __restrict__ out,
               i64 n, i64 k, i64 packs_per_split) {
  const int lane = threadIdx.x & 31, g = lane >> 2, t = lane & 3;
  const i64 n0 = (blockIdx.x * static_cast<i64>(blockDim.x >> 5) + (threadIdx.x >> 5)) * 16;
  if (n0 >= n) return;  // the whole warp: mma.sync needs every lane
  const i64 words_per_row = k / kCodesPerWord, groups = k / GROUP, packs = k / kCodesPerPack;
  const i64 p0 = blockIdx.y * packs_per_split, p1 = min(packs, p0 + packs_per_split);
  const bool w_aligned = is_aligned16(w), x_aligned = is_aligned16(x);
  // Rows past n repeat the last row (in bounds); their sums are never written.
  const i64 rows[2] = {min(n0 + g, n - 1), min(n0 + g + 8, n - 1)};

  float c[kTiles][4];
#pragma unroll
  for (int j = 0; j < kTiles; ++j) c[j][0] = c[j][1] = c[j][2] = c[j][3] = 0.f;

  // UNROLL steps' packs loaded before any is used. Every lane runs every step; a lane past
  // the split's last pack reads the last one and adds zeros (zero scale, zero x).
  for (i64 pb = p0; pb < p1; pb += 4 * UNROLL) {
    unsigned words[UNROLL][2][4];
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
      const i64 p = min(pb + 4 * u + t, p1 - 1);
#pragma unroll
      for (int r = 0; r < 2; ++r) {
        const uint4 v = load_words(w + rows[r] * words_per_row + p * 4, w_aligned);
        words[u][r][0] = v.x, words[u][r][1] = v.y, words[u][r][2] = v.z, words[u][r][3] = v.w;
      }
    }
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
      const i64 p = pb + 4 * u + t;
      mma_pack(words[u], min(p, p1 - 1), p < p1, rows, groups, scales, zeros, x, k, x_aligned, g,
               c);
    }
  }
  Out* o = out + blockIdx.y * M_ACT * n;
#pragma unroll
  for (int j = 0; j < kTiles; ++j) {
#pragma unroll
    for (int e = 0; e < 4; ++e) {
      const int m = 8 * j + 2 * t + (e & 1);
      const i64 row = n0 + g + (e >> 1) * 8;
      if (m < M_ACT && row < n) o[m * n + row] = from_float<Out>(c[j][e]);
    }
  }
}
#endif  // MMA
