// Elemental rule of concatenate: the operand whose range along the dimension holds the index.
#include <fmt/format.h>

#include "backend/cuda/ops/rule_helpers.h"

namespace kiln::backend::cuda {

namespace {

Expected<std::string> emit_concatenate(Emitter& e, const ir::Operation& op, size_t,
                                       Index& index) {
  KILN_TRY(ScalarType t, result_type(e, op));
  const int64_t dim = attr_int(op, "dimension");
  const std::vector<std::string> out = e.dims(index);
  std::string result = e.fresh();
  e.out().line(fmt::format("{} {};", t.compute, result));
  int64_t offset = 0;
  for (size_t k = 0; k < op.num_operands(); ++k) {
    const ir::Type& in = op.operand(k)->type();
    const int64_t size = in.dim(dim);
    if (size == 0) continue;
    // The last non-empty operand takes what the others did not: `if (..) {..} else {..}`.
    bool last = true;
    for (size_t j = k + 1; j < op.num_operands(); ++j) last = last && op.operand(j)->type().dim(dim) == 0;
    e.out().open(last ? "" : fmt::format("if ({} < {})", out[static_cast<size_t>(dim)], offset + size));
    e.push_scope();
    std::vector<std::string> d = out;
    if (offset) d[static_cast<size_t>(dim)] = fmt::format("({} - {})", out[static_cast<size_t>(dim)], offset);
    Index operand = Index::of_dims(in.shape(), std::move(d));
    KILN_TRY(std::string x, e.emit(op.operand(k), operand));
    e.out().line(fmt::format("{} = {};", result, x));
    e.pop_scope();
    e.out().close();
    if (!last) e.out().line("else");
    offset += size;
  }
  return result;
}

}  // namespace

KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.concatenate", emit_concatenate);

}  // namespace kiln::backend::cuda
