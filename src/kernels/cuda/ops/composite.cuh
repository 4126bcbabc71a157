// Functions that StableHLO spells as several element-wise ops, keyed by their jax.numpy
// (jnp::) and jax.nn (nn::) names: the activations that kiln's fusion patterns name, and the
// few jnp functions the library computes in one step. In f32, in the build of ops/elementwise.cuh
// (a template argument, Math unless named) where a function has a fast form.
#pragma once

#include "ops/elementwise.cuh"

namespace jnp {
__device__ __forceinline__ float exp2(float x) { return exp2f(x); }
template <class M = Math>
__device__ __forceinline__ float log2(float x) { return M::log2(x); }
template <class M = Math>
__device__ __forceinline__ float log10(float x) { return M::log10(x); }
__device__ __forceinline__ float square(float x) { return x * x; }
__device__ __forceinline__ float reciprocal(float x) { return 1.f / x; }
__device__ __forceinline__ float trunc(float x) { return truncf(x); }
// log(e^a + e^b) without overflow: max(a, b) + log1p(e^-|a - b|).
template <class M = Math>
__device__ __forceinline__ float logaddexp(float a, float b) {
  return shlo::maximum(a, b) + M::log_plus_one(M::exponential(-fabsf(a - b)));
}
}  // namespace jnp

namespace nn {
// x * logistic(x), as x / (1 + e^-x).
template <class M = Math>
__device__ __forceinline__ float silu(float x) { return M::divide(x, 1.f + M::exponential(-x)); }
template <class M = Math>
__device__ __forceinline__ float log_sigmoid(float x) {
  return fminf(x, 0.f) - M::log_plus_one(M::exponential(-fabsf(x)));
}
template <class M = Math>
__device__ __forceinline__ float softplus(float x) {
  return fmaxf(x, 0.f) + M::log_plus_one(M::exponential(-fabsf(x)));
}
// gelu with approximate=True. 1 + tanh cancels, so tanh is exact in every build.
__device__ __forceinline__ float gelu_tanh(float x) {
  const float k = 0.7978845608028654f;  // sqrt(2/pi)
  return 0.5f * x * (1.f + tanhf(k * (x + 0.044715f * x * x * x)));
}
// gelu with approximate=False.
__device__ __forceinline__ float gelu_erf(float x) {
  return 0.5f * x * (1.f + erff(x * 0.7071067811865476f));
}
__device__ __forceinline__ float relu(float x) { return x > 0.f ? x : (x == x ? 0.f : x); }
__device__ __forceinline__ float relu6(float x) { return fminf(fmaxf(x, 0.f), 6.f); }
// jax.nn.leaky_relu's default slope.
__device__ __forceinline__ float leaky_relu(float x) { return x >= 0.f ? x : 0.01f * x; }
template <class M = Math>
__device__ __forceinline__ float elu(float x) {
  return x > 0.f ? x : M::exponential_minus_one(x);
}
template <class M = Math>
__device__ __forceinline__ float selu(float x) {
  const float alpha = 1.6732632423543772f, scale = 1.0507009873554805f;
  return scale * (x > 0.f ? x : alpha * M::exponential_minus_one(x));
}
template <class M = Math>
__device__ __forceinline__ float mish(float x) {
  // tanh(log(1 + e^x)) = n / (n + 2) with n = e^x (e^x + 2): one exponential, no cancellation.
  if (x > 20.f) return x;  // n / (n + 2) is 1 to f32 precision, and n would overflow later
  float e = M::exponential(x), n = e * (e + 2.f);
  return x * M::divide(n, n + 2.f);
}
__device__ __forceinline__ float hard_sigmoid(float x) {
  return fminf(fmaxf(fmaf(x, 1.f / 6, 0.5f), 0.f), 1.f);  // x / 6 + 1/2, one rounding
}
__device__ __forceinline__ float hard_swish(float x) { return x * hard_sigmoid(x); }
}  // namespace nn
