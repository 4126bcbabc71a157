// Elemental rules of the element-wise unary ops (StableHLO's and CHLO's), per element type.
#include <fmt/format.h>

#include <map>

#include "backend/cuda/ops/rule_helpers.h"

namespace kiln::backend::cuda {

namespace {

// A float function's spelling for f32 (and the narrow floats, computed in f32 and rounded)
// and for f64; "{}" stands for the operand.
struct FloatForms {
  const char* f32;
  const char* f64;
};

const std::map<std::string, FloatForms>& float_forms() {
  static const std::map<std::string, FloatForms> forms = {
      {"stablehlo.abs", {"fabsf({})", "fabs({})"}},
      {"stablehlo.negate", {"(-{})", "(-{})"}},
      {"stablehlo.sign", {"kg::sign({})", "kg::sign({})"}},
      {"stablehlo.sqrt", {"sqrtf({})", "sqrt({})"}},
      {"stablehlo.rsqrt", {"(1.0f / sqrtf({}))", "(1.0 / sqrt({}))"}},
      {"stablehlo.cbrt", {"cbrtf({})", "cbrt({})"}},
      {"stablehlo.floor", {"floorf({})", "floor({})"}},
      {"stablehlo.ceil", {"ceilf({})", "ceil({})"}},
      {"stablehlo.round_nearest_even", {"rintf({})", "rint({})"}},
      {"stablehlo.round_nearest_afz", {"roundf({})", "round({})"}},
      {"stablehlo.exponential", {"expf({})", "exp({})"}},
      {"stablehlo.exponential_minus_one", {"expm1f({})", "expm1({})"}},
      {"stablehlo.log", {"logf({})", "log({})"}},
      {"stablehlo.log_plus_one", {"log1pf({})", "log1p({})"}},
      {"stablehlo.logistic", {"kg::logistic({})", "kg::logistic({})"}},
      {"stablehlo.tanh", {"tanhf({})", "tanh({})"}},
      {"stablehlo.sine", {"sinf({})", "sin({})"}},
      {"stablehlo.cosine", {"cosf({})", "cos({})"}},
      {"stablehlo.tan", {"tanf({})", "tan({})"}},
      {"chlo.tan", {"tanf({})", "tan({})"}},
      {"chlo.asin", {"asinf({})", "asin({})"}},
      {"chlo.acos", {"acosf({})", "acos({})"}},
      {"chlo.atan", {"atanf({})", "atan({})"}},
      {"chlo.sinh", {"sinhf({})", "sinh({})"}},
      {"chlo.cosh", {"coshf({})", "cosh({})"}},
      {"chlo.asinh", {"asinhf({})", "asinh({})"}},
      {"chlo.acosh", {"acoshf({})", "acosh({})"}},
      {"chlo.atanh", {"atanhf({})", "atanh({})"}},
      {"chlo.erf", {"erff({})", "erf({})"}},
      {"chlo.erfc", {"erfcf({})", "erfc({})"}},
      {"chlo.erf_inv", {"erfinvf({})", "erfinv({})"}},
      {"chlo.square", {"({0} * {0})", "({0} * {0})"}},
  };
  return forms;
}

// Integer forms; "{x}" is the operand, "{b}" the width, "{t}" the compute type.
const std::map<std::string, const char*>& int_forms() {
  static const std::map<std::string, const char*> forms = {
      {"stablehlo.abs", "kg::int_abs({x})"},
      {"stablehlo.negate", "kg::wrap_neg({x})"},
      {"stablehlo.sign", "kg::int_sign({x})"},
      {"stablehlo.not", "static_cast<{t}>(~{x})"},
      {"stablehlo.popcnt", "kg::popcnt({x}, {b})"},
      {"stablehlo.count_leading_zeros", "kg::count_leading_zeros({x}, {b})"},
      {"chlo.square", "kg::wrap_mul({x}, {x})"},
  };
  return forms;
}

// Complex forms through double ("W" is the widened operand, "{t}" the compute type).
const std::map<std::string, const char*>& complex_forms() {
  static const std::map<std::string, const char*> forms = {
      {"stablehlo.negate", "kg::cneg({x})"},
      {"stablehlo.sign", "kg::narrow(kg::csign128(kg::widen({x})), {x})"},
      {"stablehlo.sqrt", "kg::narrow(kg::csqrt128(kg::widen({x})), {x})"},
      {"stablehlo.rsqrt", "kg::narrow(kg::cdiv128(kg::c128{{1.0, 0.0}}, kg::csqrt128(kg::widen({x}))), {x})"},
      {"stablehlo.exponential", "kg::narrow(kg::cexp128(kg::widen({x})), {x})"},
      {"stablehlo.exponential_minus_one", "kg::narrow(kg::cexpm1_128(kg::widen({x})), {x})"},
      {"stablehlo.log", "kg::narrow(kg::clog128(kg::widen({x})), {x})"},
      {"stablehlo.log_plus_one", "kg::narrow(kg::clog1p128(kg::widen({x})), {x})"},
      {"stablehlo.sine", "kg::narrow(kg::csin128(kg::widen({x})), {x})"},
      {"stablehlo.cosine", "kg::narrow(kg::ccos128(kg::widen({x})), {x})"},
      {"stablehlo.tan", "kg::narrow(kg::ctan128(kg::widen({x})), {x})"},
      {"chlo.tan", "kg::narrow(kg::ctan128(kg::widen({x})), {x})"},
      {"stablehlo.tanh", "kg::narrow(kg::ctanh128(kg::widen({x})), {x})"},
      {"stablehlo.cbrt", "kg::narrow(kg::ccbrt128(kg::widen({x})), {x})"},
      {"stablehlo.logistic", "kg::narrow(kg::clogistic128(kg::widen({x})), {x})"},
      {"chlo.conj", "{t}{{{x}.re, -{x}.im}}"},
      {"chlo.square", "kg::cmul({x}, {x})"},
  };
  return forms;
}

// real, imag (of complex or real operands) and abs of a complex: a real result.
Expected<std::string> emit_part(Emitter& e, const ir::Operation& op, const ScalarType& in,
                                const ScalarType& out, const std::string& x) {
  const std::string& name = op.name();
  if (name == "stablehlo.abs") return e.let(out.compute, fmt::format("kg::cabs({})", x));
  if (!in.is_complex) return e.let(out.compute, name == "stablehlo.real" ? x : out.literal_double(0));
  return e.let(out.compute, fmt::format("{}.{}", x, name == "stablehlo.real" ? "re" : "im"));
}

// Ops whose f32 form is exact (correctly rounded) already.
bool exact_in_f32(const std::string& name) {
  static const char* const kExact[] = {"stablehlo.abs", "stablehlo.negate", "stablehlo.sign",
                                      "stablehlo.sqrt", "stablehlo.floor", "stablehlo.ceil",
                                      "stablehlo.round_nearest_even", "stablehlo.round_nearest_afz",
                                      "chlo.square"};
  for (const char* e : kExact) {
    if (name == e) return true;
  }
  return false;
}

Expected<std::string> emit_unary(Emitter& e, const ir::Operation& op, size_t, Index& index) {
  KILN_TRY(ScalarType in, operand_type(e, op, 0));
  KILN_TRY(ScalarType out, result_type(e, op));
  KILN_TRY(std::string x, operand_at(e, op, 0, index));
  const std::string& name = op.name();
  if (name == "stablehlo.is_finite") return e.let("bool", fmt::format("kg::is_finite({})", x));
  if (name == "chlo.is_inf") return e.let("bool", fmt::format("isinf({})", x));
  if (name == "chlo.is_pos_inf") return e.let("bool", fmt::format("(isinf({0}) && {0} > 0)", x));
  if (name == "chlo.is_neg_inf") return e.let("bool", fmt::format("(isinf({0}) && {0} < 0)", x));
  if (name == "stablehlo.real" || name == "stablehlo.imag" || (in.is_complex && !out.is_complex)) {
    return emit_part(e, op, in, out, x);
  }
  if (in.is_complex) {
    auto it = complex_forms().find(name);
    if (it == complex_forms().end()) return unsupported(op, "on complex numbers");
    return e.let(out.compute, fmt::format(fmt::runtime(it->second), fmt::arg("x", x),
                                          fmt::arg("t", out.compute)));
  }
  if (in.is_bool) {
    if (name == "stablehlo.not") return e.let("bool", "!" + x);
    return unsupported(op, "on i1");
  }
  if (in.is_int) {
    auto it = int_forms().find(name);
    if (it == int_forms().end()) return unsupported(op, "on integers");
    std::string expr = fmt::format(fmt::runtime(it->second), fmt::arg("x", x),
                                   fmt::arg("b", in.bits), fmt::arg("t", in.compute));
    return e.let(out.compute, out.round(expr));
  }
  auto it = float_forms().find(name);
  if (it == float_forms().end()) return unsupported(op, "on floats");
  if (in.kind == ir::ElementKind::kF64) {
    return e.let(out.compute, fmt::format(fmt::runtime(it->second.f64), x));
  }
  // f32 computes through double and rounds once, as the interpreter (the CUDA f32 functions
  // are within a few ulps, not correctly rounded); 16-bit floats take the f32 functions, whose
  // error their rounding hides.
  if (in.kind == ir::ElementKind::kF32 && !exact_in_f32(name)) {
    return e.let(out.compute, fmt::format(
        "static_cast<float>({})", fmt::format(fmt::runtime(it->second.f64),
                                              fmt::format("static_cast<double>({})", x))));
  }
  return e.let(out.compute, out.round(fmt::format(fmt::runtime(it->second.f32), x)));
}

}  // namespace

KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.is_finite", emit_unary);
KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.not", emit_unary);
KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.popcnt", emit_unary);
KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.count_leading_zeros", emit_unary);
KILN_REGISTER_CUDA_ELEMENTAL("chlo.is_inf", emit_unary);
KILN_REGISTER_CUDA_ELEMENTAL("chlo.is_pos_inf", emit_unary);
KILN_REGISTER_CUDA_ELEMENTAL("chlo.is_neg_inf", emit_unary);
KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.real", emit_unary);
KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.imag", emit_unary);
KILN_REGISTER_CUDA_ELEMENTAL("chlo.conj", emit_unary);

namespace {
// The float forms' ops, registered from the table.
struct RegisterFloatForms {
  RegisterFloatForms() {
    for (const auto& [name, forms] : float_forms()) ElementalRegistration(name, emit_unary);
  }
} const register_float_forms;
}  // namespace

}  // namespace kiln::backend::cuda
