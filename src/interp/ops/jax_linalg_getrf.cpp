// JAX's LU custom calls in the interpreter: @lapack_?getrf_ffi / @cusolver_getrf_ffi (LU with
// partial pivoting, as LAPACK's getf2 orders it) and @cu_lu_pivots_to_permutation.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "interp/ops/jax_linalg.h"
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

// LAPACK's i?amax measure: |x| for reals, |re| + |im| for complex numbers.
template <class T>
double abs1(T v) {
  if constexpr (kIsComplex<T>)
    return std::abs(static_cast<double>(v.real())) + std::abs(static_cast<double>(v.imag()));
  else
    return std::abs(static_cast<double>(v));
}

// P a = L U in place for one m x n row-major matrix: for each column j, the pivot is the first
// row (from j down) of the largest abs1; rows j and the pivot's swap whole; the column below
// the diagonal is divided by the pivot; the trailing matrix loses the outer product. A zero
// pivot swaps and divides nothing. Writes the 1-based pivot rows and returns info.
template <class T>
int32_t lu_matrix(T* a, int64_t m, int64_t n, int32_t* pivots) {
  int32_t info = 0;
  const T zero = from_double<T>(0);
  for (int64_t j = 0; j < std::min(m, n); ++j) {
    int64_t p = j;
    double best = abs1(a[j * n + j]);
    for (int64_t i = j + 1; i < m; ++i) {
      if (double v = abs1(a[i * n + j]); v > best) best = v, p = i;
    }
    pivots[j] = static_cast<int32_t>(p + 1);
    if (a[p * n + j] != zero) {
      if (p != j) std::swap_ranges(a + j * n, a + j * n + n, a + p * n);
      for (int64_t i = j + 1; i < m; ++i) a[i * n + j] = a[i * n + j] / a[j * n + j];
    } else if (info == 0) {
      info = static_cast<int32_t>(j + 1);
    }
    for (int64_t i = j + 1; i < m; ++i) {
      for (int64_t c = j + 1; c < n; ++c) a[i * n + c] = a[i * n + c] - a[i * n + j] * a[j * n + c];
    }
  }
  return info;
}

}  // namespace

LinalgResults jax_linalg_getrf(const ir::Operation& op, std::span<const RuntimeValue> operands) {
  const Tensor& a = operands[0].tensor();
  KILN_TRY(Tensor lu, allocate_result(op, 0));
  KILN_TRY(Tensor pivots, allocate_result(op, 1));
  KILN_TRY(Tensor info, allocate_result(op, 2));
  std::memcpy(lu.raw(), a.raw(), a.size_bytes());
  const int64_t m = a.shape()[static_cast<size_t>(a.rank() - 2)], n = a.shape().back();
  const int64_t k = std::min(m, n);
  dispatch_dtype(a.element().kind(), [&]<class T>() {
    if constexpr (kIsLapackType<T>) {
      for (int64_t b = 0; b < info.num_elements(); ++b) {
        info.data<int32_t>()[b] =
            lu_matrix(lu.data<T>() + b * m * n, m, n, pivots.data<int32_t>() + b * k);
      }
    }
  });
  return std::vector<RuntimeValue>{lu, pivots, info};
}

LinalgResults jax_linalg_lu_pivots_to_permutation(const ir::Operation& op,
                                                  std::span<const RuntimeValue> operands) {
  const Tensor& pivots = operands[0].tensor();
  KILN_TRY(Tensor perm, allocate_result(op));
  const int64_t k = pivots.shape().back(), size = perm.shape().back();
  const int64_t batch = size == 0 ? 0 : perm.num_elements() / size;
  for (int64_t b = 0; b < batch; ++b) {
    int32_t* p = perm.data<int32_t>() + b * size;
    const int32_t* swaps = pivots.data<int32_t>() + b * k;
    for (int64_t i = 0; i < size; ++i) p[i] = static_cast<int32_t>(i);
    // Row i swapped with row swaps[i], in order; a swap out of [0, size) is skipped.
    for (int64_t i = 0; i < k; ++i) {
      if (swaps[i] >= 0 && swaps[i] < size) std::swap(p[i], p[swaps[i]]);
    }
  }
  return std::vector<RuntimeValue>{perm};
}

}  // namespace kiln::interp
