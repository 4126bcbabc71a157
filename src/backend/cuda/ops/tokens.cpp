// Elemental rules of replica_id and partition_id on one process: (0, 0) (spec: the
// coordinates of the running process; the interpreter's outside a grid). On a grid of several
// they are kernels storing the process's ids, passed at launch (lower_collectives.cpp). The token ops
// themselves are lower_tokens.cpp.
#include "backend/cuda/ops/rule_helpers.h"

namespace kiln::backend::cuda {

namespace {

Expected<std::string> emit_process_id(Emitter& e, const ir::Operation& op, size_t, Index&) {
  KILN_TRY(ScalarType t, result_type(e, op));
  return t.literal_bits(0);
}

}  // namespace

KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.replica_id", emit_process_id);
KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.partition_id", emit_process_id);

}  // namespace kiln::backend::cuda
