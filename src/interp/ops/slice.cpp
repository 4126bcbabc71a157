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
  const Tensor& operand = operands[0].tensor();
  const auto rank = static_cast<size_t>(operand.rank());
  const std::vector<int64_t> start = attr_ints(op, "start_indices");
  const std::vector<int64_t> limit = attr_ints(op, "limit_indices");
  const std::vector<int64_t> strides = attr_ints(op, "strides");
  KILN_CHECK_OK(check_count(op, "start_indices", start, rank));
  KILN_CHECK_OK(check_count(op, "limit_indices", limit, rank));
  KILN_CHECK_OK(check_count(op, "strides", strides, rank));
  std::vector<int64_t> implied(rank);
  for (size_t d = 0; d < rank; ++d) {
    // Spec (C2, C3): 0 <= start <= limit <= dim and strides > 0.
    if (start[d] < 0 || start[d] > limit[d] || limit[d] > operand.shape()[d] || strides[d] <= 0) {
      return op_error(op, "start_indices, limit_indices and strides at dimension " +
                              std::to_string(d) + " do not describe a slice of the operand");
    }
    implied[d] = limit[d] == start[d] ? 0 : (limit[d] - start[d] - 1) / strides[d] + 1;
  }
  KILN_CHECK_OK(check_result_shape(op, result, implied));
  slice_into(operand, start, strides, result);
  return std::vector<RuntimeValue>{std::move(result)};
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.slice", slice);

}  // namespace kiln::interp
