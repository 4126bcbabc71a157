// Element-wise unary kernels: y = UNARY_OP(x), computed in float. Specialised by -DELEM (the
// element type), -DUNARY_OP (one of the op_* functions below), -DUNROLL (16-byte packs per
// thread), -DSTREAMING (evict-first loads and stores) and -DFAST_MATH.
// Each thread handles UNROLL packs, all loads issued before the first use; a scalar tail
// covers what does not fill a pack.

#include "fast_math.cuh"

__device__ __forceinline__ float op_exp(float x) { return fexp(x); }
__device__ __forceinline__ float op_exp2(float x) { return exp2f(x); }
__device__ __forceinline__ float op_expm1(float x) { return fexpm1(x); }
__device__ __forceinline__ float op_log(float x) { return flog(x); }
__device__ __forceinline__ float op_log2(float x) { return flog2(x); }
__device__ __forceinline__ float op_log10(float x) { return flog10(x); }
__device__ __forceinline__ float op_log1p(float x) { return flog1p(x); }
__device__ __forceinline__ float op_sqrt(float x) { return sqrtf(x); }
__device__ __forceinline__ float op_rsqrt(float x) { return rsqrtf(x); }
__device__ __forceinline__ float op_cbrt(float x) { return cbrtf(x); }
__device__ __forceinline__ float op_abs(float x) { return fabsf(x); }
__device__ __forceinline__ float op_neg(float x) { return -x; }
__device__ __forceinline__ float op_sign(float x) {
  return x > 0.f ? 1.f : (x < 0.f ? -1.f : x);  // keeps -0, +0 and NaN
}
__device__ __forceinline__ float op_square(float x) { return x * x; }
__device__ __forceinline__ float op_reciprocal(float x) { return 1.f / x; }
__device__ __forceinline__ float op_sin(float x) { return fsin(x); }
__device__ __forceinline__ float op_cos(float x) { return fcos(x); }
__device__ __forceinline__ float op_tan(float x) { return ftan(x); }
__device__ __forceinline__ float op_asin(float x) { return asinf(x); }
__device__ __forceinline__ float op_acos(float x) { return acosf(x); }
__device__ __forceinline__ float op_atan(float x) { return atanf(x); }
__device__ __forceinline__ float op_sinh(float x) { return sinhf(x); }
__device__ __forceinline__ float op_cosh(float x) { return coshf(x); }
__device__ __forceinline__ float op_tanh(float x) { return ftanh(x); }
__device__ __forceinline__ float op_asinh(float x) { return fasinh(x); }
__device__ __forceinline__ float op_acosh(float x) { return facosh(x); }
__device__ __forceinline__ float op_atanh(float x) { return fatanh(x); }
__device__ __forceinline__ float op_sigmoid(float x) { return fdiv(1.f, 1.f + fexp(-x)); }
__device__ __forceinline__ float op_log_sigmoid(float x) {
  return fminf(x, 0.f) - flog1p(fexp(-fabsf(x)));
}
__device__ __forceinline__ float op_silu(float x) { return fdiv(x, 1.f + fexp(-x)); }
__device__ __forceinline__ float op_gelu_tanh(float x) {
  const float k = 0.7978845608028654f;  // sqrt(2/pi)
  return 0.5f * x * (1.f + tanhf(k * (x + 0.044715f * x * x * x)));  // 1 + tanh cancels
}
__device__ __forceinline__ float op_gelu_erf(float x) {
  return 0.5f * x * (1.f + erff(x * 0.7071067811865476f));
}
__device__ __forceinline__ float op_relu(float x) { return x > 0.f ? x : (x == x ? 0.f : x); }
__device__ __forceinline__ float op_relu6(float x) { return fminf(fmaxf(x, 0.f), 6.f); }
__device__ __forceinline__ float op_leaky_relu(float x) { return x >= 0.f ? x : 0.01f * x; }
__device__ __forceinline__ float op_elu(float x) { return x > 0.f ? x : fexpm1(x); }
__device__ __forceinline__ float op_selu(float x) {
  const float alpha = 1.6732632423543772f, scale = 1.0507009873554805f;
  return scale * (x > 0.f ? x : alpha * fexpm1(x));
}
__device__ __forceinline__ float op_softplus(float x) {
  return fmaxf(x, 0.f) + flog1p(fexp(-fabsf(x)));
}
__device__ __forceinline__ float op_mish(float x) {
  // tanh(log(1 + e^x)) = n / (n + 2) with n = e^x (e^x + 2): one exponential, no cancellation.
  if (x > 20.f) return x;  // n / (n + 2) is 1 to f32 precision, and n would overflow later
  float e = fexp(x), n = e * (e + 2.f);
  return x * fdiv(n, n + 2.f);
}
__device__ __forceinline__ float op_hardsigmoid(float x) {
  return fminf(fmaxf(fmaf(x, 1.f / 6, 0.5f), 0.f), 1.f);  // x / 6 + 1/2, one rounding
}
__device__ __forceinline__ float op_hardswish(float x) { return x * op_hardsigmoid(x); }
__device__ __forceinline__ float op_erf(float x) { return erff(x); }
__device__ __forceinline__ float op_erfc(float x) { return ferfc(x); }
__device__ __forceinline__ float op_erfinv(float x) { return erfinvf(x); }
__device__ __forceinline__ float op_floor(float x) { return floorf(x); }
__device__ __forceinline__ float op_ceil(float x) { return ceilf(x); }
__device__ __forceinline__ float op_round(float x) { return rintf(x); }  // half to even
__device__ __forceinline__ float op_trunc(float x) { return truncf(x); }

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
