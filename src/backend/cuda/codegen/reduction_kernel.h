// The cooperative reduction kernels of a generated kernel whose roots are all results of
// reduces over the same operand shape and dimensions (a sum, a variadic argmax, the mean and
// variance of one fusion): the strategy reduction_strategy.h chooses, written as one kernel,
// or two where the reduced extent is split (the first writes each slice's partial results
// to scratch, the second combines them in slice order, so every run gives the same bits).
// Producers of the reduced values are computed on the way (the prologue). Each thread starts
// from its first element and the init value joins once at the end, body(init, fold), as
// row_reduction.h explains; a fold is regrouped only where that cannot change the
// interpreter's result beyond float rounding (reduction_reorderable).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "backend/cuda/codegen/loop_kernel.h"
#include "backend/cuda/codegen/reduction_strategy.h"

namespace kiln::backend::cuda {

// One launch of a reduction: its function (in `text`) and its grid of kReductionBlock
// threads a block. Every launch takes the kernel's params, then its roots, then the scratch.
struct ReductionLaunch {
  std::string function;
  std::string text;
  int64_t blocks = 1;
};

struct ReductionKernels {
  ReductionPlan plan;
  std::vector<ReductionLaunch> launches;  // run in order
  int64_t scratch_bytes = 0;              // the partials (0: a single launch needs none)
};

// The shape and reorderability of the reduction `kernel`'s roots make, or nullopt when the
// roots are not all results of reduces of one operand shape over the same dimensions.
// Reorderable: every accumulator is an integer, a bool, f32, f64 or complex, or the body only
// selects (maximum, minimum, compare, select, and, or), whose result no order changes; a sum
// in a narrow float is folded in the interpreter's order, rounding after every step.
Expected<std::optional<ReductionShape>> reduction_shape_of(const LoopKernel& kernel);

// The kernels of `kernel` for the plan choose_reduction gives on `sm_count` SMs, or nullopt
// where that plan is kThreadPerOutput or row_reduction's warp per row already computes the
// kernel (emit_loop_kernel then writes it). Errors name the op the emitter cannot compute.
Expected<std::optional<ReductionKernels>> emit_reduction_kernels(const LoopKernel& kernel,
                                                                 int sm_count);

}  // namespace kiln::backend::cuda
