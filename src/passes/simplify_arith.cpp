// simplify's arithmetic and logic rules: identities of +, -, *, /, double negation, not(not),
// select on a constant predicate or equal branches, and compare of a value with itself. Each
// rule is exact for its element type (IEEE float rules only where no NaN, infinity or signed
// zero tells the two sides apart).
#include <cmath>

#include "ir/float_format.h"
#include "passes/simplify_rules.h"

namespace kiln::passes::simplify {

namespace {

enum class Zero { kPositive, kNegative };

bool is_int_zero(const ir::Value* v) {
  auto bits = splat_bits(v);
  return bits && is_integer_like(v->type()) && *bits == 0;
}

bool is_int_one(const ir::Value* v) {
  auto bits = splat_bits(v);
  return bits && is_integer_like(v->type()) && *bits == 1;
}

bool is_float_zero(const ir::Value* v, Zero sign) {
  auto bits = splat_bits(v);
  if (!bits || !is_real_float(v->type())) return false;
  double x = float_value(v->type(), *bits);
  return x == 0 && std::signbit(x) == (sign == Zero::kNegative);
}

bool is_float_one(const ir::Value* v) {
  auto bits = splat_bits(v);
  return bits && is_real_float(v->type()) && float_value(v->type(), *bits) == 1.0;
}

// Whether no element of v can be -0.0, so that v + (+0.0) is v: its type has no -0 (the FNUZ
// formats, f8E8M0FNU), or it is made by an op that never gives -0 (a convert from an integer,
// iota, abs, exponential: exp(-inf) is +0).
bool never_negative_zero(const ir::Value* v) {
  if (!is_real_float(v->type())) return false;
  auto format = ir::float_format(v->type().element().kind());
  if (format && (format->specials == ir::FloatSpecials::kUnsignedZeroNan ||
                 format->specials == ir::FloatSpecials::kExponentOnly)) {
    return true;
  }
  const ir::Operation* def = v->defining_op();
  if (!def) return false;
  const std::string& name = def->name();
  if (name == "stablehlo.convert") return is_integer_like(def->operand(0)->type());
  return name == "stablehlo.iota" || name == "stablehlo.abs" || name == "stablehlo.exponential";
}

// x + 0 -> x. Floats: x + (-0.0) is x for every x; x + (+0.0) is not when x is -0.0 (the sum
// is +0.0), so it needs an x that is never -0.0.
bool is_additive_identity(const ir::Value* zero, const ir::Value* other) {
  if (is_int_zero(zero)) return true;
  return is_float_zero(zero, Zero::kNegative) ||
         (is_float_zero(zero, Zero::kPositive) && never_negative_zero(other));
}

Expected<bool> add(ir::Operation& op, Rewrite& rewrite) {
  ir::Value* a = op.operand(0);
  ir::Value* b = op.operand(1);
  if (is_additive_identity(b, a)) return rewrite.replace(op, a, "x+0");
  if (is_additive_identity(a, b)) return rewrite.replace(op, b, "0+x");
  return false;
}

// x - 0 -> x: x - (+0.0) is x + (-0.0), exact; x - (-0.0) is x + (+0.0) (see add).
Expected<bool> subtract(ir::Operation& op, Rewrite& rewrite) {
  ir::Value* a = op.operand(0);
  ir::Value* b = op.operand(1);
  if (is_int_zero(b) || is_float_zero(b, Zero::kPositive) ||
      (is_float_zero(b, Zero::kNegative) && never_negative_zero(a))) {
    return rewrite.replace(op, a, "x-0");
  }
  return false;
}

// x * 1 -> x for integers and floats (NaN * 1 is NaN, -0 * 1 is -0); x * 0 -> 0 only for
// integers: for floats NaN * 0 and inf * 0 are NaN and -x * 0 is -0.
Expected<bool> multiply(ir::Operation& op, Rewrite& rewrite) {
  ir::Value* a = op.operand(0);
  ir::Value* b = op.operand(1);
  if (is_int_one(b) || is_float_one(b)) return rewrite.replace(op, a, "x*1");
  if (is_int_one(a) || is_float_one(a)) return rewrite.replace(op, b, "1*x");
  if (is_int_zero(b)) return rewrite.replace(op, b, "x*0");
  if (is_int_zero(a)) return rewrite.replace(op, a, "0*x");
  return false;
}

Expected<bool> divide(ir::Operation& op, Rewrite& rewrite) {
  ir::Value* b = op.operand(1);
  if (is_int_one(b) || is_float_one(b)) return rewrite.replace(op, op.operand(0), "x/1");
  return false;
}

// negate(negate x) -> x (two's complement wraps back, a float's sign flips twice);
// not(not x) -> x.
Expected<bool> involution(ir::Operation& op, Rewrite& rewrite) {
  ir::Operation* inner = defined_by(op.operand(0), op.name());
  if (!inner) return false;
  return rewrite.replace(op, inner->operand(0),
                         op.name() == "stablehlo.not" ? "not(not x)" : "-(-x)");
}

// select(true, a, b) -> a, select(false, a, b) -> b, select(p, a, a) -> a.
Expected<bool> select(ir::Operation& op, Rewrite& rewrite) {
  if (op.operand(1) == op.operand(2))
    return rewrite.replace(op, op.operand(1), "select of equal branches");
  auto pred = splat_bits(op.operand(0));
  if (!pred) return false;
  return rewrite.replace(op, op.operand(*pred ? 1 : 2), "select(constant)");
}

// compare(x, x): EQ, LE, GE are true and NE, LT, GT false, for integers and for floats under
// TOTALORDER (where NaN equals itself); not for other float compares, where NaN != NaN.
Expected<bool> compare(ir::Operation& op, Rewrite& rewrite) {
  if (op.operand(0) != op.operand(1)) return false;
  const ir::Type& type = op.operand(0)->type();
  bool exact = is_integer_like(type);
  if (!exact && is_real_float(type)) {
    const auto* kind = op.attr_as<ir::EnumAttr>("compare_type");
    exact =
        kind && ir::enum_value_names(ir::EnumKind::kComparisonType)[kind->value] == "TOTALORDER";
  }
  const auto* direction = op.attr_as<ir::EnumAttr>("comparison_direction");
  const ir::Type& result = op.result(0)->type();
  if (!exact || !direction || !result.is_static()) return false;
  std::string_view d = ir::enum_value_names(ir::EnumKind::kComparisonDirection)[direction->value];
  const bool value = d == "EQ" || d == "LE" || d == "GE";
  KILN_TRY(ir::Value * constant, rewrite.splat_constant(op, result, value ? 1 : 0));
  return rewrite.replace(op, constant, "compare of x with x");
}

}  // namespace

Expected<bool> simplify_arith(ir::Operation& op, Rewrite& rewrite) {
  const std::string& name = op.name();
  if (name == "stablehlo.add") return add(op, rewrite);
  if (name == "stablehlo.subtract") return subtract(op, rewrite);
  if (name == "stablehlo.multiply") return multiply(op, rewrite);
  if (name == "stablehlo.divide") return divide(op, rewrite);
  if (name == "stablehlo.negate" || name == "stablehlo.not") return involution(op, rewrite);
  if (name == "stablehlo.select") return select(op, rewrite);
  if (name == "stablehlo.compare") return compare(op, rewrite);
  return false;
}

}  // namespace kiln::passes::simplify
