// Element-wise unary kernels: y = UNARY_OP(x), computed in float. Specialised by -DELEM (the
// element type), -DUNARY_OP (one of the op_* functions below), -DUNROLL (16-byte packs per
// thread), -DSTREAMING (evict-first loads and stores) and -DFAST_MATH.
// Each thread handles UNROLL packs, all loads issued before the first use; a scalar tail
// covers what does not fill a pack.

#include "ops/composite.cuh"

// The names plans pass as -DUNARY_OP, each the op's function in ops/ (in the build FAST_MATH
// picks where it has two).
__device__ __forceinline__ float op_exp(float x) { return shlo::exponential(x); }
__device__ __forceinline__ float op_exp2(float x) { return jnp::exp2(x); }
__device__ __forceinline__ float op_expm1(float x) { return shlo::exponential_minus_one(x); }
__device__ __forceinline__ float op_log(float x) { return shlo::log(x); }
__device__ __forceinline__ float op_log2(float x) { return jnp::log2(x); }
__device__ __forceinline__ float op_log10(float x) { return jnp::log10(x); }
__device__ __forceinline__ float op_log1p(float x) { return shlo::log_plus_one(x); }
__device__ __forceinline__ float op_sqrt(float x) { return shlo::sqrt(x); }
__device__ __forceinline__ float op_rsqrt(float x) { return shlo::rsqrt(x); }
__device__ __forceinline__ float op_cbrt(float x) { return shlo::cbrt(x); }
__device__ __forceinline__ float op_abs(float x) { return shlo::abs(x); }
__device__ __forceinline__ float op_neg(float x) { return shlo::negate(x); }
__device__ __forceinline__ float op_sign(float x) { return shlo::sign(x); }
__device__ __forceinline__ float op_square(float x) { return jnp::square(x); }
__device__ __forceinline__ float op_reciprocal(float x) { return jnp::reciprocal(x); }
__device__ __forceinline__ float op_sin(float x) { return shlo::sine(x); }
__device__ __forceinline__ float op_cos(float x) { return shlo::cosine(x); }
__device__ __forceinline__ float op_tan(float x) { return shlo::tan(x); }
__device__ __forceinline__ float op_asin(float x) { return chlo::asin(x); }
__device__ __forceinline__ float op_acos(float x) { return chlo::acos(x); }
__device__ __forceinline__ float op_atan(float x) { return chlo::atan(x); }
__device__ __forceinline__ float op_sinh(float x) { return chlo::sinh(x); }
__device__ __forceinline__ float op_cosh(float x) { return chlo::cosh(x); }
__device__ __forceinline__ float op_tanh(float x) { return shlo::tanh(x); }
__device__ __forceinline__ float op_asinh(float x) { return chlo::asinh(x); }
__device__ __forceinline__ float op_acosh(float x) { return chlo::acosh(x); }
__device__ __forceinline__ float op_atanh(float x) { return chlo::atanh(x); }
__device__ __forceinline__ float op_sigmoid(float x) { return shlo::logistic(x); }
__device__ __forceinline__ float op_log_sigmoid(float x) { return nn::log_sigmoid(x); }
__device__ __forceinline__ float op_silu(float x) { return nn::silu(x); }
__device__ __forceinline__ float op_gelu_tanh(float x) { return nn::gelu_tanh(x); }
__device__ __forceinline__ float op_gelu_erf(float x) { return nn::gelu_erf(x); }
__device__ __forceinline__ float op_relu(float x) { return nn::relu(x); }
__device__ __forceinline__ float op_relu6(float x) { return nn::relu6(x); }
__device__ __forceinline__ float op_leaky_relu(float x) { return nn::leaky_relu(x); }
__device__ __forceinline__ float op_elu(float x) { return nn::elu(x); }
__device__ __forceinline__ float op_selu(float x) { return nn::selu(x); }
__device__ __forceinline__ float op_softplus(float x) { return nn::softplus(x); }
__device__ __forceinline__ float op_mish(float x) { return nn::mish(x); }
__device__ __forceinline__ float op_hardsigmoid(float x) { return nn::hard_sigmoid(x); }
__device__ __forceinline__ float op_hardswish(float x) { return nn::hard_swish(x); }
__device__ __forceinline__ float op_erf(float x) { return chlo::erf(x); }
__device__ __forceinline__ float op_erfc(float x) { return chlo::erfc(x); }
__device__ __forceinline__ float op_erfinv(float x) { return chlo::erf_inv(x); }
__device__ __forceinline__ float op_floor(float x) { return shlo::floor(x); }
__device__ __forceinline__ float op_ceil(float x) { return shlo::ceil(x); }
__device__ __forceinline__ float op_round(float x) { return shlo::round_nearest_even(x); }
__device__ __forceinline__ float op_trunc(float x) { return jnp::trunc(x); }

typedef ELEM T;

extern "C" __global__ void __launch_bounds__(1024)
unary(const T* __restrict__ x, T* __restrict__ y, i64 n) {
  constexpr int kPack = Pack<T>::kSize;
  const i64 per_block = static_cast<i64>(blockDim.x) * UNROLL * kPack;
  const i64 base = blockIdx.x * per_block + threadIdx.x * kPack;
  const bool vector = is_aligned16(x) && is_aligned16(y);
  if (vector && base + (UNROLL - 1) * blockDim.x * kPack + kPack <= n) {
    Pack<T> in[UNROLL];
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
      in[u] = STREAMING ? load_pack_stream(x + base + u * blockDim.x * kPack)
                        : load_pack(x + base + u * blockDim.x * kPack);
    }
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
      Pack<T> out;
#pragma unroll
      for (int k = 0; k < kPack; ++k) out.v[k] = from_float<T>(UNARY_OP(to_float(in[u].v[k])));
      if (STREAMING) {
        store_pack_stream(y + base + u * blockDim.x * kPack, out);
      } else {
        store_pack(y + base + u * blockDim.x * kPack, out);
      }
    }
    return;
  }
  // The last block (or unaligned pointers): element by element.
  for (int u = 0; u < UNROLL; ++u) {
    for (int k = 0; k < kPack; ++k) {
      i64 i = base + u * blockDim.x * kPack + k;
      if (i < n) y[i] = from_float<T>(UNARY_OP(to_float(x[i])));
    }
  }
}
