// stablehlo.dynamic_slice: a slice of slice_sizes at run-time start indices, each clamped to
// [0, dim - size] so that the slice stays inside the operand (spec: dynamic_slice).
#include <algorithm>

#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

Expected<std::vector<RuntimeValue>> dynamic_slice(Interpreter&, const ir::Operation& op,
                                                  std::span<const RuntimeValue> operands) {
  const Tensor& operand = operands[0].tensor();
  std::span<const RuntimeValue> indices = operand_values(op, operands, 1);
  std::vector<int64_t> sizes = attr_ints(op, "slice_sizes");
  KILN_TRY(Tensor result, allocate_result(op));
  KILN_CHECK_OK(check_count(op, "slice_sizes", sizes, static_cast<size_t>(operand.rank())));
  if (indices.size() != sizes.size()) return op_error(op, "needs one start index per dimension");
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] < 0 || sizes[d] > operand.shape()[d]) {
      return op_error(op, "slice_sizes at dimension " + std::to_string(d) +
                              " is not within the operand");
    }
  }
  KILN_CHECK_OK(check_result_shape(op, result, sizes));
  std::vector<int64_t> start(sizes.size()), ones(sizes.size(), 1);
  for (size_t d = 0; d < sizes.size(); ++d) {
    start[d] = std::clamp<int64_t>(index_element(indices[d].tensor(), 0), 0,
                                   operand.shape()[d] - sizes[d]);
  }
  slice_into(operand, start, ones, result);
  return std::vector<RuntimeValue>{std::move(result)};
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.dynamic_slice", dynamic_slice);

}  // namespace kiln::interp
