// stablehlo.broadcast_in_dim: result[i] = operand[j] where j[k] = i[dims[k]], or 0 where the
// operand's dimension k has size 1 (spec: broadcast_in_dim).
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

void broadcast_into(const Tensor& operand, std::span<const int64_t> dims, Tensor& result) {
  // A result dimension reads the operand at stride 0 unless an operand dimension of size
  // > 1 maps to it; then it walks that dimension.
  std::vector<int64_t> src_strides(static_cast<size_t>(result.rank()), 0);
  std::vector<int64_t> operand_strides = operand.strides();
  for (size_t k = 0; k < dims.size(); ++k) {
    if (operand.shape()[k] != 1) src_strides[static_cast<size_t>(dims[k])] = operand_strides[k];
  }
  copy_strided(result.shape(), result.element_bytes(), operand.raw(), 0, src_strides, result.raw(),
               0, result.strides());
}

namespace {

Expected<std::vector<RuntimeValue>> broadcast_in_dim(Interpreter&, const ir::Operation& op,
                                                     std::span<const RuntimeValue> operands) {
  KILN_TRY(Tensor result, allocate_result(op));
  const Tensor& operand = operands[0].tensor();
  const std::vector<int64_t> dims = attr_ints(op, "broadcast_dimensions");
  KILN_CHECK_OK(check_count(op, "broadcast_dimensions", dims, static_cast<size_t>(operand.rank())));
  KILN_CHECK_OK(check_dims(op, "broadcast_dimensions", dims, result.rank()));
  for (size_t k = 0; k < dims.size(); ++k) {
    const int64_t size = operand.shape()[k];
    if (size != 1 && size != result.shape()[static_cast<size_t>(dims[k])]) {
      return op_error(op, "operand dimension " + std::to_string(k) + " (size " +
                              std::to_string(size) + ") cannot broadcast to the result");
    }
  }
  broadcast_into(operand, dims, result);
  return std::vector<RuntimeValue>{std::move(result)};
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.broadcast_in_dim", broadcast_in_dim);

}  // namespace kiln::interp
