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
// W packs are loaded before any is used), -DPREFETCH (1: the next UNROLL steps' packs, scales
// and zero points are loaded before the current ones are used: loads in flight while a warp
// computes), -DFINISH (with SPLIT, 1: the last block of a row tile adds the splits' partial
// sums in split order and writes y, one launch), for quant_gemm_mma -DCHAINS (independent
// accumulators a group's mmas alternate between) and, for quant_gemv, -DROWS (rows of W per
// warp) and -DFACTORED (1: a pack's scale and zero point applied once to its sums, not to
// every weight; see fma_pack).
// Codes become floats in registers without conversions: the code is or-ed into the mantissa
// of a power of two that is then subtracted (exact). A block sums the K range of its split
// (blockIdx.y); without SPLIT a warp writes y, with it f32 partial sums [splits, M_ACT, N]
// that gemv.cu's gemv_t_finish adds in split order. Both kernels compute the definition's
// f32 products up to the order of their f32 sums.
//
// quant_gemv (MMA=0, FMA): one warp takes ROWS rows of W; its lanes take consecutive 16-byte
// packs of each row (a pack is 32 or 16 codes, always inside one group), so a warp reads ROWS
// contiguous 512-byte runs per step, each x pack loaded once for the ROWS rows; weights
// dequantized in f32, w = q s - z s.
// quant_gemm_mma (MMA=1, tensor cores): one warp takes 16 rows of W as the A operand of
// mma.sync m16n8k16 (f32 accumulators) and x^T as B (one n-tile of 8 rows of x, or two). The
// scale and zero point are factored out of the MMA: per row n and group g,
//   y[m, n] += s[n, g] (P[m, n, g] - z[n, g] X[m, g]),  P = sum_k x[m, k] q[n, k],
//   X[m, g] = sum_k x[m, k] over the group's k,
// the raw codes (exact in bf16 and f16) and -z (in x's type) multiplied by x in the MMA, each
// product exact, summed in f32; see there for how the packs map onto the fragments.
#include "ops/reduce.cuh"

// Off unless the plan turns them on.
#ifndef PREFETCH
#define PREFETCH 0
#endif
#ifndef FINISH
#define FINISH 0
#endif
#ifndef CHAINS
#define CHAINS 1
#endif
#ifndef FACTORED
#define FACTORED 0
#endif

typedef ELEM T;
#if SPLIT
typedef float Out;
#else
typedef T Out;
#endif

constexpr int kCodesPerWord = 32 / BITS;
constexpr int kCodesPerPack = 4 * kCodesPerWord;  // 16 bytes of W
constexpr unsigned kMagicBits = 0x4B000000u;      // 2^23 as a float
constexpr float kMagic = 8388608.f;

static_assert(GROUP % kCodesPerPack == 0, "a pack of W lies inside one group");
static_assert(Pack<T>::kSize == 8, "x is a 16-bit type");

// 16 bytes at p: one vector load where aligned, else four word loads (W's rows are whole
// words). W is read once: streamed.
__device__ __forceinline__ uint4 load_words(const unsigned* p, bool aligned) {
  if (aligned) return __ldcs(reinterpret_cast<const uint4*>(p));
  return make_uint4(p[0], p[1], p[2], p[3]);
}

#if SPLIT && FINISH
// The rest of a split launch (FINISH=1), after every warp of the block has written its partial
// sums of rows row0 .. row0 + tile_rows (of every row of x) for split blockIdx.y: the last
// block of the row tile (blockIdx.x) to get here adds the tile's partial sums of every split
// in split order and writes y. counts[blockIdx.x] counts the tile's finished splits; it is
// zero before the launch and the last block sets it back to zero (the plan's state). Every
// thread of the block calls it.
__device__ __forceinline__ void finish_tile(const float* __restrict__ partial,
                                            unsigned* __restrict__ counts, T* __restrict__ y,
                                            i64 n, i64 row0, int tile_rows) {
  __shared__ bool s_last;
  // Each writer's fence, then the barrier, order the block's partial sums before its count.
  __threadfence();
  __syncthreads();
  if (threadIdx.x == 0) s_last = atomicAdd(&counts[blockIdx.x], 1u) == gridDim.y - 1;
  __syncthreads();
  if (!s_last) return;
  __threadfence();  // the other splits' partial sums, counted before ours, are visible
  const i64 splits = gridDim.y;
  for (int i = threadIdx.x; i < M_ACT * tile_rows; i += blockDim.x) {
    const int m = i / tile_rows;
    const i64 row = row0 + i % tile_rows;
    if (row >= n) continue;
    const float* in = partial + m * n + row;
    const i64 stride = M_ACT * n;
    // Four splits' loads in flight, added in split order (read through L2: other SMs wrote
    // them).
    float sum = 0.f;
    i64 s = 0;
    for (; s + 4 <= splits; s += 4) {
      float v[4];
#pragma unroll
      for (int u = 0; u < 4; ++u) v[u] = __ldcg(in + (s + u) * stride);
#pragma unroll
      for (int u = 0; u < 4; ++u) sum += v[u];
    }
    for (; s < splits; ++s) sum += __ldcg(in + s * stride);
    y[m * n + row] = from_float<T>(sum);
  }
  if (threadIdx.x == 0) counts[blockIdx.x] = 0;  // every split has counted
}
#endif

#if !MMA
constexpr int kWordsPer8 = 8 / kCodesPerWord;  // words holding 8 codes (one x pack)

// One row's group: w = q s + b with b = -z s; s_hi = s 2^-16 for codes read 16 bits high.
struct GroupScale {
  float s, s_hi, b;
};

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

// A group's scale and zero point as w = q s + b.
__device__ __forceinline__ GroupScale group_scale(T s_raw, T z_raw) {
  const float s = to_float(s_raw), z = to_float(z_raw);
  return {s, s * (1.f / 65536.f), -z * s};
}

// A lane's operands of one step: UNROLL packs (pb, pb + 32, ...) of each row, clamped to the
// split's last pack p1 - 1, and their groups' scales and zero points (raw), all loaded before
// any is used. Rows past n repeat the last row; their sums are never written.
struct FmaStep {
  unsigned words[UNROLL][ROWS][4];
  T s[UNROLL][ROWS], z[UNROLL][ROWS];
};

__device__ __forceinline__ void load_fma_step(const unsigned* __restrict__ w,
                                              const T* __restrict__ scales,
                                              const T* __restrict__ zeros, i64 n0, i64 n,
                                              i64 words_per_row, i64 groups, i64 pb, i64 p1,
                                              bool w_aligned, FmaStep& st) {
#pragma unroll
  for (int u = 0; u < UNROLL; ++u) {
    const i64 p = min(pb + 32 * u, p1 - 1);
#pragma unroll
    for (int r = 0; r < ROWS; ++r) {
      const i64 row = min(n0 + r, n - 1);
      const uint4 v = load_words(w + row * words_per_row + p * 4, w_aligned);
      st.words[u][r][0] = v.x, st.words[u][r][1] = v.y, st.words[u][r][2] = v.z,
      st.words[u][r][3] = v.w;
      const i64 at = row * groups + p * kCodesPerPack / GROUP;
      st.s[u][r] = scales[at];
      st.z[u][r] = zeros[at];
    }
  }
}

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

#if FACTORED
// The codes of 8 consecutive k as floats c = kCodeBase + kCodeStep q, made without a subtraction:
// 4-bit, 1 + q/16 (the nibble shifted to the top of 1.0's mantissa, one shift and one LOP3 a
// code); 8-bit, q exactly (one byte permute into 2^23's mantissa, 2^23 subtracted). The
// products c x are exact in f32, and A = sum c x = kCodeBase X + kCodeStep P (X = sum x, P =
// sum q x), from which a row's term s (P - z X) = (s / kCodeStep) A - s (kCodeBase /
// kCodeStep + z) X; 1 + q/16 keeps A within twice sum |x|, so A's f32 rounding costs what the
// products' did.
#if BITS == 4
constexpr float kCodeBase = 1.f, kCodeStep = 1.f / 16.f;
__device__ __forceinline__ void codes8(const unsigned* w, float (&out)[8]) {
  constexpr unsigned kOne = 0x3F800000u, kTop = 0x00780000u;  // 1.0; mantissa bits 19..22
#pragma unroll
  for (int j = 0; j < 8; ++j) {
    // Nibble j (bits 4j .. 4j + 3) to bits 19 .. 22.
    const unsigned t = 4 * j <= 19 ? w[0] << (19 - 4 * j) : w[0] >> (4 * j - 19);
    out[j] = __uint_as_float((t & kTop) | kOne);
  }
}
#else
constexpr float kCodeBase = 0.f, kCodeStep = 1.f;
__device__ __forceinline__ void codes8(const unsigned* w, float (&out)[8]) {
#pragma unroll
  for (int j = 0; j < 8; ++j)
    out[j] = __uint_as_float(__byte_perm(w[j / 4], kMagicBits, 0x7540u | (j % 4))) - kMagic;
}
#endif

// fma_pack with the scale and zero point out of the inner loop (FACTORED=1): per pack (inside
// one group) and row, A = sum c x over the pack's codes c (codes8) and X = sum x, shared by
// the rows; then acc += (s / kCodeStep) A - s (kCodeBase / kCodeStep + z) X, both factors
// exact in f32 (products of two 8- or 11-bit mantissas by powers of two and small integers).
__device__ __forceinline__ void fma_pack(const unsigned (&words)[ROWS][4], const T (&s)[ROWS],
                                         const T (&z)[ROWS], i64 p, const T* __restrict__ x,
                                         i64 k, bool x_aligned, float (&acc)[M_ACT][ROWS]) {
  const i64 k0 = p * kCodesPerPack;
  float a[M_ACT][ROWS], xsum[M_ACT];
#pragma unroll
  for (int m = 0; m < M_ACT; ++m) {
    xsum[m] = 0.f;
#pragma unroll
    for (int r = 0; r < ROWS; ++r) a[m][r] = 0.f;
  }
#pragma unroll
  for (int i = 0; i < kCodesPerPack / 8; ++i) {
    float c[ROWS][8];
#pragma unroll
    for (int r = 0; r < ROWS; ++r) codes8(&words[r][i * kWordsPer8], c[r]);
#pragma unroll
    for (int m = 0; m < M_ACT; ++m) {
      float xs[8];
      load_x8(x + m * k + k0 + i * 8, x_aligned, xs);
#pragma unroll
      for (int e = 0; e < 8; ++e) xsum[m] += xs[e];
#pragma unroll
      for (int r = 0; r < ROWS; ++r)
#pragma unroll
        for (int e = 0; e < 8; ++e) a[m][r] = fmaf(c[r][e], xs[e], a[m][r]);
    }
  }
#pragma unroll
  for (int r = 0; r < ROWS; ++r) {
    const float sf = to_float(s[r]), zf = to_float(z[r]);
    const float fa = sf * (1.f / kCodeStep), fx = -sf * (kCodeBase / kCodeStep + zf);
#pragma unroll
    for (int m = 0; m < M_ACT; ++m) acc[m][r] = fmaf(fa, a[m][r], fmaf(fx, xsum[m], acc[m][r]));
  }
}
#else
// acc[m][r] += the products of pack p of rows n0 + r (its words, scales and zero points
// given) with x's codes there.
__device__ __forceinline__ void fma_pack(const unsigned (&words)[ROWS][4], const T (&s)[ROWS],
                                         const T (&z)[ROWS], i64 p, const T* __restrict__ x,
                                         i64 k, bool x_aligned, float (&acc)[M_ACT][ROWS]) {
  GroupScale g[ROWS];
#pragma unroll
  for (int r = 0; r < ROWS; ++r) g[r] = group_scale(s[r], z[r]);
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
#endif

// The warp's rows n0 .. n0 + ROWS over the split's packs p0 .. p1: their sums, written to out.
__device__ __forceinline__ void fma_rows(const T* __restrict__ x, const unsigned* __restrict__ w,
                                         const T* __restrict__ scales,
                                         const T* __restrict__ zeros, Out* __restrict__ out,
                                         i64 n0, i64 n, i64 k, i64 p0, i64 p1, int lane) {
  const i64 words_per_row = k / kCodesPerWord, groups = k / GROUP;
  // Rows are whole packs (K is a multiple of the group): base alignment decides.
  const bool w_aligned = is_aligned16(w), x_aligned = is_aligned16(x);

  float acc[M_ACT][ROWS];
#pragma unroll
  for (int m = 0; m < M_ACT; ++m)
#pragma unroll
    for (int r = 0; r < ROWS; ++r) acc[m][r] = 0.f;

  // UNROLL packs of each row loaded before any is used (PREFETCH: one step ahead); past the
  // split's end the last pack is loaded again and not used.
  constexpr int kStep = 32 * UNROLL;
  FmaStep cur;
#if PREFETCH
  if (p0 + lane < p1)
    load_fma_step(w, scales, zeros, n0, n, words_per_row, groups, p0 + lane, p1, w_aligned, cur);
#endif
  for (i64 pb = p0 + lane; pb < p1; pb += kStep) {
#if PREFETCH
    FmaStep next;
    load_fma_step(w, scales, zeros, n0, n, words_per_row, groups, pb + kStep, p1, w_aligned,
                  next);
#else
    load_fma_step(w, scales, zeros, n0, n, words_per_row, groups, pb, p1, w_aligned, cur);
#endif
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
      if (pb + 32 * u < p1)
        fma_pack(cur.words[u], cur.s[u], cur.z[u], pb + 32 * u, x, k, x_aligned, acc);
    }
#if PREFETCH
    cur = next;
#endif
  }
  write_sums(acc, lane, n0, n, out);
}

extern "C" __global__ void __launch_bounds__(256)
quant_gemv(const T* __restrict__ x, const unsigned* __restrict__ w, const T* __restrict__ scales,
           const T* __restrict__ zeros, Out* __restrict__ out, i64 n, i64 k, i64 packs_per_split
#if SPLIT && FINISH
           , unsigned* __restrict__ counts, T* __restrict__ y
#endif
) {
  const int lane = threadIdx.x & 31;
  const i64 n0 = (blockIdx.x * static_cast<i64>(blockDim.x >> 5) + (threadIdx.x >> 5)) * ROWS;
  const i64 packs = k / kCodesPerPack;
  const i64 p0 = blockIdx.y * packs_per_split, p1 = min(packs, p0 + packs_per_split);
  // A whole warp past n has no rows (only finish_tile has barriers).
  if (n0 < n) fma_rows(x, w, scales, zeros, out + blockIdx.y * M_ACT * n, n0, n, k, p0, p1, lane);
#if SPLIT && FINISH
  const int tile_rows = (blockDim.x >> 5) * ROWS;
  finish_tile(out, counts, y, n, blockIdx.x * static_cast<i64>(tile_rows), tile_rows);
#endif
}
#endif  // !MMA

#if MMA
constexpr int kTiles = (M_ACT + 7) / 8;  // n-tiles of 8 rows of x
constexpr int kPairsPerWord = kCodesPerWord / 2;
// A warp step's four packs (of each row) fall into sets of kPacksPerSet consecutive packs, each
// inside one group (steps start at multiples of 4 packs: the plan's splits do): every mma
// takes its 16 k slots from one set, P and X of one group.
constexpr int kPacksPerGroup = GROUP / kCodesPerPack;
constexpr int kPacksPerSet = kPacksPerGroup < 4 ? kPacksPerGroup : 4;
constexpr int kSets = 4 / kPacksPerSet;
// The bits of a quad lane's index that trade places with those of its word index (see
// swap_words): word s of lane t then holds word word_of(t, s) of pack pack_of(t, s).
constexpr int kSwapBits = 3 & ~(kPacksPerSet - 1);
__device__ __forceinline__ int pack_of(int t, int s) { return (t & ~kSwapBits) | (s & kSwapBits); }
// The first code of word s of lane t from the step's first code: a lane's part plus a word's.
__device__ __forceinline__ int lane_codes(int t) {
  return (t & ~kSwapBits) * kCodesPerPack + (t & kSwapBits) * kCodesPerWord;
}
__device__ __forceinline__ int word_codes(int s) {
  return (s & kSwapBits) * kCodesPerPack + (s & ~kSwapBits) * kCodesPerWord;
}

// 16-bit float pairs whose halves are both 2^7 (bf16) or 2^10 (f16), whose last mantissa bits
// a code can be or-ed into (exact: 4-bit codes in bf16 and f16, 8-bit ones in f16), with 1 and
// -magic for the subtraction.
template <class U> struct Magic;
template <> struct Magic<bf16_t> {
  static constexpr unsigned kBits = 0x43004300u, kOne = 0x3F803F80u, kMinus = 0xC300C300u;
};
template <> struct Magic<half_t> {
  static constexpr unsigned kBits = 0x64006400u, kOne = 0x3C003C00u, kMinus = 0xE400E400u;
};

// The accumulator chains of mma_step (CHAINS 1, 2 or 4): word s's raw codes and zero points.
static_assert(CHAINS == 1 || CHAINS == 2 || CHAINS == 4, "CHAINS is 1, 2 or 4");
__device__ __forceinline__ constexpr int code_chain(int s) { return CHAINS == 4 ? (s & 1) : 0; }
__device__ __forceinline__ constexpr int zero_chain(int s) {
  return CHAINS == 1 ? 0 : CHAINS == 2 ? 1 : 2 + (s & 1);
}

// v - magic in both halves (v holds magic + code there: exact).
__device__ __forceinline__ unsigned minus_magic(unsigned v, bf16_t) {
  unsigned r;
  asm("fma.rn.bf16x2 %0, %1, %2, %3;"
      : "=r"(r)
      : "r"(v), "r"(Magic<bf16_t>::kOne), "r"(Magic<bf16_t>::kMinus));
  return r;
}
__device__ __forceinline__ unsigned minus_magic(unsigned v, half_t) {
  unsigned r;
  asm("fma.rn.f16x2 %0, %1, %2, %3;"
      : "=r"(r)
      : "r"(v), "r"(Magic<half_t>::kOne), "r"(Magic<half_t>::kMinus));
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

#if BITS == 8
// Bytes a and b of w as the halves of a 16-bit float pair, a low. f16: or-ed into 2^10 (one
// byte permute: selector byte a, 0x64, byte b, 0x64). bf16 has too few mantissa bits for 8-bit
// codes: through f32 (2^23's mantissa), then one exact conversion of the pair.
__device__ __forceinline__ unsigned byte_pair(unsigned w, int a, int b, half_t) {
  return minus_magic(__byte_perm(w, Magic<half_t>::kBits, a | 0x50u | b << 8 | 0x5000u), half_t());
}
__device__ __forceinline__ unsigned byte_pair(unsigned w, int a, int b, bf16_t) {
  const float lo = __uint_as_float(__byte_perm(w, kMagicBits, 0x7540u | a)) - kMagic;
  const float hi = __uint_as_float(__byte_perm(w, kMagicBits, 0x7540u | b)) - kMagic;
  unsigned r;
  asm("cvt.rn.bf16x2.f32 %0, %1, %2;" : "=r"(r) : "f"(hi), "f"(lo));
  return r;
}
#endif

// The codes of word w as exact 16-bit floats of x's type, two a register (the lower one in the
// low half): 4-bit, nibbles j and j + 4 for pair j (one shift and one LOP3 of w, then the
// magic's subtraction); 8-bit, bytes 2j and 2j + 1.
__device__ __forceinline__ void code_pairs(unsigned w, unsigned (&out)[kPairsPerWord]) {
#if BITS == 4
#pragma unroll
  for (int j = 0; j < 4; ++j)
    out[j] = minus_magic(((w >> (4 * j)) & 0x000F000Fu) | Magic<T>::kBits, T());
#else
#pragma unroll
  for (int j = 0; j < 2; ++j) out[j] = byte_pair(w, 2 * j, 2 * j + 1, T());
#endif
}

// x[0 .. kCodesPerWord) as 16-bit pairs in code_pairs' order (4-bit: elements j and j + 4 for
// pair j, one byte permute each; 8-bit: 2j and 2j + 1); zeros where !valid. x is read by
// every warp: kept in the caches.
__device__ __forceinline__ void load_x_pairs(const T* p, bool aligned, bool valid,
                                             unsigned (&out)[kPairsPerWord]) {
  unsigned r[kPairsPerWord];
  if (!valid) {
#pragma unroll
    for (int i = 0; i < kPairsPerWord; ++i) r[i] = 0u;
  } else if (aligned) {
#if BITS == 4
    const uint4 u = __ldg(reinterpret_cast<const uint4*>(p));
    r[0] = u.x, r[1] = u.y, r[2] = u.z, r[3] = u.w;
#else
    const uint2 u = __ldg(reinterpret_cast<const uint2*>(p));
    r[0] = u.x, r[1] = u.y;
#endif
  } else {
#pragma unroll
    for (int i = 0; i < kPairsPerWord; ++i)
      r[i] = static_cast<unsigned>(p[2 * i].bits) | static_cast<unsigned>(p[2 * i + 1].bits) << 16;
  }
#if BITS == 4
#pragma unroll
  for (int j = 0; j < 4; ++j)
    out[j] = __byte_perm(r[j / 2], r[j / 2 + 2], j % 2 ? 0x7632u : 0x5410u);
#else
#pragma unroll
  for (int i = 0; i < kPairsPerWord; ++i) out[i] = r[i];
#endif
}

// Lanes t and t ^ kBit of a quad trade words: afterwards bit kBit of the lane's index and of
// the word's have traded places (word s of lane t is word s ^ kBit of lane t ^ kBit where the
// two bits differ, else its own word s).
template <int kBit>
__device__ __forceinline__ void swap_words(unsigned (&v)[4], int t) {
  const bool high = (t & kBit) != 0;
#pragma unroll
  for (int s = 0; s < 4; ++s) {
    if (s & kBit) continue;
    const unsigned got = __shfl_xor_sync(0xFFFFFFFFu, high ? v[s] : v[s | kBit], kBit);
    if (high) {
      v[s] = got;
    } else {
      v[s | kBit] = got;
    }
  }
}

// A warp's operands outside W, fixed over its K range: rows n0 + g and n0 + g + 8 of the
// scales and zero points, and row 8j + g of x at this lane's first code (see lane_codes),
// x_valid[j] where that row exists.
struct WarpOperands {
  const T* scales[2];
  const T* zeros[2];
  const T* x[kTiles];
  bool x_valid[kTiles];
};

// Scales (s) and negated zero points (nz) of the two rows at pack p's group, as 16-bit pairs
// (row n0 + g low); s zero where !valid.
__device__ __forceinline__ void group_pairs(const WarpOperands& o, i64 p, bool valid, unsigned& s,
                                            unsigned& nz) {
  const i64 at = p * kCodesPerPack / GROUP;
  s = valid ? static_cast<unsigned>(o.scales[0][at].bits) |
                  static_cast<unsigned>(o.scales[1][at].bits) << 16
            : 0u;
  nz = (static_cast<unsigned>(o.zeros[0][at].bits) |
        static_cast<unsigned>(o.zeros[1][at].bits) << 16) ^
       0x80008000u;
}

__device__ __forceinline__ float half_of(unsigned pair, int h) {
  T v;
  v.bits = static_cast<unsigned short>(pair >> (16 * h));
  return to_float(v);
}

// c[j] += the products of one step's packs q0 .. q0 + 3 of rows rows[0], rows[1] with x, for
// every n-tile j; lane t brings pack q0 + t's words (exchanged here) and its group's scale
// and zero point (sp, nzp: group_pairs). Per set and n-tile, P - z X is one f32 fragment: the mmas of the raw codes
// against x and of -z (the same in every k slot of a row) against x, both exact per product;
// c takes s (P - z X) after the set. Packs from p1 on add zeros (zero x). Every lane of the
// warp calls it together (mma.sync, shuffles).
__device__ __forceinline__ void mma_step(unsigned (&words)[2][4], unsigned sp, unsigned nzp,
                                         i64 q0, i64 p1, const WarpOperands& o, bool x_aligned,
                                         int t, float (&c)[kTiles][4]) {
#pragma unroll
  for (int r = 0; r < 2; ++r) {
    if (kSwapBits & 2) swap_words<2>(words[r], t);
    if (kSwapBits & 1) swap_words<1>(words[r], t);
  }
  const int packs_left = static_cast<int>(min(p1 - q0, static_cast<i64>(4)));
#pragma unroll
  for (int set = 0; set < kSets; ++set) {
    // The set's group: as lane set * kPacksPerSet of the quad loaded it.
    const unsigned ss = kSets > 1 ? __shfl_sync(0xFFFFFFFFu, sp, set * kPacksPerSet, 4) : sp;
    const unsigned zz = kSets > 1 ? __shfl_sync(0xFFFFFFFFu, nzp, set * kPacksPerSet, 4) : nzp;
    const unsigned az[4] = {__byte_perm(zz, 0u, 0x1010u), __byte_perm(zz, 0u, 0x3232u),
                            __byte_perm(zz, 0u, 0x1010u), __byte_perm(zz, 0u, 0x3232u)};
    // CHAINS independent accumulators (mma latency: fewer dependent mmas in a row): the raw
    // codes' mmas into chain code_chain(s), the zero points' into zero_chain(s); added in
    // chain order after the set.
    float acc[CHAINS][kTiles][4];
#pragma unroll
    for (int i = 0; i < CHAINS; ++i)
#pragma unroll
      for (int j = 0; j < kTiles; ++j)
        acc[i][j][0] = acc[i][j][1] = acc[i][j][2] = acc[i][j][3] = 0.f;
#pragma unroll
    for (int s = set * kPacksPerSet; s < (set + 1) * kPacksPerSet; ++s) {
      const bool in_split = pack_of(t, s) < packs_left;
      unsigned xp[kTiles][kPairsPerWord];
#pragma unroll
      for (int j = 0; j < kTiles; ++j) {
        const bool valid = o.x_valid[j] && in_split;
        load_x_pairs(o.x[j] + (valid ? q0 * kCodesPerPack + word_codes(s) : 0), x_aligned, valid,
                     xp[j]);
      }
      unsigned w0[kPairsPerWord], w1[kPairsPerWord];
      code_pairs(words[0][s], w0);
      code_pairs(words[1][s], w1);
#pragma unroll
      for (int h = 0; h < kPairsPerWord / 2; ++h) {
        const unsigned a[4] = {w0[2 * h], w1[2 * h], w0[2 * h + 1], w1[2 * h + 1]};
#pragma unroll
        for (int j = 0; j < kTiles; ++j) {
          mma16816(acc[code_chain(s)][j], a, xp[j][2 * h], xp[j][2 * h + 1], T());
          mma16816(acc[zero_chain(s)][j], az, xp[j][2 * h], xp[j][2 * h + 1], T());
        }
      }
    }
    const float s_row[2] = {half_of(ss, 0), half_of(ss, 1)};
#pragma unroll
    for (int j = 0; j < kTiles; ++j) {
#pragma unroll
      for (int e = 0; e < 4; ++e) {
        float sum = acc[0][j][e];
#pragma unroll
        for (int i = 1; i < CHAINS; ++i) sum += acc[i][j][e];
        c[j][e] = fmaf(s_row[e >> 1], sum, c[j][e]);
      }
    }
  }
}

// A lane's operands of one warp step: UNROLL steps of four packs from pb on, lane t's pack
// pb + 4 u + t of each row (clamped to the split's last pack p1 - 1) and its group's scale
// and zero point pairs, all loaded before any is used.
struct MmaStep {
  unsigned words[UNROLL][2][4];
  unsigned s[UNROLL], nz[UNROLL];
};

__device__ __forceinline__ void load_mma_step(const unsigned* __restrict__ w,
                                              const WarpOperands& o, const i64 (&rows)[2],
                                              i64 words_per_row, i64 pb, i64 p1, int t,
                                              bool w_aligned, MmaStep& st) {
#pragma unroll
  for (int u = 0; u < UNROLL; ++u) {
    const i64 q0 = pb + 4 * u, p = min(q0 + t, p1 - 1);
#pragma unroll
    for (int r = 0; r < 2; ++r) {
      const uint4 v = load_words(w + rows[r] * words_per_row + p * 4, w_aligned);
      st.words[u][r][0] = v.x, st.words[u][r][1] = v.y, st.words[u][r][2] = v.z,
      st.words[u][r][3] = v.w;
    }
    // A set is valid where its first pack is; this lane's pack (clamped) lies in its set.
    group_pairs(o, p, q0 + (t & ~(kPacksPerSet - 1)) < p1, st.s[u], st.nz[u]);
  }
}

// The warp's 16 rows n0 .. n0 + 16 over the split's packs p0 .. p1: their sums, written to y.
// Every lane of the warp calls it together.
__device__ __forceinline__ void mma_rows(const T* __restrict__ x, const unsigned* __restrict__ w,
                                         const T* __restrict__ scales,
                                         const T* __restrict__ zeros, Out* __restrict__ y,
                                         i64 n0, i64 n, i64 k, i64 p0, i64 p1, int lane) {
  const int g = lane >> 2, t = lane & 3;
  const i64 words_per_row = k / kCodesPerWord, groups = k / GROUP;
  const bool w_aligned = is_aligned16(w), x_aligned = is_aligned16(x);
  // Rows past n repeat the last row (in bounds); their sums are never written.
  const i64 rows[2] = {min(n0 + g, n - 1), min(n0 + g + 8, n - 1)};
  WarpOperands o;
#pragma unroll
  for (int r = 0; r < 2; ++r)
    o.scales[r] = scales + rows[r] * groups, o.zeros[r] = zeros + rows[r] * groups;
#pragma unroll
  for (int j = 0; j < kTiles; ++j) {
    o.x_valid[j] = 8 * j + g < M_ACT;
    o.x[j] = x + (o.x_valid[j] ? (8 * j + g) * k + lane_codes(t) : 0);
  }

  float c[kTiles][4];
#pragma unroll
  for (int j = 0; j < kTiles; ++j) c[j][0] = c[j][1] = c[j][2] = c[j][3] = 0.f;

  // UNROLL steps' packs loaded before any is used (PREFETCH: one step ahead). Every lane runs
  // every step; a lane past the split's last pack reads the last one, which adds zeros (zero
  // x).
  constexpr int kStep = 4 * UNROLL;
  MmaStep cur;
#if PREFETCH
  if (p0 < p1) load_mma_step(w, o, rows, words_per_row, p0, p1, t, w_aligned, cur);
#endif
  for (i64 pb = p0; pb < p1; pb += kStep) {
#if PREFETCH
    MmaStep next;
    load_mma_step(w, o, rows, words_per_row, pb + kStep, p1, t, w_aligned, next);
#else
    load_mma_step(w, o, rows, words_per_row, pb, p1, t, w_aligned, cur);
#endif
#pragma unroll
    for (int u = 0; u < UNROLL; ++u)
      mma_step(cur.words[u], cur.s[u], cur.nz[u], pb + 4 * u, p1, o, x_aligned, t, c);
#if PREFETCH
    cur = next;
#endif
  }
#pragma unroll
  for (int j = 0; j < kTiles; ++j) {
#pragma unroll
    for (int e = 0; e < 4; ++e) {
      const int m = 8 * j + 2 * t + (e & 1);
      const i64 row = n0 + g + (e >> 1) * 8;
      if (m < M_ACT && row < n) y[m * n + row] = from_float<Out>(c[j][e]);
    }
  }
}

// Lane (g, t) = (lane / 4, lane % 4) holds A's rows g and g + 8 at k slots 2t, 2t + 1,
// 2t + 8, 2t + 9, and B's column g at the same slots; C's rows g, g + 8 of columns 2t, 2t + 1
// (PTX ISA, "Matrix Fragments for mma.m16n8k16"). A dot product may take its k in any order,
// but an mma's 16 slots must lie in one group: a warp step covers packs pb .. pb + 3 of 16
// rows, lane (g, t) loading pack pb + t of rows n0 + g and n0 + g + 8 (a quad reads 64
// contiguous bytes of each row), then the quad's lanes trade words (swap_words) until each
// word index s of every lane is in set s / kPacksPerSet; an mma takes 4 codes of one word
// from each lane (4-bit: a word is two mmas' worth). B's column g is row g (and 8 + g) of x at
// the same codes, loaded per word. C's lane (g, t) holds rows n0 + g, n0 + g + 8 of y's
// columns 2t, 2t + 1 (of the n-tile). M_ACT = 1 leaves 7 of the 8 columns zero.
extern "C" __global__ void __launch_bounds__(256)
quant_gemm_mma(const T* __restrict__ x, const unsigned* __restrict__ w,
               const T* __restrict__ scales, const T* __restrict__ zeros, Out* __restrict__ out,
               i64 n, i64 k, i64 packs_per_split
#if SPLIT && FINISH
               , unsigned* __restrict__ counts, T* __restrict__ y
#endif
) {
  const int lane = threadIdx.x & 31;
  const i64 n0 = (blockIdx.x * static_cast<i64>(blockDim.x >> 5) + (threadIdx.x >> 5)) * 16;
  const i64 packs = k / kCodesPerPack;
  const i64 p0 = blockIdx.y * packs_per_split, p1 = min(packs, p0 + packs_per_split);
  // The whole warp or none (mma.sync needs every lane; only finish_tile has barriers).
  if (n0 < n) mma_rows(x, w, scales, zeros, out + blockIdx.y * M_ACT * n, n0, n, k, p0, p1, lane);
#if SPLIT && FINISH
  const int tile_rows = (blockDim.x >> 5) * 16;
  finish_tile(out, counts, y, n, blockIdx.x * static_cast<i64>(tile_rows), tile_rows);
#endif
}
#endif  // MMA
