// stablehlo.cholesky: one generated kernel, a block per matrix of the batch, computing the
// factor column by column (the diagonal element by one thread, then the column below it by all
// of them) with each element's sum in the interpreter's order (k ascending) and the same ops,
// so that it gives the interpreter's values: the other triangle zero, NaNs from the first
// non-positive pivot on where the matrix is not positive definite. JAX's potrf custom calls
// (lower_jax_linalg_potrf.cpp) use the same kernel, keeping the other triangle and writing info.
#include <fmt/format.h>

#include <algorithm>
#include <tuple>

#include "backend/cuda/codegen/emitter.h"
#include "backend/cuda/linalg_kernels.h"
#include "backend/cuda/linalg_scalar.h"

namespace kiln::backend::cuda {

Status add_cholesky_kernel(Lowerer& l, const ir::Operation& op, const ir::Type& type,
                           const BufferRef& a, const BufferRef& out, const CholeskyKernel& k) {
  KILN_TRY(std::string t, linalg_element(op, type));
  const int64_t rank = type.rank();
  if (rank < 2 || type.dim(rank - 1) != type.dim(rank - 2)) {
    return unsupported(op, "an operand that is not a batch of square matrices");
  }
  const int64_t m = type.dim(rank - 1);
  int64_t batch = 1;
  for (int64_t d = 0; d + 2 < rank; ++d) batch *= type.dim(d);
  // Empty matrices still get their info (0) when it is wanted.
  if (batch == 0 || (m == 0 && !k.info)) return ok_status();

  const std::string fn = l.kernel_name();
  // A(i, j): the Hermitian matrix's element (i >= j) read from the stored triangle; the factor
  // L(i, j) lives in `y` as itself (lower) or as U(j, i) = conj(L(i, j)) (upper: a = U^H U).
  const std::string a_at = k.lower ? "x[(i) * m + (j)]" : "la_conj(x[(j) * m + (i)])";
  const std::string l_at = k.lower ? "y[(i) * m + (j)]" : "la_conj(y[(j) * m + (i)])";
  const std::string l_set = k.lower ? "y[(i) * m + (j)] = (v)" : "y[(j) * m + (i)] = la_conj(v)";
  const bool info = k.info.has_value();
  std::string text;
  text += linalg_scalar_source();
  text += fmt::format("typedef {} T;\n#define A(i, j) ({})\n#define L(i, j) ({})\n#define SET(i, j, v) {}\n",
                      t, a_at, l_at, l_set);
  text += fmt::format(R"(extern "C" __global__ void {0}(const T* __restrict__ a, T* __restrict__ out{3}) {{
  const i64 m = {1}LL;
  __shared__ int first_failed;
  for (i64 b = blockIdx.x; b < {2}LL; b += gridDim.x) {{
    const T* x = a + b * m * m;
    T* y = out + b * m * m;
    for (i64 e = threadIdx.x; e < m * m; e += blockDim.x) y[e] = {4};
    if (threadIdx.x == 0) first_failed = 0;
    __syncthreads();
    for (i64 j = 0; j < m; ++j) {{
      if (threadIdx.x == 0) {{
        const i64 i = j;
        T acc = A(i, j);
        for (i64 k = 0; k < j; ++k) acc = la_sub(acc, la_mul(L(i, k), la_conj(L(j, k))));
        if (first_failed == 0 && !(la_re(acc) > 0.0)) first_failed = static_cast<int>(j + 1);
        SET(i, j, la_sqrt(acc));
      }}
      __syncthreads();
      for (i64 i = j + 1 + threadIdx.x; i < m; i += blockDim.x) {{
        T acc = A(i, j);
        for (i64 k = 0; k < j; ++k) acc = la_sub(acc, la_mul(L(i, k), la_conj(L(j, k))));
        SET(i, j, la_div(acc, L(j, j)));
      }}
      __syncthreads();
    }}
    {5}
  }}
}}
#undef A
#undef L
#undef SET
)",
                      fn, m, batch, info ? ", int* __restrict__ info" : "",
                      k.keep_other ? "x[e]" : "la_lit(T(), 0.0)",
                      info ? "if (threadIdx.x == 0) info[b] = first_failed;" : "");

  KernelStep step;
  KILN_TRY(std::tie(step.module, step.function), l.add_private_function("cholesky_", fn, text, op));
  const int64_t threads = std::clamp<int64_t>((m + 31) / 32 * 32, 32, 256);
  const int64_t cap = static_cast<int64_t>(std::max(1, l.options().device.sm_count)) * 16;
  step.grid = {static_cast<unsigned>(std::min(batch, cap)), 1, 1};
  step.block = {static_cast<unsigned>(threads), 1, 1};
  step.args = {a, out};
  if (info) step.args.emplace_back(*k.info);
  step.what = Lowerer::describe(op);
  l.add(std::move(step));
  l.count_kernel();
  return ok_status();
}

namespace {

Status lower_cholesky(Lowerer& l, const ir::Operation& op) {
  if (op.num_operands() != 1 || op.num_results() != 1) {
    return unsupported(op, "an operand or result count other than one");
  }
  const auto* lower_attr = op.attr_as<ir::BoolAttr>("lower");
  KILN_TRY(BufferRef a, l.ref(op.operand(0)));
  const BufferRef out = l.define(op.result(0));
  return add_cholesky_kernel(l, op, op.operand(0)->type(), a, out,
                             {.lower = lower_attr != nullptr && lower_attr->value});
}

}  // namespace

KILN_REGISTER_CUDA_LOWERING("stablehlo.cholesky", lower_cholesky);

}  // namespace kiln::backend::cuda
