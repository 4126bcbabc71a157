// stablehlo.get_dimension_size: its table entry and verifier.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

// Spec C1: 0 <= dimension < rank(operand); the result is a tensor<i32>.
Status verify_get_dimension_size(const Operation& op) {
  const Type& operand = op.operand(0)->type();
  const Type& result = op.result(0)->type();
  KILN_CHECK_OK(expect_tensor(op, operand, "operand"));
  if (result != Type::tensor({}, ElementKind::kSI32)) {
    return verify_error(op, "result must be tensor<i32>, but is " + to_string(result));
  }
  int64_t dim = op.attr_as<IntegerAttr>("dimension")->value;
  if (dim < 0 || dim >= operand.rank()) {
    return verify_error(op, "dimension " + std::to_string(dim) + " is out of range [0, " +
                                std::to_string(operand.rank()) + ") of the operand " +
                                to_string(operand));
  }
  return ok_status();
}

std::vector<OpInfo> get_dimension_size_ops() {
  return {
      {.name = "stablehlo.get_dimension_size",
       .operands = {{"operand"}},
       .results = {{"result"}},
       .attrs = {{"dimension", AttrKind::kI64}},
       .format = "$operand , dim = $dimension attr-dict : functional-type",
       .verify = verify_get_dimension_size},
  };
}

KILN_REGISTER_OPS(get_dimension_size_ops);

}  // namespace

}  // namespace kiln::ir
