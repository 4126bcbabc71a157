// refine-shapes: specialization of a function to static argument types, the way XLA's
// stablehlo-refine-shapes serves a runtime. Each value's type is refined to a static one, the
// dynamic-shape ops whose shape operands fold to constants become their static twins, and
// get_dimension_size becomes a constant (src/passes/README.md lists every rule).
#pragma once

#include <vector>

#include "ir/operation.h"
#include "passes/pass.h"

namespace kiln::passes {

// Refines the body of `func` (a func.func of `module` whose arguments all have static types)
// in place, and its function_type to the refined argument and result types; counts "ops
// refined" and "dynamic ops made static". Errors: unimplemented, located at the op, for an op
// whose result cannot be refined ("refine-shapes cannot refine 'stablehlo.dynamic_iota' (its
// output_shape is not a constant)"); invalid_argument for a failed shape assertion (the
// assertion's own message) or for shapes that contradict each other. On an error the function
// may be partly refined. Not thread-safe (the module is edited).
Status refine_function(ir::Module& module, ir::Operation& func, PassContext& context);

// Gives `func`'s arguments the types `inputs` (static; each compatible with the declared
// type: same rank and element type, equal where the declared size is static) and refines it
// (refine_function): what a runtime does for one signature of concrete input shapes.
// Errors: invalid_argument naming the argument whose type does not fit; refine_function's.
Status specialize_function(ir::Module& module, ir::Operation& func,
                           const std::vector<ir::Type>& inputs, PassContext& context);

// Whether any value of `module` (arguments, results, region arguments) has a tensor type with
// a dynamic dimension, or a dynamic-shape op (dynamic_broadcast_in_dim, ..., rng of a dynamic
// result) remains: whether a backend must run refine-shapes before lowering. A static program's
// get_dimension_size does not count (it runs as it is).
bool has_dynamic_shapes(const ir::Module& module);

}  // namespace kiln::passes
