// stablehlo.broadcast (deprecated): broadcast_in_dim onto the trailing dimensions of the
// result, whose leading dimensions are broadcast_sizes.
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

Expected<std::vector<RuntimeValue>> broadcast(Interpreter&, const ir::Operation& op,
                                              std::span<const RuntimeValue> operands) {
  const Tensor& operand = operands[0].tensor();
  KILN_TRY(Tensor result, allocate_result(op));
  if (result.rank() < operand.rank()) return op_error(op, "result has a lower rank than the operand");
  std::vector<int64_t> dims;
  for (int64_t i = 0; i < operand.rank(); ++i) dims.push_back(result.rank() - operand.rank() + i);
  broadcast_into(operand, dims, result);
  return std::vector<RuntimeValue>{std::move(result)};
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.broadcast", broadcast);

}  // namespace kiln::interp
