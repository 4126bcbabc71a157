// What the CUB baselines share: the CUDA type of each floating dtype with a run-time to
// compile-time dispatch, the f32 combiners that make CUB accumulate in f32 whatever it reads
// (as the specs do), and a factory that prepares one templated Baseline.
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <climits>
#include <cmath>
#include <memory>
#include <string>

#include "vendor_baselines.h"

namespace kiln::baselines {

template <class T>
struct TypeTag {
  using type = T;
};

// Calls f(TypeTag<T>{}) with T the CUDA type of a floating dtype (float, __half,
// __nv_bfloat16); the table entries admit no other dtype.
template <class F>
auto dispatch_float(int dtype, F&& f) {
  switch (dtype) {
    case KILN_BASELINE_F16:
      return f(TypeTag<__half>{});
    case KILN_BASELINE_BF16:
      return f(TypeTag<__nv_bfloat16>{});
    default:
      return f(TypeTag<float>{});
  }
}

// Combiners over f32. Given 16-bit inputs, CUB converts each element to the combiner's f32
// parameters, so the accumulator (the combiner's result type) is f32 and only the final store
// rounds to the output type.
struct SumOp {
  __host__ __device__ float operator()(float a, float b) const { return a + b; }
  static float init() { return 0.0f; }
};
struct ProdOp {
  __host__ __device__ float operator()(float a, float b) const { return a * b; }
  static float init() { return 1.0f; }
};
struct MaxOp {
  __host__ __device__ float operator()(float a, float b) const { return a < b ? b : a; }
  static float init() { return -INFINITY; }
};
struct MinOp {
  __host__ __device__ float operator()(float a, float b) const { return b < a ? b : a; }
  static float init() { return INFINITY; }
};

template <class T>
const T* input(const KilnBaselineCall& call, int i) {
  return static_cast<const T*>(call.inputs[i].data);
}
template <class T>
T* output(const KilnBaselineCall& call, int i) {
  return static_cast<T*>(call.outputs[i].data);
}

// CUB's item counts and segment offsets here are int, as CUB's own examples use them.
inline Status check_int_size(int64_t n, const char* what) {
  if (n <= INT_MAX) return {};
  return Status::error(std::string("cub: ") + what + ": " + std::to_string(n) +
                       " elements do not fit CUB's int item count");
}

// A Prepare that builds Impl<T, Extra...> for the call's dtype and runs its
// `Status prepare(const KilnBaselineCall&)`.
template <template <class...> class Impl, class... Extra>
Prepare prepare_with() {
  return [](const KilnBaselineCall& call, std::unique_ptr<Baseline>& out) -> Status {
    return dispatch_float(call.dtype, [&](auto tag) -> Status {
      using T = typename decltype(tag)::type;
      auto baseline = std::make_unique<Impl<T, Extra...>>();
      Status s = baseline->prepare(call);
      if (s.ok()) out = std::move(baseline);
      return s;
    });
  };
}

}  // namespace kiln::baselines
