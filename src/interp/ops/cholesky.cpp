// stablehlo.cholesky: the Cholesky factor of each matrix of the batch, computed in the
// element type from the `lower` (or upper) triangle; the other triangle is zero, as XLA gives.
#include "interp/ops/linalg.h"
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

template <class T>
void cholesky_batch(const Tensor& a, bool lower, Tensor& out) {
  int64_t m = a.shape().back();
  int64_t batch = m == 0 ? 0 : a.num_elements() / (m * m);
  std::vector<T> l;
  for (int64_t b = 0; b < batch; ++b) {
    linalg::cholesky_matrix<T>(a.data<T>() + b * m * m, m, lower, /*keep_other=*/false,
                               out.data<T>() + b * m * m, l);
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
