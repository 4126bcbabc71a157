// Flash attention forward (FlashAttention-2's schedule on mma.sync): O = softmax(scale Q Kᵀ
// [causal]) V for one query block of BLOCK_M rows of one (batch, head) per thread block, K and V
// streamed through shared memory in tiles of BLOCK_N keys (cp.async, double-buffered where
// STAGES is 2), the softmax kept online in f32 (exp2 of log2e-scaled scores), each warp owning
// WARP_ROWS (16 or 32) query rows, and P kept in registers as the A operand of P V.
//
// Defines: ELEM (bf16_t, half_t), HEAD_DIM (64, 128, 256), BLOCK_M, BLOCK_N (multiples of 16),
// WARPS (BLOCK_M / WARP_ROWS), STAGES (1 or 2), CAUSAL (0/1: key j kept for query i where
// j <= i + skv - sq, the diagonal aligned to the bottom right), Q_IN_REGS (0/1: Q's fragments
// loaded once into registers, else re-read from shared memory for every KV tile), WITH_LSE
// (0/1: write the row logsumexp, natural log, f32 [b, h, sq]).
//
// A row with no key (skv = 0, or a causal row above the diagonal's start) gives zeros and a
// logsumexp of -inf.
#include "ops/flash_softmax.cuh"
#include "ops/flash_tiles.cuh"

constexpr int kWarpRows = BLOCK_M / WARPS;
constexpr int kRowGroups = kWarpRows / 16;  // 16-row mma tiles per warp
constexpr int kThreads = WARPS * 32;
constexpr int kKSteps = HEAD_DIM / 16;   // k steps of Q Kᵀ
constexpr int kKeyTiles = BLOCK_N / 8;   // n tiles of S
constexpr int kDimTiles = HEAD_DIM / 8;  // n tiles of O
static_assert(kWarpRows == 16 || kWarpRows == 32, "a warp owns 16 or 32 query rows");
static_assert(BLOCK_N % 16 == 0 && HEAD_DIM % 64 == 0, "tiles of whole mma steps");

// The tiles of this kernel: [rows, HEAD_DIM], loaded by the whole block.
template <int kRows>
__device__ __forceinline__ void load_tile(ELEM* tile, const ELEM* base, i64 stride, int row0,
                                          int limit) {
  flash::load_tile<kRows, HEAD_DIM, kThreads>(tile, base, stride, row0, limit);
}

__device__ __forceinline__ void load_a(unsigned (&a)[4], const ELEM* tile, int row0, int kk) {
  flash::load_a<HEAD_DIM>(a, tile, row0, kk);
}

// S[g][j] = sum over the head dim of Q rows and K tile rows (keys), f32, for the warp's
// row groups: B fragments of Kᵀ are plain ldmatrix of K's rows (each 8x8 matrix: 8 keys by
// 8 dims), two key tiles per x4.
__device__ __forceinline__ void tile_scores(float (&s)[kRowGroups][kKeyTiles][4],
                                            const unsigned (&qf)[kRowGroups][kKSteps][4],
                                            const ELEM* sq_tile, const ELEM* k_tile,
                                            int warp_row0) {
#pragma unroll
  for (int g = 0; g < kRowGroups; ++g)
#pragma unroll
    for (int j = 0; j < kKeyTiles; ++j) s[g][j][0] = s[g][j][1] = s[g][j][2] = s[g][j][3] = 0.f;
#pragma unroll
  for (int kk = 0; kk < kKSteps; ++kk) {
    unsigned a[kRowGroups][4];
#pragma unroll
    for (int g = 0; g < kRowGroups; ++g) {
      if (Q_IN_REGS) {
#pragma unroll
        for (int i = 0; i < 4; ++i) a[g][i] = qf[g][kk][i];
      } else {
        load_a(a[g], sq_tile, warp_row0 + g * 16, kk);
      }
    }
#pragma unroll
    for (int jj = 0; jj < kKeyTiles / 2; ++jj) {
      unsigned b[4];
      flash::load_b_nk<HEAD_DIM>(b, k_tile, jj * 16, kk);
      const unsigned lo[2] = {b[0], b[1]}, hi[2] = {b[2], b[3]};
#pragma unroll
      for (int g = 0; g < kRowGroups; ++g) {
        mma_16816<ELEM>(s[g][2 * jj], a[g], lo);
        mma_16816<ELEM>(s[g][2 * jj + 1], a[g], hi);
      }
    }
  }
}

// O += P V for the tile: P (the scores turned probabilities, still in registers) repacked as A
// fragments (S's C layout of two key tiles is one A fragment), V's B fragments by ldmatrix.trans
// of its rows (keys).
__device__ __forceinline__ void accumulate_pv(float (&o)[kRowGroups][kDimTiles][4],
                                              const float (&p)[kRowGroups][kKeyTiles][4],
                                              const ELEM* v_tile) {
#pragma unroll
  for (int kk = 0; kk < BLOCK_N / 16; ++kk) {
    unsigned a[kRowGroups][4];
#pragma unroll
    for (int g = 0; g < kRowGroups; ++g) flash::pack_a<ELEM>(a[g], p[g], kk);
#pragma unroll
    for (int dn = 0; dn < HEAD_DIM / 16; ++dn) {
      unsigned b[4];
      flash::load_b_kn<HEAD_DIM>(b, v_tile, kk, dn * 16);
      const unsigned lo[2] = {b[0], b[1]}, hi[2] = {b[2], b[3]};
#pragma unroll
      for (int g = 0; g < kRowGroups; ++g) {
        mma_16816<ELEM>(o[g][2 * dn], a[g], lo);
        mma_16816<ELEM>(o[g][2 * dn + 1], a[g], hi);
      }
    }
  }
}

// Q [b, h, sq, HEAD_DIM], K and V [b, h / group, skv, HEAD_DIM], O like Q, each with element
// strides of batch, head and row (the head dim contiguous, rows 16-byte aligned); lse f32
// [b, h, sq] packed (read only with WITH_LSE). Grid: (query blocks, h, b).
extern "C" __global__ void __launch_bounds__(kThreads)
    flash_attention(const ELEM* __restrict__ q, const ELEM* __restrict__ k,
                    const ELEM* __restrict__ v, ELEM* __restrict__ o, float* __restrict__ lse,
                    int sq, int skv, int group, i64 q_sb, i64 q_sh, i64 q_ss, i64 k_sb, i64 k_sh,
                    i64 k_ss, i64 v_sb, i64 v_sh, i64 v_ss, i64 o_sb, i64 o_sh, i64 o_ss,
                    float scale_log2) {
  extern __shared__ __align__(128) unsigned char shared_bytes[];
  ELEM* sq_tile = reinterpret_cast<ELEM*>(shared_bytes);
  ELEM* sk = sq_tile + BLOCK_M * HEAD_DIM;
  ELEM* sv = sk + STAGES * BLOCK_N * HEAD_DIM;

  // Causal blocks near the end of the queries see the most keys: run them first.
  const int block = CAUSAL ? gridDim.x - 1 - blockIdx.x : blockIdx.x;
  const int m0 = block * BLOCK_M, head = blockIdx.y, batch = blockIdx.z;
  const int warp = threadIdx.x >> 5;
  const int warp_row0 = warp * kWarpRows;
  const int diagonal = skv - sq;  // key j is kept for row i where j <= i + diagonal
  const ELEM* qb = q + batch * q_sb + head * q_sh;
  const ELEM* kb = k + batch * k_sb + (head / group) * k_sh;
  const ELEM* vb = v + batch * v_sb + (head / group) * v_sh;

  int key_end = skv;
  if (CAUSAL) key_end = max(0, min(skv, m0 + BLOCK_M + diagonal));
  const int tiles = (key_end + BLOCK_N - 1) / BLOCK_N;

  load_tile<BLOCK_M>(sq_tile, qb, q_ss, m0, sq);
  if (tiles > 0) {
    load_tile<BLOCK_N>(sk, kb, k_ss, 0, skv);
    load_tile<BLOCK_N>(sv, vb, v_ss, 0, skv);
  }
  cp_async_commit();

  float oacc[kRowGroups][kDimTiles][4];
  float m[kRowGroups][2], l[kRowGroups][2];
  unsigned qf[kRowGroups][kKSteps][4];
#pragma unroll
  for (int g = 0; g < kRowGroups; ++g) {
    m[g][0] = m[g][1] = -__int_as_float(0x7f800000);
    l[g][0] = l[g][1] = 0.f;
#pragma unroll
    for (int d = 0; d < kDimTiles; ++d)
      oacc[g][d][0] = oacc[g][d][1] = oacc[g][d][2] = oacc[g][d][3] = 0.f;
  }

  for (int t = 0; t < tiles; ++t) {
    const int stage = STAGES == 2 ? (t & 1) : 0;
    if (STAGES == 2 && t + 1 < tiles) {
      const int next = (t + 1) & 1;
      load_tile<BLOCK_N>(sk + next * BLOCK_N * HEAD_DIM, kb, k_ss, (t + 1) * BLOCK_N, skv);
      load_tile<BLOCK_N>(sv + next * BLOCK_N * HEAD_DIM, vb, v_ss, (t + 1) * BLOCK_N, skv);
      cp_async_commit();
      cp_async_wait<1>();
    } else {
      cp_async_wait<0>();
    }
    __syncthreads();
    if (Q_IN_REGS && t == 0) {
#pragma unroll
      for (int g = 0; g < kRowGroups; ++g)
#pragma unroll
        for (int kk = 0; kk < kKSteps; ++kk) load_a(qf[g][kk], sq_tile, warp_row0 + g * 16, kk);
    }
    const int key0 = t * BLOCK_N;
    const bool masked = key0 + BLOCK_N > skv || (CAUSAL && key0 + BLOCK_N - 1 > m0 + diagonal);
    float s[kRowGroups][kKeyTiles][4];
    tile_scores(s, qf, sq_tile, sk + stage * BLOCK_N * HEAD_DIM, warp_row0);
#pragma unroll
    for (int g = 0; g < kRowGroups; ++g) {
      flash::online_softmax(s[g], oacc[g], m[g], l[g], scale_log2, masked, CAUSAL,
                            m0 + warp_row0 + g * 16, key0, skv, diagonal);
    }
    accumulate_pv(oacc, s, sv + stage * BLOCK_N * HEAD_DIM);
    __syncthreads();
    if (STAGES == 1 && t + 1 < tiles) {
      load_tile<BLOCK_N>(sk, kb, k_ss, (t + 1) * BLOCK_N, skv);
      load_tile<BLOCK_N>(sv, vb, v_ss, (t + 1) * BLOCK_N, skv);
      cp_async_commit();
    }
  }
  cp_async_wait<0>();  // no copy outlives the block (tiles == 0 still committed Q's)

  ELEM* ob = o + batch * o_sb + head * o_sh;
#pragma unroll
  for (int g = 0; g < kRowGroups; ++g) {
    const int row0 = m0 + warp_row0 + g * 16;
    float* lse_rows =
        WITH_LSE ? lse + (static_cast<i64>(batch) * gridDim.y + head) * sq + row0 : nullptr;
    flash::store_rows<ELEM>(oacc[g], m[g], l[g], ob + row0 * o_ss, o_ss, lse_rows, row0, sq);
  }
}
