// stablehlo.cross-replica-sum (deprecated, still in the dialect): all_reduce with addition over
// the replicas of each group of replica_groups; its table entry and verifier.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

// The result has the operand's type; replica_groups is a rank-2 tensor of replica ids.
Status verify_cross_replica_sum(const Operation& op) {
  KILN_CHECK_OK(expect_tensor(op, op.operand(0)->type(), "operand"));
  if (op.operand(0)->type() != op.result(0)->type()) {
    return verify_error(op, "result must have the operand's type " +
                                to_string(op.operand(0)->type()));
  }
  if (op.operand(0)->type().element().is_quantized()) {
    return verify_error(op, "operand must not be quantized");
  }
  const auto* groups = op.attr_as<DenseElementsAttr>("replica_groups");
  if (!groups || groups->type.rank() != 2) {
    return verify_error(op, "replica_groups must be a rank-2 tensor of replica ids");
  }
  return ok_status();
}

std::vector<OpInfo> cross_replica_sum_ops() {
  return {{.name = "stablehlo.cross-replica-sum",
           .operands = {{"operand"}},
           .results = {{"result"}},
           .attrs = {{"replica_groups", AttrKind::kIntElements}},
           .verify = verify_cross_replica_sum}};
}

KILN_REGISTER_OPS(cross_replica_sum_ops);

}  // namespace

}  // namespace kiln::ir
