// stablehlo.select_and_scatter: in each window of the operand `select` picks one element, and
// the source value of that window is scattered onto it with `scatter`, starting from init.
#include "interp/compare_order.h"
#include "interp/ops/op_helpers.h"
#include "interp/ops/reduce.h"
#include "interp/region_body.h"

namespace kiln::interp {

namespace {

// The flat operand index that `select` picks in the window at source index `s`, or -1 if the
// window holds only padding. Padding is never selected (XLA's behaviour, which the spec's
// padding with the init value does not change for the selects JAX emits).
Expected<int64_t> select_in_window(Interpreter& in, const ir::Operation& op, const Tensor& operand,
                                   const std::vector<int64_t>& s,
                                   const std::vector<std::vector<int64_t>>& positions,
                                   const std::vector<int64_t>& strides,
                                   const std::vector<int64_t>& padding) {
  const std::vector<int64_t>& shape = operand.shape();
  std::vector<int64_t> op_strides = operand.strides();
  int64_t selected = -1;
  std::vector<RuntimeValue> args(2);
  for (const auto& w : positions) {
    int64_t flat = 0;
    for (size_t d = 0; d < shape.size() && flat >= 0; ++d) {
      int64_t p = s[d] * strides[d] + w[d] - padding[2 * d];
      if (p < 0 || p >= shape[d])
        flat = -1;
      else
        flat += p * op_strides[d];
    }
    if (flat < 0) continue;
    if (selected < 0) {
      selected = flat;
      KILN_TRY(args[0], scalar_at(operand, flat));
      continue;
    }
    KILN_TRY(args[1], scalar_at(operand, flat));
    KILN_TRY(auto keep, in.run_region(op.region(0), args));
    if (keep.size() != 1 || !keep[0].is_tensor()) return op_error(op, "select must return an i1");
    if (!keep[0].tensor().data<bool>()[0]) {
      selected = flat;
      args[0] = args[1];
    }
  }
  return selected;
}

// The window geometry shared by both paths.
struct Windows {
  std::vector<std::vector<int64_t>> positions;
  std::vector<int64_t> strides, padding;
};

// select_in_window for every source element at once, with `select` recognised as comparison
// logic of its two arguments and evaluated natively in the same order (threaded over source
// elements, which are independent). False when the region or the type is not recognised.
bool select_native(const ir::Operation& op, const Tensor& operand, const Tensor& source,
                   const Windows& w, std::vector<int64_t>& target) {
  std::optional<RegionLogic> logic = recognise_logic(op.region(0), ArgLayout::kPairs, 1);
  if (!logic || logic->results.size() != 1 || logic->results[0].node < 0 ||
      logic->results[0].is_select || operand.element().is_quantized()) {
    return false;
  }
  const int root = logic->results[0].node;
  const std::vector<int64_t>& shape = operand.shape();
  const std::vector<int64_t> op_strides = operand.strides();
  const size_t rank = shape.size();
  return dispatch_dtype(operand.element().kind(), [&]<class T>() {
    if constexpr (kIsComplex<T>) {
      return false;
    } else {
      const T* x = operand.data<T>();
      parallel_for(source.num_elements(), 256, [&](int64_t begin, int64_t end) {
        std::vector<int64_t> s(rank);
        bool values[kMaxLogicNodes];
        for (int64_t i = begin; i < end; ++i) {
          for (size_t d = rank, rest = static_cast<size_t>(i); d-- > 0;) {
            s[d] = static_cast<int64_t>(rest % static_cast<size_t>(source.shape()[d]));
            rest /= static_cast<size_t>(source.shape()[d]);
          }
          int64_t selected = -1;
          for (const auto& p : w.positions) {
            int64_t flat = 0;
            for (size_t d = 0; d < rank && flat >= 0; ++d) {
              int64_t q = s[d] * w.strides[d] + p[d] - w.padding[2 * d];
              flat = q < 0 || q >= shape[d] ? -1 : flat + q * op_strides[d];
            }
            if (flat < 0) continue;
            if (selected < 0) {
              selected = flat;
              continue;
            }
            T pair[2] = {x[selected], x[flat]};
            logic->evaluate(values, [&](const BoolNode& c) {
              return decide(compare_elements(pair[c.lhs.arg], pair[c.rhs.arg], c.total_order),
                            c.direction);
            });
            if (!values[root]) selected = flat;
          }
          target[static_cast<size_t>(i)] = selected;
        }
      });
      return true;
    }
  });
}

Expected<std::vector<RuntimeValue>> select_and_scatter(Interpreter& in, const ir::Operation& op,
                                                       std::span<const RuntimeValue> operands) {
  const Tensor& operand = operands[0].tensor();
  const Tensor& source = operands[1].tensor();
  const Tensor& init = operands[2].tensor();
  size_t rank = static_cast<size_t>(operand.rank());
  std::vector<int64_t> window = attr_ints_or(op, "window_dimensions", rank, 1);
  std::vector<int64_t> strides = attr_ints_or(op, "window_strides", rank, 1);
  std::vector<int64_t> padding = attr_ints_or(op, "padding", 2 * rank, 0);
  std::vector<std::vector<int64_t>> positions;
  bool empty_window = false;
  for (int64_t w : window) empty_window = empty_window || w == 0;
  if (!empty_window) {
    std::vector<int64_t> w(rank, 0);
    do positions.push_back(w);
    while (next_index(w, window));
  }
  // Which operand element each source element lands on.
  std::vector<int64_t> target(static_cast<size_t>(source.num_elements()), -1);
  bool native = in.options().fast_paths && !positions.empty() &&
                select_native(op, operand, source, Windows{positions, strides, padding}, target);
  if (!native && source.num_elements() > 0) {
    std::vector<int64_t> s(rank, 0);
    size_t i = 0;
    do {
      KILN_TRY(target[i], select_in_window(in, op, operand, s, positions, strides, padding));
      ++i;
    } while (next_index(s, source.shape()));
  }
  // Each result element reduces, in source order, the source values that selected it.
  std::vector<std::vector<int64_t>> sources(static_cast<size_t>(operand.num_elements()));
  for (size_t i = 0; i < target.size(); ++i) {
    if (target[i] >= 0) sources[static_cast<size_t>(target[i])].push_back(static_cast<int64_t>(i));
  }
  KILN_TRY(Tensor result, allocate_result(op));
  std::vector<Tensor> inputs{source}, inits{init}, results{result};
  GatherFn gather = [&](int64_t out, std::vector<int64_t>& elems) {
    const auto& list = sources[static_cast<size_t>(out)];
    elems.insert(elems.end(), list.begin(), list.end());
  };
  KILN_CHECK_OK(reduce_groups(in, op, op.region(1), inputs, inits, results, gather));
  return std::vector<RuntimeValue>{results[0]};
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.select_and_scatter", select_and_scatter);

}  // namespace kiln::interp
