// stablehlo.triangular_solve: solves op(a) x = b (left_side) or x op(a) = b for each matrix of
// the batch by substitution in the element type, reading only a's `lower` or upper triangle.
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

enum Transpose { kNoTranspose = 1, kTranspose = 2, kAdjoint = 3 };  // EnumAttr values

template <class T>
T conj_of(T v) {
  if constexpr (kIsComplex<T>)
    return std::conj(v);
  else
    return v;
}

// t = op(tri(a)) for one m x m matrix, the unit diagonal made explicit; returns whether t is
// lower triangular.
template <class T>
bool effective_matrix(const T* a, int64_t m, bool lower, bool unit, int transpose,
                      std::vector<T>& t) {
  t.assign(static_cast<size_t>(m * m), from_double<T>(0));
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j < m; ++j) {
      bool in_triangle = lower ? j <= i : j >= i;
      if (!in_triangle) continue;
      T v = (i == j && unit) ? from_double<T>(1) : a[i * m + j];
      if (transpose == kNoTranspose)
        t[static_cast<size_t>(i * m + j)] = v;
      else
        t[static_cast<size_t>(j * m + i)] = transpose == kAdjoint ? conj_of(v) : v;
    }
  }
  return lower == (transpose == kNoTranspose);
}

// Solves t x = b in place for the `cols` columns of b (m x cols, column stride `cs`, row
// stride `rs`).
template <class T>
void substitute(const std::vector<T>& t, bool lower, int64_t m, T* b, int64_t cols, int64_t rs,
                int64_t cs) {
  for (int64_t c = 0; c < cols; ++c) {
    for (int64_t s = 0; s < m; ++s) {
      int64_t i = lower ? s : m - 1 - s;
      T acc = b[i * rs + c * cs];
      for (int64_t s2 = 0; s2 < s; ++s2) {
        int64_t j = lower ? s2 : m - 1 - s2;
        acc = acc - t[static_cast<size_t>(i * m + j)] * b[j * rs + c * cs];
      }
      b[i * rs + c * cs] = acc / t[static_cast<size_t>(i * m + i)];
    }
  }
}

template <class T>
void solve_batch(const ir::Operation& op, const Tensor& a, Tensor& x) {
  bool left = op.attr_as<ir::BoolAttr>("left_side")->value;
  bool lower = op.attr_as<ir::BoolAttr>("lower")->value;
  bool unit = op.attr_as<ir::BoolAttr>("unit_diagonal")->value;
  int transpose = op.attr_as<ir::EnumAttr>("transpose_a")->value;
  int64_t r = x.rank();
  int64_t rows = x.shape()[static_cast<size_t>(r - 2)],
          cols = x.shape()[static_cast<size_t>(r - 1)];
  int64_t m = left ? rows : cols;
  int64_t batch = rows * cols == 0 ? 0 : x.num_elements() / (rows * cols);
  std::vector<T> t, tt;
  for (int64_t bi = 0; bi < batch; ++bi) {
    const T* am = a.data<T>() + bi * m * m;
    T* xm = x.data<T>() + bi * rows * cols;
    bool t_lower = effective_matrix(am, m, lower, unit, transpose, t);
    if (left) {
      substitute(t, t_lower, m, xm, cols, cols, 1);
      continue;
    }
    // x t = b  <=>  t^T x^T = b^T: substitute on the rows of b, seen as columns.
    tt.assign(t.size(), from_double<T>(0));
    for (int64_t i = 0; i < m; ++i) {
      for (int64_t j = 0; j < m; ++j)
        tt[static_cast<size_t>(j * m + i)] = t[static_cast<size_t>(i * m + j)];
    }
    substitute(tt, !t_lower, m, xm, rows, 1, cols);
  }
}

Expected<std::vector<RuntimeValue>> triangular_solve(Interpreter&, const ir::Operation& op,
                                                     std::span<const RuntimeValue> operands) {
  const Tensor& a = operands[0].tensor();
  KILN_TRY(Tensor x, allocate_result(op));
  std::memcpy(x.raw(), operands[1].tensor().raw(), x.size_bytes());
  bool supported = dispatch_dtype(a.element().kind(), [&]<class T>() {
    if constexpr (kIsFloat<T> || kIsComplex<T>) {
      solve_batch<T>(op, a, x);
      return true;
    }
    return false;
  });
  if (!supported) return op_error(op, "needs a float or complex element type");
  return std::vector<RuntimeValue>{x};
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.triangular_solve", triangular_solve);

}  // namespace kiln::interp
