// Float functions for kernels that compute in f32 on 16-bit data, in two builds chosen by
// -DFAST_MATH (0 when undefined): exact (the CUDA math library) or fast (the special-function
// unit), each function named f<name>. Included by the element-wise kernels.
#pragma once

#ifndef FAST_MATH
#define FAST_MATH 0
#endif

// With FAST_MATH=1 (for 16-bit types only: plans never set it for f32) the exponential,
// logarithm, tanh, sine and cosine use the special-function unit, with the care that keeps
// every result within a few f32 ulps of relative error where the exact function is: 16-bit
// inputs sit at least 2^-11 from 1, so log needs no help there; e^x - 1 and log(1 + x) switch
// to a short series near 0, where the unit's absolute error would swamp a small result; sine
// and cosine reduce the argument to |r| <= pi/4 first (the unit is accurate there) and take
// a series for small r. Rounding to 16 bits then hides what error is left.
#if FAST_MATH
__device__ __forceinline__ float fexp(float x) { return __expf(x); }
__device__ __forceinline__ float flog(float x) { return __logf(x); }
__device__ __forceinline__ float ftanh(float x) {
  float y;
  asm("tanh.approx.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}
// Below 1/32 the series' first omitted term is under 2^-28 of the result.
__device__ __forceinline__ float fexpm1(float x) {
  if (fabsf(x) < 0.03125f) {
    return x * fmaf(x, fmaf(x, fmaf(x, fmaf(x, 1.f / 120, 1.f / 24), 1.f / 6), 0.5f), 1.f);
  }
  return __expf(x) - 1.f;
}
__device__ __forceinline__ float flog1p(float x) {
  if (fabsf(x) < 0.03125f) {
    return x * fmaf(x, fmaf(x, fmaf(x, fmaf(x, 0.2f, -0.25f), 1.f / 3), -0.5f), 1.f);
  }
  return __logf(1.f + x);
}
// sin and cos of r, |r| <= pi/4.
__device__ __forceinline__ float sin_reduced(float r) {
  if (fabsf(r) < 0.0625f) {
    float r2 = r * r;
    return r * fmaf(r2, fmaf(r2, 1.f / 120, -1.f / 6), 1.f);
  }
  return __sinf(r);
}
__device__ __forceinline__ float cos_reduced(float r) { return __cosf(r); }
// x = q pi/2 + r, |r| <= pi/4, with pi/2 in two parts (Cody-Waite): the error in r stays near
// one f32 ulp of r's magnitude for |x| < 2^16. Larger arguments take the exact functions.
__device__ __forceinline__ float reduce_half_pi(float x, int& q) {
  float k = rintf(x * 0.636619772f);
  q = static_cast<int>(k);
  float r = fmaf(-k, 1.57079637f, x);
  return fmaf(-k, -4.37113883e-8f, r);
}
__device__ __forceinline__ float fsin(float x) {
  if (!(fabsf(x) < 65536.f)) return sinf(x);
  int q;
  float r = reduce_half_pi(x, q);
  float v = (q & 1) ? cos_reduced(r) : sin_reduced(r);
  return (q & 2) ? -v : v;
}
__device__ __forceinline__ float fcos(float x) {
  if (!(fabsf(x) < 65536.f)) return cosf(x);
  int q;
  float r = reduce_half_pi(x, q);
  float v = (q & 1) ? sin_reduced(r) : cos_reduced(r);
  return ((q + 1) & 2) ? -v : v;
}
__device__ __forceinline__ float ftan(float x) {
  if (!(fabsf(x) < 65536.f)) return tanf(x);
  int q;
  float r = reduce_half_pi(x, q);
  float s = sin_reduced(r), c = cos_reduced(r);
  return (q & 1) ? -__fdividef(c, s) : __fdividef(s, c);
}
__device__ __forceinline__ float fdiv(float a, float b) { return __fdividef(a, b); }
// a^b as 2^(b log2 a) on the unit where a is positive and finite and |b| <= 256: the unit's
// 2^-22 absolute error in log2 a grows by |b|, to at most 2^-14 relative in the result. The
// exact powf keeps the special cases (negative bases, zeros, infinities, NaN, large b).
__device__ __forceinline__ float fpow(float a, float b) {
  if (!(a > 0.f && a < __int_as_float(0x7f800000) && fabsf(b) <= 256.f)) return powf(a, b);
  float y;
  asm("ex2.approx.f32 %0, %1;" : "=f"(y) : "f"(b * __log2f(a)));
  return y;
}
__device__ __forceinline__ float flog2(float x) { return __log2f(x); }
__device__ __forceinline__ float flog10(float x) { return __log10f(x); }
// The inverse hyperbolic functions through the unit's log, each written so that nothing
// cancels: a series near 0 for asinh, log1p for atanh, x^2 - 1 by one fma for acosh.
__device__ __forceinline__ float fasinh(float x) {
  float a = fabsf(x), y;
  if (a < 0.03125f) {
    float a2 = a * a;
    y = a * fmaf(a2, fmaf(a2, 0.075f, -1.f / 6), 1.f);
  } else if (a < 1e18f) {
    float s = fmaf(a, a, 1.f);
    y = __logf(a + s * rsqrtf(s));
  } else {
    y = __logf(a) + 0.693147181f;  // a^2 would overflow: log(2a)
  }
  return copysignf(y, x);
}
__device__ __forceinline__ float facosh(float x) {
  if (x >= 1e18f) return __logf(x) + 0.693147181f;
  float s = fmaf(x, x, -1.f);  // NaN below 1 through rsqrtf, 0 at 1
  return __logf(x + (s > 0.f ? s * rsqrtf(s) : sqrtf(s)));
}
__device__ __forceinline__ float fatanh(float x) {
  return 0.5f * flog1p(__fdividef(2.f * x, 1.f - x));
}
// erfc(|x|) = t P(t) e^(-x^2) with t = 1 / (1 + |x| / 2) and P of degree 8, fitted for a
// relative error under 3e-7 over [0, inf) (scripts/fit_erfc.py); erfc(x) = 2 - erfc(-x).
__device__ __forceinline__ float ferfc(float x) {
  const float a = fabsf(x);
  const float t = __fdividef(1.f, fmaf(0.5f, a, 1.f));
  float p = -0.060318016f;
  p = fmaf(p, t, 0.29055378f);
  p = fmaf(p, t, -0.49923792f);
  p = fmaf(p, t, 0.29132411f);
  p = fmaf(p, t, -0.03531722f);
  p = fmaf(p, t, 0.20614344f);
  p = fmaf(p, t, 0.24229334f);
  p = fmaf(p, t, 0.28247732f);
  p = fmaf(p, t, 0.28208116f);
  const float r = t * p * __expf(-a * a);
  return x < 0.f ? 2.f - r : r;
}
#else
__device__ __forceinline__ float fexp(float x) { return expf(x); }
__device__ __forceinline__ float flog(float x) { return logf(x); }
__device__ __forceinline__ float ftanh(float x) { return tanhf(x); }
__device__ __forceinline__ float fexpm1(float x) { return expm1f(x); }
__device__ __forceinline__ float flog1p(float x) { return log1pf(x); }
__device__ __forceinline__ float fsin(float x) { return sinf(x); }
__device__ __forceinline__ float fcos(float x) { return cosf(x); }
__device__ __forceinline__ float ftan(float x) { return tanf(x); }
__device__ __forceinline__ float fdiv(float a, float b) { return a / b; }
__device__ __forceinline__ float fpow(float a, float b) { return powf(a, b); }
__device__ __forceinline__ float flog2(float x) { return log2f(x); }
__device__ __forceinline__ float flog10(float x) { return log10f(x); }
__device__ __forceinline__ float fasinh(float x) { return asinhf(x); }
__device__ __forceinline__ float facosh(float x) { return acoshf(x); }
__device__ __forceinline__ float fatanh(float x) { return atanhf(x); }
__device__ __forceinline__ float ferfc(float x) { return erfcf(x); }
#endif
