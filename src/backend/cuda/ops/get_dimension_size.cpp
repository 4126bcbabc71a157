// Elemental rule of get_dimension_size: the operand's static size along `dimension`, a
// literal (dynamic shapes stay an error).
#include "backend/cuda/ops/rule_helpers.h"

namespace kiln::backend::cuda {

namespace {

Expected<std::string> emit_get_dimension_size(Emitter& e, const ir::Operation& op, size_t, Index&) {
  KILN_TRY(ScalarType t, result_type(e, op));
  const ir::Type& x = op.operand(0)->type();
  const int64_t d = attr_int(op, "dimension", -1);
  if (!x.is_tensor() || d < 0 || d >= x.rank()) return unsupported(op, "a dimension out of range");
  if (!x.is_static()) return unsupported(op, "dynamic shapes");
  return t.literal_bits(static_cast<uint64_t>(x.dim(static_cast<size_t>(d))));
}

}  // namespace

KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.get_dimension_size", emit_get_dimension_size);

}  // namespace kiln::backend::cuda
