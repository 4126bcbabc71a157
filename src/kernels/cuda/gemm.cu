// Hopper GEMM (gemm_sm90_wgmma): C[b] = A[b] B[b] for row-major A [M, K] and B either [K, N]
// (gemm: N-major) or [N, K] (gemm_nt: K-major), f32 accumulation, C [M, N] in the inputs' type.
// Specialised by -DELEM (bf16_t or half_t), -DBLOCK_N (128 or 256), -DSTAGES (the shared-memory
// ring's depth) and -DB_K_MAJOR (1 for gemm_nt).
//
// A block of three warpgroups works on tiles of 128 x BLOCK_N of C, walking K in steps of 64:
// warpgroup 0 is the producer (one thread issues the TMA copies of A's 128 x 64 and B's
// BLOCK_N x 64 tiles into the ring, 128-byte swizzled, each stage's "full" mbarrier counting
// the bytes in), warpgroups 1 and 2 the consumers (rows 0-63 and 64-127 of the tile: four
// wgmma m64nBLOCK_Nk16 per stage on shared-memory descriptors, then the stage handed back
// through its "empty" mbarrier once the wgmma reading it have completed). The producer gives
// its registers to the consumers (setmaxnreg). Blocks are persistent where the plan's grid is
// smaller than the tile count: block i takes tiles i, i + grid, ..., each (batch, m, n) tile
// rasterised in groups of `raster` tile rows so that neighbours in time share A and B in L2.
// Edges: TMA fills rows and columns past M, N and K with zeros; the epilogue stores in bounds.
#include "ops/hopper.cuh"

#ifndef B_K_MAJOR
#define B_K_MAJOR 0
#endif

typedef ELEM T;

constexpr int kBlockM = 128;
constexpr int kBlockK = 64;  // 128 bytes of 16-bit elements: one swizzled row
constexpr int kBlockN = BLOCK_N;
constexpr int kStages = STAGES;
constexpr int kThreads = 384;
constexpr int kConsumerWarps = 8;
constexpr unsigned kTileBytesA = kBlockM * kBlockK * 2;  // 16 KiB
constexpr unsigned kTileBytesB = kBlockN * kBlockK * 2;
constexpr unsigned kBoxBytesB = 64 * kBlockK * 2;  // N-major B: one 64 x 64 box
constexpr unsigned kSwizzleAtom = 1024;            // 8 rows of 128 bytes
constexpr int kAccumulators = kBlockN / 2;         // per thread: 64 x BLOCK_N over 128 threads

static_assert(kBlockN == 128 || kBlockN == 256, "BLOCK_N is 128 or 256");

// The tile's batch, row block and column block.
struct TileCoord {
  int batch, m, n;
};

__device__ __forceinline__ TileCoord tile_coord(i64 tile, int tiles_m, int tiles_n, int raster) {
  const i64 per_batch = static_cast<i64>(tiles_m) * tiles_n;
  const int batch = static_cast<int>(tile / per_batch);
  const i64 t = tile % per_batch;
  const i64 group_span = static_cast<i64>(raster) * tiles_n;
  const int first_m = static_cast<int>(t / group_span) * raster;
  const int rows = min(tiles_m - first_m, raster);
  const int r = static_cast<int>(t % group_span);
  return {batch, first_m + r % rows, r / rows};
}

// One consumer's 64 x BLOCK_N share of the tile, from the accumulators to C (the wgmma
// fragment: thread t of the warpgroup holds rows 16 (t / 32) + (t % 32) / 4 and 8 more, columns
// 2 (t % 4) and the next of every 8-column block).
__device__ __forceinline__ void store_tile(const float (&acc)[kAccumulators], T* __restrict__ c,
                                           i64 m, i64 n, i64 row0, i64 col0) {
  const int t = threadIdx.x % 128;
  const i64 row = row0 + 16 * (t / 32) + (t % 32) / 4;
  const i64 col = col0 + 2 * (t % 4);
  const bool pairs = (n % 2) == 0;  // then each pair is 4-byte aligned
#pragma unroll
  for (int j = 0; j < kBlockN / 8; ++j) {
    const i64 cj = col + 8 * j;
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      const i64 r = row + 8 * h;
      if (r >= m || cj >= n) continue;
      T* p = c + r * n + cj;
      const T v0 = from_float<T>(acc[4 * j + 2 * h]);
      const T v1 = from_float<T>(acc[4 * j + 2 * h + 1]);
      if (pairs) {
        *reinterpret_cast<unsigned*>(p) =
            static_cast<unsigned>(v0.bits) | (static_cast<unsigned>(v1.bits) << 16);
      } else {
        p[0] = v0;
        if (cj + 1 < n) p[1] = v1;
      }
    }
  }
}

extern "C" __global__ void __launch_bounds__(kThreads, 1)
    gemm_sm90(const __grid_constant__ TmaDescriptor map_a,
              const __grid_constant__ TmaDescriptor map_b, T* __restrict__ c, i64 batches, i64 m,
              i64 n, i64 k, int raster) {
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
  const i64 tiles = static_cast<i64>(tiles_m) * tiles_n * batches;
  const int k_tiles = static_cast<int>((k + kBlockK - 1) / kBlockK);

  if (warpgroup == 0) {
    hopper::release_registers<40>();
    if (threadIdx.x != 0) return;
    int stage = 0;
    unsigned phase = 0;
    for (i64 tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
      const TileCoord tc = tile_coord(tile, tiles_m, tiles_n, raster);
      for (int kt = 0; kt < k_tiles; ++kt) {
        hopper::mbar_wait(empty + 8 * stage, phase ^ 1);
        const unsigned bar = full + 8 * stage;
        hopper::mbar_arrive_expect_tx(bar, kTileBytesA + kTileBytesB);
        const unsigned a_dst = tiles_a + stage * kTileBytesA;
        const unsigned b_dst = tiles_b + stage * kTileBytesB;
        hopper::tma_load_3d(a_dst, &map_a, bar, kt * kBlockK, tc.m * kBlockM, tc.batch);
        if constexpr (B_K_MAJOR) {
          hopper::tma_load_3d(b_dst, &map_b, bar, kt * kBlockK, tc.n * kBlockN, tc.batch);
        } else {
#pragma unroll
          for (int j = 0; j < kBlockN / 64; ++j) {
            hopper::tma_load_3d(b_dst + j * kBoxBytesB, &map_b, bar, tc.n * kBlockN + 64 * j,
                                kt * kBlockK, tc.batch);
          }
        }
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
      for (int kk = 0; kk < kBlockK / 16; ++kk) {
        // K-major operands step 16 elements (32 bytes) along their swizzled rows; N-major B
        // steps 16 rows of 128 bytes (two swizzle atoms), its 64-column boxes kBoxBytesB apart.
        const u64 a = hopper::smem_descriptor_sw128(a_tile + 32 * kk, 16, kSwizzleAtom);
        const u64 b = B_K_MAJOR
                          ? hopper::smem_descriptor_sw128(b_tile + 32 * kk, 16, kSwizzleAtom)
                          : hopper::smem_descriptor_sw128(b_tile + 2 * kSwizzleAtom * kk,
                                                          kBoxBytesB, kSwizzleAtom);
        hopper::wgmma_m64k16<T, kBlockN, B_K_MAJOR ? 0 : 1>(acc, a, b);
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
    store_tile(acc, c + static_cast<i64>(tc.batch) * m * n, m, n,
               static_cast<i64>(tc.m) * kBlockM + 64 * half, static_cast<i64>(tc.n) * kBlockN);
  }
}

// The rows of a [rows, cols] matrix copied to rows `padded` elements apart (a multiple of 8,
// so that every row starts 16-byte aligned as TMA needs); the padding is never read.
extern "C" __global__ void gemm_pad_rows(const T* __restrict__ src, T* __restrict__ dst,
                                         i64 rows, i64 cols, i64 padded) {
  const i64 total = rows * cols;
  for (i64 i = blockIdx.x * static_cast<i64>(blockDim.x) + threadIdx.x; i < total;
       i += static_cast<i64>(gridDim.x) * blockDim.x) {
    const i64 r = i / cols;
    dst[r * padded + (i - r * cols)] = src[i];
  }
}

// C = 0: the product over an empty K.
extern "C" __global__ void gemm_zero(T* __restrict__ c, i64 count) {
  for (i64 i = blockIdx.x * static_cast<i64>(blockDim.x) + threadIdx.x; i < count;
       i += static_cast<i64>(gridDim.x) * blockDim.x) {
    c[i] = from_float<T>(0.f);
  }
}
