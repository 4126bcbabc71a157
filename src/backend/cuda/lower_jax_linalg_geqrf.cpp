// JAX's QR factorization custom calls (@lapack_?geqrf_ffi, @cusolver_geqrf_ffi) as a generated
// kernel, a thread per matrix, with the interpreter's steps (src/interp/ops/
// jax_linalg_geqrf.cpp): LAPACK's larfg with the norms in double, then H^H applied to the
// columns on the right, in the same order and ops.
#include <fmt/format.h>

#include <algorithm>

#include "backend/cuda/codegen/emitter.h"
#include "backend/cuda/linalg_kernels.h"

namespace kiln::backend::cuda {

Status lower_jax_linalg_geqrf(Lowerer& l, const ir::Operation& op) {
  KILN_TRY(std::optional<LinalgKernelStart> k, start_linalg_kernel(l, op));
  if (!k) return ok_status();
  const int64_t m = k->m, n = k->n;
  k->text += fmt::format(
      R"(extern "C" __global__ void {0}(const T* __restrict__ a, T* __restrict__ out, T* __restrict__ taus) {{
  const i64 m = {1}LL, n = {2}LL, k = {3}LL;
  for (i64 b = blockIdx.x * static_cast<i64>(blockDim.x) + threadIdx.x; b < {4}LL;
       b += static_cast<i64>(gridDim.x) * blockDim.x) {{
    const T* x = a + b * m * n;
    T* y = out + b * m * n;
    T* tau_out = taus + b * k;
    for (i64 e = 0; e < m * n; ++e) y[e] = x[e];
    for (i64 j = 0; j < k; ++j) {{
      const double are = la_re(y[j * n + j]), aim = la_im(y[j * n + j]);
      double xnorm2 = 0.0;
      for (i64 i = j + 1; i < m; ++i) {{
        const double re = la_re(y[i * n + j]), im = la_im(y[i * n + j]);
        xnorm2 += re * re + im * im;
      }}
      if (xnorm2 == 0.0 && aim == 0.0) {{
        tau_out[j] = la_lit(T(), 0.0);
        continue;
      }}
      const double beta = -copysign(sqrt(are * are + aim * aim + xnorm2), are);
      const T tau = la_make(T(), (beta - are) / beta, -aim / beta);
      const T scale = la_div(la_lit(T(), 1.0), la_sub(y[j * n + j], la_lit(T(), beta)));
      for (i64 i = j + 1; i < m; ++i) y[i * n + j] = la_mul(y[i * n + j], scale);
      y[j * n + j] = la_lit(T(), beta);
      tau_out[j] = tau;
      const T ctau = la_conj(tau);
      for (i64 c = j + 1; c < n; ++c) {{
        T s = y[j * n + c];
        for (i64 i = j + 1; i < m; ++i) s = la_add(s, la_mul(la_conj(y[i * n + j]), y[i * n + c]));
        const T f = la_mul(ctau, s);
        y[j * n + c] = la_sub(y[j * n + c], f);
        for (i64 i = j + 1; i < m; ++i) y[i * n + c] = la_sub(y[i * n + c], la_mul(y[i * n + j], f));
      }}
    }}
  }}
}}
)",
      k->fn, m, n, std::min(m, n), k->batch);
  return add_linalg_kernel(l, op, k->fn, k->text, (k->batch + 63) / 64, 64, std::move(k->args));
}

}  // namespace kiln::backend::cuda
