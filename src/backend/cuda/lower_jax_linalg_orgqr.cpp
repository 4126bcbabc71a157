// JAX's custom calls forming Q from Householder reflectors (@lapack_?orgqr_ffi,
// @lapack_?ungqr_ffi, @cusolver_orgqr_ffi) as a generated kernel, a thread per matrix, with
// the interpreter's steps (src/interp/ops/jax_linalg_orgqr.cpp): the identity's first n
// columns taking H_j from the left for j = k-1 down to 0.
#include <fmt/format.h>

#include "backend/cuda/codegen/emitter.h"
#include "backend/cuda/linalg_kernels.h"

namespace kiln::backend::cuda {

Status lower_jax_linalg_orgqr(Lowerer& l, const ir::Operation& op) {
  KILN_TRY(std::optional<LinalgKernelStart> k, start_linalg_kernel(l, op));
  if (!k) return ok_status();
  k->text += fmt::format(
      R"(extern "C" __global__ void {0}(const T* __restrict__ a, const T* __restrict__ taus, T* __restrict__ q) {{
  const i64 m = {1}LL, n = {2}LL, k = {3}LL;
  for (i64 b = blockIdx.x * static_cast<i64>(blockDim.x) + threadIdx.x; b < {4}LL;
       b += static_cast<i64>(gridDim.x) * blockDim.x) {{
    const T* x = a + b * m * n;
    const T* tau_in = taus + b * k;
    T* y = q + b * m * n;
    for (i64 i = 0; i < m; ++i) {{
      for (i64 c = 0; c < n; ++c) y[i * n + c] = la_lit(T(), i == c ? 1.0 : 0.0);
    }}
    for (i64 j = k - 1; j >= 0; --j) {{
      const T tau = tau_in[j];
      for (i64 c = j; c < n; ++c) {{
        T s = y[j * n + c];
        for (i64 i = j + 1; i < m; ++i) s = la_add(s, la_mul(la_conj(x[i * n + j]), y[i * n + c]));
        const T f = la_mul(tau, s);
        y[j * n + c] = la_sub(y[j * n + c], f);
        for (i64 i = j + 1; i < m; ++i) y[i * n + c] = la_sub(y[i * n + c], la_mul(x[i * n + j], f));
      }}
    }}
  }}
}}
)",
      k->fn, k->m, k->n, op.operand(1)->type().shape().back(), k->batch);
  return add_linalg_kernel(l, op, k->fn, k->text, (k->batch + 63) / 64, 64, std::move(k->args));
}

}  // namespace kiln::backend::cuda
