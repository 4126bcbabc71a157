// Structural equality of ops: the same computation on the same values, regions included, and
// a hash that agrees with it. What CSE merges on.
#pragma once

#include <cstddef>

#include "ir/operation.h"

namespace kiln::passes {

// Whether `a` and `b` compute the same thing: the same op, the same operands (the same Value
// objects), equal attributes (in any order), the same result types, and regions equal up to
// the renaming of their block arguments and inner results.
bool equivalent_ops(const ir::Operation& a, const ir::Operation& b);

// A hash for which equivalent ops hash equal.
size_t op_hash(const ir::Operation& op);

}  // namespace kiln::passes
