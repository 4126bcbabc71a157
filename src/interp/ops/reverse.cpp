// stablehlo.reverse: result[i] = operand[j] where j[d] = dim(d) - 1 - i[d] for each d in
// dimensions, else j[d] = i[d] (spec: reverse).
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

Expected<std::vector<RuntimeValue>> reverse(Interpreter&, const ir::Operation& op,
                                            std::span<const RuntimeValue> operands) {
  const Tensor& operand = operands[0].tensor();
  KILN_TRY(Tensor result, allocate_result(op));
  KILN_CHECK_OK(check_result_shape(op, result, operand.shape()));
  const std::vector<int64_t> dims = attr_ints(op, "dimensions");
  KILN_CHECK_OK(check_dims(op, "dimensions", dims, operand.rank(), /*distinct=*/false));
  if (result.num_elements() == 0) return std::vector<RuntimeValue>{std::move(result)};
  std::vector<int64_t> strides = operand.strides();
  std::vector<int64_t> src_strides = strides;
  int64_t offset = 0;
  // Each reversed dimension starts at its last element and walks backwards.
  for (int64_t d : dims) {
    auto k = static_cast<size_t>(d);
    if (src_strides[k] < 0) continue;  // a dimension listed twice is reversed once
    offset += (operand.shape()[k] - 1) * strides[k];
    src_strides[k] = -strides[k];
  }
  copy_strided(result.shape(), result.element_bytes(), operand.raw(), offset, src_strides,
               result.raw(), 0, result.strides());
  return std::vector<RuntimeValue>{std::move(result)};
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.reverse", reverse);

}  // namespace kiln::interp
