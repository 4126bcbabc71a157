// The interpreter dialect's test ops: probe (records its operand's value for
// check.expect_serialized_eq, then passes it through) and print run on the host like the check
// dialect's expectations, on the value read back; run_parallel needs a grid of processes and
// stays an error.
#include "backend/cuda/codegen/emitter.h"
#include "backend/cuda/lowerer.h"

namespace kiln::backend::cuda {

namespace {

// The interpreter records the value (HostCheckStep, no result of its own); the result is the
// operand's slot.
Status lower_probe(Lowerer& l, const ir::Operation& op) {
  HostCheckStep step;
  step.op = &op;
  for (size_t i = 0; i < op.num_operands(); ++i) {
    KILN_TRY(BufferRef r, l.ref(op.operand(i)));
    step.operands.push_back(r);
    if (i < op.num_results()) l.alias(op.result(i), r);
  }
  l.add(std::move(step));
  return ok_status();
}

Status lower_run_parallel(Lowerer&, const ir::Operation& op) {
  return unsupported(op, "it runs programs on a grid of several processes, and the cuda "
                         "backend runs one");
}

}  // namespace

KILN_REGISTER_CUDA_LOWERING("interpreter.probe", lower_probe);
KILN_REGISTER_CUDA_LOWERING("interpreter.print", lower_host_check);
KILN_REGISTER_CUDA_LOWERING("interpreter.run_parallel", lower_run_parallel);

}  // namespace kiln::backend::cuda
