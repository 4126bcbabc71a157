// stablehlo.triangular_solve: one generated kernel, a thread per column of b (left_side) or per
// row (right side) of each matrix of the batch, solving by substitution with the interpreter's
// order and ops: t = op(tri(a)) with the unit diagonal made explicit, each unknown's sum in
// ascending substitution order, then one division by the diagonal (by 1 too, as it does).
// JAX's trsm custom call (lower_jax_linalg_trsm.cpp) uses the same kernel.
#include <fmt/format.h>

#include <algorithm>
#include <tuple>

#include "backend/cuda/codegen/emitter.h"
#include "backend/cuda/linalg_kernels.h"
#include "backend/cuda/linalg_scalar.h"

namespace kiln::backend::cuda {

namespace {

enum TransposeA { kNoTranspose = 1, kTranspose = 2, kAdjoint = 3 };  // EnumAttr values

}  // namespace

Status add_triangular_solve_kernel(Lowerer& l, const ir::Operation& op, const ir::Type& a_type,
                                   const ir::Type& b_type, const BufferRef& a, const BufferRef& b,
                                   const BufferRef& x, const TriangularSolveKernel& k) {
  KILN_TRY(std::string t, linalg_element(op, a_type));
  const bool left = k.left_side, lower = k.lower, unit = k.unit_diagonal;
  const int transpose = k.transpose;
  if (transpose < kNoTranspose || transpose > kAdjoint) return unsupported(op, "a transpose_a it does not know");
  const int64_t rank = b_type.rank();
  if (rank < 2 || a_type.rank() != rank) return unsupported(op, "operands of rank below 2 or of different ranks");
  const int64_t rows = b_type.dim(rank - 2), cols = b_type.dim(rank - 1);
  const int64_t m = left ? rows : cols;
  if (a_type.dim(rank - 1) != m || a_type.dim(rank - 2) != m) {
    return unsupported(op, "a matrix a whose size does not match b's");
  }
  const int64_t total = b_type.num_elements().value_or(0);
  if (total == 0) return ok_status();
  const int64_t batch = total / (rows * cols);

  // t(i, j) = op(tri(a))[i][j]; t is lower triangular when `lower` and not transposed or
  // upper and transposed. The right side solves x t = b as t^T x^T = b^T: the substitution
  // reads s(i, j) = t(j, i) and runs over the rows of b as columns.
  const bool t_lower = lower == (transpose == kNoTranspose);
  const std::string opc = transpose == kAdjoint ? "la_conj" : "";
  const std::string diag = unit ? "la_lit(T(), 1.0)" : fmt::format("{}(am[(i) * m + (i)])", opc);
  const std::string off = transpose == kNoTranspose ? "am[(i) * m + (j)]"
                                                    : fmt::format("{}(am[(j) * m + (i)])", opc);
  const bool s_lower = left ? t_lower : !t_lower;
  // The unknowns of one system: element s of system c lies at s * rs + c * cs.
  const int64_t rs = left ? cols : 1, cs = left ? 1 : cols, systems = left ? cols : rows;

  const std::string fn = l.kernel_name();
  std::string text;
  text += linalg_scalar_source();
  text += fmt::format("typedef {} T;\n", t);
  text += fmt::format(
      "__device__ __forceinline__ T {0}_t(const T* am, i64 i, i64 j) {{\n"
      "  const i64 m = {1}LL;\n"
      "  if (i == j) return {2};\n"
      "  return {3};\n"
      "}}\n",
      fn, m, diag, off);
  const std::string s_at = left ? fmt::format("{}_t(am, i, j)", fn) : fmt::format("{}_t(am, j, i)", fn);
  const std::string s_diag = fmt::format("{}_t(am, i, i)", fn);
  text += fmt::format(R"(extern "C" __global__ void {0}(const T* __restrict__ a, const T* __restrict__ b, T* __restrict__ x) {{
  const i64 m = {1}LL, rs = {2}LL, cs = {3}LL, systems = {4}LL;
  for (i64 u = blockIdx.x * static_cast<i64>(blockDim.x) + threadIdx.x; u < {5}LL * systems;
       u += static_cast<i64>(gridDim.x) * blockDim.x) {{
    const i64 bi = u / systems, c = u % systems;
    const T* am = a + bi * m * m;
    const T* bm = b + bi * {6}LL;
    T* xm = x + bi * {6}LL;
    for (i64 s = 0; s < m; ++s) xm[s * rs + c * cs] = bm[s * rs + c * cs];
    for (i64 s = 0; s < m; ++s) {{
      const i64 i = {7} ? s : m - 1 - s;
      T acc = xm[i * rs + c * cs];
      for (i64 s2 = 0; s2 < s; ++s2) {{
        const i64 j = {7} ? s2 : m - 1 - s2;
        acc = la_sub(acc, la_mul({8}, xm[j * rs + c * cs]));
      }}
      xm[i * rs + c * cs] = la_div(acc, {9});
    }}
  }}
}}
)",
                      fn, m, rs, cs, systems, batch, rows * cols, s_lower ? "true" : "false",
                      s_at, s_diag);

  KernelStep step;
  KILN_TRY(std::tie(step.module, step.function),
           l.add_private_function("triangular_solve_", fn, text, op));
  const int64_t work = batch * systems;
  const int64_t threads = std::clamp<int64_t>((work + 31) / 32 * 32, 32, 128);
  const int64_t cap = static_cast<int64_t>(std::max(1, l.options().device.sm_count)) * 16;
  step.grid = {static_cast<unsigned>(std::clamp<int64_t>((work + threads - 1) / threads, 1, cap)), 1, 1};
  step.block = {static_cast<unsigned>(threads), 1, 1};
  step.args = {a, b, x};
  step.what = Lowerer::describe(op);
  l.add(std::move(step));
  l.count_kernel();
  return ok_status();
}

namespace {

Status lower_triangular_solve(Lowerer& l, const ir::Operation& op) {
  if (op.num_operands() != 2 || op.num_results() != 1) {
    return unsupported(op, "operand or result counts other than two and one");
  }
  const auto* left_attr = op.attr_as<ir::BoolAttr>("left_side");
  const auto* lower_attr = op.attr_as<ir::BoolAttr>("lower");
  const auto* unit_attr = op.attr_as<ir::BoolAttr>("unit_diagonal");
  const auto* transpose_attr = op.attr_as<ir::EnumAttr>("transpose_a");
  if (!left_attr || !lower_attr || !unit_attr || !transpose_attr) {
    return unsupported(op, "missing left_side, lower, unit_diagonal or transpose_a");
  }
  KILN_TRY(BufferRef a, l.ref(op.operand(0)));
  KILN_TRY(BufferRef b, l.ref(op.operand(1)));
  const BufferRef x = l.define(op.result(0));
  return add_triangular_solve_kernel(
      l, op, op.operand(0)->type(), op.operand(1)->type(), a, b, x,
      {.left_side = left_attr->value,
       .lower = lower_attr->value,
       .unit_diagonal = unit_attr->value,
       .transpose = static_cast<int>(transpose_attr->value)});
}

}  // namespace

KILN_REGISTER_CUDA_LOWERING("stablehlo.triangular_solve", lower_triangular_solve);

}  // namespace kiln::backend::cuda
