// stablehlo.transpose: result[i] = operand[j] where j[permutation[k]] = i[k] (spec: transpose).
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

Expected<std::vector<RuntimeValue>> transpose(Interpreter&, const ir::Operation& op,
                                              std::span<const RuntimeValue> operands) {
  const Tensor& operand = operands[0].tensor();
  KILN_TRY(Tensor result, allocate_result(op));
  std::vector<int64_t> perm = attr_ints(op, "permutation");
  KILN_CHECK_OK(check_count(op, "permutation", perm, static_cast<size_t>(operand.rank())));
  KILN_CHECK_OK(check_dims(op, "permutation", perm, operand.rank()));
  std::vector<int64_t> implied;
  for (int64_t p : perm) implied.push_back(operand.shape()[static_cast<size_t>(p)]);
  KILN_CHECK_OK(check_result_shape(op, result, implied));
  std::vector<int64_t> operand_strides = operand.strides();
  std::vector<int64_t> src_strides(perm.size());
  for (size_t k = 0; k < perm.size(); ++k) {
    src_strides[k] = operand_strides[static_cast<size_t>(perm[k])];
  }
  copy_strided(result.shape(), result.element_bytes(), operand.raw(), 0, src_strides, result.raw(),
               0, result.strides());
  return std::vector<RuntimeValue>{std::move(result)};
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.transpose", transpose);

}  // namespace kiln::interp
