// stablehlo.cholesky: one generated kernel, a block per matrix of the batch, computing the
// factor column by column (the diagonal element by one thread, then the column below it by all
// of them) with each element's sum in the interpreter's order (k ascending) and the same ops,
// so that it gives the interpreter's values: the other triangle zero, NaNs from the first
// non-positive pivot on where the matrix is not positive definite.
#include <fmt/format.h>

#include <algorithm>

#include "backend/cuda/codegen/emitter.h"
#include "backend/cuda/linalg_scalar.h"
#include "backend/cuda/lowerer.h"
#include "kernels/cuda/sources.h"

namespace kiln::backend::cuda {

namespace {

Status lower_cholesky(Lowerer& l, const ir::Operation& op) {
  if (op.num_operands() != 1 || op.num_results() != 1) {
    return unsupported(op, "an operand or result count other than one");
  }
  const ir::Type& type = op.operand(0)->type();
  KILN_TRY(std::string t, linalg_element(op, type));
  const int64_t rank = type.rank();
  if (rank < 2 || type.dim(rank - 1) != type.dim(rank - 2)) {
    return unsupported(op, "an operand that is not a batch of square matrices");
  }
  const auto* lower_attr = op.attr_as<ir::BoolAttr>("lower");
  const bool lower = lower_attr != nullptr && lower_attr->value;
  KILN_TRY(BufferRef a, l.ref(op.operand(0)));
  const BufferRef out = l.define(op.result(0));
  const int64_t m = type.dim(rank - 1);
  const int64_t total = type.num_elements().value_or(0);
  if (total == 0) return ok_status();
  const int64_t batch = total / (m * m);

  const std::string fn = l.kernel_name();
  // A(i, j): the Hermitian matrix's element (i >= j) read from the stored triangle; the factor
  // L(i, j) lives in `y` as itself (lower) or as U(j, i) = conj(L(i, j)) (upper: a = U^H U).
  const std::string a_at = lower ? "x[(i) * m + (j)]" : "la_conj(x[(j) * m + (i)])";
  const std::string l_at = lower ? "y[(i) * m + (j)]" : "la_conj(y[(j) * m + (i)])";
  const std::string l_set = lower ? "y[(i) * m + (j)] = (v)" : "y[(j) * m + (i)] = la_conj(v)";
  std::string text = fmt::format("\n// {}\n", Lowerer::describe(op));
  text += linalg_scalar_source();
  text += fmt::format("typedef {} T;\n#define A(i, j) ({})\n#define L(i, j) ({})\n#define SET(i, j, v) {}\n",
                      t, a_at, l_at, l_set);
  text += fmt::format(R"(extern "C" __global__ void {0}(const T* __restrict__ a, T* __restrict__ out) {{
  const i64 m = {1}LL;
  for (i64 b = blockIdx.x; b < {2}LL; b += gridDim.x) {{
    const T* x = a + b * m * m;
    T* y = out + b * m * m;
    for (i64 e = threadIdx.x; e < m * m; e += blockDim.x) y[e] = la_lit(T(), 0.0);
    __syncthreads();
    for (i64 j = 0; j < m; ++j) {{
      if (threadIdx.x == 0) {{
        const i64 i = j;
        T acc = A(i, j);
        for (i64 k = 0; k < j; ++k) acc = la_sub(acc, la_mul(L(i, k), la_conj(L(j, k))));
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
  }}
}}
#undef A
#undef L
#undef SET
)",
                      fn, m, batch);

  KILN_TRY(std::string prelude, kernels::header_source("ops/scalar.cuh"));
  KernelStep step;
  step.function = fn;
  step.module = l.add_module("cholesky_" + fn, prelude + text, {fn});
  const int64_t threads = std::clamp<int64_t>((m + 31) / 32 * 32, 32, 256);
  const int64_t cap = static_cast<int64_t>(std::max(1, l.options().device.sm_count)) * 16;
  step.grid = {static_cast<unsigned>(std::min(batch, cap)), 1, 1};
  step.block = {static_cast<unsigned>(threads), 1, 1};
  step.args = {a, out};
  step.what = Lowerer::describe(op);
  l.add(std::move(step));
  l.count_kernel();
  return ok_status();
}

}  // namespace

KILN_REGISTER_CUDA_LOWERING("stablehlo.cholesky", lower_cholesky);

}  // namespace kiln::backend::cuda
