// Elemental rule of dynamic_slice: the start indices (rank-0 operands) clamped into
// [0, operand size - slice size] (spec: dynamic_slice), then a slice.
#include <fmt/format.h>

#include "backend/cuda/ops/rule_helpers.h"

namespace kiln::backend::cuda {

namespace {

Expected<std::string> emit_dynamic_slice(Emitter& e, const ir::Operation& op, size_t,
                                         Index& index) {
  const ir::Type& in = op.operand(0)->type();
  const ir::Type& out_type = op.result(0)->type();
  const std::vector<std::string> out = e.dims(index);
  std::vector<std::string> d(out.size());
  for (size_t i = 0; i < out.size(); ++i) {
    Index scalar = Index::scalar();
    KILN_TRY(std::string start, e.emit(op.operand(i + 1), scalar));
    const int64_t max = in.dim(static_cast<int64_t>(i)) - out_type.dim(static_cast<int64_t>(i));
    std::string s = e.let("i64", fmt::format("min(max(static_cast<i64>({}), 0LL), {}LL)", start, max));
    d[i] = fmt::format("({} + {})", out[i], s);
  }
  Index operand = Index::of_dims(in.shape(), std::move(d));
  return e.emit(op.operand(0), operand);
}

}  // namespace

KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.dynamic_slice", emit_dynamic_slice);

}  // namespace kiln::backend::cuda
