// stablehlo.collective_reduce (newer than the spec in jaxlib 0.10): all_reduce's reduction,
// whose result only the first process of each group (the root) receives. A file of its own
// beside the collectives family's collectives.cpp until the two are merged.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

// The checks the interpreter relies on: one result per operand, of the operand's type, a
// rank-2 replica_groups, and a computation of two arguments (as all_reduce's, applied to each
// operand in turn).
Status verify_collective_reduce(const Operation& op) {
  if (op.num_operands() != op.num_results()) {
    return verify_error(op, "has " + std::to_string(op.num_results()) + " results for " +
                                std::to_string(op.num_operands()) + " operands");
  }
  for (size_t i = 0; i < op.num_operands(); ++i) {
    KILN_CHECK_OK(expect_tensor(op, op.operand(i)->type(), "operand #" + std::to_string(i)));
    if (op.operand(i)->type() != op.result(i)->type()) {
      return verify_error(op, "result #" + std::to_string(i) + " must have the type of operand #" +
                                  std::to_string(i) + ", " + to_string(op.operand(i)->type()));
    }
  }
  const auto* groups = op.attr_as<DenseElementsAttr>("replica_groups");
  if (!groups || groups->type.rank() != 2) {
    return verify_error(op, "replica_groups must be a rank-2 tensor of process ids");
  }
  const Region& body = op.region(0);
  if (body.empty() || body.front().num_arguments() != 2) {
    return verify_error(op, "computation must take two arguments");
  }
  return ok_status();
}

std::vector<OpInfo> collective_reduce_ops() {
  return {{.name = "stablehlo.collective_reduce",
           .operands = {{"operands", Arity::kVariadic}},
           .results = {{"results", Arity::kVariadic}},
           .attrs = {{"replica_groups", AttrKind::kIntElements},
                     {"channel_handle", AttrKind::kChannelHandle, true},
                     {"use_global_device_ids", AttrKind::kUnit, true}},
           .regions = {"computation"},
           .verify = verify_collective_reduce}};
}

KILN_REGISTER_OPS(collective_reduce_ops);

}  // namespace

}  // namespace kiln::ir
