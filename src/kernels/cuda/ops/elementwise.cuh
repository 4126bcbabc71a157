// The scalar functions of the element-wise ops, keyed by their StableHLO (shlo::) and CHLO
// (chlo::) names, in f32 and in two builds: ExactMath (the CUDA math library) and FastMath (the
// special-function unit); Math is the one -DFAST_MATH picks (0, exact, when undefined).
// Library kernels and generated code both call these, so that they compute alike.
#pragma once

#ifndef FAST_MATH
#define FAST_MATH 0
#endif

// The functions that have a fast build, each named for its op. A caller that must stay exact
// whatever FAST_MATH says (a definition's order of operations) names ExactMath itself.
struct ExactMath {
  static __device__ __forceinline__ float exponential(float x) { return expf(x); }
  static __device__ __forceinline__ float exponential_minus_one(float x) { return expm1f(x); }
  static __device__ __forceinline__ float log(float x) { return logf(x); }
  static __device__ __forceinline__ float log_plus_one(float x) { return log1pf(x); }
  static __device__ __forceinline__ float log2(float x) { return log2f(x); }
  static __device__ __forceinline__ float log10(float x) { return log10f(x); }
  static __device__ __forceinline__ float tanh(float x) { return tanhf(x); }
  static __device__ __forceinline__ float sine(float x) { return sinf(x); }
  static __device__ __forceinline__ float cosine(float x) { return cosf(x); }
  static __device__ __forceinline__ float tan(float x) { return tanf(x); }
  static __device__ __forceinline__ float divide(float a, float b) { return a / b; }
  static __device__ __forceinline__ float power(float a, float b) { return powf(a, b); }
  static __device__ __forceinline__ float asinh(float x) { return asinhf(x); }
  static __device__ __forceinline__ float acosh(float x) { return acoshf(x); }
  static __device__ __forceinline__ float atanh(float x) { return atanhf(x); }
  static __device__ __forceinline__ float erfc(float x) { return erfcf(x); }
};

// For 16-bit types only (plans never set FAST_MATH for f32): the exponential, logarithm, tanh,
// sine and cosine through the special-function unit, with the care that keeps every result
// within a few f32 ulps of relative error where the exact function is: 16-bit inputs sit at
// least 2^-11 from 1, so log needs no help there; e^x - 1 and log(1 + x) switch to a short
// series near 0, where the unit's absolute error would swamp a small result; sine and cosine
// reduce the argument to |r| <= pi/4 first (the unit is accurate there) and take a series for
// small r. Rounding to 16 bits then hides what error is left.
struct FastMath {
  static __device__ __forceinline__ float exponential(float x) { return __expf(x); }
  static __device__ __forceinline__ float log(float x) { return __logf(x); }
  static __device__ __forceinline__ float log2(float x) { return __log2f(x); }
  static __device__ __forceinline__ float log10(float x) { return __log10f(x); }
  static __device__ __forceinline__ float tanh(float x) {
    float y;
    asm("tanh.approx.f32 %0, %1;" : "=f"(y) : "f"(x));
    return y;
  }
  // Below 1/32 the series' first omitted term is under 2^-28 of the result.
  static __device__ __forceinline__ float exponential_minus_one(float x) {
    if (fabsf(x) < 0.03125f) {
      return x * fmaf(x, fmaf(x, fmaf(x, fmaf(x, 1.f / 120, 1.f / 24), 1.f / 6), 0.5f), 1.f);
    }
    return __expf(x) - 1.f;
  }
  static __device__ __forceinline__ float log_plus_one(float x) {
    if (fabsf(x) < 0.03125f) {
      return x * fmaf(x, fmaf(x, fmaf(x, fmaf(x, 0.2f, -0.25f), 1.f / 3), -0.5f), 1.f);
    }
    return __logf(1.f + x);
  }
  // sin and cos of r, |r| <= pi/4.
  static __device__ __forceinline__ float sin_reduced(float r) {
    if (fabsf(r) < 0.0625f) {
      float r2 = r * r;
      return r * fmaf(r2, fmaf(r2, 1.f / 120, -1.f / 6), 1.f);
    }
    return __sinf(r);
  }
  static __device__ __forceinline__ float cos_reduced(float r) { return __cosf(r); }
  // x = q pi/2 + r, |r| <= pi/4, with pi/2 in two parts (Cody-Waite): the error in r stays
  // near one f32 ulp of r's magnitude for |x| < 2^16. Larger arguments take the exact
  // functions.
  static __device__ __forceinline__ float reduce_half_pi(float x, int& q) {
    float k = rintf(x * 0.636619772f);
    q = static_cast<int>(k);
    float r = fmaf(-k, 1.57079637f, x);
    return fmaf(-k, -4.37113883e-8f, r);
  }
  static __device__ __forceinline__ float sine(float x) {
    if (!(fabsf(x) < 65536.f)) return sinf(x);
    int q;
    float r = reduce_half_pi(x, q);
    float v = (q & 1) ? cos_reduced(r) : sin_reduced(r);
    return (q & 2) ? -v : v;
  }
  static __device__ __forceinline__ float cosine(float x) {
    if (!(fabsf(x) < 65536.f)) return cosf(x);
    int q;
    float r = reduce_half_pi(x, q);
    float v = (q & 1) ? sin_reduced(r) : cos_reduced(r);
    return ((q + 1) & 2) ? -v : v;
  }
  static __device__ __forceinline__ float tan(float x) {
    if (!(fabsf(x) < 65536.f)) return tanf(x);
    int q;
    float r = reduce_half_pi(x, q);
    float s = sin_reduced(r), c = cos_reduced(r);
    return (q & 1) ? -__fdividef(c, s) : __fdividef(s, c);
  }
  static __device__ __forceinline__ float divide(float a, float b) { return __fdividef(a, b); }
  // a^b as 2^(b log2 a) on the unit where a is positive and finite and |b| <= 256: the unit's
  // 2^-22 absolute error in log2 a grows by |b|, to at most 2^-14 relative in the result. The
  // exact powf keeps the special cases (negative bases, zeros, infinities, NaN, large b).
  static __device__ __forceinline__ float power(float a, float b) {
    if (!(a > 0.f && a < __int_as_float(0x7f800000) && fabsf(b) <= 256.f)) return powf(a, b);
    float y;
    asm("ex2.approx.f32 %0, %1;" : "=f"(y) : "f"(b * __log2f(a)));
    return y;
  }
  // The inverse hyperbolic functions through the unit's log, each written so that nothing
  // cancels: a series near 0 for asinh, log1p for atanh, x^2 - 1 by one fma for acosh.
  static __device__ __forceinline__ float asinh(float x) {
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
  static __device__ __forceinline__ float acosh(float x) {
    if (x >= 1e18f) return __logf(x) + 0.693147181f;
    float s = fmaf(x, x, -1.f);  // NaN below 1 through rsqrtf, 0 at 1
    return __logf(x + (s > 0.f ? s * rsqrtf(s) : sqrtf(s)));
  }
  static __device__ __forceinline__ float atanh(float x) {
    return 0.5f * log_plus_one(__fdividef(2.f * x, 1.f - x));
  }
  // erfc(|x|) = t P(t) e^(-x^2) with t = 1 / (1 + |x| / 2) and P of degree 8, fitted for a
  // relative error under 3e-7 over [0, inf) (scripts/fit_erfc.py); erfc(x) = 2 - erfc(-x).
  static __device__ __forceinline__ float erfc(float x) {
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
};

#if FAST_MATH
typedef FastMath Math;
#else
typedef ExactMath Math;
#endif

// StableHLO's element-wise ops (the spec's names). Those with a fast build take the build as
// a template argument, Math unless named.
namespace shlo {
__device__ __forceinline__ float abs(float x) { return fabsf(x); }
__device__ __forceinline__ float negate(float x) { return -x; }
__device__ __forceinline__ float sign(float x) {
  return x > 0.f ? 1.f : (x < 0.f ? -1.f : x);  // keeps -0, +0 and NaN
}
__device__ __forceinline__ float sqrt(float x) { return sqrtf(x); }
__device__ __forceinline__ float rsqrt(float x) { return rsqrtf(x); }
__device__ __forceinline__ float cbrt(float x) { return cbrtf(x); }
__device__ __forceinline__ float floor(float x) { return floorf(x); }
__device__ __forceinline__ float ceil(float x) { return ceilf(x); }
__device__ __forceinline__ float round_nearest_even(float x) { return rintf(x); }
__device__ __forceinline__ float round_nearest_afz(float x) { return roundf(x); }
template <class M = Math>
__device__ __forceinline__ float exponential(float x) { return M::exponential(x); }
template <class M = Math>
__device__ __forceinline__ float exponential_minus_one(float x) {
  return M::exponential_minus_one(x);
}
template <class M = Math>
__device__ __forceinline__ float log(float x) { return M::log(x); }
template <class M = Math>
__device__ __forceinline__ float log_plus_one(float x) { return M::log_plus_one(x); }
template <class M = Math>
__device__ __forceinline__ float logistic(float x) {
  return M::divide(1.f, 1.f + M::exponential(-x));
}
template <class M = Math>
__device__ __forceinline__ float tanh(float x) { return M::tanh(x); }
template <class M = Math>
__device__ __forceinline__ float sine(float x) { return M::sine(x); }
template <class M = Math>
__device__ __forceinline__ float cosine(float x) { return M::cosine(x); }
template <class M = Math>
__device__ __forceinline__ float tan(float x) { return M::tan(x); }

__device__ __forceinline__ float add(float a, float b) { return a + b; }
__device__ __forceinline__ float subtract(float a, float b) { return a - b; }
__device__ __forceinline__ float multiply(float a, float b) { return a * b; }
template <class M = Math>
__device__ __forceinline__ float divide(float a, float b) { return M::divide(a, b); }
// IEEE-754 maximum and minimum, as the spec's: NaN wins, -0 < +0 (PTX .NaN, sm_80+).
__device__ __forceinline__ float maximum(float a, float b) {
  float r;
  asm("max.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
  return r;
}
__device__ __forceinline__ float minimum(float a, float b) {
  float r;
  asm("min.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
  return r;
}
template <class M = Math>
__device__ __forceinline__ float power(float a, float b) { return M::power(a, b); }
__device__ __forceinline__ float atan2(float a, float b) { return atan2f(a, b); }
// The sign of the dividend (C fmod); exact.
__device__ __forceinline__ float remainder(float a, float b) { return fmodf(a, b); }
}  // namespace shlo

// CHLO's element-wise ops (what JAX emits and kiln decomposes), by their CHLO names.
namespace chlo {
__device__ __forceinline__ float asin(float x) { return asinf(x); }
__device__ __forceinline__ float acos(float x) { return acosf(x); }
__device__ __forceinline__ float atan(float x) { return atanf(x); }
__device__ __forceinline__ float sinh(float x) { return sinhf(x); }
__device__ __forceinline__ float cosh(float x) { return coshf(x); }
template <class M = Math>
__device__ __forceinline__ float asinh(float x) { return M::asinh(x); }
template <class M = Math>
__device__ __forceinline__ float acosh(float x) { return M::acosh(x); }
template <class M = Math>
__device__ __forceinline__ float atanh(float x) { return M::atanh(x); }
__device__ __forceinline__ float erf(float x) { return erff(x); }
template <class M = Math>
__device__ __forceinline__ float erfc(float x) { return M::erfc(x); }
__device__ __forceinline__ float erf_inv(float x) { return erfinvf(x); }
}  // namespace chlo
