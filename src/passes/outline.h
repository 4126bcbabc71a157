// Outlining: gathers a set of ops of one block into the region of a new op (kiln.fusion or a
// named kiln.* pattern), whose operands are the values the set reads from outside and whose
// results are the values used after it. What pattern fusion and loop fusion build with.
#pragma once

#include <span>
#include <vector>

#include "ir/attribute.h"
#include "ir/op_id.h"
#include "ir/operation.h"
#include "ir/rewriter.h"
#include "support/error.h"

namespace kiln::passes {

// Whether `ops` (distinct, all in one block, any order) can be outlined: every use of their
// results outside the set comes after the last op of the set in the block, so moving the set
// together just before its last op keeps every value defined before its uses.
bool can_outline(std::span<ir::Operation* const> ops);

// Moves `ops` together (in block order) just before the last of them and wraps them into a
// new op `name` with `attributes`: its operands are the values the set reads from outside (the
// block arguments of its one region), its results the set's values used after it (in the
// order of `leading_results`, then of their definers; its operands likewise lead with
// `leading_operands`), its region ends with stablehlo.return. Splat constants the set
// reads are copied into the region instead of becoming operands. Returns the new op.
// Errors: invalid_argument when can_outline is false, or the set is empty or spans blocks.
Expected<ir::Operation*> outline(std::span<ir::Operation* const> ops, ir::OpId name,
                                 std::vector<ir::NamedAttribute> attributes,
                                 ir::Rewriter& rewriter,
                                 std::vector<ir::Value*> leading_results = {},
                                 std::vector<ir::Value*> leading_operands = {});

}  // namespace kiln::passes
