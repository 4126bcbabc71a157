// The chlo ops that JAX emits: element-wise special functions, the broadcasting binary ops,
// top_k, constants and ragged_dot — one table, their verifiers and the constant's syntax.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/chlo_broadcast.h"
#include "ir/ops/chlo_ragged_dot.h"
#include "ir/ops/type_constraints.h"
#include "ir/printer.h"

namespace kiln::ir {

namespace {

bool is_float_or_complex(const ElementType& e) { return e.is_float() || e.is_complex(); }

Status expect_elements(const Operation& op, const Type& t, std::string_view what,
                       bool (*accept)(const ElementType&), std::string_view kinds) {
  KILN_CHECK_OK(expect_tensor(op, t, what));
  if (accept(t.element())) return ok_status();
  return verify_error(op, std::string(what) + " must be a tensor of " + std::string(kinds) +
                              ", but is " + to_string(t));
}

bool any_element(const ElementType&) { return true; }
bool float_element(const ElementType& e) { return e.is_float(); }
bool int_element(const ElementType& e) { return e.is_int(); }
bool pred_or_int_element(const ElementType& e) { return e.is_bool() || e.is_int(); }

// Element-wise ops: every operand and the result have one shape; the result has the operands'
// element type unless `result_element` says otherwise.
Status verify_elementwise(const Operation& op, bool (*accept)(const ElementType&),
                          std::string_view kinds, const ElementType* result_element = nullptr) {
  const Type& result = op.result(0)->type();
  KILN_CHECK_OK(expect_tensor(op, result, "result"));
  for (size_t i = 0; i < op.num_operands(); ++i) {
    const Type& t = op.operand(i)->type();
    KILN_CHECK_OK(expect_elements(op, t, "operand #" + std::to_string(i), accept, kinds));
    KILN_CHECK_OK(
        expect_same_shape(op, t, result, "operand #" + std::to_string(i) + " and result"));
    const ElementType& want = result_element ? *result_element : t.element();
    if (result.element() != want) {
      return verify_error(op, "result " + to_string(result) + " must have element type " +
                                  to_string(want) + " (operand #" + std::to_string(i) + " is " +
                                  to_string(t) + ")");
    }
  }
  return ok_status();
}

Status verify_float_or_complex_unary(const Operation& op) {
  return verify_elementwise(op, is_float_or_complex, "floats or complex numbers");
}
Status verify_float_unary(const Operation& op) {
  return verify_elementwise(op, float_element, "floats");
}
Status verify_predicate(const Operation& op) {
  const ElementType pred = ElementKind::kI1;
  return verify_elementwise(op, float_element, "floats", &pred);
}
Status verify_mulhi(const Operation& op) { return verify_elementwise(op, int_element, "integers"); }

// The shape two operands broadcast to. With `dims`, dimension i of the lower-rank operand
// (lhs when the ranks are equal) lines up with result dimension dims[i]; without, shapes
// align at their trailing dimensions as in numpy. Sizes match when equal or one is 1.
Status broadcast_shapes(const Operation& op, const Type& a, const Type& b,
                        const DenseArrayAttr* dims, std::vector<int64_t>& out) {
  const Type& big = a.rank() > b.rank() ? a : b;
  const Type& small = a.rank() > b.rank() ? b : a;
  out = big.shape();
  std::vector<int64_t> map(static_cast<size_t>(small.rank()));
  if (dims) {
    if (static_cast<int64_t>(dims->ints.size()) != small.rank()) {
      return verify_error(op, "broadcast_dimensions has " + std::to_string(dims->ints.size()) +
                                  " entries but the lower-rank operand has rank " +
                                  std::to_string(small.rank()));
    }
    KILN_CHECK_OK(expect_dims_in_range(op, dims->ints, big.rank(), "broadcast_dimensions"));
    map = dims->ints;
  } else {
    for (int64_t i = 0; i < small.rank(); ++i) map[i] = big.rank() - small.rank() + i;
  }
  for (int64_t i = 0; i < small.rank(); ++i) {
    int64_t& x = out[map[i]];
    int64_t y = small.dim(i);
    if (x == y || y == 1) continue;
    if (x == 1 || (x == kDynamic && y != kDynamic)) {
      x = y;
    } else if (y != kDynamic) {
      return verify_error(op, "operands " + to_string(a) + " and " + to_string(b) +
                                  " do not broadcast: sizes " + std::to_string(x) + " and " +
                                  std::to_string(y) + " differ in result dimension " +
                                  std::to_string(map[i]));
    }
  }
  return ok_status();
}

Status expect_result_shape(const Operation& op, const std::vector<int64_t>& shape) {
  const Type& result = op.result(0)->type();
  KILN_CHECK_OK(expect_tensor(op, result, "result"));
  if (!shapes_compatible(result, Type::tensor(shape, result.element()))) {
    return verify_error(
        op, "result " + to_string(result) + " must have the broadcast shape " + dims_string(shape));
  }
  return ok_status();
}

Status verify_broadcast_operands(const Operation& op, bool (*accept)(const ElementType&),
                                 std::string_view kinds) {
  const Type& lhs = op.operand(0)->type();
  const Type& rhs = op.operand(1)->type();
  KILN_CHECK_OK(expect_elements(op, lhs, "lhs", accept, kinds));
  KILN_CHECK_OK(expect_elements(op, rhs, "rhs", accept, kinds));
  if (lhs.element() != rhs.element()) {
    return verify_error(op, "lhs " + to_string(lhs) + " and rhs " + to_string(rhs) +
                                " must have the same element type");
  }
  std::vector<int64_t> shape;
  KILN_CHECK_OK(
      broadcast_shapes(op, lhs, rhs, op.attr_as<DenseArrayAttr>("broadcast_dimensions"), shape));
  return expect_result_shape(op, shape);
}

Status expect_result_element(const Operation& op, const ElementType& want) {
  const Type& result = op.result(0)->type();
  if (result.element() == want) return ok_status();
  return verify_error(op,
                      "result " + to_string(result) + " must have element type " + to_string(want));
}

Status verify_broadcast_binary(const Operation& op) {
  KILN_CHECK_OK(verify_broadcast_operands(op, any_element, "any element type"));
  return expect_result_element(op, op.operand(0)->type().element());
}
Status verify_broadcast_logical(const Operation& op) {
  KILN_CHECK_OK(verify_broadcast_operands(op, pred_or_int_element, "booleans or integers"));
  return expect_result_element(op, op.operand(0)->type().element());
}
Status verify_broadcast_float(const Operation& op) {
  KILN_CHECK_OK(verify_broadcast_operands(op, float_element, "floats"));
  return expect_result_element(op, op.operand(0)->type().element());
}
Status verify_broadcast_complex(const Operation& op) {
  KILN_CHECK_OK(verify_broadcast_operands(op, float_element, "floats"));
  const ElementType& part = op.operand(0)->type().element();
  const ElementType& got = op.result(0)->type().element();
  if (!got.is_complex() || got.complex_part() != part) {
    return verify_error(op, "result " + to_string(op.result(0)->type()) +
                                " must be complex with parts of the operands' element type");
  }
  return ok_status();
}

// comparison_direction is `#chlo<comparison_direction LT>` (kept as text by the parser).
Status verify_broadcast_compare(const Operation& op) {
  KILN_CHECK_OK(verify_broadcast_operands(op, any_element, "any element type"));
  const Attribute* dir = op.attr("comparison_direction");
  const auto* text = dir->get_if<OpaqueAttr>();
  bool ok = (text && text->text.starts_with("#chlo<comparison_direction ")) ||
            (dir->is<EnumAttr>() && dir->get<EnumAttr>().kind == EnumKind::kComparisonDirection);
  if (!ok) {
    return verify_error(
        op,
        "comparison_direction must be #chlo<comparison_direction ...>, but is " + to_string(*dir));
  }
  return expect_result_element(op, ElementKind::kI1);
}

Status verify_broadcast_select(const Operation& op) {
  const Type& pred = op.operand(0)->type();
  const Type& on_true = op.operand(1)->type();
  const Type& on_false = op.operand(2)->type();
  KILN_CHECK_OK(expect_elements(
      op, pred, "pred", [](const ElementType& e) { return e.is_bool(); }, "booleans"));
  KILN_CHECK_OK(expect_tensor(op, on_true, "on_true"));
  KILN_CHECK_OK(expect_tensor(op, on_false, "on_false"));
  if (on_true.element() != on_false.element()) {
    return verify_error(op, "on_true " + to_string(on_true) + " and on_false " +
                                to_string(on_false) + " must have the same element type");
  }
  std::vector<int64_t> branches, shape;
  KILN_CHECK_OK(broadcast_shapes(op, on_true, on_false, nullptr, branches));
  KILN_CHECK_OK(
      broadcast_shapes(op, pred, Type::tensor(branches, on_true.element()), nullptr, shape));
  KILN_CHECK_OK(expect_result_shape(op, shape));
  return expect_result_element(op, on_true.element());
}

// values and indices are the operand's shape with the last dimension cut to k.
Status verify_top_k(const Operation& op) {
  const Type& in = op.operand(0)->type();
  KILN_CHECK_OK(expect_tensor(op, in, "operand"));
  if (in.rank() < 1)
    return verify_error(op, "operand must have rank >= 1, but is " + to_string(in));
  int64_t k = op.attr_as<IntegerAttr>("k")->value;
  int64_t last = in.dim(in.rank() - 1);
  if (k < 0 || (last != kDynamic && k > last)) {
    return verify_error(op, "k = " + std::to_string(k) + " must be in [0, " + std::to_string(last) +
                                "], the size of the last dimension");
  }
  std::vector<int64_t> shape = in.shape();
  shape.back() = k;
  const Type& values = op.result(0)->type();
  const Type& indices = op.result(1)->type();
  if (!types_compatible(values, Type::tensor(shape, in.element()))) {
    return verify_error(op, "values " + to_string(values) + " must be " +
                                to_string(Type::tensor(shape, in.element())));
  }
  if (!types_compatible(indices, Type::tensor(shape, ElementKind::kSI32))) {
    return verify_error(op, "indices " + to_string(indices) + " must be " +
                                to_string(Type::tensor(shape, ElementKind::kSI32)));
  }
  return ok_status();
}

Status verify_constant(const Operation& op) {
  const auto& value = *op.attr_as<DenseElementsAttr>("value");
  if (value.type != op.result(0)->type()) {
    return verify_error(op, "result " + to_string(op.result(0)->type()) +
                                " must have the type of its value, " + to_string(value.type));
  }
  return ok_status();
}

// A scalar splatted to the shape of the operand; the scalar has the result's element type.
Status verify_constant_like(const Operation& op) {
  KILN_CHECK_OK(expect_tensor(op, op.result(0)->type(), "result"));
  KILN_CHECK_OK(
      expect_same_shape(op, op.operand(0)->type(), op.result(0)->type(), "operand and result"));
  const Attribute& value = *op.attr("value");
  std::optional<ElementType> type;
  if (const auto* i = value.get_if<IntegerAttr>()) type = i->type;
  if (const auto* f = value.get_if<FloatAttr>()) type = f->type;
  if (type && *type != op.result(0)->type().element()) {
    return verify_error(op, "value " + to_string(value) + " must have the element type of " +
                                to_string(op.result(0)->type()));
  }
  return ok_status();
}

void print_chlo_constant(AsmPrinter& p, const Operation& op, const std::vector<std::string>&) {
  p.attr(*op.attr("value"));
}

KILN_REGISTER_PRINT_DIRECTIVE("ChloConstant", print_chlo_constant);

constexpr std::string_view kUnaryFormat = "$operand attr-dict : type($operand) -> type($result)";
constexpr std::string_view kBinaryFormat =
    "$lhs , $rhs attr-dict : type($lhs) , type($rhs) -> type(results)";
constexpr std::string_view kBroadcastFormat =
    "$lhs , $rhs attr-dict : ( type($lhs) , type($rhs) ) -> type(results)";

OpInfo unary(std::string_view name, VerifyFn verify) {
  return {.name = name,
          .operands = {{"operand"}},
          .results = {{"result"}},
          .format = kUnaryFormat,
          .verify = verify};
}

OpInfo binary(std::string_view name, VerifyFn verify) {
  return {.name = name,
          .operands = {{"lhs"}, {"rhs"}},
          .results = {{"result"}},
          .format = kBinaryFormat,
          .verify = verify};
}

OpInfo broadcast(std::string_view name, VerifyFn verify) {
  return {.name = name,
          .operands = {{"lhs"}, {"rhs"}},
          .results = {{"result"}},
          .attrs = {{"broadcast_dimensions", AttrKind::kDenseI64Array, true}},
          .format = kBroadcastFormat,
          .verify = verify};
}

std::vector<OpInfo> chlo_ops() {
  std::vector<OpInfo> ops;
  for (std::string_view n :
       {"chlo.acos", "chlo.acosh", "chlo.asin", "chlo.asinh", "chlo.atan", "chlo.atanh",
        "chlo.bessel_i1e", "chlo.conj", "chlo.cosh", "chlo.sinh", "chlo.tan"}) {
    ops.push_back(unary(n, verify_float_or_complex_unary));
  }
  for (std::string_view n :
       {"chlo.digamma", "chlo.erf", "chlo.erf_inv", "chlo.erfc", "chlo.lgamma"}) {
    ops.push_back(unary(n, verify_float_unary));
  }
  ops.push_back(unary("chlo.square", verify_float_or_complex_unary));
  for (std::string_view n : {"chlo.is_inf", "chlo.is_neg_inf", "chlo.is_pos_inf"}) {
    ops.push_back(unary(n, verify_predicate));
  }
  for (std::string_view n : {"chlo.next_after", "chlo.polygamma", "chlo.zeta"}) {
    ops.push_back(binary(n, verify_float_unary));
  }
  ops.push_back(binary("chlo.mulhi", verify_mulhi));
  for (std::string_view n :
       {"chlo.broadcast_add", "chlo.broadcast_subtract", "chlo.broadcast_multiply",
        "chlo.broadcast_divide", "chlo.broadcast_maximum", "chlo.broadcast_minimum",
        "chlo.broadcast_power", "chlo.broadcast_remainder", "chlo.broadcast_atan2",
        "chlo.broadcast_next_after", "chlo.broadcast_shift_left",
        "chlo.broadcast_shift_right_arithmetic", "chlo.broadcast_shift_right_logical"}) {
    ops.push_back(broadcast(n, verify_broadcast_binary));
  }
  for (std::string_view n : {"chlo.broadcast_and", "chlo.broadcast_or", "chlo.broadcast_xor"}) {
    ops.push_back(broadcast(n, verify_broadcast_logical));
  }
  ops.push_back(broadcast("chlo.broadcast_polygamma", verify_broadcast_float));
  ops.push_back(broadcast("chlo.broadcast_zeta", verify_broadcast_float));
  ops.push_back(broadcast("chlo.broadcast_complex", verify_broadcast_complex));
  OpInfo compare = broadcast("chlo.broadcast_compare", verify_broadcast_compare);
  compare.attrs.push_back({"comparison_direction", AttrKind::kAny});
  compare.attrs.push_back({"compare_type", AttrKind::kAny, true});
  ops.push_back(std::move(compare));
  ops.push_back({.name = "chlo.broadcast_select",
                 .operands = {{"pred"}, {"on_true"}, {"on_false"}},
                 .results = {{"result"}},
                 .format = "$pred , $on_true , $on_false attr-dict : ( type($pred) , "
                           "type($on_true) , type($on_false) ) -> type(results)",
                 .verify = verify_broadcast_select});
  ops.push_back(
      {.name = "chlo.top_k",
       .operands = {{"operand"}},
       .results = {{"values"}, {"indices"}},
       .attrs = {{"k", AttrKind::kI64}},
       .format = "^( $operand , k = $k ^) attr-dict : type($operand) -> ( type(results) )",
       .verify = verify_top_k});
  ops.push_back({.name = "chlo.constant",
                 .results = {{"output"}},
                 .attrs = {{"value", AttrKind::kElements}},
                 .format = "attr-dict custom<ChloConstant>($value)",
                 .verify = verify_constant});
  ops.push_back({.name = "chlo.constant_like",
                 .operands = {{"operand"}},
                 .results = {{"result"}},
                 .attrs = {{"value", AttrKind::kAny}},
                 .verify = verify_constant_like});
  ops.push_back({.name = "chlo.ragged_dot",
                 .operands = {{"lhs"}, {"rhs"}, {"group_sizes"}},
                 .results = {{"result"}},
                 .attrs = {{"ragged_dot_dimension_numbers", AttrKind::kAny},
                           {"precision_config", AttrKind::kArray, true}},
                 .verify = verify_ragged_dot});
  return ops;
}

KILN_REGISTER_OPS(chlo_ops);

}  // namespace

bool chlo_broadcast_dimensions_map(const Operation& op, size_t i) {
  if (i >= op.num_operands()) return false;
  if (op.num_operands() != 2) return false;
  const bool lhs_lower = op.operand(0)->type().rank() <= op.operand(1)->type().rank();
  return i == (lhs_lower ? 0 : 1);
}

}  // namespace kiln::ir
