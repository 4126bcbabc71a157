// Hopper fp8 GEMM (gemm_fp8_sm90_wgmma): C = (A sa) (B sb)^T for row-major A [M, K] and
// B [N, K] of fp8 (e4m3 or e5m2), f32 accumulation, C [M, N] in bf16 or f32. Scales are f32:
// one each per tensor, or (ROW_SCALES) sa [M] per row of A and sb [N] per row of B (per column
// of C). Specialised by -DBLOCK_N (128 or 256), -DSTAGES (the ring's depth), -DA_E5M2 and
// -DB_E5M2 (1: that operand is e5m2, else e4m3), -DROW_SCALES and -DOUT_F32.
//
// The schedule is gemm.cu's with both operands K-major, the only layout fp8 wgmma takes: a
// producer warpgroup (one thread issues TMA copies of A's 128 x 128-byte and B's BLOCK_N x
// 128-byte tiles into a ring of STAGES buffers, 128-byte swizzle, each stage's "full"
// mbarrier counting the bytes in) and two consumer warpgroups (rows 0-63 and 64-127 of the
// 128 x BLOCK_N tile: four wgmma m64nBLOCK_Nk32 per 128-deep stage, the stage handed back
// through its "empty" mbarrier once the wgmma reading it have completed; the scales applied
// to the f32 sums in the epilogue). Persistent over rasterised tiles where the grid is
// smaller than the tile count. Edges: TMA fills past M, N and K with zeros (0x00 is +0 in
// both formats); the epilogue stores in bounds.
#include "ops/hopper.cuh"

#ifndef A_E5M2
#define A_E5M2 0
#endif
#ifndef B_E5M2
#define B_E5M2 0
#endif
#ifndef ROW_SCALES
#define ROW_SCALES 0
#endif
#ifndef OUT_F32
#define OUT_F32 0
#endif

#if OUT_F32
typedef float OutT;
#else
typedef bf16_t OutT;
#endif

constexpr int kBlockM = 128;
constexpr int kBlockK = 128;  // elements = bytes: one 128-byte swizzled row
constexpr int kBlockN = BLOCK_N;
constexpr int kStages = STAGES;
constexpr int kThreads = 384;
constexpr int kConsumerWarps = 8;
constexpr unsigned kTileBytesA = kBlockM * kBlockK;  // 16 KiB
constexpr unsigned kTileBytesB = kBlockN * kBlockK;
constexpr unsigned kSwizzleAtom = 1024;     // 8 rows of 128 bytes
constexpr int kAccumulators = kBlockN / 2;  // per thread: 64 x BLOCK_N over 128 threads
constexpr int kFormatA = A_E5M2 ? hopper::kFp8E5M2 : hopper::kFp8E4M3;
constexpr int kFormatB = B_E5M2 ? hopper::kFp8E5M2 : hopper::kFp8E4M3;

static_assert(kBlockN == 128 || kBlockN == 256, "BLOCK_N is 128 or 256");

struct TileCoord {
  int m, n;  // the tile's row block and column block
};

// Tile `tile` of tiles_m x tiles_n, walked in groups of `raster` tile rows (down a group's
// rows first) so that tiles close in time share A's and B's tiles in L2.
__device__ __forceinline__ TileCoord tile_coord(i64 tile, int tiles_m, int tiles_n, int raster) {
  const i64 group_span = static_cast<i64>(raster) * tiles_n;
  const int first_m = static_cast<int>(tile / group_span) * raster;
  const int rows = min(tiles_m - first_m, raster);
  const int r = static_cast<int>(tile % group_span);
  return {first_m + r % rows, r / rows};
}

// Two neighbouring results of a row, stored as one 4-byte (bf16) or 8-byte (f32) access where
// the pair is aligned (even N), else one by one within the row.
__device__ __forceinline__ void store_pair(OutT* p, float v0, float v1, bool pairs, bool second) {
#if OUT_F32
  if (pairs) {
    *reinterpret_cast<float2*>(p) = make_float2(v0, v1);
    return;
  }
  p[0] = v0;
  if (second) p[1] = v1;
#else
  const bf16_t b0 = from_float<bf16_t>(v0);
  const bf16_t b1 = from_float<bf16_t>(v1);
  if (pairs) {
    *reinterpret_cast<unsigned*>(p) =
        static_cast<unsigned>(b0.bits) | (static_cast<unsigned>(b1.bits) << 16);
    return;
  }
  p[0] = b0;
  if (second) p[1] = b1;
#endif
}

// One consumer's 64 x BLOCK_N share of the tile, scaled, from the accumulators to C (the
// wgmma fragment: thread t of the warpgroup holds rows 16 (t / 32) + (t % 32) / 4 and 8 more,
// columns 2 (t % 4) and the next of every 8-column block).
__device__ __forceinline__ void store_tile(const float (&acc)[kAccumulators], OutT* __restrict__ c,
                                           const float* __restrict__ scale_a,
                                           const float* __restrict__ scale_b, i64 m, i64 n,
                                           i64 row0, i64 col0) {
  const int t = threadIdx.x % 128;
  const i64 row = row0 + 16 * (t / 32) + (t % 32) / 4;
  const i64 col = col0 + 2 * (t % 4);
  const bool pairs = (n % 2) == 0;
#if !ROW_SCALES
  const float s = scale_a[0] * scale_b[0];
#endif
#pragma unroll
  for (int h = 0; h < 2; ++h) {
    const i64 r = row + 8 * h;
    if (r >= m) continue;
#if ROW_SCALES
    const float sr = scale_a[r];
#endif
#pragma unroll
    for (int j = 0; j < kBlockN / 8; ++j) {
      const i64 cj = col + 8 * j;
      if (cj >= n) continue;
      const bool second = cj + 1 < n;
#if ROW_SCALES
      const float s0 = sr * scale_b[cj];
      const float s1 = second ? sr * scale_b[cj + 1] : 0.f;
#else
      const float s0 = s, s1 = s;
#endif
      store_pair(c + r * n + cj, acc[4 * j + 2 * h] * s0, acc[4 * j + 2 * h + 1] * s1, pairs,
                 second);
    }
  }
}

extern "C" __global__ void __launch_bounds__(kThreads, 1)
    gemm_fp8_sm90(const __grid_constant__ TmaDescriptor map_a,
                  const __grid_constant__ TmaDescriptor map_b, const float* __restrict__ scale_a,
                  const float* __restrict__ scale_b, OutT* __restrict__ c, i64 m, i64 n, i64 k,
                  int raster) {
  extern __shared__ unsigned char smem_raw[];
  // The swizzle atoms must start 1024-byte aligned (the plan asks for 1 KiB more).
  const unsigned raw = hopper::smem_address(smem_raw);
  const unsigned base = (raw + kSwizzleAtom - 1) & ~(kSwizzleAtom - 1);
  const unsigned tiles_a = base;
  const unsigned tiles_b = tiles_a + kStages * kTileBytesA;
  const unsigned full = tiles_b + kStages * kTileBytesB;  // kStages barriers of 8 bytes
  const unsigned empty = full + kStages * 8;

  const int warpgroup = threadIdx.x / 128;
  if (threadIdx.x == 0) {
    hopper::tma_prefetch_descriptor(&map_a);
    hopper::tma_prefetch_descriptor(&map_b);
    for (int s = 0; s < kStages; ++s) {
      hopper::mbar_init(full + 8 * s, 1);
      hopper::mbar_init(empty + 8 * s, kConsumerWarps);
    }
    hopper::mbar_init_fence();
  }
  __syncthreads();

  const int tiles_m = static_cast<int>((m + kBlockM - 1) / kBlockM);
  const int tiles_n = static_cast<int>((n + kBlockN - 1) / kBlockN);
  const i64 tiles = static_cast<i64>(tiles_m) * tiles_n;
  const int k_tiles = static_cast<int>((k + kBlockK - 1) / kBlockK);

  if (warpgroup == 0) {
    hopper::release_registers<40>();
    if (threadIdx.x != 0) return;
    int stage = 0;
    unsigned phase = 0;
    for (i64 tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
      const TileCoord tc = tile_coord(tile, tiles_m, tiles_n, raster);
      for (int kt = 0; kt < k_tiles; ++kt) {
        // A stage's first use waits on parity 1, which a fresh barrier reports complete.
        hopper::mbar_wait(empty + 8 * stage, phase ^ 1);
        const unsigned bar = full + 8 * stage;
        hopper::mbar_arrive_expect_tx(bar, kTileBytesA + kTileBytesB);
        hopper::tma_load_3d(tiles_a + stage * kTileBytesA, &map_a, bar, kt * kBlockK,
                            tc.m * kBlockM, 0);
        hopper::tma_load_3d(tiles_b + stage * kTileBytesB, &map_b, bar, kt * kBlockK,
                            tc.n * kBlockN, 0);
        if (++stage == kStages) {
          stage = 0;
          phase ^= 1;
        }
      }
    }
    return;
  }

  hopper::claim_registers<232>();
  const int half = warpgroup - 1;  // rows 64 * half .. of the tile
  const bool warp_leader = threadIdx.x % 32 == 0;
  int stage = 0;
  unsigned phase = 0;
  for (i64 tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const TileCoord tc = tile_coord(tile, tiles_m, tiles_n, raster);
    float acc[kAccumulators];
#pragma unroll
    for (int i = 0; i < kAccumulators; ++i) acc[i] = 0.f;
    hopper::fence_accumulators(acc);
    int previous = 0;
    for (int kt = 0; kt < k_tiles; ++kt) {
      hopper::mbar_wait(full + 8 * stage, phase);
      const unsigned a_tile = tiles_a + stage * kTileBytesA + half * (kTileBytesA / 2);
      const unsigned b_tile = tiles_b + stage * kTileBytesB;
      hopper::wgmma_fence();
#pragma unroll
      for (int kk = 0; kk < kBlockK / 32; ++kk) {
        // Both operands K-major: a k32 step is 32 bytes along the swizzled rows.
        const u64 a = hopper::smem_descriptor_sw128(a_tile + 32 * kk, 16, kSwizzleAtom);
        const u64 b = hopper::smem_descriptor_sw128(b_tile + 32 * kk, 16, kSwizzleAtom);
        hopper::wgmma_m64k32_f8<kBlockN, kFormatA, kFormatB>(acc, a, b);
      }
      hopper::wgmma_commit();
      // The previous stage's wgmma have completed: hand its buffers back to the producer.
      hopper::wgmma_wait<1>();
      if (kt > 0 && warp_leader) hopper::mbar_arrive(empty + 8 * previous);
      previous = stage;
      if (++stage == kStages) {
        stage = 0;
        phase ^= 1;
      }
    }
    hopper::wgmma_wait<0>();
    hopper::fence_accumulators(acc);
    if (k_tiles > 0 && warp_leader) hopper::mbar_arrive(empty + 8 * previous);
    store_tile(acc, c, scale_a, scale_b, m, n, static_cast<i64>(tc.m) * kBlockM + 64 * half,
               static_cast<i64>(tc.n) * kBlockN);
  }
}

// The rows of a [rows, cols] byte matrix copied to rows `padded` bytes apart (a multiple of
// 16, so that every row starts 16-byte aligned as TMA needs); the padding is never read.
extern "C" __global__ void gemm_fp8_pad_rows(const unsigned char* __restrict__ src,
                                             unsigned char* __restrict__ dst, i64 rows, i64 cols,
                                             i64 padded) {
  const i64 total = rows * cols;
  for (i64 i = blockIdx.x * static_cast<i64>(blockDim.x) + threadIdx.x; i < total;
       i += static_cast<i64>(gridDim.x) * blockDim.x) {
    const i64 r = i / cols;
    dst[r * padded + (i - r * cols)] = src[i];
  }
}

// C = 0: the product over an empty K.
extern "C" __global__ void gemm_fp8_zero(OutT* __restrict__ c, i64 count) {
  for (i64 i = blockIdx.x * static_cast<i64>(blockDim.x) + threadIdx.x; i < count;
       i += static_cast<i64>(gridDim.x) * blockDim.x) {
    c[i] = from_float<OutT>(0.f);
  }
}
