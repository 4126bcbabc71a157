// Elemental rules of CHLO's special functions lgamma, digamma, polygamma, zeta and bessel_i1e:
// each computed in double as the interpreter (kernels/cuda/ops/chlo_math.cuh), rounded once to
// the element type.
#include <fmt/format.h>

#include "backend/cuda/ops/rule_helpers.h"

namespace kiln::backend::cuda {

namespace {

Expected<std::string> emit_special(Emitter& e, const ir::Operation& op, size_t, Index& index) {
  KILN_TRY(ScalarType t, result_type(e, op));
  if (!t.is_float) return unsupported(op, "on " + ir::to_string(op.result(0)->type().element()));
  KILN_TRY(std::vector<std::string> x, operands_at(e, op, index));
  const std::string fn = op.name().substr(op.name().find('.') + 1);
  std::string args;
  for (const std::string& a : x) args += (args.empty() ? "" : ", ") + fmt::format("static_cast<double>({})", a);
  const std::string wide = e.let("double", fmt::format("kg::{}({})", fn, args));
  KILN_TRY(ScalarType f64, scalar_type_of(ir::ElementType(ir::ElementKind::kF64)));
  return e.let(t.compute, convert_expr(f64, t, wide));
}

}  // namespace

KILN_REGISTER_CUDA_ELEMENTAL("chlo.lgamma", emit_special);
KILN_REGISTER_CUDA_ELEMENTAL("chlo.digamma", emit_special);
KILN_REGISTER_CUDA_ELEMENTAL("chlo.polygamma", emit_special);
KILN_REGISTER_CUDA_ELEMENTAL("chlo.zeta", emit_special);
KILN_REGISTER_CUDA_ELEMENTAL("chlo.bessel_i1e", emit_special);

}  // namespace kiln::backend::cuda
