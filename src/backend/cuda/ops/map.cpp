// Elemental rule of map: the computation's region emitted on the operands' elements at the
// result's index (spec: map applies it to each index's rank-0 slices).
#include "backend/cuda/ops/rule_helpers.h"

namespace kiln::backend::cuda {

namespace {

Expected<std::string> emit_map(Emitter& e, const ir::Operation& op, size_t, Index& index) {
  KILN_TRY(std::vector<std::string> args, operands_at(e, op, index));
  KILN_TRY(std::vector<std::string> results, e.emit_region(op.region(0), args));
  if (results.size() != 1) return unsupported(op, "a computation that does not return one value");
  return results[0];
}

}  // namespace

KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.map", emit_map);

}  // namespace kiln::backend::cuda
