// Elemental rule of transpose: result dimension i is operand dimension permutation[i].
#include "backend/cuda/ops/rule_helpers.h"

namespace kiln::backend::cuda {

namespace {

Expected<std::string> emit_transpose(Emitter& e, const ir::Operation& op, size_t, Index& index) {
  std::vector<int64_t> perm = attr_ints(op, "permutation");
  const std::vector<std::string>& out = e.dims(index);
  std::vector<std::string> d(perm.size());
  for (size_t i = 0; i < perm.size(); ++i) d[static_cast<size_t>(perm[i])] = out[i];
  Index operand = Index::of_dims(op.operand(0)->type().shape(), std::move(d));
  return e.emit(op.operand(0), operand);
}

}  // namespace

KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.transpose", emit_transpose);

}  // namespace kiln::backend::cuda
