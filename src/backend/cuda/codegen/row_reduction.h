// The warp-per-row strategy of a kernel whose roots are the results of one reduce over the
// operand's trailing dimensions (softmax statistics, norms, sums over the last axis): each warp
// folds one row — its lanes stride over the row, computing the reduced value's producers on
// the way — and combines the lanes' partial results by shuffles through the reduce's body.
// Each lane starts from its first element (not the init value), and the init value joins
// once at the end: body(init, fold(row)), as the interpreter computes for any body whose
// combining is associative and commutative (the spec leaves the order to the implementation).
#pragma once

#include <optional>
#include <string>

#include "backend/cuda/codegen/loop_kernel.h"

namespace kiln::backend::cuda {

// The reduce whose results are every root of `kernel`, when the strategy applies: the reduced
// dimensions are the operand's last ones, a row holds at least `kMinRowForWarp` elements, and
// the fold may be regrouped (reduction_shape_of: not a sum in a narrow float).
const ir::Operation* row_reduction_of(const LoopKernel& kernel);
constexpr int64_t kMinRowForWarp = 32;

// The kernel's text with the strategy (row_reduction_of(kernel) must be the reduce).
Expected<std::string> emit_row_reduction_kernel(const LoopKernel& kernel,
                                                const ir::Operation& reduce);

// The rows (results per root) of the reduction: a warp each.
int64_t row_reduction_rows(const ir::Operation& reduce);

}  // namespace kiln::backend::cuda
