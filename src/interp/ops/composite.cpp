// stablehlo.composite: runs its decomposition function on its inputs.
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

// spec: the semantics of a composite are those of its decomposition; its name and
// composite_attributes only let a backend recognise it.
Expected<std::vector<RuntimeValue>> composite(Interpreter& in, const ir::Operation& op,
                                              std::span<const RuntimeValue> operands) {
  const auto* callee = op.attr_as<ir::SymbolRefAttr>("decomposition");
  const ir::Operation* f = callee ? in.lookup_function(callee->name) : nullptr;
  if (!f) return op_error(op, "has no decomposition function in the module");
  return in.call(*f, operands);
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.composite", composite);

}  // namespace kiln::interp
