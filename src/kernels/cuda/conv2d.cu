// 2-D convolution as an implicit GEMM on mma.sync: y[N, P, Q, K] = x[N, H, W, C] ⋆ w[R, S, C, K]
// (NHWC input and output, HWIO filter), f32 accumulation, rounded once to the input type.
//
// The GEMM: M = N P Q rows (output pixels; y is [M, K] row-major), N_gemm = K columns (output
// channels), depth R S C (tap r, s and channel c at (r S + s) C + c, so that w is [R S C, K]
// row-major as it lies). A thread block computes BLOCK_M x BLOCK_N of y; its warps, WARPS_M x
// WARPS_N of them, a (BLOCK_M / WARPS_M) x (BLOCK_N / WARPS_N) tile each on m16n8k16 mma.sync
// with ldmatrix fragments. Tiles of BLOCK_K depth of the im2col'd input and of the filter go
// through a ring of STAGES shared-memory buffers by cp.async (16 bytes, zero-filled where a
// tap falls in the padding or past the problem), STAGES - 1 tiles in flight while one is used.
// Shared rows are padded by 8 elements, so that the 8 row addresses of an ldmatrix fall in
// different banks.
//
// Defines: ELEM (bf16_t, half_t); the problem, CONV_N, IN_H, IN_W, IN_C, OUT_K, WIN_R, WIN_S,
// STRIDE, PAD_H, PAD_W (the padding before; the padding after is implied by OUT_P, OUT_Q, the
// output's height and width); the tiles, BLOCK_M, BLOCK_N, BLOCK_K, WARPS_M, WARPS_N, STAGES;
// VEC_A (IN_C a multiple of 8: the input's 16-byte chunks lie within one tap) and VEC_B (OUT_K
// a multiple of 8: the filter's rows and y's rows in 16-byte chunks). Without them, or where a
// pointer is not 16-byte aligned, tiles are loaded element by element (correct, slower).
#include "ops/mma.cuh"

constexpr int kThreads = WARPS_M * WARPS_N * 32;
constexpr int kWarpM = BLOCK_M / WARPS_M, kWarpN = BLOCK_N / WARPS_N;
constexpr int kMTiles = kWarpM / 16, kNTiles = kWarpN / 8;
constexpr int kAStride = BLOCK_K + 8, kBStride = BLOCK_N + 8;  // elements a shared row
constexpr int kAStage = BLOCK_M * kAStride, kBStage = BLOCK_K * kBStride;
constexpr i64 kRows = static_cast<i64>(CONV_N) * OUT_P * OUT_Q;
// Divisors of the output's rows; an empty output (P or Q 0) launches no block, but compiles.
constexpr int kPixels = OUT_P * OUT_Q > 0 ? OUT_P * OUT_Q : 1;
constexpr int kOutQ = OUT_Q > 0 ? OUT_Q : 1;
constexpr int kDepth = WIN_R * WIN_S * IN_C;
constexpr int kKTiles = (kDepth + BLOCK_K - 1) / BLOCK_K;
constexpr int kAChunkCols = BLOCK_K / 8, kBChunkCols = BLOCK_N / 8;
constexpr int kAChunks = BLOCK_M * kAChunkCols / kThreads;  // a thread's 16-byte chunks of A
constexpr int kBChunks = BLOCK_K * kBChunkCols / kThreads;
static_assert(kWarpM % 16 == 0 && kWarpN % 16 == 0, "warp tiles of whole m16 and n16 steps");
static_assert(BLOCK_K % 16 == 0, "tiles of whole k16 steps");
static_assert(BLOCK_M * kAChunkCols % kThreads == 0 && BLOCK_K * kBChunkCols % kThreads == 0,
              "every thread copies the same number of chunks");
static_assert(kThreads % kAChunkCols == 0 && kThreads % kBChunkCols == 0,
              "a thread keeps its chunk column");
static_assert(STAGES >= 2, "a ring of at least two stages");

// A row far outside the input: its taps all fail the bounds check (a row past M).
constexpr int kNoRow = -(1 << 28);

// The rows of the im2col'd input one thread copies: each row's image offset and the input
// coordinates of its window's corner (h0 = p STRIDE - PAD_H, w0 = q STRIDE - PAD_W).
struct ARows {
  i64 image[kAChunks];
  int h0[kAChunks], w0[kAChunks];
};

__device__ __forceinline__ ARows a_rows(i64 m0) {
  ARows rows;
#pragma unroll
  for (int j = 0; j < kAChunks; ++j) {
    const i64 m = m0 + threadIdx.x / kAChunkCols + j * (kThreads / kAChunkCols);
    const i64 n = m / kPixels;
    const int pq = static_cast<int>(m - n * kPixels), p = pq / kOutQ, q = pq % kOutQ;
    const bool valid = m < kRows;
    rows.image[j] = valid ? n * IN_H * IN_W * IN_C : 0;
    rows.h0[j] = valid ? p * STRIDE - PAD_H : kNoRow;
    rows.w0[j] = q * STRIDE - PAD_W;
  }
  return rows;
}

// Whether (h, w) lies in the input (not in the padding).
__device__ __forceinline__ bool in_image(int h, int w) {
  return static_cast<unsigned>(h) < static_cast<unsigned>(IN_H) &&
         static_cast<unsigned>(w) < static_cast<unsigned>(IN_W);
}

// The A tile of depth k0: 16-byte chunks by cp.async (IN_C a multiple of 8: a chunk's 8
// channels share one tap).
__device__ __forceinline__ void copy_a_chunks(ELEM* tile, const ELEM* x, const ARows& rows,
                                              int k0) {
  const int col = threadIdx.x % kAChunkCols, k = k0 + col * 8;
  const int c = k % IN_C, rs = k / IN_C, r = rs / WIN_S, s = rs % WIN_S;
#pragma unroll
  for (int j = 0; j < kAChunks; ++j) {
    const int row = threadIdx.x / kAChunkCols + j * (kThreads / kAChunkCols);
    const int h = rows.h0[j] + r, w = rows.w0[j] + s;
    const bool valid = k < kDepth && in_image(h, w);
    const ELEM* src = valid ? x + rows.image[j] + (static_cast<i64>(h) * IN_W + w) * IN_C + c : x;
    cp_async_16(shared_address(tile + row * kAStride + col * 8), src, valid);
  }
}

// The A tile of depth k0 element by element (any IN_C, any alignment).
__device__ __forceinline__ void load_a_elements(ELEM* tile, const ELEM* x, i64 m0, int k0) {
  for (int i = threadIdx.x; i < BLOCK_M * BLOCK_K; i += kThreads) {
    const int row = i / BLOCK_K, col = i % BLOCK_K, k = k0 + col;
    const i64 m = m0 + row, n = m / kPixels;
    const int pq = static_cast<int>(m - n * kPixels), p = pq / kOutQ, q = pq % kOutQ;
    const int c = k % IN_C, rs = k / IN_C, r = rs / WIN_S, s = rs % WIN_S;
    const int h = p * STRIDE - PAD_H + r, w = q * STRIDE - PAD_W + s;
    ELEM v = from_float<ELEM>(0.f);
    if (m < kRows && k < kDepth && in_image(h, w)) {
      v = x[((n * IN_H + h) * IN_W + w) * IN_C + c];
    }
    tile[row * kAStride + col] = v;
  }
}

// The B tile (filter rows [k0, k0 + BLOCK_K), columns [n0, n0 + BLOCK_N)) by cp.async.
__device__ __forceinline__ void copy_b_chunks(ELEM* tile, const ELEM* wt, int n0, int k0) {
  const int col = threadIdx.x % kBChunkCols, n = n0 + col * 8;
#pragma unroll
  for (int j = 0; j < kBChunks; ++j) {
    const int row = threadIdx.x / kBChunkCols + j * (kThreads / kBChunkCols), k = k0 + row;
    const bool valid = k < kDepth && n < OUT_K;
    const ELEM* src = valid ? wt + static_cast<i64>(k) * OUT_K + n : wt;
    cp_async_16(shared_address(tile + row * kBStride + col * 8), src, valid);
  }
}

// The B tile element by element (any OUT_K, any alignment).
__device__ __forceinline__ void load_b_elements(ELEM* tile, const ELEM* wt, int n0, int k0) {
  for (int i = threadIdx.x; i < BLOCK_K * BLOCK_N; i += kThreads) {
    const int row = i / BLOCK_N, col = i % BLOCK_N, k = k0 + row, n = n0 + col;
    tile[row * kBStride + col] =
        k < kDepth && n < OUT_K ? wt[static_cast<i64>(k) * OUT_K + n] : from_float<ELEM>(0.f);
  }
}

// acc += the warp's share of one stage: BLOCK_K / 16 k steps, fragments by ldmatrix (A's
// four 8x8 matrices: rows 0-7 and 8-15 of k 0-7, then of k 8-15; B's, transposed from the
// [k][n] tile: k 0-7 and 8-15 of n 0-7, then of n 8-15: two n8 tiles an x4).
__device__ __forceinline__ void mma_stage(float (&acc)[kMTiles][kNTiles][4], const ELEM* a_tile,
                                          const ELEM* b_tile, int warp_m0, int warp_n0) {
  const int lane = threadIdx.x & 31;
#pragma unroll
  for (int kk = 0; kk < BLOCK_K / 16; ++kk) {
    unsigned a[kMTiles][4], b[kNTiles][2];
#pragma unroll
    for (int mi = 0; mi < kMTiles; ++mi) {
      const int row = warp_m0 + mi * 16 + (lane & 15), col = kk * 16 + (lane >> 4) * 8;
      ldmatrix_x4(a[mi], shared_address(a_tile + row * kAStride + col));
    }
#pragma unroll
    for (int nj = 0; nj < kNTiles / 2; ++nj) {
      const int row = kk * 16 + (lane & 7) + ((lane >> 3) & 1) * 8;
      const int col = warp_n0 + nj * 16 + (lane >> 4) * 8;
      unsigned r[4];
      ldmatrix_x4_trans(r, shared_address(b_tile + row * kBStride + col));
      b[2 * nj][0] = r[0];
      b[2 * nj][1] = r[1];
      b[2 * nj + 1][0] = r[2];
      b[2 * nj + 1][1] = r[3];
    }
#pragma unroll
    for (int mi = 0; mi < kMTiles; ++mi)
#pragma unroll
      for (int ni = 0; ni < kNTiles; ++ni) mma_16816<ELEM>(acc[mi][ni], a[mi], b[ni]);
  }
}

// Writes the warp's accumulators to y [M, OUT_K]: row pairs of the C fragment (c0 c1 at row g,
// c2 c3 at row g + 8, columns 2t and 2t + 1) as one 32-bit store where OUT_K is even and y
// 4-byte aligned, else element by element.
__device__ __forceinline__ void store_tile(ELEM* y, const float (&acc)[kMTiles][kNTiles][4],
                                           i64 row0, int col0, bool pairs) {
  const int lane = threadIdx.x & 31, g = lane >> 2, t = lane & 3;
#pragma unroll
  for (int mi = 0; mi < kMTiles; ++mi) {
#pragma unroll
    for (int half = 0; half < 2; ++half) {
      const i64 row = row0 + mi * 16 + g + half * 8;
      if (row >= kRows) continue;
#pragma unroll
      for (int ni = 0; ni < kNTiles; ++ni) {
        const int col = col0 + ni * 8 + 2 * t;
        const float v0 = acc[mi][ni][2 * half], v1 = acc[mi][ni][2 * half + 1];
        ELEM* out = y + row * OUT_K + col;
        if (pairs && col + 1 < OUT_K) {
          *reinterpret_cast<unsigned*>(out) = pack_pair<ELEM>(v0, v1);
        } else {
          if (col < OUT_K) out[0] = from_float<ELEM>(v0);
          if (col + 1 < OUT_K) out[1] = from_float<ELEM>(v1);
        }
      }
    }
  }
}

__device__ __forceinline__ bool aligned(const void* p, unsigned bytes) {
  return (reinterpret_cast<u64>(p) & (bytes - 1)) == 0;
}

// Grid: x over the M tiles, y over the K tiles. Block: WARPS_M x WARPS_N warps. Dynamic shared
// memory: STAGES x (BLOCK_M x kAStride + BLOCK_K x kBStride) elements.
extern "C" __global__ void __launch_bounds__(kThreads)
    conv2d(const ELEM* __restrict__ x, const ELEM* __restrict__ wt, ELEM* __restrict__ y) {
  extern __shared__ __align__(16) unsigned char shared[];
  ELEM* a_tiles = reinterpret_cast<ELEM*>(shared);
  ELEM* b_tiles = a_tiles + STAGES * kAStage;
  const i64 m0 = static_cast<i64>(blockIdx.x) * BLOCK_M;
  const int n0 = blockIdx.y * BLOCK_N;
  const bool vec_a = VEC_A && aligned(x, 16), vec_b = VEC_B && aligned(wt, 16);
  const ARows rows = a_rows(m0);

  auto load_stage = [&](int kt) {
    ELEM* a = a_tiles + (kt % STAGES) * kAStage;
    ELEM* b = b_tiles + (kt % STAGES) * kBStage;
    if (vec_a) {
      copy_a_chunks(a, x, rows, kt * BLOCK_K);
    } else {
      load_a_elements(a, x, m0, kt * BLOCK_K);
    }
    if (vec_b) {
      copy_b_chunks(b, wt, n0, kt * BLOCK_K);
    } else {
      load_b_elements(b, wt, n0, kt * BLOCK_K);
    }
  };

  float acc[kMTiles][kNTiles][4];
#pragma unroll
  for (int mi = 0; mi < kMTiles; ++mi)
#pragma unroll
    for (int ni = 0; ni < kNTiles; ++ni) acc[mi][ni][0] = acc[mi][ni][1] = acc[mi][ni][2] = acc[mi][ni][3] = 0.f;

  // STAGES - 1 tiles in flight; one commit group a tile (empty past the last) so that
  // cp_async_wait<STAGES - 2> always means "tile kt has landed".
#pragma unroll
  for (int s = 0; s < STAGES - 1; ++s) {
    if (s < kKTiles) load_stage(s);
    cp_async_commit();
  }
  const int warp = threadIdx.x >> 5;
  const int warp_m0 = (warp / WARPS_N) * kWarpM, warp_n0 = (warp % WARPS_N) * kWarpN;
  for (int kt = 0; kt < kKTiles; ++kt) {
    cp_async_wait<STAGES - 2>();
    // Tile kt is visible to every thread, and every warp is done with tile kt - 1, whose
    // buffer the next load takes.
    __syncthreads();
    if (kt + STAGES - 1 < kKTiles) load_stage(kt + STAGES - 1);
    cp_async_commit();
    mma_stage(acc, a_tiles + (kt % STAGES) * kAStage, b_tiles + (kt % STAGES) * kBStage, warp_m0,
              warp_n0);
  }
  cp_async_wait<0>();
  store_tile(y, acc, m0 + warp_m0, n0 + warp_n0, OUT_K % 2 == 0 && aligned(y, 4));
}
