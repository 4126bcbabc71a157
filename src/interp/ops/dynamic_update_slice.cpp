// stablehlo.dynamic_update_slice: the operand with `update` written at run-time start
// indices, each clamped to [0, dim - dim(update)] (spec: dynamic_update_slice).
#include <algorithm>
#include <cstring>

#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

Expected<std::vector<RuntimeValue>> dynamic_update_slice(Interpreter&, const ir::Operation& op,
                                                         std::span<const RuntimeValue> operands) {
  const Tensor& operand = operands[0].tensor();
  const Tensor& update = operands[1].tensor();
  std::span<const RuntimeValue> indices = operand_values(op, operands, 2);
  KILN_TRY(Tensor result, allocate_result(op));
  if (result.size_bytes()) std::memcpy(result.raw(), operand.raw(), result.size_bytes());
  std::vector<int64_t> strides = result.strides();
  int64_t offset = 0;
  for (size_t d = 0; d < strides.size(); ++d) {
    int64_t start = std::clamp<int64_t>(index_element(indices[d].tensor(), 0), 0,
                                        operand.shape()[d] - update.shape()[d]);
    offset += start * strides[d];
  }
  copy_strided(update.shape(), update.element_bytes(), update.raw(), 0, update.strides(),
               result.raw(), offset, strides);
  return std::vector<RuntimeValue>{std::move(result)};
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.dynamic_update_slice", dynamic_update_slice);

}  // namespace kiln::interp
