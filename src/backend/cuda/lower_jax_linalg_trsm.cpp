// JAX's triangular-solve custom call (@lapack_?trsm_ffi): stablehlo.triangular_solve's
// generated kernel with LAPACK's side, uplo, trans_x and diag.
#include "backend/cuda/linalg_kernels.h"

namespace kiln::backend::cuda {

Status lower_jax_linalg_trsm(Lowerer& l, const ir::Operation& op, const ir::JaxLinalgCall& call) {
  KILN_TRY(BufferRef a, l.ref(op.operand(0)));
  KILN_TRY(BufferRef b, l.ref(op.operand(1)));
  const BufferRef x = l.define(op.result(0));
  return add_triangular_solve_kernel(l, op, op.operand(0)->type(), op.operand(1)->type(), a, b, x,
                                     {.left_side = call.left_side,
                                      .lower = call.lower,
                                      .unit_diagonal = call.unit_diagonal,
                                      .transpose = call.transpose});
}

}  // namespace kiln::backend::cuda
