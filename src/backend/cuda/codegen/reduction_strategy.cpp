// choose_reduction: the reduction strategies the kernel library measured (bench/KERNEL_NOTES.md,
// src/kernels/cuda/reduce*.cpp), chosen from a reduction's shape.
#include "backend/cuda/codegen/reduction_strategy.h"

#include <algorithm>

namespace kiln::backend::cuda {

namespace {

constexpr int64_t kThreadsPerSm = 2048;  // resident threads per SM on sm_80 and sm_90
constexpr int64_t kWarp = 32;
// Rows up to this long stay on a warp even when the rows alone do not fill the GPU: a block
// per row pays its shared-memory combine and idles most lanes on short rows.
constexpr int64_t kLongRow = 4096;
// The least elements a slice of a split reduction folds per thread: fewer and the partials'
// round trip costs more than the parallelism gains.
constexpr int64_t kMinPerThread = 8;
constexpr int64_t kMinColumnSlice = 32;
// Past this many bytes read, split rows fill the GPU four times over instead of once (the
// library's whole-tensor finding on the H100: 98.7-101.7% of copy instead of 93.5-100%).
constexpr int64_t kFourWavesBytes = int64_t{64} << 20;

int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

// `splits` slices of `reduced`, made even, none empty.
ReductionPlan split_plan(ReductionStrategy strategy, int group, int64_t reduced, int64_t splits) {
  ReductionPlan p;
  p.strategy = strategy;
  p.group = group;
  p.chunk = ceil_div(reduced, std::max<int64_t>(splits, 1));
  p.splits = ceil_div(reduced, p.chunk);
  return p;
}

}  // namespace

ReductionPlan choose_reduction(const ReductionShape& shape, int sm_count) {
  const int64_t sms = sm_count > 0 ? sm_count : kDefaultSmCount;
  const int64_t resident = sms * kThreadsPerSm;
  ReductionPlan serial;
  serial.chunk = shape.reduced;
  if (!shape.reorderable || shape.outputs <= 0 || shape.reduced <= 0) return serial;
  if (shape.rows) {
    if (shape.reduced < kWarp) return serial;
    // A warp per row where the rows fill the GPU or are short.
    if (shape.outputs * kWarp >= resident || shape.reduced <= kLongRow) {
      return split_plan(ReductionStrategy::kGroupPerRow, kWarp, shape.reduced, 1);
    }
    // A block per row, the rows split until the blocks fill the GPU once, or four times for
    // large reads (the library's whole-tensor and long-row reductions).
    const int64_t blocks = resident / kReductionBlock * (shape.bytes > kFourWavesBytes ? 4 : 1);
    const int64_t most = std::max<int64_t>(shape.reduced / (kReductionBlock * kMinPerThread), 1);
    const int64_t splits = std::clamp<int64_t>(blocks / shape.outputs, 1, most);
    return split_plan(ReductionStrategy::kGroupPerRow, kReductionBlock, shape.reduced, splits);
  }
  // Reduced dimensions leading or in the middle: a thread per output reads coalesced along
  // the kept trailing dimension; when the outputs alone leave the GPU half idle, the reduced
  // extent is split (the library's split columns), the slices combined by a second kernel.
  if (shape.outputs * 2 >= resident) return serial;
  const int64_t most = std::max<int64_t>(shape.reduced / kMinColumnSlice, 1);
  const int64_t splits = std::clamp<int64_t>(resident / shape.outputs, 1, most);
  if (splits == 1) return serial;
  return split_plan(ReductionStrategy::kColumnSplit, 1, shape.reduced, splits);
}

}  // namespace kiln::backend::cuda
