// What the elemental rules of dot_general and convolution share (as interp/ops/gemm_operands.h
// does for the interpreter): the type products are summed in, the conversions into it and out
// of it, and one multiply-add.
#pragma once

#include <fmt/format.h>

#include <cmath>
#include <string>

#include "backend/cuda/ops/rule_helpers.h"
#include "interp/ops/gemm_operands.h"

namespace kiln::backend::cuda {

// The type `op` sums its products in: interp::accumulation_type of its operands and result
// (f32 for bf16 and f16, f64 where any type is f64, the result type for integers and i1).
// Errors: unimplemented (at the op) where generated code does not hold that type (complex).
inline Expected<ScalarType> gemm_accumulator(Emitter& e, const ir::Operation& op) {
  const ir::ElementType acc =
      interp::accumulation_type(op.operand(0)->type().element(), op.operand(1)->type().element(),
                                op.result(0)->type().element());
  return e.scalar_type(ir::Type::tensor({}, acc), &op);
}

// `x` (of `from`'s compute type) converted to `to` by stablehlo.convert's rules, as the
// interpreter converts operands into the accumulator and the sum into the result: floats
// round to nearest even once, floats to integers truncate and saturate, integers wrap.
inline std::string gemm_convert(const ScalarType& from, const ScalarType& to,
                                const std::string& x) {
  if (from.kind == to.kind) return x;
  if (to.is_bool) return fmt::format("({} != 0)", x);
  if (from.is_bool) return fmt::format("static_cast<{}>({} ? 1 : 0)", to.compute, x);
  if (to.is_int) {
    if (from.is_int) return to.round(fmt::format("static_cast<{}>({})", to.compute, x));
    const double lo = to.is_signed ? -std::ldexp(1.0, to.bits - 1) : 0.0;
    const double hi =
        to.is_signed ? std::ldexp(1.0, to.bits - 1) - 1 : std::ldexp(1.0, to.bits) - 1;
    return fmt::format("kg::float_to_int<{}>(static_cast<double>({}), {:.17g}, {:.17g})",
                       to.compute, x, lo, hi);
  }
  if (to.kind == ir::ElementKind::kF64) return fmt::format("static_cast<double>({})", x);
  if (to.kind == ir::ElementKind::kF32) return fmt::format("static_cast<float>({})", x);
  // A narrow float: from f64 or a wide integer through f32 rounded to odd (no double rounding).
  const bool wide = from.kind == ir::ElementKind::kF64 || (from.is_int && from.bits > 16);
  return to.round(wide ? fmt::format("kg::f64_to_f32_odd(static_cast<double>({}))", x)
                       : fmt::format("static_cast<float>({})", x));
}

// The statement `acc += a * b` in the accumulator's arithmetic: integers wrap (spec: the sum is
// modulo 2^bits; sub-byte types wrap when the sum is converted out), i1 is or-of-ands, complex
// numbers through kg::cadd / kg::cmul.
inline std::string gemm_multiply_add(const ScalarType& acc, const std::string& name,
                                     const std::string& a, const std::string& b) {
  if (acc.is_bool) return fmt::format("{0} = {0} || ({1} && {2});", name, a, b);
  if (acc.is_int)
    return fmt::format("{0} = kg::wrap_add({0}, kg::wrap_mul({1}, {2}));", name, a, b);
  if (acc.is_complex) return fmt::format("{0} = kg::cadd({0}, kg::cmul({1}, {2}));", name, a, b);
  return fmt::format("{0} += {1} * {2};", name, a, b);
}

}  // namespace kiln::backend::cuda
