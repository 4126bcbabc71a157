// stablehlo.pad: the operand spread out by interior padding and shifted by the edge padding
// (negative edge padding drops elements), the rest filled with padding_value (spec: pad).
#include <algorithm>

#include "interp/ops/op_helpers.h"

namespace kiln::interp {

void pad_into(const Tensor& operand, const Tensor& padding_value, std::span<const int64_t> low,
              std::span<const int64_t> interior, Tensor& result) {
  fill_with(result, padding_value);
  // Operand element j lands at result index low + j * (interior + 1); in each dimension the
  // j that land inside the result form one range [first, first + count).
  const size_t rank = operand.shape().size();
  std::vector<int64_t> operand_strides = operand.strides(), result_strides = result.strides();
  std::vector<int64_t> count(rank), dst_strides(rank);
  int64_t src_offset = 0, dst_offset = 0;
  for (size_t d = 0; d < rank; ++d) {
    const int64_t step = interior[d] + 1, size = result.shape()[d];
    const int64_t first = low[d] >= 0 ? 0 : (-low[d] + step - 1) / step;
    const int64_t last_in = size - 1 - low[d];  // the highest j * step that still fits
    const int64_t end = last_in < 0 ? 0 : std::min(operand.shape()[d], last_in / step + 1);
    count[d] = std::max<int64_t>(0, end - first);
    src_offset += first * operand_strides[d];
    dst_offset += (low[d] + first * step) * result_strides[d];
    dst_strides[d] = step * result_strides[d];
  }
  for (int64_t c : count) {
    if (c == 0) return;
  }
  copy_strided(count, result.element_bytes(), operand.raw(), src_offset, operand_strides,
               result.raw(), dst_offset, dst_strides);
}

namespace {

Expected<std::vector<RuntimeValue>> pad(Interpreter&, const ir::Operation& op,
                                        std::span<const RuntimeValue> operands) {
  KILN_TRY(Tensor result, allocate_result(op));
  const Tensor& operand = operands[0].tensor();
  const auto rank = static_cast<size_t>(operand.rank());
  const std::vector<int64_t> low = attr_ints(op, "edge_padding_low");
  const std::vector<int64_t> high = attr_ints(op, "edge_padding_high");
  const std::vector<int64_t> interior = attr_ints(op, "interior_padding");
  KILN_CHECK_OK(check_count(op, "edge_padding_low", low, rank));
  KILN_CHECK_OK(check_count(op, "edge_padding_high", high, rank));
  KILN_CHECK_OK(check_count(op, "interior_padding", interior, rank));
  std::vector<int64_t> implied(rank);
  for (size_t d = 0; d < rank; ++d) {
    const int64_t size = operand.shape()[d];
    // Spec (C2, C4): interior_padding >= 0; the result dimension is the padded size. Computed
    // in __int128 so that attributes near 2^63 cannot overflow into a plausible size.
    const __int128 gaps = size > 0 ? size - 1 : 0;
    const __int128 padded = __int128{low[d]} + high[d] + size + gaps * interior[d];
    if (interior[d] < 0 || padded != result.shape()[d]) {
      return op_error(op, "padding at dimension " + std::to_string(d) +
                              " does not give the result type's size");
    }
    implied[d] = result.shape()[d];
  }
  KILN_CHECK_OK(check_result_shape(op, result, implied));
  pad_into(operand, operands[1].tensor(), low, interior, result);
  return std::vector<RuntimeValue>{std::move(result)};
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.pad", pad);

}  // namespace kiln::interp
