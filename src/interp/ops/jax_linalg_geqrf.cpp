// JAX's QR factorization custom calls in the interpreter (@lapack_?geqrf_ffi,
// @cusolver_geqrf_ffi): Householder QR as LAPACK's geqr2 orders it.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "interp/ops/jax_linalg.h"
#include "interp/ops/linalg.h"
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

// One m x n row-major matrix in place: for each column j < min(m, n), LAPACK's larfg makes the
// reflector H = I - tau v v^H (v[j] = 1, v below j stored below the diagonal) with
// H^H a[j:, j] = (beta, 0, ...); then H^H is applied to the columns right of j. The norms are
// taken in double; the rest is computed in T, as LAPACK does.
template <class T>
void qr_matrix(T* a, int64_t m, int64_t n, T* taus) {
  auto A = [&](int64_t i, int64_t j) -> T& { return a[i * n + j]; };
  for (int64_t j = 0; j < std::min(m, n); ++j) {
    const std::complex<double> alpha = linalg::widen(A(j, j));
    double xnorm2 = 0;
    for (int64_t i = j + 1; i < m; ++i) xnorm2 += std::norm(linalg::widen(A(i, j)));
    if (xnorm2 == 0 && alpha.imag() == 0) {
      taus[j] = from_double<T>(0);  // H = I
      continue;
    }
    const double beta = -std::copysign(std::sqrt(std::norm(alpha) + xnorm2), alpha.real());
    const T tau = linalg::narrow<T>({(beta - alpha.real()) / beta, -alpha.imag() / beta});
    const T scale = from_double<T>(1) / (A(j, j) - from_double<T>(beta));
    for (int64_t i = j + 1; i < m; ++i) A(i, j) = A(i, j) * scale;
    A(j, j) = from_double<T>(beta);
    taus[j] = tau;
    // a[j:, c] -= conj(tau) v (v^H a[j:, c]) for each column c right of j.
    const T ctau = linalg::conj_of(tau);
    for (int64_t c = j + 1; c < n; ++c) {
      T s = A(j, c);
      for (int64_t i = j + 1; i < m; ++i) s = s + linalg::conj_of(A(i, j)) * A(i, c);
      const T f = ctau * s;
      A(j, c) = A(j, c) - f;
      for (int64_t i = j + 1; i < m; ++i) A(i, c) = A(i, c) - A(i, j) * f;
    }
  }
}

}  // namespace

LinalgResults jax_linalg_geqrf(const ir::Operation& op, std::span<const RuntimeValue> operands) {
  const Tensor& a = operands[0].tensor();
  KILN_TRY(Tensor qr, allocate_result(op, 0));
  KILN_TRY(Tensor taus, allocate_result(op, 1));
  std::memcpy(qr.raw(), a.raw(), a.size_bytes());
  const int64_t m = a.shape()[static_cast<size_t>(a.rank() - 2)], n = a.shape().back();
  const int64_t k = std::min(m, n), batch = m * n == 0 ? 0 : a.num_elements() / (m * n);
  dispatch_dtype(a.element().kind(), [&]<class T>() {
    if constexpr (kIsLapackType<T>) {
      for (int64_t b = 0; b < batch; ++b) qr_matrix(qr.data<T>() + b * m * n, m, n, taus.data<T>() + b * k);
    }
  });
  return std::vector<RuntimeValue>{qr, taus};
}

}  // namespace kiln::interp
