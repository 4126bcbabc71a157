// create_token and after_all: tokens only order effects, and one stream runs every step in
// program order, so a token is a slot of no bytes (tuple_layout.h) and its ops add no step.
#include "backend/cuda/lowerer.h"

namespace kiln::backend::cuda {

namespace {

Status lower_token(Lowerer& l, const ir::Operation& op) {
  l.define(op.result(0));
  return ok_status();
}

}  // namespace

KILN_REGISTER_CUDA_LOWERING("stablehlo.create_token", lower_token);
KILN_REGISTER_CUDA_LOWERING("stablehlo.after_all", lower_token);

}  // namespace kiln::backend::cuda
