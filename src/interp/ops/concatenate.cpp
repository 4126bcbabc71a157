// stablehlo.concatenate: the inputs side by side along `dimension`, in operand order
// (spec: concatenate).
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

Expected<std::vector<RuntimeValue>> concatenate(Interpreter&, const ir::Operation& op,
                                                std::span<const RuntimeValue> operands) {
  KILN_TRY(Tensor result, allocate_result(op));
  KILN_TRY(const int64_t dimension, attr_dim(op, "dimension", result.rank()));
  const auto dim = static_cast<size_t>(dimension);
  std::vector<int64_t> implied = result.shape();
  implied[dim] = 0;
  for (const RuntimeValue& v : operands) {
    std::vector<int64_t> shape = v.tensor().shape();
    if (shape.size() != implied.size()) return op_error(op, "operands must have the result's rank");
    implied[dim] += shape[dim];
    shape[dim] = result.shape()[dim];
    if (shape != result.shape()) KILN_CHECK_OK(check_result_shape(op, result, shape));
  }
  KILN_CHECK_OK(check_result_shape(op, result, implied));
  std::vector<int64_t> strides = result.strides();
  int64_t at = 0;  // where along `dimension` the next input starts
  for (const RuntimeValue& v : operands) {
    const Tensor& input = v.tensor();
    copy_strided(input.shape(), input.element_bytes(), input.raw(), 0, input.strides(),
                 result.raw(), at * strides[dim], strides);
    at += input.shape()[dim];
  }
  return std::vector<RuntimeValue>{std::move(result)};
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.concatenate", concatenate);

}  // namespace kiln::interp
