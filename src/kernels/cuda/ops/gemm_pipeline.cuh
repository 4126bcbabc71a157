// The schedule and the TMA ring shared by the Hopper GEMMs (gemm.cu, gemm_fp8.cu): which
// (split, batch, row block, column block) a persistent block takes next, the ring of
// shared-memory stages with a "full" and an "empty" mbarrier each, the producer's loop of TMA
// loads into it, a consumer warpgroup's walk over one unit's K steps, and the turns two
// consumer warpgroups may take at the tensor cores. The kernels keep
// their tiles, their wgmma and their epilogues; everything here is inlined into them.
#pragma once

#include "ops/hopper.cuh"

namespace gemm_pipeline {

// The tile's batch, row block and column block.
struct TileCoord {
  int batch, m, n;
};

// Tile `tile` of batches x tiles_m x tiles_n, batch by batch, each batch's tiles walked in
// groups of `raster` tile rows (down a group's rows first, the last group possibly shorter) so
// that tiles close in time share A's and B's tiles in L2. Any tiles_n (odd counts included):
// a group's span is raster x tiles_n consecutive tiles.
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

// One unit of work: a tile and the K steps [k_begin, k_end) of its split (possibly none).
struct Unit {
  TileCoord tile;
  int split, k_begin, k_end;
};

// The units of a problem: (split, tile) for tiles of kBlockM x kBlockN over every batch and
// K in steps of kBlockK, split s taking steps s ceil(k_tiles / splits) onwards. A block takes
// units blockIdx.x, blockIdx.x + gridDim.x, ...
template <int kBlockM, int kBlockN, int kBlockK>
struct Schedule {
  int tiles_m, tiles_n;
  i64 tiles;
  int k_tiles, k_per_split;
  i64 units;
  int raster;

  __device__ __forceinline__ Schedule(i64 batches, i64 m, i64 n, i64 k, int splits, int raster_)
      : tiles_m(static_cast<int>((m + kBlockM - 1) / kBlockM)),
        tiles_n(static_cast<int>((n + kBlockN - 1) / kBlockN)),
        tiles(static_cast<i64>(tiles_m) * tiles_n * batches),
        k_tiles(static_cast<int>((k + kBlockK - 1) / kBlockK)),
        k_per_split((k_tiles + splits - 1) / splits),
        units(tiles * splits),
        raster(raster_) {}

  __device__ __forceinline__ Unit unit(i64 u) const {
    const TileCoord tile = tile_coord(u % tiles, tiles_m, tiles_n, raster);
    const int split = static_cast<int>(u / tiles);
    const int k_begin = split * k_per_split;
    return {tile, split, k_begin, min(k_tiles, k_begin + k_per_split)};
  }
};

// A position in a ring of kStages stages whose "full" and "empty" mbarriers lie 8 bytes apart
// from `full` and `empty`: the stage, and the parity of its current phase.
template <int kStages>
struct Ring {
  unsigned full, empty;
  int stage = 0;
  unsigned phase = 0;

  __device__ __forceinline__ Ring(unsigned full_, unsigned empty_) : full(full_), empty(empty_) {}
  __device__ __forceinline__ unsigned full_bar() const { return full + 8 * stage; }
  __device__ __forceinline__ unsigned empty_bar(int s) const { return empty + 8 * s; }
  __device__ __forceinline__ void advance() {
    if (++stage == kStages) {
      stage = 0;
      phase ^= 1;
    }
  }
};

// Thread 0's set-up of the ring's barriers: "full" completes on the producer's one arrival and
// its TMA bytes, "empty" on `consumer_arrivals` (one per consumer warp). A __syncthreads()
// must follow.
template <int kStages>
__device__ __forceinline__ void ring_init(unsigned full, unsigned empty,
                                          unsigned consumer_arrivals) {
  for (int s = 0; s < kStages; ++s) {
    hopper::mbar_init(full + 8 * s, 1);
    hopper::mbar_init(empty + 8 * s, consumer_arrivals);
  }
  hopper::mbar_init_fence();
}

// The producer (one thread): for each of the block's units and each of its K steps, waits
// until the next stage is free (a stage's first use waits on parity 1, which a fresh barrier
// reports complete), expects `stage_bytes` on its "full" barrier and calls
// load(stage, bar, tile, kt) to issue the TMA copies that complete them.
template <int kStages, class Sched, class Load>
__device__ __forceinline__ void produce(const Sched& s, unsigned full, unsigned empty,
                                        unsigned stage_bytes, Load load) {
  Ring<kStages> ring(full, empty);
  for (i64 u = blockIdx.x; u < s.units; u += gridDim.x) {
    const Unit w = s.unit(u);
    for (int kt = w.k_begin; kt < w.k_end; ++kt) {
      hopper::mbar_wait(ring.empty_bar(ring.stage), ring.phase ^ 1);
      const unsigned bar = ring.full_bar();
      hopper::mbar_arrive_expect_tx(bar, stage_bytes);
      load(ring.stage, bar, w.tile, kt);
      ring.advance();
    }
  }
}

// A consumer warpgroup's walk over the K steps [k_begin, k_end) of one unit: per step, waits
// until the stage is full, issues mma(stage, kt) (its wgmma, between a fence and a commit),
// waits until at most that group is in flight, hands the previous step's stage back (one
// arrival per warp, from its `warp_leader`) and calls after(kt). Returns with every wgmma
// completed and every stage handed back; the caller fences its accumulators
// (hopper::fence_accumulators) before it reads them. `ring` carries over to the next unit.
template <int kStages, class Mma, class After>
__device__ __forceinline__ void consume(Ring<kStages>& ring, int k_begin, int k_end,
                                        bool warp_leader, Mma mma, After after) {
  int previous = 0;
  for (int kt = k_begin; kt < k_end; ++kt) {
    hopper::mbar_wait(ring.full_bar(), ring.phase);
    hopper::wgmma_fence();
    mma(ring.stage, kt);
    hopper::wgmma_commit();
    // The previous stage's wgmma have completed: hand its buffers back to the producer.
    hopper::wgmma_wait<1>();
    if (kt > k_begin && warp_leader) hopper::mbar_arrive(ring.empty_bar(previous));
    previous = ring.stage;
    ring.advance();
    after(kt);
  }
  hopper::wgmma_wait<0>();
  if (k_end > k_begin && warp_leader) hopper::mbar_arrive(ring.empty_bar(previous));
}

// Two consumer warpgroups (`half` 0 and 1) taking turns at issuing their wgmma, in the manner
// of CUTLASS's "ping-pong" schedule: a warpgroup waits for its turn, issues a batch of wgmma and
// passes the turn on, so the tensor cores receive the two warpgroups' batches one after the
// other rather than interleaved, and whatever one warpgroup does between its batches (waiting
// for them, adding up their sums, an epilogue) overlaps the other's batch. Warpgroup 0 has the
// first turn. Named barriers kFirstBarrier (warpgroup 0's turn) and kFirstBarrier + 1 (warpgroup
// 1's), 256 threads each: the waiting warpgroup syncs, the passing one arrives, and the turns
// alternate strictly, so no barrier ever holds two arrivals. Both warpgroups must take the same
// number of turns between begin() and end(), which match every barrier's arrivals.
template <int kFirstBarrier>
struct Turns {
  int half;

  __device__ __forceinline__ explicit Turns(int half_) : half(half_) {}
  // Warpgroup 1 hands warpgroup 0 its first turn.
  __device__ __forceinline__ void begin() const {
    if (half == 1) hopper::named_barrier_arrive(kFirstBarrier, 256);
  }
  __device__ __forceinline__ void wait() const {
    hopper::named_barrier_sync(kFirstBarrier + half, 256);
  }
  __device__ __forceinline__ void pass() const {
    hopper::named_barrier_arrive(kFirstBarrier + 1 - half, 256);
  }
  // Warpgroup 0 takes the turn that warpgroup 1 passed last and nobody waited for.
  __device__ __forceinline__ void end() const {
    if (half == 0) wait();
  }
};

}  // namespace gemm_pipeline
