// JAX's Hermitian eigendecomposition custom calls in the interpreter (@lapack_?syevd_ffi,
// @lapack_?heevd_ffi, @cusolver_syevd_ffi): cyclic Jacobi in complex<double> (a reference,
// not LAPACK's divide and conquer), eigenvalues ascending.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <numeric>

#include "interp/ops/jax_linalg.h"
#include "interp/ops/linalg.h"
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

using C = std::complex<double>;

// The Jacobi rotation G (in columns p and q of the identity) with (G^H A G)[p][q] = 0, applied
// as A := G^H A G and V := V G. With e = A[p][q] / |A[p][q]|, G = diag(1, conj(e)) J, where J
// is the real rotation (c, s; -s, c) that zeroes the real symmetric 2x2 problem left
// (Rutishauser's smaller angle: t = sign(theta) / (|theta| + sqrt(theta^2 + 1))). For a real
// matrix e is +-1 exactly, so every imaginary part stays zero.
void rotate(std::vector<C>& a, std::vector<C>& v, int64_t n, int64_t p, int64_t q) {
  auto A = [&](int64_t i, int64_t j) -> C& { return a[static_cast<size_t>(i * n + j)]; };
  auto V = [&](int64_t i, int64_t j) -> C& { return v[static_cast<size_t>(i * n + j)]; };
  const double r = std::abs(A(p, q));
  if (r == 0) return;
  const C e = A(p, q) / r;
  const double theta = (A(q, q).real() - A(p, p).real()) / (2 * r);
  const double t = (theta >= 0 ? 1.0 : -1.0) / (std::abs(theta) + std::sqrt(theta * theta + 1));
  const double c = 1 / std::sqrt(t * t + 1), s = t * c;
  const C gpp = c, gpq = s, gqp = -s * std::conj(e), gqq = c * std::conj(e);
  for (int64_t k = 0; k < n; ++k) {  // A := A G, V := V G
    const C akp = A(k, p), akq = A(k, q);
    A(k, p) = akp * gpp + akq * gqp;
    A(k, q) = akp * gpq + akq * gqq;
    const C vkp = V(k, p), vkq = V(k, q);
    V(k, p) = vkp * gpp + vkq * gqp;
    V(k, q) = vkp * gpq + vkq * gqq;
  }
  for (int64_t k = 0; k < n; ++k) {  // A := G^H A
    const C apk = A(p, k), aqk = A(q, k);
    A(p, k) = std::conj(gpp) * apk + std::conj(gqp) * aqk;
    A(q, k) = std::conj(gpq) * apk + std::conj(gqq) * aqk;
  }
  A(p, q) = A(q, p) = 0;
  A(p, p) = A(p, p).real();
  A(q, q) = A(q, q).real();
}

// The Hermitian n x n matrix read from x's `lower` (or upper) triangle and its real diagonal:
// eigenvalues w ascending (ties in their Jacobi order, NaN last), eigenvectors as the columns of y.
// Sweeps until the off-diagonal Frobenius norm is at most DBL_EPSILON times the matrix's
// (eigenvalues then within about n * DBL_EPSILON * ||A|| of exact). Returns 0, or 1 when 64
// sweeps do not get there (NaN or infinite elements), LAPACK's info for a failed iteration.
template <class T, class R>
int32_t eigh_matrix(const T* x, int64_t n, bool lower, T* y, R* w) {
  std::vector<C> a(static_cast<size_t>(n * n)), v(static_cast<size_t>(n * n), 0.0);
  auto A = [&](int64_t i, int64_t j) -> C& { return a[static_cast<size_t>(i * n + j)]; };
  double norm2 = 0;
  for (int64_t i = 0; i < n; ++i) {
    v[static_cast<size_t>(i * n + i)] = 1;
    for (int64_t j = 0; j < n; ++j) {
      const bool stored = lower ? i >= j : i <= j;
      A(i, j) = i == j ? C(linalg::widen(x[i * n + i]).real()) :
                stored ? linalg::widen(x[i * n + j]) : std::conj(linalg::widen(x[j * n + i]));
      norm2 += std::norm(A(i, j));
    }
  }
  int32_t info = 1;
  for (int sweep = 0; sweep < 64; ++sweep) {
    double off2 = 0;
    for (int64_t i = 0; i < n; ++i) {
      for (int64_t j = 0; j < n; ++j) off2 += i == j ? 0 : std::norm(A(i, j));
    }
    if (off2 <= DBL_EPSILON * DBL_EPSILON * norm2) {
      info = 0;
      break;
    }
    for (int64_t p = 0; p < n; ++p) {
      for (int64_t q = p + 1; q < n; ++q) rotate(a, v, n, p, q);
    }
  }
  std::vector<int64_t> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  // NaN last, so that the order is a strict weak one whatever the values (the CUDA kernel
  // places the columns by the same order: src/backend/cuda/lower_jax_linalg_syevd.cpp).
  std::stable_sort(order.begin(), order.end(), [&](int64_t i, int64_t j) {
    const double x = A(i, i).real(), y = A(j, j).real();
    return x < y || (std::isnan(y) && !std::isnan(x));
  });
  for (int64_t c = 0; c < n; ++c) {
    const int64_t from = order[static_cast<size_t>(c)];
    w[c] = static_cast<R>(A(from, from).real());
    for (int64_t i = 0; i < n; ++i) y[i * n + c] = linalg::narrow<T>(v[static_cast<size_t>(i * n + from)]);
  }
  return info;
}

template <class T>
struct RealPart {
  using type = T;
};
template <class T>
struct RealPart<std::complex<T>> {
  using type = T;
};

}  // namespace

LinalgResults jax_linalg_syevd(const ir::Operation& op, const ir::JaxLinalgCall& call,
                               std::span<const RuntimeValue> operands) {
  const Tensor& a = operands[0].tensor();
  KILN_TRY(Tensor vectors, allocate_result(op, 0));
  KILN_TRY(Tensor values, allocate_result(op, 1));
  KILN_TRY(Tensor info, allocate_result(op, 2));
  const int64_t n = a.shape().back();
  dispatch_dtype(a.element().kind(), [&]<class T>() {
    if constexpr (kIsLapackType<T>) {
      using R = typename RealPart<T>::type;
      for (int64_t b = 0; b < info.num_elements(); ++b) {
        info.data<int32_t>()[b] = eigh_matrix(a.data<T>() + b * n * n, n, call.lower,
                                              vectors.data<T>() + b * n * n, values.data<R>() + b * n);
      }
    }
  });
  return std::vector<RuntimeValue>{vectors, values, info};
}

}  // namespace kiln::interp
