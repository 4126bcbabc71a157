// stablehlo.reduce_window: each output element reduces one window of the inputs, padded and
// dilated with the init values as the spec defines.
#include "interp/ops/op_helpers.h"
#include "interp/ops/reduce.h"

namespace kiln::interp {

namespace {

// Spec: padded = pad(inputs, init_values, padding_low, padding_high, base_dilations - 1);
// results[o] = reduce(padded window at o * window_strides, dilated by window_dilations).
Expected<std::vector<RuntimeValue>> reduce_window(Interpreter& in, const ir::Operation& op,
                                                  std::span<const RuntimeValue> operands) {
  size_t n = operands.size() / 2;
  std::vector<Tensor> inputs, inits, results;
  for (size_t k = 0; k < n; ++k) {
    inputs.push_back(operands[k].tensor());
    inits.push_back(operands[n + k].tensor());
    KILN_TRY(Tensor r, allocate_result(op, k));
    results.push_back(std::move(r));
  }
  size_t rank = static_cast<size_t>(inputs[0].rank());
  std::vector<int64_t> window = attr_ints(op, "window_dimensions");
  std::vector<int64_t> strides = attr_ints_or(op, "window_strides", rank, 1);
  std::vector<int64_t> base_dil = attr_ints_or(op, "base_dilations", rank, 1);
  std::vector<int64_t> win_dil = attr_ints_or(op, "window_dilations", rank, 1);
  std::vector<int64_t> padding = attr_ints_or(op, "padding", 2 * rank, 0);
  const std::vector<int64_t>& in_shape = inputs[0].shape();
  const std::vector<int64_t>& out_shape = results[0].shape();
  std::vector<int64_t> in_strides = inputs[0].strides();
  // Every position inside one window, row-major.
  std::vector<std::vector<int64_t>> positions;
  bool empty_window = false;
  for (int64_t w : window) empty_window = empty_window || w == 0;
  if (!empty_window) {
    std::vector<int64_t> w(rank, 0);
    do positions.push_back(w);
    while (next_index(w, window));
  }
  GatherFn gather = [&](int64_t out, std::vector<int64_t>& elems) {
    std::vector<int64_t> o(rank);
    for (size_t d = rank; d-- > 0;) {
      o[d] = out % out_shape[d];
      out /= out_shape[d];
    }
    for (const auto& w : positions) {
      int64_t flat = 0;
      for (size_t d = 0; d < rank && flat >= 0; ++d) {
        // Position in the dilated input once the low padding is taken off.
        int64_t p = o[d] * strides[d] + w[d] * win_dil[d] - padding[2 * d];
        if (p < 0 || p % base_dil[d] != 0 || p / base_dil[d] >= in_shape[d])
          flat = -1;
        else
          flat += (p / base_dil[d]) * in_strides[d];
      }
      elems.push_back(flat);
    }
  };
  KILN_CHECK_OK(reduce_groups(in, op, op.region(0), inputs, inits, results, gather));
  return std::vector<RuntimeValue>(results.begin(), results.end());
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.reduce_window", reduce_window);

}  // namespace kiln::interp
