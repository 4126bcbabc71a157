// Symbol references between functions: which functions a module's ops name (callees,
// decompositions, called computations), so that passes know what is still in use.
#pragma once

#include <set>
#include <string>

#include "ir/operation.h"

namespace kiln::passes {

// Every symbol named by an attribute of an op of `root` or nested in it (arrays and
// dictionaries searched), the op of a function itself excluded (its own sym_name is a
// StringAttr, not a reference).
std::set<std::string> referenced_symbols(const ir::Operation& root);

// Whether the function may be removed when nothing names it: sym_visibility "private".
bool is_private_function(const ir::Operation& func);

}  // namespace kiln::passes
