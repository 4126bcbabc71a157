// simplify's convert rules: a convert to the operand's own type, and a round trip
// convert(convert(x : A) : B) : A through a type B that holds every value of A exactly.
#include "passes/simplify_rules.h"

namespace kiln::passes::simplify {

namespace {

using ir::ElementKind;

// Significand bits (with the implicit one) of the float types integers round-trip through.
int significand_bits(ElementKind kind) {
  switch (kind) {
    case ElementKind::kF16: return 11;
    case ElementKind::kBF16: return 8;
    case ElementKind::kF32: return 24;
    case ElementKind::kF64: return 53;
    default: return 0;
  }
}

// Whether B holds every value of A exactly, so that converting to B and back to A gives the
// value back: a wider integer of a kind that has A's signs; a float whose significand holds
// A's magnitudes (an integer of n bits needs n bits, n - 1 when signed); f32 or f64 for any
// narrower float (they hold every value of every narrower format: at most 8 exponent bits
// and 23 mantissa bits), f64 for f32. i1 goes through anything (0 and 1 come back as
// false and true). Complex and quantized types are left out.
bool holds_exactly(const ir::ElementType& a, const ir::ElementType& b) {
  if (a.is_bool()) return b.is_int() || b.is_float() || b.is_bool();
  if (a.is_int()) {
    const int n = a.bit_width();
    if (b.is_int()) {
      if (a.is_signed_int()) return b.is_signed_int() && b.bit_width() >= n;
      return b.is_unsigned_int() ? b.bit_width() >= n : b.bit_width() > n;
    }
    const int p = significand_bits(b.kind());
    return p > 0 && (a.is_signed_int() ? n - 1 : n) <= p;
  }
  if (a.is_float()) {
    if (a.kind() == ElementKind::kF64) return false;
    if (a.kind() == ElementKind::kF32) return b.kind() == ElementKind::kF64;
    return b.kind() == ElementKind::kF32 || b.kind() == ElementKind::kF64;
  }
  return false;
}

}  // namespace

// convert(x : A) : A -> x; convert(convert(x : A) : B) : A -> x where B holds A exactly (a NaN
// comes back a NaN, though not always with the bits the two converts would give it).
Expected<bool> simplify_convert(ir::Operation& op, Rewrite& rewrite) {
  if (op.name() != "stablehlo.convert") return false;
  ir::Value* x = op.operand(0);
  if (x->type() == op.result(0)->type()) return rewrite.replace(op, x, "convert(x:A):A");
  ir::Operation* inner = defined_by(x, "stablehlo.convert");
  if (!inner) return false;
  const ir::Type& a = inner->operand(0)->type();
  const ir::Type& b = x->type();
  if (!a.is_tensor() || !b.is_tensor() || a.element().is_quantized()) return false;
  if (!holds_exactly(a.element(), b.element())) return false;
  return rewrite.replace(op, inner->operand(0), "convert round trip");
}

}  // namespace kiln::passes::simplify
