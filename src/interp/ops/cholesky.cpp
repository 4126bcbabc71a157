// stablehlo.cholesky: the Cholesky factor of each matrix of the batch, computed in the
// element type from the `lower` (or upper) triangle; the other triangle is zero, as XLA gives.
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

template <class T>
T conj_of(T v) {
  if constexpr (kIsComplex<T>)
    return std::conj(v);
  else
    return v;
}

// L with a = L L^H from a's lower triangle, by the Cholesky–Banachiewicz order; `at(i, j)`
// reads a[i][j] for i >= j. Not positive definite: NaNs, as the spec leaves it undefined.
template <class T, class At>
void factor(int64_t m, At at, std::vector<T>& l) {
  l.assign(static_cast<size_t>(m * m), from_double<T>(0));
  auto L = [&](int64_t i, int64_t j) -> T& { return l[static_cast<size_t>(i * m + j)]; };
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j <= i; ++j) {
      T acc = at(i, j);
      for (int64_t k = 0; k < j; ++k) acc = acc - L(i, k) * conj_of(L(j, k));
      L(i, j) = i == j ? sqrt_of(acc) : acc / L(j, j);
    }
  }
}

template <class T>
void cholesky_batch(const Tensor& a, bool lower, Tensor& out) {
  int64_t m = a.shape().back();
  int64_t batch = m == 0 ? 0 : a.num_elements() / (m * m);
  std::vector<T> l;
  for (int64_t b = 0; b < batch; ++b) {
    const T* x = a.data<T>() + b * m * m;
    T* y = out.data<T>() + b * m * m;
    if (lower) {
      factor<T>(
          m, [&](int64_t i, int64_t j) { return x[i * m + j]; }, l);
      std::copy(l.begin(), l.end(), y);
    } else {
      // a = U^H U with U = L^H, where L factors the Hermitian matrix read from a's upper part.
      factor<T>(
          m, [&](int64_t i, int64_t j) { return conj_of(x[j * m + i]); }, l);
      for (int64_t i = 0; i < m; ++i) {
        for (int64_t j = 0; j < m; ++j) y[i * m + j] = conj_of(l[static_cast<size_t>(j * m + i)]);
      }
    }
  }
}

Expected<std::vector<RuntimeValue>> cholesky(Interpreter&, const ir::Operation& op,
                                             std::span<const RuntimeValue> operands) {
  const Tensor& a = operands[0].tensor();
  KILN_TRY(Tensor out, allocate_result(op));
  const auto* lower = op.attr_as<ir::BoolAttr>("lower");
  dispatch_dtype(a.element().kind(), [&]<class T>() {
    if constexpr (kIsFloat<T> || kIsComplex<T>) cholesky_batch<T>(a, lower && lower->value, out);
  });
  return std::vector<RuntimeValue>{out};
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.cholesky", cholesky);

}  // namespace kiln::interp
