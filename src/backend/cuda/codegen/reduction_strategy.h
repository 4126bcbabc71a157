// How a generated kernel whose roots are reductions spreads them over the GPU: the strategy
// chosen from the reduction's shape alone (choose_reduction), apart from the emitters that
// write it (reduction_kernel.*), as CUB separates dispatch from algorithm.
#pragma once

#include <cstdint>

namespace kiln::backend::cuda {

enum class ReductionStrategy {
  // One thread per output folds its elements serially from the init value, in the
  // interpreter's order (the plain loop kernel, or row_reduction's warp per row).
  kThreadPerOutput,
  // A group of threads (a warp or a block) per output's row of contiguous elements (the
  // reduced dimensions are the operand's trailing ones; a whole-tensor reduction is one row):
  // the lanes stride over the row, then combine through shuffles (and shared memory).
  kGroupPerRow,
  // Threads across the outputs (consecutive threads read consecutive kept elements: a column
  // reduction's reads coalesce), each folding one slice of its output's reduced extent.
  kColumnSplit,
};

// What the strategy depends on.
struct ReductionShape {
  int64_t outputs = 0;       // the elements of each result (the kept dimensions' product)
  int64_t reduced = 0;       // the elements each output folds
  bool rows = false;         // the reduced dimensions are the operand's trailing ones
  bool reorderable = false;  // the fold may be regrouped (reduction_kernel.h says when)
  int64_t bytes = 0;         // what the reduction reads: every reduced operand's bytes
};

struct ReductionPlan {
  ReductionStrategy strategy = ReductionStrategy::kThreadPerOutput;
  int group = 1;       // threads folding one (output, slice): 32 or kReductionBlock (kGroupPerRow)
  int64_t splits = 1;  // slices of the reduced extent; past 1 a second kernel combines the
                       // slices' partial results, in slice order (deterministic)
  int64_t chunk = 0;   // the reduced elements of each slice: every slice holds at least one
};

// Threads per block of every reduction kernel.
constexpr int kReductionBlock = 256;
// The SM count assumed when the device's is unknown (0): an H100 SXM's. Lowering without a
// GPU gets DeviceProperties::h100_sxm() (132 SMs) from the backend already.
constexpr int kDefaultSmCount = 132;

// The plan for `shape` on a device of `sm_count` SMs (LowerOptions::device, read from the GPU
// when there is one). A shape that is not reorderable, empty, or too small to gain gets
// kThreadPerOutput. Pure; thread-safe.
ReductionPlan choose_reduction(const ReductionShape& shape, int sm_count);

}  // namespace kiln::backend::cuda
