// create_token and after_all: tokens only order effects, and one stream runs every step in
// program order, so a token is a slot of no bytes (tuple_layout.h) and its ops add no step.
// outfeed, send and recv move values through a process grid's queues: on a grid of several
// processes (a GridStep's, or an executable's), host steps on the process's interpreter and its
// grid's queues; on one, a clear error. infeed reads what the functions of run_parallel's
// `infeed` return, which no grid on the cuda backend has: a clear error.
#include "backend/cuda/codegen/emitter.h"
#include "backend/cuda/lowerer.h"

namespace kiln::backend::cuda {

namespace {

Status lower_token(Lowerer& l, const ir::Operation& op) {
  l.define(op.result(0));
  return ok_status();
}

Status lower_io(Lowerer& l, const ir::Operation& op) {
  if (op.name() != "stablehlo.infeed" && l.options().num_processes() > 1) {
    return lower_host_check(l, op);
  }
  return unsupported(op, "it transfers values through a process grid's queues, which only "
                         "interpreter.run_parallel has");
}

}  // namespace

KILN_REGISTER_CUDA_LOWERING("stablehlo.create_token", lower_token);
KILN_REGISTER_CUDA_LOWERING("stablehlo.after_all", lower_token);
KILN_REGISTER_CUDA_LOWERING("stablehlo.infeed", lower_io);
KILN_REGISTER_CUDA_LOWERING("stablehlo.outfeed", lower_io);
KILN_REGISTER_CUDA_LOWERING("stablehlo.send", lower_io);
KILN_REGISTER_CUDA_LOWERING("stablehlo.recv", lower_io);

}  // namespace kiln::backend::cuda
