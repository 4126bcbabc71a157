// Verifying IR: the op table's structural rules, each op's own constraints, and the
// function-level rules (returns and calls match signatures).
#pragma once

#include "ir/op_info.h"
#include "ir/operation.h"
#include "support/error.h"

namespace kiln::ir {

// Checks every operation of the module; the first violation is returned, located at its op.
Status verify(const Module& module);
// Checks one operation and everything nested in it.
Status verify_op(const Operation& op);

// Whether an attribute holds what its spec asks for.
bool attr_has_kind(const Attribute& attr, const AttrSpec& spec);
// "i64 attribute", "dense i64 array (array<i64: ...>)", ... for messages.
std::string describe_attr_kind(const AttrSpec& spec);

}  // namespace kiln::ir
