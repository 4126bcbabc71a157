// stablehlo.reduce_window: each output element reduces one window of the inputs, padded and
// dilated with the init values as the spec defines.
#include <cstring>

#include "interp/combiner.h"
#include "interp/ops/op_helpers.h"
#include "interp/ops/reduce.h"

namespace kiln::interp {

namespace {

// The dimension a reduce_window scans, when its window is a prefix one (what cumsum, cumprod,
// cummax and cummin lower to): along it the window spans the whole input with low padding
// size - 1 and stride 1; along every other dimension it is a single element; no dilation.
std::optional<size_t> prefix_scan_dim(const std::vector<int64_t>& shape,
                                      const std::vector<int64_t>& window,
                                      const std::vector<int64_t>& strides,
                                      const std::vector<int64_t>& base_dil,
                                      const std::vector<int64_t>& win_dil,
                                      const std::vector<int64_t>& padding) {
  std::optional<size_t> scan;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (strides[d] != 1 || base_dil[d] != 1 || win_dil[d] != 1 || padding[2 * d + 1] != 0)
      return std::nullopt;
    if (window[d] == 1 && padding[2 * d] == 0) continue;
    if (scan || window[d] != shape[d] || padding[2 * d] != shape[d] - 1) return std::nullopt;
    scan = d;
  }
  return scan;
}

// Output o of a prefix window folds init, then size - 1 - o padding elements (init again),
// then inputs 0..o. When init combined with itself is init (bit for bit: 0 + 0, max(-inf,
// -inf), 1 * 1) that is init folded with inputs 0..o: one pass, the same bits as the region
// path, each line of the other dimensions on its own thread. False when it does not apply.
bool prefix_scan(const ir::Region& body, size_t dim, const Tensor& input, const Tensor& init,
                 Tensor& result) {
  bool swapped = false;
  std::optional<Combiner> k = recognise_combiner(body, &swapped);
  const ir::ElementType& e = result.element();
  if (!k || e.is_quantized() || input.element() != e || init.element() != e ||
      body.front().argument(0)->type().element() != e) {
    return false;
  }
  return dispatch_dtype(e.kind(), [&]<class T>() {
    if (!combiner_supports<T>(*k)) return false;
    const int bits = e.bit_width();
    const T start = init.data<T>()[0];
    const T twice = combine<T>(*k, start, start, bits);
    if (std::memcmp(&twice, &start, sizeof(T)) != 0) return false;
    const int64_t n = input.shape()[dim], step = input.strides()[dim];
    const int64_t lines = n == 0 ? 0 : input.num_elements() / n;
    const T* src = input.data<T>();
    T* dst = result.data<T>();
    parallel_for(lines, std::max<int64_t>(1, kParallelGrain / std::max<int64_t>(1, n)),
                 [&](int64_t begin, int64_t end) {
                   for (int64_t line = begin; line < end; ++line) {
                     // Line `line` starts at the element whose scan coordinate is 0.
                     int64_t base = (line / step) * step * n + line % step;
                     T acc = start;
                     for (int64_t i = 0; i < n; ++i) {
                       T x = src[base + i * step];
                       acc = swapped ? combine<T>(*k, x, acc, bits) : combine<T>(*k, acc, x, bits);
                       dst[base + i * step] = acc;
                     }
                   }
                 });
    return true;
  });
}

// The interpreter does not trust the verifier: the attribute counts follow the rank (C4-C9)
// and the strides and dilations are positive, since the gather below indexes them per
// dimension and divides by base_dilations.
Status check_window(const ir::Operation& op, const std::vector<int64_t>& shape,
                    const std::vector<int64_t>& window, const std::vector<int64_t>& strides,
                    const std::vector<int64_t>& base_dil, const std::vector<int64_t>& win_dil,
                    const std::vector<int64_t>& padding) {
  const size_t rank = shape.size();
  KILN_CHECK_OK(check_count(op, "window_dimensions", window, rank));
  KILN_CHECK_OK(check_count(op, "window_strides", strides, rank));
  KILN_CHECK_OK(check_count(op, "base_dilations", base_dil, rank));
  KILN_CHECK_OK(check_count(op, "window_dilations", win_dil, rank));
  KILN_CHECK_OK(check_count(op, "padding", padding, 2 * rank));
  for (size_t d = 0; d < rank; ++d) {
    if (window[d] < 0 || strides[d] <= 0 || base_dil[d] <= 0 || win_dil[d] <= 0) {
      return op_error(op, "window attributes at dimension " + std::to_string(d) +
                              " need a size >= 0 and strides and dilations >= 1");
    }
  }
  return ok_status();
}

// The result shape the spec gives (C16) for attributes check_window accepted.
std::vector<int64_t> window_result_shape(
    const std::vector<int64_t>& shape, const std::vector<int64_t>& window,
    const std::vector<int64_t>& strides, const std::vector<int64_t>& base_dil,
    const std::vector<int64_t>& win_dil, const std::vector<int64_t>& padding) {
  std::vector<int64_t> out(shape.size());
  for (size_t d = 0; d < shape.size(); ++d) {
    const int64_t dilated = shape[d] == 0 ? 0 : (shape[d] - 1) * base_dil[d] + 1;
    const int64_t padded = dilated + padding[2 * d] + padding[2 * d + 1];
    const int64_t span = window[d] == 0 ? 0 : (window[d] - 1) * win_dil[d] + 1;
    out[d] = padded < span ? 0 : (padded - span) / strides[d] + 1;
  }
  return out;
}

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
  KILN_CHECK_OK(check_window(op, in_shape, window, strides, base_dil, win_dil, padding));
  for (size_t k = 0; k < n; ++k) {
    if (inputs[k].shape() != in_shape) return op_error(op, "inputs do not all have the same shape");
    if (inits[k].rank() != 0) return op_error(op, "init values must be rank-0 tensors");
    KILN_CHECK_OK(check_result_shape(
        op, results[k], window_result_shape(in_shape, window, strides, base_dil, win_dil, padding)));
  }
  if (n == 1 && in.options().fast_paths) {
    auto dim = prefix_scan_dim(in_shape, window, strides, base_dil, win_dil, padding);
    if (dim && prefix_scan(op.region(0), *dim, inputs[0], inits[0], results[0]))
      return std::vector<RuntimeValue>(results.begin(), results.end());
  }
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
