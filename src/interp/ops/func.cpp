// func.call: calls a function of the module.
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

Expected<std::vector<RuntimeValue>> call(Interpreter& in, const ir::Operation& op,
                                         std::span<const RuntimeValue> operands) {
  const auto* callee = op.attr_as<ir::SymbolRefAttr>("callee");
  const ir::Operation* f = callee ? in.lookup_function(callee->name) : nullptr;
  if (!f) return op_error(op, "calls an undefined function");
  return in.call(*f, operands);
}

}  // namespace

KILN_REGISTER_INTERP("func.call", call);

}  // namespace kiln::interp
