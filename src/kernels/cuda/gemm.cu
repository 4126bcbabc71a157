// Hopper GEMM (gemm_sm90_wgmma): C[b] = A[b] B[b] for row-major A [M, K] and B either [K, N]
// (gemm: N-major) or [N, K] (gemm_nt: K-major), f32 accumulation, C [M, N] in the inputs' type,
// with a fused epilogue on the f32 accumulators before the one rounding (gemm_bias & co.).
// Specialised by -DELEM (bf16_t or half_t), -DBLOCK_N (64, 128 or 256), -DSTAGES (the
// shared-memory ring's depth), -DB_K_MAJOR (1 for gemm_nt), -DTMA_STORE (1: C through shared
// memory and TMA stores), -DSPLIT_K (1: the K range split `splits` ways, f32 partial products
// to scratch that gemm_split_finish adds up), -DCTAS_PER_SM (1, or 2 at BLOCK_N 64: the launch
// bound of two blocks an SM, ~80 registers a thread, and no register moves between the
// warpgroups) and -DEPILOGUE (0: none; 1: + bias[n]; 2: gelu_tanh(+ bias); 3: silu(+ bias);
// 4: + bias + R[b, m, n]).
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
// Split K: the blocks walk units (split, tile), split s taking K steps s ceil(k_tiles / splits)
// onwards (possibly none: its partial is zeros), and each writes its partial product in f32.
// The schedule, the ring and the producer's and consumers' loops are ops/gemm_pipeline.cuh's
// (shared with gemm_fp8.cu). An empty K is gemm_split_finish over no splits.
// Epilogue: with TMA_STORE, each consumer writes its 64 x BLOCK_N share as 64 x 64 boxes into
// two staging buffers of its own (the 128-byte swizzle, bank-conflict free), which one of its
// threads stores with cp.async.bulk.tensor while the warpgroup goes on to the next box and the
// next tile's mainloop (the producer's loads of which have not waited for it). Without
// TMA_STORE (C's rows not 16-byte aligned), the threads store their fragments directly.
// Edges: TMA fills rows and columns past M, N and K with zeros; TMA stores clip at M and N;
// direct stores and the epilogue's reads of bias and R stay in bounds.
#include "ops/composite.cuh"
#include "ops/gemm_pipeline.cuh"
#include "ops/hopper.cuh"

#ifndef B_K_MAJOR
#define B_K_MAJOR 0
#endif
#ifndef TMA_STORE
#define TMA_STORE 0
#endif
#ifndef EPILOGUE
#define EPILOGUE 0
#endif
#ifndef SPLIT_K
#define SPLIT_K 0
#endif
#if SPLIT_K && TMA_STORE
#error "split K writes f32 partials directly: no TMA stores"
#endif
#ifndef CTAS_PER_SM
#define CTAS_PER_SM 1
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
constexpr unsigned kBoxBytesC = 64 * 64 * 2;       // one 64 x 64 box of C, a staging buffer
// Two staging buffers per consumer warpgroup (TMA_STORE).
constexpr unsigned kStagingBytes = TMA_STORE ? 2 * 2 * kBoxBytesC : 0;

static_assert(kBlockN == 64 || kBlockN == 128 || kBlockN == 256, "BLOCK_N is 64, 128 or 256");
// Two blocks an SM leave 65536 / 768 registers a thread: a 128 x 64 tile's 32 accumulators.
static_assert(CTAS_PER_SM == 1 || (CTAS_PER_SM == 2 && kBlockN == 64),
              "CTAS_PER_SM is 1, or 2 at BLOCK_N 64");

// The fused epilogue's operands: bias [N] and this tile's batch of R [M, N] (null when unused).
struct EpilogueArgs {
  const T* bias;
  const T* residual;
};

// The epilogue of the accumulator at C's row r and column col (both in bounds).
__device__ __forceinline__ float finish(float v, i64 r, i64 col, i64 n, const EpilogueArgs& e) {
#if EPILOGUE >= 1
  v += to_float(e.bias[col]);
#endif
#if EPILOGUE == 2
  v = nn::gelu_tanh(v);
#elif EPILOGUE == 3
  v = nn::silu(v);
#elif EPILOGUE == 4
  v += to_float(e.residual[r * n + col]);
#endif
  return v;
}

__device__ __forceinline__ unsigned pack_pair(T v0, T v1) {
  return static_cast<unsigned>(v0.bits) | (static_cast<unsigned>(v1.bits) << 16);
}

// One consumer's 64 x BLOCK_N share of the tile, from the accumulators to C (the wgmma
// fragment: thread t of the warpgroup holds rows 16 (t / 32) + (t % 32) / 4 and 8 more, columns
// 2 (t % 4) and the next of every 8-column block).
__device__ __forceinline__ void store_tile(const float (&acc)[kAccumulators], T* __restrict__ c,
                                           const EpilogueArgs& e, i64 m, i64 n, i64 row0,
                                           i64 col0) {
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
      const T v0 = from_float<T>(finish(acc[4 * j + 2 * h], r, cj, n, e));
      if (pairs) {
        const T v1 = from_float<T>(finish(acc[4 * j + 2 * h + 1], r, cj + 1, n, e));
        *reinterpret_cast<unsigned*>(p) = pack_pair(v0, v1);
      } else {
        p[0] = v0;
        if (cj + 1 < n) p[1] = from_float<T>(finish(acc[4 * j + 2 * h + 1], r, cj + 1, n, e));
      }
    }
  }
}

// One consumer's 64 x BLOCK_N share of a split's partial product, in f32 to `partials` (this
// split's and batch's [M, N]), in pairs where N is even (then each pair is 8-byte aligned).
__device__ __forceinline__ void store_partial(const float (&acc)[kAccumulators],
                                              float* __restrict__ partials, i64 m, i64 n, i64 row0,
                                              i64 col0) {
  const int t = threadIdx.x % 128;
  const i64 row = row0 + 16 * (t / 32) + (t % 32) / 4;
  const i64 col = col0 + 2 * (t % 4);
  const bool pairs = (n % 2) == 0;
#pragma unroll
  for (int j = 0; j < kBlockN / 8; ++j) {
    const i64 cj = col + 8 * j;
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      const i64 r = row + 8 * h;
      if (r >= m || cj >= n) continue;
      float* p = partials + r * n + cj;
      if (pairs) {
        *reinterpret_cast<float2*>(p) = make_float2(acc[4 * j + 2 * h], acc[4 * j + 2 * h + 1]);
      } else {
        p[0] = acc[4 * j + 2 * h];
        if (cj + 1 < n) p[1] = acc[4 * j + 2 * h + 1];
      }
    }
  }
}

// The same share through the warpgroup's two staging buffers at `staging` (TMA_STORE): box jb
// (columns 64 jb .. of the share) is written into buffer `boxes` % 2 (`boxes` counts the
// warpgroup's boxes over its tiles, so that the buffers alternate across tiles whatever the
// count per tile) at 128-byte swizzled offsets
// (row r's 16-byte chunk c at c ^ (r % 8)), fenced for the async proxy, and stored by thread 0
// of the warpgroup, which first waits until the store that last read the buffer has (its
// groups: one per box, at most the previous box's still reading). `barrier` is the
// warpgroup's named barrier. C's map is [batches, M, N] in boxes of 64 x 64.
__device__ __forceinline__ void store_tile_tma(const float (&acc)[kAccumulators],
                                               const TmaDescriptor* map_c, unsigned staging,
                                               int barrier, int& boxes, const EpilogueArgs& e,
                                               int batch, i64 m, i64 n, i64 row0, i64 col0) {
  const int t = threadIdx.x % 128;
  if (row0 >= m) return;  // the whole share is past M (the same for every thread)
  const int row = 16 * (t / 32) + (t % 32) / 4;  // and row + 8, within the share
  const int word = 4 * (t % 4);                  // the pair's bytes within a 16-byte chunk
#pragma unroll
  for (int jb = 0; jb < kBlockN / 64; ++jb) {
    if (col0 + 64 * jb >= n) break;  // the rest of the share is past N
    const unsigned buffer = staging + (boxes++ % 2) * kBoxBytesC;
    if (t == 0) hopper::bulk_wait_group_read<1>();
    hopper::named_barrier_sync(barrier, 128);
#pragma unroll
    for (int jj = 0; jj < 8; ++jj) {
      const int j = 8 * jb + jj;
      const i64 cj = col0 + 8 * j + 2 * (t % 4);
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        const int r = row + 8 * h;
        float v0 = acc[4 * j + 2 * h], v1 = acc[4 * j + 2 * h + 1];
        if (row0 + r < m) {
          if (cj < n) v0 = finish(v0, row0 + r, cj, n, e);
          if (cj + 1 < n) v1 = finish(v1, row0 + r, cj + 1, n, e);
        }
        hopper::st_shared_u32(buffer + r * 128 + ((jj ^ (r % 8)) * 16) + word,
                              pack_pair(from_float<T>(v0), from_float<T>(v1)));
      }
    }
    hopper::fence_proxy_async_shared();
    hopper::named_barrier_sync(barrier, 128);
    if (t == 0) {
      hopper::tma_store_3d(map_c, buffer, static_cast<int>(col0 + 64 * jb), static_cast<int>(row0),
                           batch);
      hopper::bulk_commit_group();
    }
  }
}

extern "C" __global__ void __launch_bounds__(kThreads, CTAS_PER_SM)
    gemm_sm90(const __grid_constant__ TmaDescriptor map_a,
              const __grid_constant__ TmaDescriptor map_b,
#if TMA_STORE
              const __grid_constant__ TmaDescriptor map_c,
#endif
              T* __restrict__ c,
#if EPILOGUE >= 1
              const T* __restrict__ bias,
#endif
#if EPILOGUE == 4
              const T* __restrict__ residual,
#endif
#if SPLIT_K
              float* __restrict__ partials, int splits,
#endif
              i64 batches, i64 m, i64 n, i64 k, int raster) {
  extern __shared__ unsigned char smem_raw[];
  // The swizzle atoms must start 1024-byte aligned (the plan asks for 1 KiB more).
  const unsigned raw = hopper::smem_address(smem_raw);
  const unsigned base = (raw + kSwizzleAtom - 1) & ~(kSwizzleAtom - 1);
  const unsigned tiles_a = base;
  const unsigned tiles_b = tiles_a + kStages * kTileBytesA;
  const unsigned staging = tiles_b + kStages * kTileBytesB;  // 1024-byte aligned boxes of C
  const unsigned full = staging + kStagingBytes;             // kStages barriers of 8 bytes
  const unsigned empty = full + kStages * 8;

  const int warpgroup = threadIdx.x / 128;
  if (threadIdx.x == 0) {
    hopper::tma_prefetch_descriptor(&map_a);
    hopper::tma_prefetch_descriptor(&map_b);
#if TMA_STORE
    hopper::tma_prefetch_descriptor(&map_c);
#endif
    gemm_pipeline::ring_init<kStages>(full, empty, kConsumerWarps);
  }
  __syncthreads();

#if !SPLIT_K
  const int splits = 1;
#endif
  const gemm_pipeline::Schedule<kBlockM, kBlockN, kBlockK> schedule(batches, m, n, k, splits,
                                                                    raster);

  if (warpgroup == 0) {
    // One block an SM: the producer's registers go to the consumers.
    if constexpr (CTAS_PER_SM == 1) hopper::release_registers<40>();
    if (threadIdx.x != 0) return;
    gemm_pipeline::produce<kStages>(
        schedule, full, empty, kTileBytesA + kTileBytesB,
        [&](int stage, unsigned bar, const gemm_pipeline::TileCoord& tc, int kt) {
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
        });
    return;
  }

  if constexpr (CTAS_PER_SM == 1) hopper::claim_registers<232>();
  const int half = warpgroup - 1;  // rows 64 * half .. of the tile
  const bool warp_leader = threadIdx.x % 32 == 0;
  gemm_pipeline::Ring<kStages> ring(full, empty);
#if TMA_STORE
  int boxes = 0;  // of C stored through the staging buffers
#endif
  for (i64 u = blockIdx.x; u < schedule.units; u += gridDim.x) {
    const gemm_pipeline::Unit w = schedule.unit(u);
    const gemm_pipeline::TileCoord tc = w.tile;
    float acc[kAccumulators];
#pragma unroll
    for (int i = 0; i < kAccumulators; ++i) acc[i] = 0.f;
    hopper::fence_accumulators(acc);
    gemm_pipeline::consume(
        ring, w.k_begin, w.k_end, warp_leader,
        [&](int stage, int) {
          const unsigned a_tile = tiles_a + stage * kTileBytesA + half * (kTileBytesA / 2);
          const unsigned b_tile = tiles_b + stage * kTileBytesB;
#pragma unroll
          for (int kk = 0; kk < kBlockK / 16; ++kk) {
            // K-major operands step 16 elements (32 bytes) along their swizzled rows; N-major
            // B steps 16 rows of 128 bytes (two swizzle atoms), its 64-column boxes kBoxBytesB
            // apart.
            const u64 a = hopper::smem_descriptor_sw128(a_tile + 32 * kk, 16, kSwizzleAtom);
            const u64 b = B_K_MAJOR
                              ? hopper::smem_descriptor_sw128(b_tile + 32 * kk, 16, kSwizzleAtom)
                              : hopper::smem_descriptor_sw128(b_tile + 2 * kSwizzleAtom * kk,
                                                              kBoxBytesB, kSwizzleAtom);
            hopper::wgmma_m64k16<T, kBlockN, B_K_MAJOR ? 0 : 1>(acc, a, b);
          }
        },
        [](int) {});
    hopper::fence_accumulators(acc);
    const i64 row0 = static_cast<i64>(tc.m) * kBlockM + 64 * half;
    const i64 col0 = static_cast<i64>(tc.n) * kBlockN;
#if SPLIT_K
    // The epilogue is gemm_split_finish's.
    store_partial(acc, partials + (static_cast<i64>(w.split) * batches + tc.batch) * m * n, m, n,
                  row0, col0);
#else
    EpilogueArgs e{nullptr, nullptr};
#if EPILOGUE >= 1
    e.bias = bias;
#endif
#if EPILOGUE == 4
    e.residual = residual + static_cast<i64>(tc.batch) * m * n;
#endif
#if TMA_STORE
    store_tile_tma(acc, &map_c, staging + half * 2 * kBoxBytesC, 1 + half, boxes, e, tc.batch, m, n,
                   row0, col0);
#else
    store_tile(acc, c + static_cast<i64>(tc.batch) * m * n, e, m, n, row0, col0);
#endif
#endif
  }
#if TMA_STORE
  // The block's shared memory must outlive the stores that read it.
  if (threadIdx.x % 128 == 0) hopper::bulk_wait_group<0>();
#endif
}

// The rows of a [rows, cols] matrix copied to rows `padded` elements apart (a multiple of 8,
// so that every row starts 16-byte aligned as TMA needs); the padding is never read.
extern "C" __global__ void gemm_pad_rows(const T* __restrict__ src, T* __restrict__ dst, i64 rows,
                                         i64 cols, i64 padded) {
  const i64 total = rows * cols;
  for (i64 i = blockIdx.x * static_cast<i64>(blockDim.x) + threadIdx.x; i < total;
       i += static_cast<i64>(gridDim.x) * blockDim.x) {
    const i64 r = i / cols;
    dst[r * padded + (i - r * cols)] = src[i];
  }
}

// C = the epilogue of the sum of the splits' partial products (split K), added in split order:
// `partials` [splits, count] in f32, C and R [count / n, n] over every batch. With splits = 0
// (an empty K) the sum is a zero product's and `partials` is never read (null).
extern "C" __global__ void gemm_split_finish(const float* __restrict__ partials, T* __restrict__ c,
#if EPILOGUE >= 1
                                             const T* __restrict__ bias,
#endif
#if EPILOGUE == 4
                                             const T* __restrict__ residual,
#endif
                                             i64 count, i64 n, int splits) {
  EpilogueArgs e{nullptr, nullptr};
#if EPILOGUE >= 1
  e.bias = bias;
#endif
#if EPILOGUE == 4
  e.residual = residual;
#endif
  for (i64 i = blockIdx.x * static_cast<i64>(blockDim.x) + threadIdx.x; i < count;
       i += static_cast<i64>(gridDim.x) * blockDim.x) {
    float v = 0.f;
    for (int s = 0; s < splits; ++s) v += partials[s * count + i];
    c[i] = from_float<T>(finish(v, i / n, i % n, n, e));
  }
}
