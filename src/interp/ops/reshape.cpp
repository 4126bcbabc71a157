// stablehlo.reshape: the operand's elements in row-major order under the result's shape.
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

Expected<std::vector<RuntimeValue>> reshape(Interpreter&, const ir::Operation& op,
                                            std::span<const RuntimeValue> operands) {
  const ir::Type& type = op.result(0)->type();
  if (!type.is_static()) return op_unsupported(op, "has a dynamic result shape, which is unsupported");
  // A dynamically shaped operand is only known to fit at run time.
  if (operands[0].tensor().num_elements() != type.num_elements()) {
    return op_error(op, "cannot reshape " + ir::to_string(operands[0].tensor().type()) + " to " +
                            ir::to_string(type));
  }
  // Row-major storage makes reshape a change of type; the storage is shared, never mutated.
  return std::vector<RuntimeValue>{operands[0].tensor().with_type(type)};
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.reshape", reshape);

}  // namespace kiln::interp
