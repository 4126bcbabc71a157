// Elemental rule of dynamic_update_slice: the update's element inside the window at the start
// indices (each clamped to [0, operand size - update size], spec: dynamic_update_slice), the
// operand's elsewhere.
#include <fmt/format.h>

#include "backend/cuda/ops/rule_helpers.h"

namespace kiln::backend::cuda {

namespace {

Expected<std::string> emit_dynamic_update_slice(Emitter& e, const ir::Operation& op, size_t,
                                                Index& index) {
  KILN_TRY(ScalarType t, result_type(e, op));
  const ir::Type& in = op.operand(0)->type();
  const ir::Type& update = op.operand(1)->type();
  const std::vector<std::string> out = e.dims(index);
  std::vector<std::string> d(out.size());
  std::string inside = "true";
  for (size_t i = 0; i < out.size(); ++i) {
    KILN_TRY(ScalarType it, operand_type(e, op, i + 2));
    Index scalar = Index::scalar();
    KILN_TRY(std::string start, e.emit(op.operand(i + 2), scalar));
    const auto dim = static_cast<int64_t>(i);
    const int64_t max = in.dim(dim) - update.dim(dim);
    std::string s = e.let("i64", fmt::format("min(max({}, 0LL), {}LL)", index_i64(it, start), max));
    d[i] = e.let("i64", fmt::format("{} - {}", out[i], s));
    inside += fmt::format(" && {0} >= 0 && {0} < {1}", d[i], update.dim(dim));
  }
  std::string result = e.fresh();
  e.out().line(fmt::format("{} {};", t.compute, result));
  e.out().open(fmt::format("if ({})", inside));
  e.push_scope();
  Index at_update = Index::of_dims(update.shape(), d);
  KILN_TRY(std::string u, e.emit(op.operand(1), at_update));
  e.out().line(fmt::format("{} = {};", result, u));
  e.pop_scope();
  e.out().close();
  e.out().open("else");
  e.push_scope();
  Index at_operand = index;  // forms computed inside the branch stay in it
  KILN_TRY(std::string x, e.emit(op.operand(0), at_operand));
  e.out().line(fmt::format("{} = {};", result, x));
  e.pop_scope();
  e.out().close();
  return result;
}

}  // namespace

KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.dynamic_update_slice", emit_dynamic_update_slice);

}  // namespace kiln::backend::cuda
