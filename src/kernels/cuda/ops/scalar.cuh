// The scalar semantics of StableHLO's element types for generated kernels (the CUDA backend's
// code generator), matching the reference interpreter: narrow floats held in float and rounded
// once per op, integers wrapping at their width with XLA's values where the spec leaves a
// choice (x / 0 = -1, x % 0 = x, INT_MIN / -1 = INT_MIN), float -> integer conversion
// truncating, saturating and mapping NaN to 0, f64 overloads of the shlo:: functions.
#pragma once

#include "ops/elementwise.cuh"

typedef signed char s8;
typedef short s16;
typedef int s32;
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;

namespace kg {

// ---- narrow floats: held in float, rounded to the format after every op ----------------------
__device__ __forceinline__ float round_bf16(float x) { return to_float(from_float<bf16_t>(x)); }
__device__ __forceinline__ float round_f16(float x) { return to_float(from_float<half_t>(x)); }

// ---- integers --------------------------------------------------------------------------------
template <class T> struct Unsigned { typedef T type; };
template <> struct Unsigned<s8> { typedef u8 type; };
template <> struct Unsigned<s16> { typedef u16 type; };
template <> struct Unsigned<s32> { typedef u32 type; };
template <> struct Unsigned<i64> { typedef u64 type; };
template <> struct Unsigned<char> { typedef u8 type; };

// Wrapping arithmetic through the unsigned type (signed overflow is undefined in C++).
template <class T> __device__ __forceinline__ T wrap_add(T a, T b) {
  typedef typename Unsigned<T>::type U;
  return static_cast<T>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
}
template <class T> __device__ __forceinline__ T wrap_sub(T a, T b) {
  typedef typename Unsigned<T>::type U;
  return static_cast<T>(static_cast<U>(static_cast<U>(a) - static_cast<U>(b)));
}
template <class T> __device__ __forceinline__ T wrap_mul(T a, T b) {
  typedef typename Unsigned<T>::type U;
  // u8/u16 promote to int, whose product may overflow: multiply as u32 at least.
  return static_cast<T>(static_cast<U>(static_cast<u64>(static_cast<U>(a)) *
                                       static_cast<u64>(static_cast<U>(b))));
}
template <class T> __device__ __forceinline__ T wrap_neg(T a) { return wrap_sub(T(0), a); }
template <class T> __device__ __forceinline__ T int_divide(T a, T b) {
  if (b == T(0)) return static_cast<T>(-1);
  if (T(-1) < T(0) && b == static_cast<T>(-1)) return wrap_neg(a);
  return static_cast<T>(a / b);
}
template <class T> __device__ __forceinline__ T int_remainder(T a, T b) {
  if (b == T(0)) return a;
  if (T(-1) < T(0) && b == static_cast<T>(-1)) return T(0);
  return static_cast<T>(a % b);
}
template <class T> __device__ __forceinline__ T int_abs(T a) { return a < T(0) ? wrap_neg(a) : a; }
template <class T> __device__ __forceinline__ T int_sign(T a) {
  return a > T(0) ? T(1) : (a < T(0) ? static_cast<T>(-1) : T(0));
}
template <class T> __device__ __forceinline__ T int_max(T a, T b) { return a > b ? a : b; }
template <class T> __device__ __forceinline__ T int_min(T a, T b) { return a < b ? a : b; }
// Integer power by squaring, wrapping; a negative exponent gives 1/x^n truncated (1 for x = 1,
// +-1 for x = -1, else 0), as the interpreter.
template <class T> __device__ __forceinline__ T int_power(T x, T n) {
  if (n < T(0)) {
    if (x == T(1)) return T(1);
    if (x == static_cast<T>(-1)) return (n & T(1)) ? static_cast<T>(-1) : T(1);
    return T(0);
  }
  T result = T(1);
  for (u64 e = static_cast<u64>(n); e; e >>= 1) {
    if (e & 1) result = wrap_mul(result, x);
    x = wrap_mul(x, x);
  }
  return result;
}
// Shifts at `bits`: a count outside [0, bits) shifts everything out.
template <class T> __device__ __forceinline__ T shift_left(T x, T n, int bits) {
  typedef typename Unsigned<T>::type U;
  if (n < T(0) || static_cast<u64>(n) >= static_cast<u64>(bits)) return T(0);
  return static_cast<T>(static_cast<U>(static_cast<U>(x) << static_cast<int>(n)));
}
template <class T> __device__ __forceinline__ T shift_right_logical(T x, T n, int bits) {
  typedef typename Unsigned<T>::type U;
  if (n < T(0) || static_cast<u64>(n) >= static_cast<u64>(bits)) return T(0);
  U mask = bits >= 64 ? ~U(0) : static_cast<U>((u64(1) << bits) - 1);
  return static_cast<T>(static_cast<U>((static_cast<U>(x) & mask) >> static_cast<int>(n)));
}
template <class T> __device__ __forceinline__ T shift_right_arithmetic(T x, T n, int bits) {
  typedef typename Unsigned<T>::type U;
  // The value as a signed number of `bits` (an unsigned type's top bit is its sign here).
  i64 v = static_cast<i64>(static_cast<u64>(static_cast<U>(x)) << (64 - bits)) >> (64 - bits);
  if (n < T(0) || static_cast<u64>(n) >= static_cast<u64>(bits)) v = v < 0 ? -1 : 0;
  else v >>= static_cast<int>(n);
  return static_cast<T>(static_cast<U>(static_cast<u64>(v)));
}
// Sub-byte integers are held sign- (s2, s4) or zero-extended (u2, u4) in a byte.
__device__ __forceinline__ s8 wrap_s(s8 v, int bits) {
  return static_cast<s8>(static_cast<s8>(static_cast<u8>(v) << (8 - bits)) >> (8 - bits));
}
__device__ __forceinline__ u8 wrap_u(u8 v, int bits) {
  return static_cast<u8>(v & ((1u << bits) - 1));
}
template <class T> __device__ __forceinline__ T popcnt(T x) {
  typedef typename Unsigned<T>::type U;
  return static_cast<T>(__popcll(static_cast<u64>(static_cast<U>(x))));
}
template <class T> __device__ __forceinline__ T count_leading_zeros(T x, int bits) {
  typedef typename Unsigned<T>::type U;
  u64 v = static_cast<u64>(static_cast<U>(x)) & (bits >= 64 ? ~u64(0) : ((u64(1) << bits) - 1));
  return static_cast<T>(__clzll(v) - (64 - bits));
}

// ---- conversions -----------------------------------------------------------------------------
// f64 to f32 rounded to odd: f32 -> 16-bit rounding then equals one rounding of the double.
__device__ __forceinline__ float f64_to_f32_odd(double d) {
  float f;
  asm("cvt.rz.f32.f64 %0, %1;" : "=f"(f) : "d"(d));
  if (static_cast<double>(f) != d && d == d && !isinf(f)) f = __int_as_float(__float_as_int(f) | 1);
  return f;
}
// A float to an integer of [lo, hi]: truncated toward zero, saturated, NaN to 0.
template <class T> __device__ __forceinline__ T float_to_int(double v, double lo, double hi) {
  if (v != v) return T(0);
  if (v <= lo) return static_cast<T>(static_cast<i64>(lo));
  if (v >= hi) {
    // u64's top does not fit i64; everything else does.
    return hi > 9.2e18 ? static_cast<T>(~u64(0)) : static_cast<T>(static_cast<i64>(hi));
  }
  return v < 0 ? static_cast<T>(static_cast<i64>(v)) : static_cast<T>(static_cast<u64>(v));
}

// ---- floats: the spec's maximum and minimum (NaN wins, -0 < +0) and f64 overloads ------------
__device__ __forceinline__ double maximum(double a, double b) {
  if (a != a) return a;
  if (b != b) return b;
  if (a == b) return __double_as_longlong(a) < 0 ? b : a;  // +0 over -0
  return a > b ? a : b;
}
__device__ __forceinline__ double minimum(double a, double b) {
  if (a != a) return a;
  if (b != b) return b;
  if (a == b) return __double_as_longlong(a) < 0 ? a : b;
  return a < b ? a : b;
}
__device__ __forceinline__ float maximum(float a, float b) { return shlo::maximum(a, b); }
__device__ __forceinline__ float minimum(float a, float b) { return shlo::minimum(a, b); }
__device__ __forceinline__ double sign(double x) { return x > 0 ? 1.0 : (x < 0 ? -1.0 : x); }
__device__ __forceinline__ float sign(float x) { return shlo::sign(x); }
__device__ __forceinline__ double logistic(double x) { return 1.0 / (1.0 + exp(-x)); }
__device__ __forceinline__ float logistic(float x) { return shlo::logistic<ExactMath>(x); }
// IEEE "is finite": neither infinite nor NaN.
__device__ __forceinline__ bool is_finite(float x) { return isfinite(x); }
__device__ __forceinline__ bool is_finite(double x) { return isfinite(x); }
// Total order of the spec's compare with TOTALORDER: -NaN < -Inf < ... < -0 < +0 < ... < NaN.
__device__ __forceinline__ i64 total_order_key(double x) {
  i64 b = __double_as_longlong(x);
  return b < 0 ? (b ^ 0x7fffffffffffffffLL) : b;
}
__device__ __forceinline__ int total_order_key(float x) {
  int b = __float_as_int(x);
  return b < 0 ? (b ^ 0x7fffffff) : b;
}

}  // namespace kg
