// The part of stablehlo.constant's parser that chlo.constant shares.
#pragma once

#include "frontend/asm_parser.h"

namespace kiln::frontend {

// Parses a `dense<...> : tensor<...>` value into the op's `value` attribute and takes its
// type as the op's result type. Fails, located at the value, on any other attribute.
bool parse_dense_constant_value(AsmParser& p, OpState& s);

}  // namespace kiln::frontend
