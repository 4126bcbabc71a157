// Elemental rule of constant: a splat is a literal in the code; any other constant is read
// from the executable's constants buffer (the lowering binds it as a kernel parameter).
#include "backend/cuda/ops/rule_helpers.h"
#include "ir/attribute.h"

namespace kiln::backend::cuda {

namespace {

Expected<std::string> emit_constant(Emitter& e, const ir::Operation& op, size_t, Index&) {
  KILN_TRY(ScalarType t, result_type(e, op));
  const auto* dense = op.attr_as<ir::DenseElementsAttr>("value");
  if (!dense || (!dense->splat && dense->num_elements() != 1)) {
    return Error::internal("cuda codegen: a non-splat constant was not bound to the constants");
  }
  if (t.is_complex) {
    return t.literal_complex(dense->element_part_bits(0, 0), dense->element_part_bits(0, 1));
  }
  return t.literal_bits(dense->element_bits(0));
}

}  // namespace

KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.constant", emit_constant);

}  // namespace kiln::backend::cuda
