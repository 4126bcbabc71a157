// Elemental rule of convert, as the interpreter: floats round to nearest even once (16-bit
// targets from f64 or wide integers through f32 rounded to odd), floats to integers truncate,
// saturate and map NaN to 0, integers wrap, anything to i1 is `!= 0`.
#include <fmt/format.h>

#include <cmath>

#include "backend/cuda/ops/rule_helpers.h"

namespace kiln::backend::cuda {

namespace {

// The integer type's range as doubles (saturation bounds).
std::pair<double, double> int_range(const ScalarType& t) {
  if (t.is_signed) return {-std::ldexp(1.0, t.bits - 1), std::ldexp(1.0, t.bits - 1) - 1};
  return {0.0, std::ldexp(1.0, t.bits) - 1};
}

}  // namespace

std::string convert_expr(const ScalarType& from, const ScalarType& to, const std::string& x) {
  if (from.is_complex || to.is_complex) {
    if (from.is_complex && to.is_complex) {
      return fmt::format("{}{{static_cast<{}>({}.re), static_cast<{}>({}.im)}}", to.compute, to.part, x, to.part, x);
    }
    if (from.is_complex) {
      // The real part, converted (to i1 as well, as XLA).
      ScalarType part = *scalar_type_of(from.kind == ir::ElementKind::kComplexF64 ? ir::ElementKind::kF64 : ir::ElementKind::kF32);
      return convert_expr(part, to, x + ".re");
    }
    ScalarType part = *scalar_type_of(to.kind == ir::ElementKind::kComplexF64 ? ir::ElementKind::kF64 : ir::ElementKind::kF32);
    return fmt::format("{}{{{}, 0}}", to.compute, convert_expr(from, part, x));
  }
  if (to.is_bool) return fmt::format("({} != 0)", x);
  if (from.is_bool) return fmt::format("static_cast<{}>({} ? 1 : 0)", to.compute, x);
  if (to.is_int) {
    if (from.is_int) return to.round(fmt::format("static_cast<{}>({})", to.compute, x));
    auto [lo, hi] = int_range(to);
    return fmt::format("kg::float_to_int<{}>(static_cast<double>({}), {:.17g}, {:.17g})", to.compute, x, lo, hi);
  }
  // To a float.
  if (to.kind == ir::ElementKind::kF64) return fmt::format("static_cast<double>({})", x);
  // Integers of 64 bits are not exact in double: round them to odd there too.
  std::string as_double = fmt::format("static_cast<double>({})", x);
  if (from.is_int && from.bits == 64) {
    as_double = fmt::format("kg::{}_to_f64_odd({})", from.is_signed ? "i64" : "u64", x);
  }
  std::string wide = from.kind == ir::ElementKind::kF64 || (from.is_int && from.bits > 16)
                         ? fmt::format("kg::f64_to_f32_odd({})", as_double)
                         : fmt::format("static_cast<float>({})", x);
  if (to.kind == ir::ElementKind::kF32) {
    return from.kind == ir::ElementKind::kF64 || from.is_int ? fmt::format("static_cast<float>({})", x)
                                                              : wide;
  }
  return to.round(wide);
}

namespace {

Expected<std::string> emit_convert(Emitter& e, const ir::Operation& op, size_t, Index& index) {
  KILN_TRY(ScalarType from, operand_type(e, op, 0));
  KILN_TRY(ScalarType to, result_type(e, op));
  KILN_TRY(std::string x, operand_at(e, op, 0, index));
  return e.let(to.compute, convert_expr(from, to, x));
}

}  // namespace

KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.convert", emit_convert);

}  // namespace kiln::backend::cuda
