// The operand mapping of CHLO's broadcasting ops (chlo.broadcast_add ... broadcast_select) that
// the verifier, the interpreter and every backend share.
#pragma once

#include <cstddef>

#include "ir/operation.h"

namespace kiln::ir {

// Whether a broadcasting op's broadcast_dimensions (when it has them) map operand `i` onto the
// result's dimensions: for the binary ops, the lower-rank of lhs and rhs, lhs when their ranks
// are equal (as the verifier reads them: the other operand has the result's rank); none of
// broadcast_select's (it broadcasts numpy-style only). An operand not mapped lines up with the
// result's trailing dimensions (numpy's rule).
bool chlo_broadcast_dimensions_map(const Operation& op, size_t i);

}  // namespace kiln::ir
