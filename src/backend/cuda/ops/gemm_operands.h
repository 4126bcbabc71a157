// What the elemental rules of dot_general and convolution share (as interp/ops/gemm_operands.h
// does for the interpreter): the type products are summed in, the conversions into it and out
// of it, and one multiply-add.
#pragma once

#include <fmt/format.h>

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
  // Same type: a sub-byte integer sum still wraps to its width (and a narrow float is already
  // rounded).
  if (from.kind == to.kind) return to.round(x);
  return convert_expr(from, to, x);
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
  // A 16-bit accumulation_type rounds the product and the sum, each once, as the interpreter.
  if (acc.narrow) {
    return fmt::format("{0} = {1};", name, acc.round(fmt::format("{} + {}", name, acc.round(fmt::format("{} * {}", a, b)))));
  }
  return fmt::format("{0} += {1} * {2};", name, a, b);
}

}  // namespace kiln::backend::cuda
