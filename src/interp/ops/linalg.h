// The matrix routines stablehlo.cholesky / stablehlo.triangular_solve and JAX's linear-algebra
// custom calls (jax_linalg_*.cpp) share: one row-major matrix at a time, in the element type.
#pragma once

#include <complex>
#include <cstdint>
#include <vector>

#include "interp/ops/op_helpers.h"

namespace kiln::interp::linalg {

enum Transpose { kNoTranspose = 1, kTranspose = 2, kAdjoint = 3 };  // stablehlo's EnumAttr values

template <class T>
T conj_of(T v) {
  if constexpr (kIsComplex<T>)
    return std::conj(v);
  else
    return v;
}

// v as complex<double>, and back (the imaginary part dropped for a real T).
template <class T>
std::complex<double> widen(T v) {
  if constexpr (kIsComplex<T>)
    return {static_cast<double>(v.real()), static_cast<double>(v.imag())};
  else
    return {static_cast<double>(v), 0.0};
}
template <class T>
T narrow(std::complex<double> v) {
  if constexpr (kIsComplex<T>) {
    using P = typename T::value_type;
    return T(static_cast<P>(v.real()), static_cast<P>(v.imag()));
  } else {
    return static_cast<T>(v.real());
  }
}

// L with a = L L^H from a's lower triangle, by the Cholesky–Banachiewicz order; `at(i, j)`
// reads a[i][j] for i >= j. Not positive definite: NaNs from the first failed pivot on (the
// spec leaves the values undefined). Returns LAPACK's info: the 1-based order of the first
// leading minor that is not positive definite (a pivot whose real part is not > 0, or NaN),
// or 0.
template <class T, class At>
int64_t cholesky_factor(int64_t m, At at, std::vector<T>& l) {
  l.assign(static_cast<size_t>(m * m), from_double<T>(0));
  auto L = [&](int64_t i, int64_t j) -> T& { return l[static_cast<size_t>(i * m + j)]; };
  int64_t info = 0;
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j <= i; ++j) {
      T acc = at(i, j);
      for (int64_t k = 0; k < j; ++k) acc = acc - L(i, k) * conj_of(L(j, k));
      if (i == j && info == 0 && !(to_double(acc) > 0)) info = i + 1;
      L(i, j) = i == j ? sqrt_of(acc) : acc / L(j, j);
    }
  }
  return info;
}

// The Cholesky factor of the m x m matrix x into y (both row-major; y may not alias x): the
// lower (a = L L^H, from x's lower triangle) or upper (a = U^H U, from x's upper triangle)
// factor. The other triangle is zero, or x's when `keep_other` (LAPACK's potrf leaves it).
// Returns info as cholesky_factor does.
template <class T>
int64_t cholesky_matrix(const T* x, int64_t m, bool lower, bool keep_other, T* y,
                        std::vector<T>& l) {
  int64_t info;
  if (lower) {
    info = cholesky_factor<T>(m, [&](int64_t i, int64_t j) { return x[i * m + j]; }, l);
  } else {
    // a = U^H U with U = L^H, where L factors the Hermitian matrix read from a's upper part.
    info = cholesky_factor<T>(m, [&](int64_t i, int64_t j) { return conj_of(x[j * m + i]); }, l);
  }
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j < m; ++j) {
      bool in_factor = lower ? j <= i : j >= i;
      T v = lower ? l[static_cast<size_t>(i * m + j)] : conj_of(l[static_cast<size_t>(j * m + i)]);
      y[i * m + j] = in_factor ? v : keep_other ? x[i * m + j] : from_double<T>(0);
    }
  }
  return info;
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

struct TriangularSolve {
  bool left_side = true, lower = true, unit_diagonal = false;
  int transpose = kNoTranspose;
};

// Solves op(a) x = b (left side) or x op(a) = b in place of x (rows x cols, row-major, holding
// b), reading only a's `lower` or upper triangle; `t` and `tt` are scratch.
template <class T>
void triangular_solve_matrix(const T* a, T* x, int64_t rows, int64_t cols,
                             const TriangularSolve& s, std::vector<T>& t, std::vector<T>& tt) {
  int64_t m = s.left_side ? rows : cols;
  bool t_lower = effective_matrix(a, m, s.lower, s.unit_diagonal, s.transpose, t);
  if (s.left_side) {
    substitute(t, t_lower, m, x, cols, cols, 1);
    return;
  }
  // x t = b  <=>  t^T x^T = b^T: substitute on the rows of b, seen as columns.
  tt.assign(t.size(), from_double<T>(0));
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j < m; ++j)
      tt[static_cast<size_t>(j * m + i)] = t[static_cast<size_t>(i * m + j)];
  }
  substitute(tt, !t_lower, m, x, rows, 1, cols);
}

}  // namespace kiln::interp::linalg
