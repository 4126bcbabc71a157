// Elemental rules of compare, select and clamp.
#include <fmt/format.h>

#include "backend/cuda/ops/rule_helpers.h"
#include "ir/attribute.h"

namespace kiln::backend::cuda {

namespace {

Expected<std::string> emit_compare(Emitter& e, const ir::Operation& op, size_t, Index& index) {
  KILN_TRY(ScalarType t, operand_type(e, op, 0));
  KILN_TRY(std::string a, operand_at(e, op, 0, index));
  KILN_TRY(std::string b, operand_at(e, op, 1, index));
  static const char* const kOps[] = {"==", "!=", ">=", ">", "<=", "<"};
  int direction = op.attr_as<ir::EnumAttr>("comparison_direction")->value;
  if (t.is_complex) {
    // The verifier allows only EQ and NE on complex numbers.
    return e.let("bool", fmt::format("({}kg::ceq({}, {}))", direction == 0 ? "" : "!", a, b));
  }
  const auto* type = op.attr_as<ir::EnumAttr>("compare_type");
  // TOTALORDER compares floats by their bits' total order (spec: compare, -NaN < -Inf < ...).
  if (type && t.is_float && ir::enum_value_names(ir::EnumKind::kComparisonType)[type->value] ==
                                "TOTALORDER") {
    a = fmt::format("kg::total_order_key({})", a);
    b = fmt::format("kg::total_order_key({})", b);
  }
  return e.let("bool", fmt::format("({} {} {})", a, kOps[direction], b));
}

Expected<std::string> emit_select(Emitter& e, const ir::Operation& op, size_t, Index& index) {
  KILN_TRY(ScalarType t, result_type(e, op));
  KILN_TRY(std::string pred, operand_at(e, op, 0, index));
  // Both branches are computed (they are pure); the compiler turns this into a select.
  KILN_TRY(std::string a, operand_at(e, op, 1, index));
  KILN_TRY(std::string b, operand_at(e, op, 2, index));
  return e.let(t.compute, fmt::format("({} ? {} : {})", pred, a, b));
}

// clamp(min, x, max) = min(max(x, min), max), NaN-propagating for floats.
Expected<std::string> emit_clamp(Emitter& e, const ir::Operation& op, size_t, Index& index) {
  KILN_TRY(ScalarType t, result_type(e, op));
  KILN_TRY(std::vector<std::string> x, operands_at(e, op, index));
  if (t.is_float) {
    return e.let(t.compute, fmt::format("kg::minimum(kg::maximum({}, {}), {})", x[1], x[0], x[2]));
  }
  if (t.is_bool) return e.let(t.compute, fmt::format("(({} || {}) && {})", x[1], x[0], x[2]));
  return e.let(t.compute, fmt::format("kg::int_min(kg::int_max({}, {}), {})", x[1], x[0], x[2]));
}

}  // namespace

KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.compare", emit_compare);
KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.select", emit_select);
KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.clamp", emit_clamp);

}  // namespace kiln::backend::cuda
