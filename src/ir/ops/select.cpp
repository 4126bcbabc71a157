// stablehlo.select: picks each element from on_true or on_false by a predicate, which is a
// scalar or a tensor of their shape; and the printing of its `pred, value` type pair.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"
#include "ir/printer.h"

namespace kiln::ir {

namespace {

// (C1) pred is rank 0 or of on_true's shape; (C2) on_true, on_false and the result have one
// type.
Status verify_select(const Operation& op) {
  const Type& pred = op.operand(0)->type();
  const Type& on_true = op.operand(1)->type();
  const Type& on_false = op.operand(2)->type();
  KILN_CHECK_OK(expect_element_classes(op, pred, kBoolElements, "pred"));
  KILN_CHECK_OK(expect_tensor(op, on_true, "on_true"));
  KILN_CHECK_OK(expect_baseline_compatible_types(op, on_true, on_false, "on_true and on_false"));
  if (pred.rank() != 0 && !shapes_compatible(pred, on_true)) {
    return verify_error(op, "pred must be a scalar or have the shape of on_true, but is " +
                                to_string(pred) + " for on_true of type " + to_string(on_true));
  }
  return expect_baseline_compatible_types(op, on_true, op.result(0)->type(), "on_true and result");
}

// `tensor<i1>, tensor<4xf32>` when on_true, on_false and the result have one type, else the
// functional type.
void print_select_op_type(AsmPrinter& p, const Operation& op, const std::vector<std::string>&) {
  const Type& on_true = op.operand(1)->type();
  const Type& result = op.result(0)->type();
  if (on_true == op.operand(2)->type() && on_true == result) {
    p.type(op.operand(0)->type());
    p.token(",");
    p.type(result);
  } else {
    p.functional_type(op);
  }
}

KILN_REGISTER_PRINT_DIRECTIVE("SelectOpType", print_select_op_type);

std::vector<OpInfo> select_ops() {
  return {
      {.name = "stablehlo.select",
       .operands = {{"pred"}, {"on_true"}, {"on_false"}},
       .results = {{"result"}},
       .format = "$pred , $on_true , $on_false attr-dict : "
                 "custom<SelectOpType>($pred,$on_true,$on_false,$result)",
       .verify = verify_select},
  };
}

KILN_REGISTER_OPS(select_ops);

}  // namespace

}  // namespace kiln::ir
