// Elemental rule of reverse: size - 1 - index along each reversed dimension.
#include <fmt/format.h>

#include "backend/cuda/ops/rule_helpers.h"

namespace kiln::backend::cuda {

namespace {

Expected<std::string> emit_reverse(Emitter& e, const ir::Operation& op, size_t, Index& index) {
  const ir::Type& in = op.operand(0)->type();
  std::vector<std::string> d = e.dims(index);
  for (int64_t dim : attr_ints(op, "dimensions")) {
    d[static_cast<size_t>(dim)] = fmt::format("({} - {})", in.dim(dim) - 1, d[static_cast<size_t>(dim)]);
  }
  Index operand = Index::of_dims(in.shape(), std::move(d));
  return e.emit(op.operand(0), operand);
}

}  // namespace

KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.reverse", emit_reverse);

}  // namespace kiln::backend::cuda
