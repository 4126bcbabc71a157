// stablehlo.get_dimension_size: the size of one operand dimension as tensor<i32>.
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

Expected<std::vector<RuntimeValue>> get_dimension_size(Interpreter&, const ir::Operation& op,
                                                       std::span<const RuntimeValue> operands) {
  KILN_TRY(Tensor result, allocate_result(op));
  KILN_TRY(const int64_t dimension, attr_dim(op, "dimension", operands[0].tensor().rank()));
  const auto dim = static_cast<size_t>(dimension);
  // Run-time tensors always have static shapes, so this is the actual size.
  result.data<int32_t>()[0] = static_cast<int32_t>(operands[0].tensor().shape()[dim]);
  return std::vector<RuntimeValue>{std::move(result)};
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.get_dimension_size", get_dimension_size);

}  // namespace kiln::interp
