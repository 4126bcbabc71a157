// Elemental rule of select_and_scatter: each result element starts from init and folds, in
// row-major order of the source, the source values of the windows covering it whose `select`
// picked it. A window's pick is the interpreter's: the first element inside the operand, then
// each later one replaces it when select(picked, later) is false; padding is never picked.
#include <fmt/format.h>

#include "backend/cuda/ops/rule_helpers.h"

namespace kiln::backend::cuda {

namespace {

Expected<std::string> emit_select_and_scatter(Emitter& e, const ir::Operation& op, size_t,
                                              Index& index) {
  KILN_TRY(ScalarType t, result_type(e, op));
  KILN_TRY(ScalarType op_t, operand_type(e, op, 0));
  const ir::Type& operand = op.operand(0)->type();
  const ir::Type& source = op.operand(1)->type();
  const size_t rank = static_cast<size_t>(operand.rank());
  std::vector<int64_t> window = attr_ints_or(op, "window_dimensions", rank, 1);
  std::vector<int64_t> strides = attr_ints_or(op, "window_strides", rank, 1);
  std::vector<int64_t> padding = attr_ints_or(op, "padding", 2 * rank, 0);
  if (window.size() != rank || strides.size() != rank || padding.size() != 2 * rank) {
    return unsupported(op, "window attributes that do not match the rank");
  }
  const std::vector<std::string> r = e.dims(index);
  Index scalar = Index::scalar();
  KILN_TRY(std::string init, e.emit(op.operand(2), scalar));
  const std::string acc = e.fresh("acc");
  e.out().line(fmt::format("{} {} = {};", t.compute, acc, init));
  int64_t count = 1;
  for (int64_t w : window) count *= w;
  if (count == 0) return acc;
  // The windows s covering r along each dimension: s * stride + w - pad_low = r for some w
  // in [0, window), s in [0, source size).
  std::vector<std::string> s(rank);
  for (size_t i = 0; i < rank; ++i) {
    const std::string top = e.let("i64", fmt::format("({}) + {}", r[i], padding[2 * i]));
    const std::string low = e.let("i64", fmt::format("{} - {}", top, window[i] - 1));
    const std::string lo = e.let(
        "i64", fmt::format("{0} <= 0 ? 0LL : ({0} + {1}) / {2}", low, strides[i] - 1, strides[i]));
    const std::string hi = e.let(
        "i64", fmt::format("{0} < 0 ? -1LL : min({0} / {1}, {2}LL)", top, strides[i],
                           source.dim(static_cast<int64_t>(i)) - 1));
    s[i] = e.fresh("s");
    e.out().open(fmt::format("for (i64 {0} = {1}; {0} <= {2}; ++{0})", s[i], lo, hi));
    e.push_scope();
  }
  // The window's pick: its flat operand index and value.
  const std::string picked = e.fresh("pick"), best = e.fresh("best");
  e.out().line(fmt::format("i64 {} = -1;", picked));
  e.out().line(fmt::format("{} {} = {{}};", op_t.compute, best));
  const std::string w = e.fresh("w");
  e.out().open(fmt::format("for (i64 {0} = 0; {0} < {1}; ++{0})", w, count));
  e.push_scope();
  Index wi = Index::of_linear(window, w);
  const std::vector<std::string> wd = e.dims(wi);
  std::vector<std::string> q(rank);
  std::string inside = "true";
  for (size_t i = 0; i < rank; ++i) {
    q[i] = e.let("i64", fmt::format("{} * {} + {} - {}", s[i], strides[i], wd[i], padding[2 * i]));
    inside += fmt::format(" && {0} >= 0 && {0} < {1}", q[i], operand.dim(static_cast<int64_t>(i)));
  }
  e.out().line(fmt::format("if (!({})) continue;", inside));
  Index at = Index::of_dims(operand.shape(), q);
  KILN_TRY(std::string x, e.emit(op.operand(0), at));
  const std::string flat = e.linear(at);
  e.out().open(fmt::format("if ({} < 0)", picked));
  e.out().line(fmt::format("{} = {};", picked, flat));
  e.out().line(fmt::format("{} = {};", best, x));
  e.out().line("continue;");
  e.out().close();
  KILN_TRY(std::vector<std::string> keep, e.emit_region(op.region(0), {best, x}));
  e.out().open(fmt::format("if (!({}))", keep.at(0)));
  e.out().line(fmt::format("{} = {};", picked, flat));
  e.out().line(fmt::format("{} = {};", best, x));
  e.out().close();
  e.pop_scope();
  e.out().close();
  // Whether this window picked the result element.
  Index result_copy = index;  // forms computed here stay in the loop's scope
  const std::string self = e.linear(result_copy);
  e.out().open(fmt::format("if ({} == {})", picked, self));
  e.push_scope();
  Index at_source = Index::of_dims(source.shape(), s);
  KILN_TRY(std::string src, e.emit(op.operand(1), at_source));
  // The scatter region may compute in a type promoted from the source's (spec C10-C12): the
  // result's, which the accumulator holds.
  const std::string promoted = fmt::format("static_cast<{}>({})", t.compute, src);
  KILN_TRY(std::vector<std::string> next, e.emit_region(op.region(1), {acc, promoted}));
  e.out().line(fmt::format("{} = {};", acc, next.at(0)));
  e.pop_scope();
  e.out().close();
  for (size_t i = 0; i < rank; ++i) {
    e.pop_scope();
    e.out().close();
  }
  return acc;
}

}  // namespace

KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.select_and_scatter", emit_select_and_scatter);

}  // namespace kiln::backend::cuda
