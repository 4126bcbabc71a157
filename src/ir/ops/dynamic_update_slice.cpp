// stablehlo.dynamic_update_slice: its table entry and verifier.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

// Spec C1-C6: result type = operand type; the update has the operand's element type and
// rank and fits inside it; one rank-0 integer start index per dimension, all of one type.
Status verify_dynamic_update_slice(const Operation& op) {
  const Type& operand = op.operand(0)->type();
  const Type& update = op.operand(1)->type();
  const Type& result = op.result(0)->type();
  KILN_CHECK_OK(expect_tensor(op, operand, "operand"));
  KILN_CHECK_OK(expect_tensor(op, update, "update"));
  if (!types_compatible(operand, result)) {
    return verify_error(op, "result " + to_string(result) + " must have the operand's type " +
                                to_string(operand));
  }
  KILN_CHECK_OK(expect_same_element_type(op, operand, update, "operand and update"));
  if (update.rank() != operand.rank()) {
    return verify_error(op, "update " + to_string(update) + " must have the rank of the operand " +
                                to_string(operand));
  }
  for (int64_t i = 0; i < operand.rank(); ++i) {
    if (update.dim(i) != kDynamic && operand.dim(i) != kDynamic && update.dim(i) > operand.dim(i)) {
      return verify_error(op, "update " + to_string(update) + " is larger than the operand " +
                                  to_string(operand) + " in dimension " + std::to_string(i));
    }
  }
  return expect_start_indices(op, operand_group(op, 2), operand.rank());
}

std::vector<OpInfo> dynamic_update_slice_ops() {
  return {
      {.name = "stablehlo.dynamic_update_slice",
       .operands = {{"operand"}, {"update"}, {"start_indices", Arity::kVariadic}},
       .results = {{"result"}},
       .format = "$operand , $update {? , $start_indices }? attr-dict : functional-type",
       .verify = verify_dynamic_update_slice},
  };
}

KILN_REGISTER_OPS(dynamic_update_slice_ops);

}  // namespace

}  // namespace kiln::ir
