// stablehlo.convert: element-wise conversion between any two element types of one shape.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

// The spec allows every pair of element types; only the shapes must agree (C1).
Status verify_convert(const Operation& op) {
  const Type& operand = op.operand(0)->type();
  const Type& result = op.result(0)->type();
  KILN_CHECK_OK(expect_tensor(op, operand, "operand"));
  KILN_CHECK_OK(expect_tensor(op, result, "result"));
  return expect_same_shape(op, operand, result, "operand and result");
}

std::vector<OpInfo> convert_ops() {
  return {
      // An identity convert prints a single type, like the element-wise ops.
      {.name = "stablehlo.convert",
       .operands = {{"operand"}},
       .results = {{"result"}},
       .format = "$operand attr-dict : custom<SameOperandsAndResultType>($operand,$result)",
       .verify = verify_convert},
  };
}

KILN_REGISTER_OPS(convert_ops);

}  // namespace

}  // namespace kiln::ir
