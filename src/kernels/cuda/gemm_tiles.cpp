// The Hopper GEMM's tile rules (gemm_tiles.h): tile width, split of K and narrow tiles by shape.
#include "kernels/cuda/gemm_tiles.h"

#include <algorithm>

#include "kernels/cuda/plan_helpers.h"

namespace kiln::kernels {

GemmDims gemm_dims(const Shape& s) {
  const size_t o = s.size() - 3;  // 1 for [B, M, N, K]
  return {o == 1 ? s[0] : 1, s[o], s[o + 1], s[o + 2]};
}

int64_t gemm_shared_bytes(int64_t block_n, int64_t stages, bool tma_store) {
  return 1024 + stages * (kGemmBlockM * kGemmBlockK * 2 + block_n * kGemmBlockK * 2 + 16) +
         (tma_store ? 2 * 2 * 64 * 64 * 2 : 0);
}

int64_t gemm_block_n(const GemmDims& d, int64_t stages, bool tma_store,
                     const PlanContext& context) {
  const int64_t sms = std::max(context.device.sm_count, 1);
  auto waves = [&](int64_t block_n) {
    return ceil_div(d.batches * ceil_div(d.m, kGemmBlockM) * ceil_div(d.n, block_n), sms);
  };
  const int64_t cost_pct = context.tuned.get_or("wide_tile_cost_pct", 188);
  const bool wide_fits =
      gemm_shared_bytes(256, stages, tma_store) <= context.device.shared_memory_per_block_optin;
  return wide_fits && waves(256) * cost_pct < waves(128) * 100 ? 256 : 128;
}

int64_t gemm_splits(const GemmDims& d, int64_t block_n, const PlanContext& context) {
  const int64_t sms = std::max(context.device.sm_count, 1);
  const int64_t tiles = d.batches * ceil_div(d.m, kGemmBlockM) * ceil_div(d.n, block_n);
  const int64_t min_steps = context.tuned.get_or("split_min_k_steps", 4);
  int64_t splits = 1;
  for (int64_t s : {2, 4, 8}) {
    if (tiles * s <= sms && ceil_div(d.k, kGemmBlockK) >= s * min_steps) splits = s;
  }
  return splits;
}

bool gemm_narrow_wins(const GemmDims& d, int64_t block_n, int64_t splits,
                      const PlanContext& context) {
  const int64_t sms = std::max(context.device.sm_count, 1);
  const int64_t k_steps = ceil_div(d.k, kGemmBlockK);
  const int64_t rows = d.batches * ceil_div(d.m, kGemmBlockM);
  const int64_t step_pct = block_n == 256 ? context.tuned.get_or("wide_tile_cost_pct", 188) : 100;
  const int64_t chosen =
      step_pct * ceil_div(rows * ceil_div(d.n, block_n) * splits, sms) * ceil_div(k_steps, splits) +
      (splits > 1 ? context.tuned.get_or("split_finish_pct", 1500) : 0);
  const int64_t narrow = context.tuned.get_or("narrow_tile_cost_pct", 60) *
                         ceil_div(rows * ceil_div(d.n, 64), sms) * k_steps;
  return narrow < chosen;
}

GemmTiling gemm_tiling(const GemmDims& d, int64_t block_n, int64_t splits, bool short_grid,
                       int64_t stages, bool tma_store, const PlanContext& context) {
  const bool by_shape = block_n == 0 && splits == 0;
  if (block_n == 0) block_n = gemm_block_n(d, stages, tma_store, context);
  if (splits == 0) splits = gemm_splits(d, block_n, context);
  if (short_grid && by_shape && gemm_narrow_wins(d, block_n, splits, context)) return {64, 1};
  return {block_n, splits};
}

}  // namespace kiln::kernels
