// JAX's Hermitian eigendecomposition custom calls (@lapack_?syevd_ffi, @lapack_?heevd_ffi,
// @cusolver_syevd_ffi) as a generated kernel, a block per matrix, with the interpreter's steps
// (src/interp/ops/jax_linalg_syevd.cpp): cyclic Jacobi in double (complex<double> for complex
// elements; real elements keep every imaginary part zero there, so double alone rounds the
// same), the same rotations in the same order, the same stopping rule and sweep limit (info),
// then the eigenvalues in ascending order, ties in their Jacobi order.
#include <fmt/format.h>

#include <algorithm>

#include "backend/cuda/codegen/emitter.h"
#include "backend/cuda/linalg_kernels.h"

namespace kiln::backend::cuda {

namespace {

// The kernel: the matrix and the rotations' product in `work` (two n x n matrices of W per
// matrix), each rotation's column and row updates spread over the block (one k per thread),
// the convergence test summed by thread 0 in the interpreter's order. Sorting gives each
// column its place: the number of eigenvalues before it (NaN last, a strict weak order) plus
// the equal ones left of it, which is where a stable sort puts it.
constexpr const char* kKernel = R"(// |z|^2 as std::norm(std::complex<double>) computes it.
__device__ __forceinline__ double la_norm(W z) {{ return la_re(z) * la_re(z) + la_im(z) * la_im(z); }}
extern "C" __global__ void {0}(const T* __restrict__ a, T* __restrict__ vectors, R* __restrict__ values, int* __restrict__ info, W* __restrict__ work) {{
  const i64 n = {1}LL;
  const bool lower = {2};
  __shared__ int done;
  for (i64 b = blockIdx.x; b < {3}LL; b += gridDim.x) {{
    const T* x = a + b * n * n;
    W* A = work + b * 2 * n * n;
    W* V = A + n * n;
    for (i64 e = threadIdx.x; e < n * n; e += blockDim.x) {{
      const i64 i = e / n, j = e % n;
      const bool stored = lower ? i >= j : i <= j;
      const T s = i == j || stored ? x[e] : la_conj(x[j * n + i]);
      A[e] = la_make(W(), la_re(s), i == j ? 0.0 : la_im(s));
      V[e] = la_lit(W(), i == j ? 1.0 : 0.0);
    }}
    __syncthreads();
    double norm2 = 0.0;
    if (threadIdx.x == 0) {{
      for (i64 e = 0; e < n * n; ++e) norm2 += la_norm(A[e]);
    }}
    for (int sweep = 0; sweep < 64; ++sweep) {{
      if (threadIdx.x == 0) {{
        double off2 = 0.0;
        for (i64 e = 0; e < n * n; ++e) off2 += e / n == e % n ? 0.0 : la_norm(A[e]);
        done = off2 <= 0x1p-104 * norm2;  // DBL_EPSILON squared
      }}
      __syncthreads();
      if (done) break;
      for (i64 p = 0; p < n; ++p) {{
        for (i64 q = p + 1; q < n; ++q) {{
          const W apq = A[p * n + q];
          const double app = la_re(A[p * n + p]), aqq = la_re(A[q * n + q]);
          __syncthreads();
          const double r = la_abs(apq);
          if (r == 0.0) continue;
          const double ere = la_re(apq) / r, eim = la_im(apq) / r;
          const double theta = (aqq - app) / (2 * r);
          const double t = (theta >= 0 ? 1.0 : -1.0) / (fabs(theta) + sqrt(theta * theta + 1));
          const double c = 1 / sqrt(t * t + 1), s = t * c;
          const W gpp = la_lit(W(), c), gpq = la_lit(W(), s);
          const W gqp = la_make(W(), -s * ere, -s * -eim), gqq = la_make(W(), c * ere, c * -eim);
          for (i64 k = threadIdx.x; k < n; k += blockDim.x) {{  // A := A G, V := V G
            const W akp = A[k * n + p], akq = A[k * n + q];
            A[k * n + p] = la_add(la_mul(akp, gpp), la_mul(akq, gqp));
            A[k * n + q] = la_add(la_mul(akp, gpq), la_mul(akq, gqq));
            const W vkp = V[k * n + p], vkq = V[k * n + q];
            V[k * n + p] = la_add(la_mul(vkp, gpp), la_mul(vkq, gqp));
            V[k * n + q] = la_add(la_mul(vkp, gpq), la_mul(vkq, gqq));
          }}
          __syncthreads();
          for (i64 k = threadIdx.x; k < n; k += blockDim.x) {{  // A := G^H A, then the 2x2 block
            const W apk = A[p * n + k], aqk = A[q * n + k];
            W np = la_add(la_mul(la_conj(gpp), apk), la_mul(la_conj(gqp), aqk));
            W nq = la_add(la_mul(la_conj(gpq), apk), la_mul(la_conj(gqq), aqk));
            if (k == p) {{ np = la_lit(W(), la_re(np)); nq = la_lit(W(), 0.0); }}
            if (k == q) {{ np = la_lit(W(), 0.0); nq = la_lit(W(), la_re(nq)); }}
            A[p * n + k] = np;
            A[q * n + k] = nq;
          }}
          __syncthreads();
        }}
      }}
    }}
    if (threadIdx.x == 0) info[b] = done ? 0 : 1;
    for (i64 from = threadIdx.x; from < n; from += blockDim.x) {{
      const double d = la_re(A[from * n + from]);
      i64 col = 0;
      for (i64 j = 0; j < n; ++j) {{
        const double dj = la_re(A[j * n + j]);
        const bool before = dj < d || (isnan(d) && !isnan(dj));
        const bool after = d < dj || (isnan(dj) && !isnan(d));
        col += before || (j < from && !after);
      }}
      values[b * n + col] = static_cast<R>(d);
      for (i64 i = 0; i < n; ++i) {{
        const W v = V[i * n + from];
        vectors[b * n * n + i * n + col] = la_make(T(), la_re(v), la_im(v));
      }}
    }}
    __syncthreads();
  }}
}}
)";

}  // namespace

Status lower_jax_linalg_syevd(Lowerer& l, const ir::Operation& op, const ir::JaxLinalgCall& call) {
  const ir::Type& type = op.operand(0)->type();
  KILN_TRY(std::optional<LinalgKernelStart> k, start_linalg_kernel(l, op));
  if (!k) return ok_status();
  const int64_t n = k->n, batch = k->batch;
  const bool complex = type.element().is_complex();
  const bool wide = type.element().kind() == ir::ElementKind::kF64 ||
                    type.element().kind() == ir::ElementKind::kComplexF64;
  k->text += fmt::format("typedef {} W;\ntypedef {} R;\n", complex ? "kg::c128" : "double",
                         wide ? "double" : "float");
  k->text += fmt::format(kKernel, k->fn, n, call.lower ? "true" : "false", batch);
  // A and V in W for each matrix (one element when n is 0, for a valid slot).
  const int64_t work_bytes = std::max<int64_t>(batch * 2 * n * n, 1) * (complex ? 16 : 8);
  const BufferRef work = l.scratch(work_bytes);
  const int64_t threads = std::clamp<int64_t>((n + 31) / 32 * 32, 32, 256);
  k->args.emplace_back(work);
  Status s = add_linalg_kernel(l, op, k->fn, k->text, batch, threads, std::move(k->args));
  l.release(work);
  return s;
}

}  // namespace kiln::backend::cuda
