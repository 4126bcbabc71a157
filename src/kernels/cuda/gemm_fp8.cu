// Hopper fp8 GEMM (gemm_fp8_sm90_wgmma): C = (A sa) (B sb)^T for row-major A [M, K] and
// B [N, K] of fp8 (e4m3 or e5m2), f32 accumulation, C [M, N] in bf16 or f32. Scales are f32:
// one each per tensor, or (ROW_SCALES) sa [M] per row of A and sb [N] per row of B (per column
// of C). Specialised by -DBLOCK_N (128 or 256), -DSTAGES (the ring's depth), -DA_E5M2 and
// -DB_E5M2 (1: that operand is e5m2, else e4m3), -DROW_SCALES, -DOUT_F32, -DPROMOTE_EVERY
// and -DSCHEDULE.
//
// The schedule is gemm.cu's (ops/gemm_pipeline.cuh) with both operands K-major, the only
// layout fp8 wgmma takes: a producer warpgroup (one thread issues TMA copies of A's 128 x
// 128-byte and B's BLOCK_N x 128-byte tiles into a ring of STAGES buffers, 128-byte swizzle,
// each stage's "full" mbarrier counting the bytes in) and two consumer warpgroups (rows 0-63
// and 64-127 of the 128 x BLOCK_N tile: four wgmma m64n128k32 per 128-deep stage and column
// slice of 128, the stage handed back through its "empty" mbarrier once the wgmma reading it
// have completed).
// Persistent over rasterised tiles where the grid is smaller than the tile count.
//
// Two-level accumulation (-DPROMOTE_EVERY=P): Hopper's fp8 wgmma adds into its accumulators
// with about 14 significant bits, not f32's 24, so a sum over all of K loses precision as K
// and the sum grow. The wgmma accumulate over P stages (P x 128 of K) only; then, once they
// have completed, their sums are added into a second set of f32 registers (the "promotion")
// and the next stage's first wgmma starts the wgmma accumulators afresh (scale-d 0). The
// scales multiply the f32 totals in the epilogue. A thread's 64 x BLOCK_N / 128 totals and
// the wgmma's accumulators must fit the consumers' 232 registers: at BLOCK_N=256 the wgmma
// work on two column slices of 128 in turn (m64n128k32, 64 accumulators, each slice promoted
// every stage: PROMOTE_EVERY=1), so 128 + 64 floats. Edges: TMA fills past M, N and K with
// zeros (0x00 is +0 in both formats); the epilogue stores in bounds.
//
// The promotion must wait for the wgmma whose sums it adds, and the tensor cores idle unless
// other wgmma are queued meanwhile (-DSCHEDULE): 0, the consumers each wait on their own (the
// two tend to wait at the same moments); 1, the consumers take turns at issuing each slice's
// wgmma (named barriers), so one's wait and promotion overlap the other's slice, 128 + 64
// floats still; 2, at BLOCK_N=128, each consumer alternates between two sets of wgmma
// accumulators by stage and promotes one set while the next stage's wgmma run into the other
// (64 totals + 2 x 64 floats); 3, as 0 but warpgroup 1 starts once warpgroup 0 has promoted
// its first sums, so that the two run about a slice apart.
#include "ops/gemm_pipeline.cuh"
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
#ifndef PROMOTE_EVERY
#define PROMOTE_EVERY 1
#endif
#ifndef SCHEDULE
#define SCHEDULE 0
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
// The wgmma work on column slices of 128 (one at BLOCK_N=128, two at 256), each into the same
// 64 wgmma accumulators a thread, promoted into the slice's share of the kAccumulators totals.
constexpr int kSliceN = 128;
constexpr int kSlices = kBlockN / kSliceN;
constexpr int kSliceAccumulators = kSliceN / 2;
constexpr unsigned kSliceBytesB = kSliceN * kBlockK;
constexpr int kFormatA = A_E5M2 ? hopper::kFp8E5M2 : hopper::kFp8E4M3;
constexpr int kFormatB = B_E5M2 ? hopper::kFp8E5M2 : hopper::kFp8E4M3;

constexpr int kPromoteEvery = PROMOTE_EVERY;
// How the promotion meets the tensor cores (see the mainloops below): 0 each consumer
// warpgroup waits for its wgmma on its own, 1 the two take turns at issuing them, 2 two sets
// of wgmma accumulators in each, 3 as 0 with warpgroup 1 started a slice after warpgroup 0.
constexpr int kSchedule = SCHEDULE;

static_assert(kBlockN == 128 || kBlockN == 256, "BLOCK_N is 128 or 256");
static_assert(kPromoteEvery >= 1, "PROMOTE_EVERY counts stages: 1 or more");
static_assert(kSlices == 1 || kPromoteEvery == 1,
              "two column slices share the wgmma accumulators: each is promoted every stage");
static_assert(kSchedule >= 0 && kSchedule <= 3, "SCHEDULE is 0, 1, 2 or 3");
static_assert(kSchedule != 2 || (kSlices == 1 && kPromoteEvery == 1),
              "two accumulator sets: BLOCK_N 128 (64 totals + 2 x 64 a thread), every stage");

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

// The wgmma's sums of column slice `slice` added into its share of the f32 totals (the
// slice's 8-column blocks are the tile's 16 slice onwards: kSliceAccumulators floats on).
__device__ __forceinline__ void promote(const float (&acc)[kSliceAccumulators],
                                        float (&total)[kAccumulators], int slice) {
#pragma unroll
  for (int i = 0; i < kSliceAccumulators; ++i) total[slice * kSliceAccumulators + i] += acc[i];
}

// The four k32 steps of one stage for column slice `slice` of a consumer's 64 rows (A at
// `a_tile`, B's stage at `b_tile`), into `acc`; where `fresh`, the first step overwrites acc
// (scale-d 0) instead of adding to it.
__device__ __forceinline__ void issue_slice(float (&acc)[kSliceAccumulators], unsigned a_tile,
                                            unsigned b_tile, int slice, bool fresh) {
#pragma unroll
  for (int kk = 0; kk < kBlockK / 32; ++kk) {
    // Both operands K-major: a k32 step is 32 bytes along the swizzled rows.
    const u64 a = hopper::smem_descriptor_sw128(a_tile + 32 * kk, 16, kSwizzleAtom);
    const u64 b =
        hopper::smem_descriptor_sw128(b_tile + slice * kSliceBytesB + 32 * kk, 16, kSwizzleAtom);
    hopper::wgmma_m64k32_f8<kSliceN, kFormatA, kFormatB>(acc, a, b, kk == 0 && fresh ? 0 : 1);
  }
}

// What a consumer warpgroup reads of a stage: its 64 rows of A, and B.
__device__ __forceinline__ unsigned a_tile_of(unsigned tiles_a, int stage, int half) {
  return tiles_a + stage * kTileBytesA + half * (kTileBytesA / 2);
}
__device__ __forceinline__ unsigned b_tile_of(unsigned tiles_b, int stage) {
  return tiles_b + stage * kTileBytesB;
}

typedef gemm_pipeline::Ring<kStages> Fp8Ring;
typedef gemm_pipeline::Turns<1> Fp8Turns;  // named barriers 1 and 2

// Schedule 3: warpgroup 1 issues its first wgmma once warpgroup 0 has promoted its first sums
// (named barrier 3, once per block), so that the two run about a slice apart; the tensor cores
// share themselves between the warpgroups' queued wgmma, so an offset, once made, tends to
// stay, and one's wait and promotion then fall while the other's wgmma run alone.
struct Fp8Stagger {
  int half;
  bool pending = true;

  __device__ __forceinline__ explicit Fp8Stagger(int half_) : half(half_) {}
  __device__ __forceinline__ void before_issue() {
    if (kSchedule != 3 || half != 1 || !pending) return;
    pending = false;
    hopper::named_barrier_sync(3, 256);
  }
  __device__ __forceinline__ void after_promotion() {
    if (kSchedule != 3 || half != 0 || !pending) return;
    pending = false;
    hopper::named_barrier_arrive(3, 256);
  }
};

// Schedules 0 and 1: one unit's K steps into `total` through one set of wgmma accumulators,
// which must have completed before their sums are promoted (wgmma.wait_group 0) and before
// the next slice or stage overwrites them. Schedule 0 leaves the two consumer warpgroups to
// the hardware, which tends to run their wgmma side by side so that both wait, and the tensor
// cores idle, at the same moments; schedule 1 has them take turns at issuing each slice's
// wgmma (`turns`), so that one warpgroup's wait and promotion overlap the other's slice.
__device__ __forceinline__ void mainloop_one_set(Fp8Ring& ring, const gemm_pipeline::Unit& w,
                                                 bool warp_leader, unsigned tiles_a,
                                                 unsigned tiles_b, int half, const Fp8Turns& turns,
                                                 Fp8Stagger& stagger,
                                                 float (&total)[kAccumulators]) {
  float acc[kSliceAccumulators];  // the wgmma's, over at most kPromoteEvery stages
#pragma unroll
  for (int i = 0; i < kSliceAccumulators; ++i) acc[i] = 0.f;
  hopper::fence_accumulators(acc);
  gemm_pipeline::consume(
      ring, w.k_begin, w.k_end, warp_leader,
      [&](int stage, int kt) {
        // The first stage after a promotion overwrites the promoted sums.
        const bool fresh = (kt - w.k_begin) % kPromoteEvery == 0;
#pragma unroll
        for (int slice = 0; slice < kSlices; ++slice) {
          if (slice > 0) {  // the previous slice's sums leave acc before this slice's wgmma
            hopper::wgmma_commit();
            hopper::wgmma_wait<0>();
            hopper::fence_accumulators(acc);
            promote(acc, total, slice - 1);
            stagger.after_promotion();
            hopper::wgmma_fence();
          }
          if (kSchedule == 1) turns.wait();
          stagger.before_issue();
          issue_slice(acc, a_tile_of(tiles_a, stage, half), b_tile_of(tiles_b, stage), slice,
                      fresh || slice > 0);
          if (kSchedule == 1) turns.pass();
        }
      },
      [&](int kt) {
        if ((kt - w.k_begin + 1) % kPromoteEvery != 0) return;
        hopper::wgmma_wait<0>();
        hopper::fence_accumulators(acc);
        promote(acc, total, kSlices - 1);
        stagger.after_promotion();
      });
  hopper::fence_accumulators(acc);
  // The stages since the last promotion (kSlices is 1 where there can be any).
  if ((w.k_end - w.k_begin) % kPromoteEvery != 0) {
    promote(acc, total, kSlices - 1);
    stagger.after_promotion();
  }
}

// Schedule 2 (one column slice, every stage promoted): two sets of wgmma accumulators taking
// alternate stages, so that a stage's wgmma run while the previous stage's sums, complete once
// consume's wgmma.wait_group 1 returns, are promoted from the other set. Each set is written
// afresh (scale-d 0) by the first wgmma of its stage.
__device__ __forceinline__ void mainloop_two_sets(Fp8Ring& ring, const gemm_pipeline::Unit& w,
                                                  bool warp_leader, unsigned tiles_a,
                                                  unsigned tiles_b, int half,
                                                  float (&total)[kAccumulators]) {
  // The stages k_begin + 0, 2, ... and k_begin + 1, 3, ...
  float even[kSliceAccumulators], odd[kSliceAccumulators];
#pragma unroll
  for (int i = 0; i < kSliceAccumulators; ++i) even[i] = odd[i] = 0.f;
  hopper::fence_accumulators(even);
  hopper::fence_accumulators(odd);
  gemm_pipeline::consume(
      ring, w.k_begin, w.k_end, warp_leader,
      [&](int stage, int kt) {
        const unsigned a = a_tile_of(tiles_a, stage, half), b = b_tile_of(tiles_b, stage);
        if ((kt - w.k_begin) % 2 == 0) {
          issue_slice(even, a, b, 0, true);
        } else {
          issue_slice(odd, a, b, 0, true);
        }
      },
      [&](int kt) {
        // Stage kt's wgmma may still run; stage kt - 1's have completed.
        if (kt == w.k_begin) return;
        if ((kt - w.k_begin) % 2 == 0) {
          hopper::fence_accumulators(odd);
          promote(odd, total, 0);
        } else {
          hopper::fence_accumulators(even);
          promote(even, total, 0);
        }
      });
  // consume returned with the last stage's wgmma completed.
  hopper::fence_accumulators(even);
  hopper::fence_accumulators(odd);
  if ((w.k_end - w.k_begin) % 2 == 1) {
    promote(even, total, 0);
  } else {
    promote(odd, total, 0);
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
    gemm_pipeline::ring_init<kStages>(full, empty, kConsumerWarps);
  }
  __syncthreads();

  const gemm_pipeline::Schedule<kBlockM, kBlockN, kBlockK> schedule(1, m, n, k, 1, raster);

  if (warpgroup == 0) {
    hopper::release_registers<40>();
    if (threadIdx.x != 0) return;
    gemm_pipeline::produce<kStages>(
        schedule, full, empty, kTileBytesA + kTileBytesB,
        [&](int stage, unsigned bar, const gemm_pipeline::TileCoord& tc, int kt) {
          hopper::tma_load_3d(tiles_a + stage * kTileBytesA, &map_a, bar, kt * kBlockK,
                              tc.m * kBlockM, 0);
          hopper::tma_load_3d(tiles_b + stage * kTileBytesB, &map_b, bar, kt * kBlockK,
                              tc.n * kBlockN, 0);
        });
    return;
  }

  hopper::claim_registers<232>();
  const int half = warpgroup - 1;  // rows 64 * half .. of the tile
  const bool warp_leader = threadIdx.x % 32 == 0;
  Fp8Ring ring(full, empty);
  const Fp8Turns turns(half);
  Fp8Stagger stagger(half);
  if (kSchedule == 1) turns.begin();
  for (i64 u = blockIdx.x; u < schedule.units; u += gridDim.x) {
    const gemm_pipeline::Unit w = schedule.unit(u);
    float total[kAccumulators];  // f32 sums of the promoted wgmma sums
#pragma unroll
    for (int i = 0; i < kAccumulators; ++i) total[i] = 0.f;
    if constexpr (kSchedule == 2) {
      mainloop_two_sets(ring, w, warp_leader, tiles_a, tiles_b, half, total);
    } else {
      mainloop_one_set(ring, w, warp_leader, tiles_a, tiles_b, half, turns, stagger, total);
    }
    store_tile(total, c, scale_a, scale_b, m, n, static_cast<i64>(w.tile.m) * kBlockM + 64 * half,
               static_cast<i64>(w.tile.n) * kBlockN);
  }
  if (kSchedule == 1) turns.end();
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
