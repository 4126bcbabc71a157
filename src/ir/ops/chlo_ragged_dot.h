// chlo.ragged_dot's dimension numbers, read from its `#chlo.ragged_dot<...>` attribute, and its
// verifier (shared by the op table in chlo.cpp and by whoever runs the op).
#pragma once

#include <optional>
#include <vector>

#include "ir/op_info.h"
#include "ir/operation.h"

namespace kiln::ir {

struct RaggedDotDims {
  std::vector<int64_t> lhs_batching, rhs_batching, lhs_contracting, rhs_contracting, lhs_ragged,
      rhs_group;
};

// The dimension numbers of a chlo.ragged_dot op (absent lists are empty), or nullopt when its
// ragged_dot_dimension_numbers attribute is missing or malformed.
std::optional<RaggedDotDims> read_ragged_dot_dims(const Operation& op);

// The op's constraints, as the reference (CHLO) verifier states them: one ragged lhs dimension;
// a group dimension in rhs exactly when that dimension is neither batching nor contracting;
// dimension numbers unique and in range, batching and contracting sizes equal; group_sizes of
// shape [G] or [lhs batch sizes..., G] with G the rhs group size; the result shape of its mode.
Status verify_ragged_dot(const Operation& op);

}  // namespace kiln::ir
