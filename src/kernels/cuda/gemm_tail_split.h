// The tail split shared by the Hopper GEMMs' plans (gemm.cpp, gemm_fp8.cpp): the tiles that
// fill whole waves of a persistent grid run over all of K, the last partial wave's tiles are
// split along K so that more SMs share them, and the kernel adds the splits up
// (gemm_pipeline::fixup_split); and the rule's estimate of the time it takes.
#pragma once

#include <algorithm>
#include <cstdint>

#include "kernels/cuda/plan_helpers.h"

namespace kiln::kernels {

// A grid's tiles: the first `whole_tiles` over all of K, the rest split `splits` ways (1: none).
struct TailSplit {
  int64_t splits = 1;
  int64_t whole_tiles = 0;
};

// `tiles` tiles over `sms` SMs (one block each, persistent), the last partial wave split
// `splits` ways: the whole waves' tiles stay whole. A wave with no partial tail (tiles a
// multiple of sms) or splits = 1 leaves every tile whole.
inline TailSplit tail_split(int64_t tiles, int64_t sms, int64_t splits) {
  const int64_t whole = tiles / sms * sms;
  if (splits <= 1 || whole == tiles) return {1, tiles};
  return {splits, whole};
}

// The time of `tiles` tiles of `k_steps` steps along K over `sms` SMs with the tail split
// `splits` ways, in steps of one tile: the whole waves, then the rounds of the split units
// (ceil(k_steps / splits) steps each). The fix-up's cost is the caller's.
inline int64_t tail_split_steps(int64_t tiles, int64_t k_steps, int64_t sms, int64_t splits) {
  const TailSplit t = tail_split(tiles, sms, splits);
  if (t.splits == 1) return ceil_div(tiles, sms) * k_steps;
  const int64_t split_units = (tiles - t.whole_tiles) * t.splits;
  return t.whole_tiles / sms * k_steps + ceil_div(split_units, sms) * ceil_div(k_steps, t.splits);
}

}  // namespace kiln::kernels
