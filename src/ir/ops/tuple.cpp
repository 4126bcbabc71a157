// stablehlo.tuple and stablehlo.get_tuple_element: table entries, verifiers, and the
// TupleOpType directive (only the tuple type is written; it names the operand types).
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"
#include "ir/printer.h"

namespace kiln::ir {

namespace {

// Spec C1: type(result) = tuple(type(val...)).
Status verify_tuple(const Operation& op) {
  std::vector<Type> elements;
  for (Value* v : op.operands()) elements.push_back(v->type());
  Type expected = Type::tuple(std::move(elements));
  if (op.result(0)->type() != expected) {
    return verify_error(op, "result " + to_string(op.result(0)->type()) + " must be " +
                                to_string(expected) + ", the tuple of the operands' types");
  }
  return ok_status();
}

// Spec C1-C2: 0 <= index < size(operand); type(result) = tuple_element_types(operand)[index].
Status verify_get_tuple_element(const Operation& op) {
  const Type& operand = op.operand(0)->type();
  if (!operand.is_tuple()) {
    return verify_error(op, "operand must be a tuple, but is " + to_string(operand));
  }
  int64_t index = op.attr_as<IntegerAttr>("index")->value;
  int64_t size = static_cast<int64_t>(operand.tuple_elements().size());
  if (index < 0 || index >= size) {
    return verify_error(op, "index " + std::to_string(index) + " is out of range [0, " +
                                std::to_string(size) + ") of " + to_string(operand));
  }
  const Type& element = operand.tuple_elements()[static_cast<size_t>(index)];
  if (op.result(0)->type() != element) {
    return verify_error(op, "result " + to_string(op.result(0)->type()) + " must be " +
                                to_string(element) + ", element " + std::to_string(index) +
                                " of the tuple");
  }
  return ok_status();
}

// `: tuple<...>`: the result type only, as MLIR prints it.
void print_tuple_op_type(AsmPrinter& p, const Operation& op, const std::vector<std::string>&) {
  p.type(op.result(0)->type());
}

KILN_REGISTER_PRINT_DIRECTIVE("TupleOpType", print_tuple_op_type);

std::vector<OpInfo> tuple_ops() {
  return {
      {.name = "stablehlo.tuple",
       .operands = {{"val", Arity::kVariadic}},
       .results = {{"result"}},
       .format = "$val attr-dict : custom<TupleOpType>",
       .verify = verify_tuple},
      {.name = "stablehlo.get_tuple_element",
       .operands = {{"operand"}},
       .results = {{"result"}},
       .attrs = {{"index", AttrKind::kI32}},
       .format = "$operand ^[ $index ] attr-dict : functional-type",
       .verify = verify_get_tuple_element},
  };
}

KILN_REGISTER_OPS(tuple_ops);

}  // namespace

}  // namespace kiln::ir
