// Elemental rules of the element-wise binary ops (add ... xor, atan2, power, remainder, the
// shifts, and CHLO's next_after), per element type, as the interpreter computes them.
#include <fmt/format.h>

#include <map>
#include <optional>

#include "backend/cuda/ops/rule_helpers.h"

namespace kiln::backend::cuda {

namespace {

struct Forms {
  const char* f32;   // f32 and narrow floats (computed in f32, rounded)
  const char* f64;
  const char* ints;  // "{b}": the width
  const char* pred;
  const char* complex = nullptr;
};

// "{a}" and "{b}" are the operands, "{w}" the integer width, "{t}" the compute type; a null
// form means the op does not take that type (the verifier has refused it already).
const std::map<std::string, Forms>& forms() {
  static const std::map<std::string, Forms> table = {
      {"stablehlo.add", {"({a} + {b})", "({a} + {b})", "kg::wrap_add({a}, {b})", "({a} || {b})", "kg::cadd({a}, {b})"}},
      {"stablehlo.subtract", {"({a} - {b})", "({a} - {b})", "kg::wrap_sub({a}, {b})", nullptr, "kg::csub({a}, {b})"}},
      {"stablehlo.multiply", {"({a} * {b})", "({a} * {b})", "kg::wrap_mul({a}, {b})", "({a} && {b})", "kg::cmul({a}, {b})"}},
      {"stablehlo.divide", {"({a} / {b})", "({a} / {b})", "kg::int_divide({a}, {b})", nullptr, "kg::cdiv({a}, {b})"}},
      {"stablehlo.remainder", {"fmodf({a}, {b})", "fmod({a}, {b})", "kg::int_remainder({a}, {b})", nullptr, "kg::narrow(kg::cremainder128(kg::widen({a}), kg::widen({b})), {a})"}},
      {"stablehlo.maximum", {"kg::maximum({a}, {b})", "kg::maximum({a}, {b})", "kg::int_max({a}, {b})", "({a} || {b})", "kg::cextreme({a}, {b}, true)"}},
      {"stablehlo.minimum", {"kg::minimum({a}, {b})", "kg::minimum({a}, {b})", "kg::int_min({a}, {b})", "({a} && {b})", "kg::cextreme({a}, {b}, false)"}},
      {"stablehlo.power", {"static_cast<float>(pow(static_cast<double>({a}), static_cast<double>({b})))", "pow({a}, {b})", "kg::int_power({a}, {b})", nullptr, "kg::narrow(kg::cpow128(kg::widen({a}), kg::widen({b})), {a})"}},
      {"stablehlo.atan2", {"static_cast<float>(atan2(static_cast<double>({a}), static_cast<double>({b})))", "atan2({a}, {b})", nullptr, nullptr}},
      {"chlo.next_after", {"nextafterf({a}, {b})", "nextafter({a}, {b})", nullptr, nullptr}},
      {"stablehlo.and", {nullptr, nullptr, "static_cast<{t}>({a} & {b})", "({a} && {b})"}},
      {"stablehlo.or", {nullptr, nullptr, "static_cast<{t}>({a} | {b})", "({a} || {b})"}},
      {"stablehlo.xor", {nullptr, nullptr, "static_cast<{t}>({a} ^ {b})", "({a} != {b})"}},
      {"stablehlo.shift_left", {nullptr, nullptr, "kg::shift_left({a}, {b}, {w})", nullptr}},
      {"stablehlo.shift_right_logical", {nullptr, nullptr, "kg::shift_right_logical({a}, {b}, {w})", nullptr}},
      {"stablehlo.shift_right_arithmetic", {nullptr, nullptr, "kg::shift_right_arithmetic({a}, {b}, {w})", nullptr}},
  };
  return table;
}

Expected<std::string> emit_binary(Emitter& e, const ir::Operation& op, size_t, Index& index) {
  KILN_TRY(ScalarType t, result_type(e, op));
  KILN_TRY(std::string a, operand_at(e, op, 0, index));
  KILN_TRY(std::string b, operand_at(e, op, 1, index));
  if (op.name() == "chlo.next_after" && t.narrow) {
    if (!t.format.empty()) return e.let(t.compute, fmt::format("kg::next_after8<{}>({}, {})", t.format, a, b));
    return e.let(t.compute, fmt::format("kg::next_after16<{}>({}, {})", t.storage, a, b));
  }
  std::optional<std::string> expr = binary_expr(op.name(), t, a, b);
  if (!expr) return unsupported(op, "on " + t.compute);
  return e.let(t.compute, *expr);
}

// stablehlo.complex: the two parts.
Expected<std::string> emit_complex(Emitter& e, const ir::Operation& op, size_t, Index& index) {
  KILN_TRY(ScalarType t, result_type(e, op));
  KILN_TRY(std::string re, operand_at(e, op, 0, index));
  KILN_TRY(std::string im, operand_at(e, op, 1, index));
  return e.let(t.compute, fmt::format("{}{{{}, {}}}", t.compute, re, im));
}

struct RegisterForms {
  RegisterForms() {
    for (const auto& [name, f] : forms()) ElementalRegistration(name, emit_binary);
    ElementalRegistration("stablehlo.complex", emit_complex);
  }
} const register_forms;

}  // namespace

std::optional<std::string> binary_expr(std::string_view name, const ScalarType& t,
                                       const std::string& a, const std::string& b) {
  auto it = forms().find(std::string(name));
  if (it == forms().end()) return std::nullopt;
  const char* form = t.is_complex ? it->second.complex
                     : t.is_bool ? it->second.pred
                     : t.is_int ? it->second.ints
                     : t.kind == ir::ElementKind::kF64 ? it->second.f64
                                                       : it->second.f32;
  if (!form) return std::nullopt;
  // Narrow floats: the power of two f32 values, then one rounding (the interpreter computes in
  // double and rounds once; f32 carries enough bits for +, -, *, / of 16-bit floats).
  std::string expr = fmt::format(fmt::runtime(form), fmt::arg("a", a), fmt::arg("b", b),
                                 fmt::arg("w", t.bits), fmt::arg("t", t.compute));
  return t.round(expr);
}

}  // namespace kiln::backend::cuda
