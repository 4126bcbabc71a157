// JAX's LU custom calls (@lapack_?getrf_ffi, @cusolver_getrf_ffi, @cu_lu_pivots_to_permutation)
// as generated kernels computing what the interpreter computes (src/interp/ops/
// jax_linalg_getrf.cpp): the same pivots (the first row of the largest |re| + |im|, chosen by
// one thread in the interpreter's order), and each element's update with the same ops in the
// same order, so that the lu factors match within rounding of the division and the pivots,
// permutations and info exactly.
#include <fmt/format.h>

#include <algorithm>

#include "backend/cuda/codegen/emitter.h"
#include "backend/cuda/linalg_kernels.h"

namespace kiln::backend::cuda {

Status lower_jax_linalg_getrf(Lowerer& l, const ir::Operation& op) {
  KILN_TRY(std::optional<LinalgKernelStart> k, start_linalg_kernel(l, op));
  if (!k) return ok_status();
  const int64_t m = k->m, n = k->n;
  // A block per matrix: thread 0 picks the pivot; the swap, the column's division and the
  // trailing update are spread over the block, one element per thread at a time.
  k->text += fmt::format(
      R"(extern "C" __global__ void {0}(const T* __restrict__ a, T* __restrict__ out, int* __restrict__ pivots, int* __restrict__ info) {{
  const i64 m = {1}LL, n = {2}LL, k = {3}LL;
  __shared__ i64 pivot;
  __shared__ int first_zero, nonzero;
  for (i64 b = blockIdx.x; b < {4}LL; b += gridDim.x) {{
    const T* x = a + b * m * n;
    T* y = out + b * m * n;
    for (i64 e = threadIdx.x; e < m * n; e += blockDim.x) y[e] = x[e];
    if (threadIdx.x == 0) first_zero = 0;
    __syncthreads();
    for (i64 j = 0; j < k; ++j) {{
      if (threadIdx.x == 0) {{
        i64 p = j;
        double best = la_abs1(y[j * n + j]);
        for (i64 i = j + 1; i < m; ++i) {{
          const double v = la_abs1(y[i * n + j]);
          if (v > best) {{ best = v; p = i; }}
        }}
        pivot = p;
        pivots[b * k + j] = static_cast<int>(p + 1);
        nonzero = la_abs1(y[p * n + j]) != 0.0;
        if (!nonzero && first_zero == 0) first_zero = static_cast<int>(j + 1);
      }}
      __syncthreads();
      if (nonzero) {{
        const i64 p = pivot;
        if (p != j) {{
          for (i64 c = threadIdx.x; c < n; c += blockDim.x) {{
            const T s = y[j * n + c];
            y[j * n + c] = y[p * n + c];
            y[p * n + c] = s;
          }}
          __syncthreads();
        }}
        for (i64 i = j + 1 + threadIdx.x; i < m; i += blockDim.x) y[i * n + j] = la_div(y[i * n + j], y[j * n + j]);
        __syncthreads();
      }}
      const i64 cols = n - j - 1;
      for (i64 e = threadIdx.x; e < (m - j - 1) * cols; e += blockDim.x) {{
        const i64 i = j + 1 + e / cols, c = j + 1 + e % cols;
        y[i * n + c] = la_sub(y[i * n + c], la_mul(y[i * n + j], y[j * n + c]));
      }}
      __syncthreads();
    }}
    if (threadIdx.x == 0) info[b] = first_zero;
    __syncthreads();
  }}
}}
)",
      k->fn, m, n, std::min(m, n), k->batch);
  const int64_t threads = std::clamp<int64_t>((std::max(m, n) + 31) / 32 * 32, 32, 256);
  return add_linalg_kernel(l, op, k->fn, k->text, k->batch, threads, std::move(k->args));
}

Status lower_jax_linalg_lu_pivots_to_permutation(Lowerer& l, const ir::Operation& op) {
  KILN_TRY(BufferRef swaps, l.ref(op.operand(0)));
  const BufferRef perm = l.define(op.result(0));
  const ir::Type& out = op.result(0)->type();
  const int64_t k = op.operand(0)->type().shape().back(), size = out.shape().back();
  const int64_t batch = size == 0 ? 0 : out.num_elements().value_or(0) / size;
  if (batch == 0) return ok_status();
  const std::string fn = l.kernel_name();
  // As the interpreter: the identity, then row i swapped with row swaps[i] in order, a swap
  // out of [0, size) skipped.
  const std::string text = fmt::format(R"(
// {0}
extern "C" __global__ void {1}(const int* __restrict__ swaps, int* __restrict__ perm) {{
  const i64 k = {2}LL, size = {3}LL;
  for (i64 b = blockIdx.x * static_cast<i64>(blockDim.x) + threadIdx.x; b < {4}LL;
       b += static_cast<i64>(gridDim.x) * blockDim.x) {{
    int* p = perm + b * size;
    const int* s = swaps + b * k;
    for (i64 i = 0; i < size; ++i) p[i] = static_cast<int>(i);
    for (i64 i = 0; i < k; ++i) {{
      if (s[i] >= 0 && s[i] < size) {{
        const int t = p[i];
        p[i] = p[s[i]];
        p[s[i]] = t;
      }}
    }}
  }}
}}
)",
                                       Lowerer::describe(op), fn, k, size, batch);
  return add_linalg_kernel(l, op, fn, text, (batch + 127) / 128, 128, {swaps, perm});
}

}  // namespace kiln::backend::cuda
