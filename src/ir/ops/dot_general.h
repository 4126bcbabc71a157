// The shape rule of stablehlo.dot_general, shared by its verifier and the refine-shapes pass.
#pragma once

#include "ir/attribute.h"
#include "ir/type.h"

namespace kiln::ir {

// The result type the spec infers for dot_general (C13): the batching dimensions, then lhs's
// and rhs's free dimensions, each dynamic where its operand's is; of `element`. The dimension
// numbers must be in range for lhs and rhs (the verifier checks them first).
Type infer_dot_general_type(const Type& lhs, const Type& rhs, const DotDimsAttr& d,
                            const ElementType& element);

}  // namespace kiln::ir
