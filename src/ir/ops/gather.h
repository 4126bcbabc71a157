// The shape rule of stablehlo.gather, shared by its verifier (and dynamic_gather's) and the
// refine-shapes pass.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "ir/attribute.h"
#include "ir/type.h"

namespace kiln::ir {

// Whether operand dimension `i` is dropped from a gathered slice (collapsed or batching).
bool gather_drops_dim(const GatherDimsAttr& d, int64_t i);
// The gather result's shape of rank `rank` (spec C20-C22): the offset dimensions take
// `offsets` (the slice sizes of the kept operand dimensions, in order), the others the start
// indices' batch dimensions. The dimension numbers must have verified.
std::vector<int64_t> gather_result_shape(const GatherDimsAttr& d, const Type& indices,
                                         std::span<const int64_t> offsets, int64_t rank);

}  // namespace kiln::ir
