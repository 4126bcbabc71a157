// stablehlo.optimization_barrier: its table entry, verifier, and the printing of its
// operands with MLIR's PairwiseOpType (`%a, %b : ta, tb`: each result has its operand's type).
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"
#include "ir/printer.h"

namespace kiln::ir {

namespace {

// Operands are tensors or tokens; spec C1: type(operand...) = type(result...).
Status verify_optimization_barrier(const Operation& op) {
  if (op.num_operands() != op.num_results()) {
    return verify_error(op, "has " + std::to_string(op.num_operands()) + " operands but " +
                                std::to_string(op.num_results()) + " results");
  }
  for (size_t i = 0; i < op.num_operands(); ++i) {
    const Type& t = op.operand(i)->type();
    if (!t.is_tensor() && !t.is_token()) {
      return verify_error(op, "operand " + std::to_string(i) + " must be a tensor or a token, but is " +
                                  to_string(t));
    }
    if (op.operand(i)->type() != op.result(i)->type()) {
      return verify_error(op, "result " + std::to_string(i) + " has type " +
                                  to_string(op.result(i)->type()) + " but its operand has type " +
                                  to_string(op.operand(i)->type()));
    }
  }
  return ok_status();
}

// `%a, %b : ta, tb` (the results repeat the operand types), or `()` with no operands.
void print_barrier_operands(AsmPrinter& p, const Operation& op, const std::vector<std::string>&) {
  if (op.num_operands() == 0) {
    p.token("()", true);
    return;
  }
  p.values(op.operands());
  p.token(":");
  p.types(op.operands());
}

KILN_REGISTER_PRINT_DIRECTIVE("BarrierOperands", print_barrier_operands);

std::vector<OpInfo> optimization_barrier_ops() {
  return {
      {.name = "stablehlo.optimization_barrier",
       .operands = {{"operand", Arity::kVariadic}},
       .results = {{"result", Arity::kVariadic}},
       .format = "attr-dict custom<BarrierOperands>($operand)",
       .verify = verify_optimization_barrier},
  };
}

KILN_REGISTER_OPS(optimization_barrier_ops);

}  // namespace

}  // namespace kiln::ir
