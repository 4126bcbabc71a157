// stablehlo.tuple and stablehlo.get_tuple_element: building a tuple of values and taking one
// element out of it.
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

Expected<std::vector<RuntimeValue>> tuple(Interpreter&, const ir::Operation&,
                                          std::span<const RuntimeValue> operands) {
  return std::vector<RuntimeValue>{Tuple(operands.begin(), operands.end())};
}

Expected<std::vector<RuntimeValue>> get_tuple_element(Interpreter&, const ir::Operation& op,
                                                      std::span<const RuntimeValue> operands) {
  const RuntimeValue& value = operands[0];
  const auto index = static_cast<size_t>(attr_int(op, "index"));
  if (!std::holds_alternative<Tuple>(value.v) || index >= value.tuple().size()) {
    return op_error(op, "index " + std::to_string(index) + " is not an element of its operand");
  }
  return std::vector<RuntimeValue>{value.tuple()[index]};
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.tuple", tuple);
KILN_REGISTER_INTERP("stablehlo.get_tuple_element", get_tuple_element);

}  // namespace kiln::interp
