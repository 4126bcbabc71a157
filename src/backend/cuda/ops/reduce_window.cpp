// Elemental rule of reduce_window: one thread folds its window through the body in row-major
// order of the window's positions, as the interpreter does; a position in the padding or
// between dilated elements reads the init value (spec: reduce_window pads with init_values).
#include <fmt/format.h>

#include "backend/cuda/ops/rule_helpers.h"

namespace kiln::backend::cuda {

namespace {

Expected<std::string> emit_reduce_window(Emitter& e, const ir::Operation& op, size_t result,
                                         Index& index) {
  const size_t n = op.num_results();
  const ir::Type& in = op.operand(0)->type();
  const size_t rank = static_cast<size_t>(in.rank());
  std::vector<int64_t> window = attr_ints(op, "window_dimensions");
  std::vector<int64_t> strides = attr_ints_or(op, "window_strides", rank, 1);
  std::vector<int64_t> base_dil = attr_ints_or(op, "base_dilations", rank, 1);
  std::vector<int64_t> win_dil = attr_ints_or(op, "window_dilations", rank, 1);
  std::vector<int64_t> padding = attr_ints_or(op, "padding", 2 * rank, 0);
  if (window.size() != rank || strides.size() != rank || base_dil.size() != rank ||
      win_dil.size() != rank || padding.size() != 2 * rank) {
    return unsupported(op, "window attributes that do not match the rank");
  }
  const std::vector<std::string> out = e.dims(index);
  std::vector<std::string> acc(n), init(n);
  std::vector<ScalarType> types;
  for (size_t k = 0; k < n; ++k) {
    KILN_TRY(ScalarType t, e.scalar_type(op.result(k)->type(), &op));
    types.push_back(t);
    Index scalar = Index::scalar();
    KILN_TRY(init[k], e.emit(op.operand(n + k), scalar));
    acc[k] = e.fresh("acc");
    e.out().line(fmt::format("{} {} = {};", t.compute, acc[k], init[k]));
  }
  int64_t count = 1;
  for (int64_t w : window) count *= w;
  if (count > 0) {
    const std::string w = e.fresh("w");
    e.out().open(fmt::format("for (i64 {0} = 0; {0} < {1}; ++{0})", w, count));
    e.push_scope();
    Index wi = Index::of_linear(window, w);
    const std::vector<std::string> wd = e.dims(wi);
    // Position in the dilated, padded input: on an element when it is past the low padding,
    // on the base-dilation grid and inside the input.
    std::vector<std::string> d(rank);
    std::string valid = "true";
    for (size_t i = 0; i < rank; ++i) {
      std::string p = e.let("i64", fmt::format("({}) * {} + ({}) * {} - ({})", out[i], strides[i],
                                                 wd[i], win_dil[i], padding[2 * i]));
      d[i] = base_dil[i] == 1 ? p : fmt::format("({} / {})", p, base_dil[i]);
      valid += fmt::format(" && {} >= 0 && {} < {}", p, d[i], in.dim(static_cast<int64_t>(i)));
      if (base_dil[i] != 1) valid += fmt::format(" && {} % {} == 0", p, base_dil[i]);
    }
    std::vector<std::string> x(n);
    for (size_t k = 0; k < n; ++k) {
      x[k] = e.fresh("x");
      e.out().line(fmt::format("{} {} = {};", types[k].compute, x[k], init[k]));
    }
    e.out().open(fmt::format("if ({})", valid));
    e.push_scope();
    for (size_t k = 0; k < n; ++k) {
      Index operand = Index::of_dims(in.shape(), d);
      KILN_TRY(std::string v, e.emit(op.operand(k), operand));
      e.out().line(fmt::format("{} = {};", x[k], v));
    }
    e.pop_scope();
    e.out().close();
    std::vector<std::string> args = acc;
    args.insert(args.end(), x.begin(), x.end());
    KILN_TRY(std::vector<std::string> next, e.emit_region(op.region(0), args));
    // Through temporaries: a variadic body may read every accumulator.
    std::vector<std::string> tmp;
    for (size_t k = 0; k < n; ++k) tmp.push_back(e.let("auto", next[k]));
    for (size_t k = 0; k < n; ++k) e.out().line(fmt::format("{} = {};", acc[k], tmp[k]));
    e.pop_scope();
    e.out().close();
  }
  for (size_t k = 0; k < n; ++k) {
    if (k != result) e.remember(op.result(k), index, acc[k]);
  }
  return acc[result];
}

}  // namespace

KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.reduce_window", emit_reduce_window);

}  // namespace kiln::backend::cuda
