// JAX's custom calls forming Q from Householder reflectors in the interpreter
// (@lapack_?orgqr_ffi, @lapack_?ungqr_ffi, @cusolver_orgqr_ffi), as LAPACK's org2r / ung2r.
#include <algorithm>

#include "interp/ops/jax_linalg.h"
#include "interp/ops/linalg.h"
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

// q (m x n, row-major) = the first n columns of H_0 H_1 ... H_{k-1}, H_j = I - tau_j v_j v_j^H
// with v_j[j] = 1 and v_j below j read from a's column j (geqrf's output): q starts as the
// identity's first n columns and takes H_j from the left for j = k-1 down to 0. Each H_j
// touches rows j.. and (as q's columns left of j are still unit vectors there) columns j..
template <class T>
void q_matrix(const T* a, const T* taus, int64_t m, int64_t n, int64_t k, T* q) {
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t c = 0; c < n; ++c) q[i * n + c] = from_double<T>(i == c ? 1 : 0);
  }
  for (int64_t j = k - 1; j >= 0; --j) {
    const T tau = taus[j];
    for (int64_t c = j; c < n; ++c) {
      T s = q[j * n + c];
      for (int64_t i = j + 1; i < m; ++i) s = s + linalg::conj_of(a[i * n + j]) * q[i * n + c];
      const T f = tau * s;
      q[j * n + c] = q[j * n + c] - f;
      for (int64_t i = j + 1; i < m; ++i) q[i * n + c] = q[i * n + c] - a[i * n + j] * f;
    }
  }
}

}  // namespace

LinalgResults jax_linalg_orgqr(const ir::Operation& op, std::span<const RuntimeValue> operands) {
  const Tensor& a = operands[0].tensor();
  const Tensor& taus = operands[1].tensor();
  KILN_TRY(Tensor q, allocate_result(op, 0));
  const int64_t m = a.shape()[static_cast<size_t>(a.rank() - 2)], n = a.shape().back();
  const int64_t k = taus.shape().back(), batch = m * n == 0 ? 0 : a.num_elements() / (m * n);
  dispatch_dtype(a.element().kind(), [&]<class T>() {
    if constexpr (kIsLapackType<T>) {
      for (int64_t b = 0; b < batch; ++b) {
        q_matrix(a.data<T>() + b * m * n, taus.data<T>() + b * k, m, n, k, q.data<T>() + b * m * n);
      }
    }
  });
  return std::vector<RuntimeValue>{q};
}

}  // namespace kiln::interp
