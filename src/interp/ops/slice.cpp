// stablehlo.slice: result[i] = operand[start_indices + i * strides] (spec: slice).
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

void slice_into(const Tensor& operand, std::span<const int64_t> start,
                std::span<const int64_t> strides, Tensor& result) {
  std::vector<int64_t> operand_strides = operand.strides();
  std::vector<int64_t> src_strides(operand_strides.size());
  int64_t offset = 0;
  for (size_t d = 0; d < operand_strides.size(); ++d) {
    offset += start[d] * operand_strides[d];
    src_strides[d] = strides[d] * operand_strides[d];
  }
  copy_strided(result.shape(), result.element_bytes(), operand.raw(), offset, src_strides,
               result.raw(), 0, result.strides());
}

namespace {

Expected<std::vector<RuntimeValue>> slice(Interpreter&, const ir::Operation& op,
                                          std::span<const RuntimeValue> operands) {
  KILN_TRY(Tensor result, allocate_result(op));
  slice_into(operands[0].tensor(), attr_ints(op, "start_indices"), attr_ints(op, "strides"),
             result);
  return std::vector<RuntimeValue>{std::move(result)};
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.slice", slice);

}  // namespace kiln::interp
