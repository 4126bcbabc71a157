// What the elemental rule of dot_general and dot and their cuBLASLt lowering share: the
// dimension numbers of either op.
#pragma once

#include <cstdint>
#include <vector>

#include "backend/cuda/lower.h"
#include "ir/operation.h"
#include "support/error.h"

namespace kiln::backend::cuda {

// The dimension numbers of a dot_general (its attribute) or of a dot (lhs's last dimension
// contracted with rhs's first, no batch). Errors (unimplemented, at the op): a dot_general
// without the attribute, a dot of a rank-0 operand.
struct DotDims {
  std::vector<int64_t> lhs_batching, rhs_batching, lhs_contracting, rhs_contracting;
};
Expected<DotDims> dot_dims_of(const ir::Operation& op);

// The dimensions of an operand of `rank` that are neither batching nor contracting, in order
// (the result holds them in this order after the batch dimensions).
std::vector<int64_t> dot_free_dims(int64_t rank, const std::vector<int64_t>& batching,
                                   const std::vector<int64_t>& contracting);

}  // namespace kiln::backend::cuda

namespace kiln::backend::cuda {

// Whether the lowering (lower_dot_general.cpp) computes `op` (a dot_general or dot) by
// cuBLASLt rather than by the elemental rule: the types plan_dot_gemm takes
// (lower_dot_general.h), no `algorithm`, a non-empty contraction (operands whose dimensions do
// not lie as a batch of matrices are copied into that order first). A fusion stores such a
// dot's operands and result.
bool dot_uses_gemm(const ir::Operation& op, const LowerOptions& options);

}  // namespace kiln::backend::cuda
