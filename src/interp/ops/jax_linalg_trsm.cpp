// JAX's triangular-solve custom call (@lapack_?trsm_ffi) in the interpreter: stablehlo.
// triangular_solve's substitution (linalg.h) with LAPACK's side, uplo, trans_x and diag.
#include <cstring>

#include "interp/ops/jax_linalg.h"
#include "interp/ops/linalg.h"
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

LinalgResults jax_linalg_trsm(const ir::Operation& op, const ir::JaxLinalgCall& call,
                              std::span<const RuntimeValue> operands) {
  const Tensor& a = operands[0].tensor();
  KILN_TRY(Tensor x, allocate_result(op));
  std::memcpy(x.raw(), operands[1].tensor().raw(), x.size_bytes());
  const linalg::TriangularSolve s{.left_side = call.left_side,
                                  .lower = call.lower,
                                  .unit_diagonal = call.unit_diagonal,
                                  .transpose = call.transpose};
  const int64_t r = x.rank();
  const int64_t rows = x.shape()[static_cast<size_t>(r - 2)];
  const int64_t cols = x.shape()[static_cast<size_t>(r - 1)];
  const int64_t m = call.left_side ? rows : cols;
  const int64_t batch = rows * cols == 0 ? 0 : x.num_elements() / (rows * cols);
  dispatch_dtype(a.element().kind(), [&]<class T>() {
    if constexpr (kIsLapackType<T>) {
      std::vector<T> t, tt;
      for (int64_t b = 0; b < batch; ++b) {
        linalg::triangular_solve_matrix(a.data<T>() + b * m * m, x.data<T>() + b * rows * cols,
                                        rows, cols, s, t, tt);
      }
    }
  });
  return std::vector<RuntimeValue>{x};
}

}  // namespace kiln::interp
