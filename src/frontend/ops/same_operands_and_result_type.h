// Shared pieces of the type directives of StableHLO ops (SameOperandsAndResultType,
// ComplexOpType, SelectOpType).
#pragma once

#include <vector>

#include "frontend/asm_parser.h"

namespace kiln::frontend {

// Reads `(T1, T2) -> R` (or `-> (R1, R2)`): each Ti must be the type of operands[i]; the
// results become the op's result types. False (with a located error) otherwise.
bool parse_functional_operand_types(AsmParser& p, OpState& s,
                                    const std::vector<ir::Value*>& operands);

}  // namespace kiln::frontend
