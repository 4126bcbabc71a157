// The reduction regions of reduce, reduce_window, scatter, select_and_scatter, all_reduce and
// reduce_scatter: arity, rank-0 types and the spec's element-type promotion (is_promotable).
#pragma once

#include <string_view>
#include <vector>

#include "ir/op_info.h"
#include "ir/operation.h"

namespace kiln::ir {

// The spec's is_promotable(from, to), as the reference verifier applies it: both integers
// (booleans count as 1-bit integers, signedness may change), both complex or both quantized
// with one expressed type, and a width that does not shrink; floats promote to floats of any
// width.
bool is_promotable(const ElementType& from, const ElementType& to);

// A reduction body over N values: it takes 2N rank-0 tensors (accumulators..., elements...)
// and returns N, where accumulator i and returned value i have one type whose element type
// Ei is promotable from `init_elements[i]`, and element i's type is promotable from
// `input_elements[i]`. Returns E0..EN-1 (the result element types of reduce and friends).
// Errors are located at `op` and name the region `what`, the init values `init_what` and the
// inputs `input_what`.
struct ReductionNames {
  std::string_view what = "body", init = "init value", input = "input";
};
Expected<std::vector<ElementType>> expect_reduction_body(
    const Operation& op, const Region& region, const std::vector<ElementType>& input_elements,
    const std::vector<ElementType>& init_elements, const ReductionNames& names = {});

// The init values of reduce, reduce_window and select_and_scatter are rank-0 tensors.
Status expect_rank0_inits(const Operation& op, const std::vector<Type>& init_types);

// The element types of `types` (tensors).
std::vector<ElementType> element_types(const std::vector<Type>& types);

}  // namespace kiln::ir
