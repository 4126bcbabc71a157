// stablehlo.reverse: its table entry and verifier.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

// Spec C1-C3: type(operand) = type(result); dimensions unique and in range.
Status verify_reverse(const Operation& op) {
  const Type& operand = op.operand(0)->type();
  const Type& result = op.result(0)->type();
  KILN_CHECK_OK(expect_tensor(op, operand, "operand"));
  if (!types_compatible(operand, result)) {
    return verify_error(op, "result " + to_string(result) + " must have the operand's type " +
                                to_string(operand));
  }
  const auto& dims = op.attr_as<DenseArrayAttr>("dimensions")->ints;
  return expect_dims_in_range(op, dims, operand.rank(), "dimensions");
}

std::vector<OpInfo> reverse_ops() {
  return {
      {.name = "stablehlo.reverse",
       .operands = {{"operand"}},
       .results = {{"result"}},
       .attrs = {{"dimensions", AttrKind::kDenseI64Array}},
       .format = "$operand , dims = $dimensions attr-dict : "
                 "custom<SameOperandsAndResultType>($operand,$result)",
       .verify = verify_reverse},
  };
}

KILN_REGISTER_OPS(reverse_ops);

}  // namespace

}  // namespace kiln::ir
