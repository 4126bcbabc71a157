// Elemental rule of iota: the index along iota_dimension, converted to the element type.
#include <fmt/format.h>

#include "backend/cuda/ops/rule_helpers.h"

namespace kiln::backend::cuda {

namespace {

Expected<std::string> emit_iota(Emitter& e, const ir::Operation& op, size_t, Index& index) {
  KILN_TRY(ScalarType t, result_type(e, op));
  const int64_t dim = attr_int(op, "iota_dimension");
  const std::string& i = e.dims(index)[static_cast<size_t>(dim)];
  if (t.is_bool) return e.let("bool", fmt::format("({} != 0)", i));
  if (t.is_complex) return e.let(t.compute, fmt::format("{}{{static_cast<{}>({}), 0}}", t.compute, t.part, i));
  return e.let(t.compute, t.round(fmt::format("static_cast<{}>({})", t.compute, i)));
}

}  // namespace

KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.iota", emit_iota);

}  // namespace kiln::backend::cuda
