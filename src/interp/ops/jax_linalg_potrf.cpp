// JAX's Cholesky custom calls (@lapack_?potrf_ffi, @cusolver_potrf_ffi) in the interpreter:
// stablehlo.cholesky's factorization (linalg.h), LAPACK's untouched other triangle and info.
#include "interp/ops/jax_linalg.h"
#include "interp/ops/linalg.h"
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

LinalgResults jax_linalg_potrf(const ir::Operation& op, const ir::JaxLinalgCall& call,
                               std::span<const RuntimeValue> operands) {
  const Tensor& a = operands[0].tensor();
  KILN_TRY(Tensor out, allocate_result(op, 0));
  KILN_TRY(Tensor info, allocate_result(op, 1));
  const int64_t m = a.shape().back();
  const int64_t batch = info.num_elements();
  dispatch_dtype(a.element().kind(), [&]<class T>() {
    if constexpr (kIsLapackType<T>) {
      std::vector<T> l;
      for (int64_t b = 0; b < batch; ++b) {
        int64_t i = linalg::cholesky_matrix<T>(a.data<T>() + b * m * m, m, call.lower,
                                               /*keep_other=*/true, out.data<T>() + b * m * m, l);
        info.data<int32_t>()[b] = static_cast<int32_t>(i);
      }
    }
  });
  return std::vector<RuntimeValue>{out, info};
}

}  // namespace kiln::interp
