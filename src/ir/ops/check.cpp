// The `check` test dialect (after StableHLO's interpreter tests): expect_eq, expect_eq_const,
// expect_almost_eq, expect_almost_eq_const, expect_close and expect_serialized_eq — table,
// verifiers and the printing of their unsigned and f64 attributes.
#include <bit>

#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"
#include "ir/printer.h"

namespace kiln::ir {

namespace {

Status expect_float_or_complex(const Operation& op, const Type& t, std::string_view what) {
  KILN_CHECK_OK(expect_tensor(op, t, what));
  if (t.element().is_float() || t.element().is_complex()) return ok_status();
  return verify_error(op, std::string(what) +
                              " must be a tensor of floats or complex numbers, "
                              "but is " +
                              to_string(t));
}

Status expect_same_types(const Operation& op, std::string_view a, std::string_view b) {
  const Type& x = op.operand(0)->type();
  const Type& y = op.operand(1)->type();
  KILN_CHECK_OK(expect_tensor(op, x, a));
  if (x == y) return ok_status();
  return verify_error(op, std::string(a) + " " + to_string(x) + " and " + std::string(b) + " " +
                              to_string(y) + " must have the same type");
}

Status expect_value_matches(const Operation& op) {
  const Type& lhs = op.operand(0)->type();
  KILN_CHECK_OK(expect_tensor(op, lhs, "operand"));
  const auto& value = *op.attr_as<DenseElementsAttr>("value");
  if (value.type == lhs) return ok_status();
  return verify_error(op, "value of type " + to_string(value.type) +
                              " must have the operand's type " + to_string(lhs));
}

// Attributes the pretty form writes bare: their kind is checked here, not by the table.
Status expect_attr_kind(const Operation& op, std::string_view name, bool want_float) {
  const Attribute* a = op.attr(name);
  if (!a || (want_float ? a->is<FloatAttr>() : a->is<IntegerAttr>())) return ok_status();
  return verify_error(op, std::string(name) + " must be " +
                              (want_float ? "a float" : "an unsigned integer") + ", but is " +
                              to_string(*a));
}

Status expect_tolerance(const Operation& op) {
  KILN_CHECK_OK(expect_attr_kind(op, "tolerance", true));
  const auto* tol = op.attr_as<FloatAttr>("tolerance");
  if (!tol || tol->value >= 0) return ok_status();
  return verify_error(op, "tolerance must not be negative");
}

Status verify_expect_eq(const Operation& op) { return expect_same_types(op, "lhs", "rhs"); }

Status verify_expect_eq_const(const Operation& op) { return expect_value_matches(op); }

Status verify_expect_almost_eq(const Operation& op) {
  KILN_CHECK_OK(expect_same_types(op, "lhs", "rhs"));
  KILN_CHECK_OK(expect_float_or_complex(op, op.operand(0)->type(), "lhs"));
  return expect_tolerance(op);
}

Status verify_expect_almost_eq_const(const Operation& op) {
  KILN_CHECK_OK(expect_float_or_complex(op, op.operand(0)->type(), "lhs"));
  KILN_CHECK_OK(expect_value_matches(op));
  return expect_tolerance(op);
}

// ulp bounds are unsigned: kept as ui64 integers, compared as such.
Status verify_expect_close(const Operation& op) {
  KILN_CHECK_OK(expect_same_types(op, "actual", "expected"));
  KILN_CHECK_OK(expect_float_or_complex(op, op.operand(0)->type(), "actual"));
  KILN_CHECK_OK(expect_attr_kind(op, "max_ulp_difference", false));
  KILN_CHECK_OK(expect_attr_kind(op, "min_ulp_difference", false));
  const auto* max = op.attr_as<IntegerAttr>("max_ulp_difference");
  const auto* min = op.attr_as<IntegerAttr>("min_ulp_difference");
  uint64_t hi = max ? static_cast<uint64_t>(max->value) : 1;
  uint64_t lo = min ? static_cast<uint64_t>(min->value) : 0;
  if (lo > hi) {
    return verify_error(op, "min_ulp_difference " + std::to_string(lo) +
                                " exceeds max_ulp_difference " + std::to_string(hi));
  }
  return ok_status();
}

Status verify_expect_serialized_eq(const Operation& op) {
  KILN_CHECK_OK(expect_tensor(op, op.operand(0)->type(), "expected"));
  KILN_CHECK_OK(expect_attr_kind(op, "iteration", false));
  if (op.attr_as<StringAttr>("probe_id")->value.empty()) {
    return verify_error(op, "probe_id must not be empty");
  }
  return ok_status();
}

// Unsigned attributes print as bare numbers; an absent max_ulp_difference is its default, 1.
void print_unsigned(AsmPrinter& p, const Operation& op, const std::vector<std::string>& args) {
  const auto* v = op.attr_as<IntegerAttr>(args[0]);
  p.word(v ? std::to_string(static_cast<uint64_t>(v->value)) : "1");
}

void print_f64(AsmPrinter& p, const Operation& op, const std::vector<std::string>& args) {
  const auto& v = *op.attr_as<FloatAttr>(args[0]);
  p.word(format_float(v.value, ElementKind::kF64, std::bit_cast<uint64_t>(v.value)));
}

KILN_REGISTER_PRINT_DIRECTIVE("CheckU64", print_unsigned);
KILN_REGISTER_PRINT_DIRECTIVE("CheckU32", print_unsigned);
KILN_REGISTER_PRINT_DIRECTIVE("CheckF64", print_f64);

std::vector<OpInfo> check_ops() {
  const AttrSpec tolerance{"tolerance", AttrKind::kAny, true};
  return {
      {.name = "check.expect_eq",
       .operands = {{"lhs"}, {"rhs"}},
       .format = "$lhs , $rhs attr-dict : type($lhs)",
       .verify = verify_expect_eq},
      {.name = "check.expect_eq_const",
       .operands = {{"lhs"}},
       .attrs = {{"value", AttrKind::kElements}},
       .format = "$lhs , $value attr-dict",
       .verify = verify_expect_eq_const},
      {.name = "check.expect_almost_eq",
       .operands = {{"lhs"}, {"rhs"}},
       .attrs = {tolerance},
       .format = "$lhs , $rhs {? , tolerance = custom<CheckF64>($tolerance) }? attr-dict : "
                 "type($lhs)",
       .verify = verify_expect_almost_eq},
      {.name = "check.expect_almost_eq_const",
       .operands = {{"lhs"}},
       .attrs = {{"value", AttrKind::kElements}, tolerance},
       .format = "$lhs , $value {? , tolerance = custom<CheckF64>($tolerance) }? attr-dict",
       .verify = verify_expect_almost_eq_const},
      {.name = "check.expect_close",
       .operands = {{"actual"}, {"expected"}},
       .attrs = {{"max_ulp_difference", AttrKind::kAny, true},
                 {"min_ulp_difference", AttrKind::kAny, true}},
       .format = "$actual , $expected , max_ulp_difference = custom<CheckU64>($max_ulp_difference)"
                 " {? , min_ulp_difference = custom<CheckU64>($min_ulp_difference) }? : "
                 "attr-dict type($actual) , type($expected)",
       .verify = verify_expect_close},
      {.name = "check.expect_serialized_eq",
       .operands = {{"expected"}},
       .attrs = {{"probe_id", AttrKind::kString}, {"iteration", AttrKind::kAny, true}},
       .format = "$expected , probe_id = $probe_id {? , iter = custom<CheckU32>($iteration) }? "
                 "attr-dict : type($expected)",
       .verify = verify_expect_serialized_eq},
  };
}

KILN_REGISTER_OPS(check_ops);

}  // namespace

}  // namespace kiln::ir
