// create_token and after_all: tokens only order effects, and one stream runs every step in
// program order, so a token is a slot of no bytes (tuple_layout.h) and its ops add no step.
// infeed, outfeed, send and recv move values through a process grid's queues, as the
// interpreter runs them inside interpreter.run_parallel only: a clear error here.
#include "backend/cuda/codegen/emitter.h"
#include "backend/cuda/lowerer.h"

namespace kiln::backend::cuda {

namespace {

Status lower_token(Lowerer& l, const ir::Operation& op) {
  l.define(op.result(0));
  return ok_status();
}

Status lower_io(Lowerer&, const ir::Operation& op) {
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
