// The Hopper GEMM's (gemm.cu) tile rules: its fixed tile sizes, a problem's dimensions, the
// shared memory of a tile width, and the rules by shape that pick the tile width, the split of
// K and (short_grid=1) the 128 x 64 tiles, from the device's SM count and the tuned costs.
#pragma once

#include <cstdint>

#include "kernels/cuda/spec.h"

namespace kiln::kernels {

// Rows of A and C per tile, K per stage (128 bytes of 16-bit elements: one swizzled row), and
// threads per block (a producer and two consumer warpgroups).
constexpr int64_t kGemmBlockM = 128, kGemmBlockK = 64, kGemmThreads = 384;

struct GemmDims {
  int64_t batches, m, n, k;
};

// The dimensions of a shape [M, N, K] (one batch) or [B, M, N, K].
GemmDims gemm_dims(const Shape& s);

// Shared memory: the ring (A and B tiles and two mbarriers per stage), C's staging buffers
// (two 64 x 64 boxes per consumer warpgroup) where C goes out through TMA stores, and 1 KiB to
// align the tiles to the swizzle atom.
int64_t gemm_shared_bytes(int64_t block_n, int64_t stages, bool tma_store);

// block_n=0 ("by shape"): 256 where its tiles take less time than 128's, counted in waves of
// one tile per SM (ceil(tiles / SMs), the device's SM count) with a 128 x 256 tile costing
// `wide_tile_cost_pct` percent of a 128 x 128 one (measured: tuning/sm_90.json), among the
// widths whose shared memory fits the device.
int64_t gemm_block_n(const GemmDims& d, int64_t stages, bool tma_store, const PlanContext& context);

// split_k=0 ("by shape"): where the tiles leave SMs idle (fewer tiles than the device's SMs),
// the most of 2, 4 and 8 splits whose units (tiles x splits) still fit the SMs and whose
// splits each keep at least `split_min_k_steps` steps of 64 along K (a tuning-table parameter;
// 4, not measured yet); else 1.
int64_t gemm_splits(const GemmDims& d, int64_t block_n, const PlanContext& context);

// short_grid=1 with block_n and split_k by shape: whether 128 x 64 tiles over all of K take
// less time than version 2's choice (`block_n` and `splits` by shape): their waves over the
// device's SMs at `narrow_tile_cost_pct` (60) per step against 100 (128 wide) or
// `wide_tile_cost_pct` (256), version 2's split K paying `split_finish_pct` (1500: its f32
// partials and second launch, about 15 steps of a 128 x 128 tile, from 1024^3 on the H100:
// 0.0179 ms split 2 ways against 0.0118 narrow).
bool gemm_narrow_wins(const GemmDims& d, int64_t block_n, int64_t splits,
                      const PlanContext& context);

// The tile width and the split of K a plan takes.
struct GemmTiling {
  int64_t block_n, splits;
};

// For the knobs block_n and split_k (0: by shape): gemm_block_n and gemm_splits where left to
// them, then with `short_grid`, where both were, 128 x 64 tiles over all of K where
// gemm_narrow_wins; a given width or split stays.
GemmTiling gemm_tiling(const GemmDims& d, int64_t block_n, int64_t splits, bool short_grid,
                       int64_t stages, bool tma_store, const PlanContext& context);

}  // namespace kiln::kernels
