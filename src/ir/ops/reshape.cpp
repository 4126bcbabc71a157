// stablehlo.reshape: its table entry and verifier.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

// Spec C1-C2: same element type and the same number of elements.
Status verify_reshape(const Operation& op) {
  const Type& operand = op.operand(0)->type();
  const Type& result = op.result(0)->type();
  KILN_CHECK_OK(expect_tensor(op, operand, "operand"));
  KILN_CHECK_OK(expect_tensor(op, result, "result"));
  KILN_CHECK_OK(expect_same_element_type(op, operand, result, "operand and result"));
  if (!is_static_or_one_bounded(result)) {
    return verify_error(op, "result " + to_string(result) +
                                " must have a static shape or one bounded dynamic dimension; "
                                "use stablehlo.dynamic_reshape");
  }
  if (operand.is_static() && result.is_static() &&
      operand.num_elements() != result.num_elements()) {
    return verify_error(op, "operand " + to_string(operand) + " and result " +
                                to_string(result) + " must have the same number of elements");
  }
  return ok_status();
}

std::vector<OpInfo> reshape_ops() {
  return {
      {.name = "stablehlo.reshape",
       .operands = {{"operand"}},
       .results = {{"result"}},
       .format = "$operand attr-dict : functional-type",
       .verify = verify_reshape},
  };
}

KILN_REGISTER_OPS(reshape_ops);

}  // namespace

}  // namespace kiln::ir
