// JAX's Cholesky custom calls (@lapack_?potrf_ffi, @cusolver_potrf_ffi): stablehlo.cholesky's
// generated kernel, keeping the operand's other triangle as LAPACK does and writing info.
#include "backend/cuda/linalg_kernels.h"

namespace kiln::backend::cuda {

Status lower_jax_linalg_potrf(Lowerer& l, const ir::Operation& op, const ir::JaxLinalgCall& call) {
  KILN_TRY(BufferRef a, l.ref(op.operand(0)));
  const BufferRef out = l.define(op.result(0));
  const BufferRef info = l.define(op.result(1));
  return add_cholesky_kernel(l, op, op.operand(0)->type(), a, out,
                             {.lower = call.lower, .keep_other = true, .info = info});
}

}  // namespace kiln::backend::cuda
