// Verifying IR: the op table's structural rules, each op's own constraints, and the
// function-level rules (returns and calls match signatures).
#pragma once

#include "ir/op_info.h"
#include "ir/operation.h"
#include "support/error.h"

namespace kiln::ir {

// Checks every operation of the module; the first violation is returned, located at its op
// (an op built in memory, without a location, is named by its position: "op #2 of @main").
// Works on parsed, built and edited modules alike; re-run it after a rewrite.
Status verify(const Module& module);
// Checks one operation and everything nested in it. Values it uses from outside itself are
// taken as given (unless it is isolated from above).
Status verify_op(const Operation& op);
// Only the graph rules, without the op table (so unregistered ops pass): every operand is
// non-null and visible at its use (defined earlier in the same block, or in an enclosing block
// before the op holding the use, and not across an op isolated from above), and every use
// list matches the operands that refer to its value. Dominance errors are invalid-argument
// errors located at the user; a use list out of step is an internal error. verify_op runs it.
Status verify_ssa(const Operation& root);

// The spec's constraints on the type `t` of a value: bounds only on dynamic dimensions, one per
// dimension; a quantized type's storage range, scales and zero points, and for per-axis
// quantization the axis against the tensor's rank and the scale count against the axis size.
// Recurses into tuples; an error is located at `op` and names the value `what`.
Status verify_value_type(const Operation& op, const Type& t, const std::string& what);

// Whether an attribute holds what its spec asks for.
bool attr_has_kind(const Attribute& attr, const AttrSpec& spec);
// "i64 attribute", "dense i64 array (array<i64: ...>)", ... for messages.
std::string describe_attr_kind(const AttrSpec& spec);

}  // namespace kiln::ir
