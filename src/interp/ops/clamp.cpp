// stablehlo.clamp: minimum(maximum(operand, min), max) element-wise, per the spec, with
// rank-0 min or max applying to every element; NaN propagates as in maximum/minimum.
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

Expected<std::vector<RuntimeValue>> clamp(Interpreter&, const ir::Operation& op,
                                          std::span<const RuntimeValue> args) {
  const Tensor& lo = args[0].tensor();
  const Tensor& x = args[1].tensor();
  const Tensor& hi = args[2].tensor();
  KILN_TRY(Tensor out, allocate_result(op));
  bool lo_scalar = lo.rank() == 0, hi_scalar = hi.rank() == 0;
  dispatch_dtype(x.element().kind(), [&]<class T>() {
    const T* l = lo.data<T>();
    const T* v = x.data<T>();
    const T* h = hi.data<T>();
    T* dst = out.data<T>();
    parallel_for(x.num_elements(), kParallelGrain, [&](int64_t begin, int64_t end) {
      for (int64_t i = begin; i < end; ++i) {
        T raised = element_extreme(v[i], l[lo_scalar ? 0 : i], true);
        dst[i] = element_extreme(raised, h[hi_scalar ? 0 : i], false);
      }
    });
  });
  return std::vector<RuntimeValue>{std::move(out)};
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.clamp", clamp);

}  // namespace kiln::interp
