// The scalar semantics of StableHLO's element types for generated kernels (the CUDA backend's
// code generator), matching the reference interpreter: narrow floats (16-bit, and f8/f6/f4 in
// ops/float8.cuh) held in float and rounded once per op, integers wrapping at their width with XLA's values where the spec leaves a
// choice (x / 0 = -1, x % 0 = x, INT_MIN / -1 = INT_MIN), float -> integer conversion
// truncating, saturating and mapping NaN to 0, f64 overloads of the shlo:: functions.
#pragma once

#include "ops/chlo_math.cuh"
#include "ops/elementwise.cuh"
#include "ops/float8.cuh"
#include "ops/random.cuh"

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
// The formats of 8 bits or fewer: ops/float8.cuh (f8_to_float, float_to_f8, round_f8).

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
// The low `bits` bits only: a sub-byte value is held sign-extended.
template <class T> __device__ __forceinline__ T popcnt(T x, int bits) {
  typedef typename Unsigned<T>::type U;
  u64 v = static_cast<u64>(static_cast<U>(x)) & (bits >= 64 ? ~u64(0) : ((u64(1) << bits) - 1));
  return static_cast<T>(__popcll(v));
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
// reduce_precision on an IEEE pattern of 1 + src_e + src_m bits, as XLA and the interpreter:
// the mantissa rounded to m bits (ties to even), exponents past e bits' range to infinity or
// (below its smallest normal) to zero. The caller keeps NaN.
__device__ __forceinline__ u64 reduce_precision_bits(u64 x, int src_e, int src_m, int e, int m) {
  if (m < src_m) {
    const u64 last = u64(1) << (src_m - m);
    const u64 bias = (last >> 1) - 1 + ((x & last) ? 1 : 0);
    x = (x + bias) & ~(last - 1);
  }
  if (e < src_e) {
    const u64 sign = u64(1) << (src_e + src_m);
    const u64 exp_mask = ((u64(1) << src_e) - 1) << src_m;
    const i64 src_bias = (i64(1) << (src_e - 1)) - 1, reduced_bias = (i64(1) << (e - 1)) - 1;
    const u64 max_exp = static_cast<u64>(src_bias + reduced_bias) << src_m;
    const u64 min_exp = static_cast<u64>(src_bias - reduced_bias) << src_m;
    const u64 ex = x & exp_mask;
    if (ex > max_exp) x = (x & sign) | exp_mask;
    else if (ex <= min_exp) x = x & sign;
  }
  return x;
}

// A float to an integer of [lo, hi]: truncated toward zero, saturated, NaN to 0.
template <class T> __device__ __forceinline__ T float_to_int(double v, double lo, double hi) {
  if (v != v) return T(0);
  if (v <= lo) return static_cast<T>(static_cast<i64>(lo));
  if (v >= hi) {
    // The 64-bit tops do not convert through i64 from a double: name them.
    if (hi > 9.2e18) return T(-1) < T(0) ? static_cast<T>(0x7fffffffffffffffLL) : static_cast<T>(~u64(0));
    return static_cast<T>(static_cast<i64>(hi));
  }
  return v < 0 ? static_cast<T>(static_cast<i64>(v)) : static_cast<T>(static_cast<u64>(v));
}

// A 64-bit integer as a double rounded to odd: then to f32 (odd) and to a 16-bit float rounds
// once overall, as the interpreter converts wide integers.
__device__ __forceinline__ double i64_to_f64_odd(i64 v) {
  double d = __ll2double_rz(v);
  if (static_cast<i64>(d) != v && d < 9.2e18 && d > -9.2e18) d = __longlong_as_double(__double_as_longlong(d) | 1);
  return d;
}
__device__ __forceinline__ double u64_to_f64_odd(u64 v) {
  double d = __ull2double_rz(v);
  if (d < 1.8e19 && static_cast<u64>(d) != v) d = __longlong_as_double(__double_as_longlong(d) | 1);
  return d;
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

// The interpreter's total-order key of a byte format's pattern: sign and magnitude.
__device__ __forceinline__ i64 pattern_total_key(unsigned bits, unsigned sign) {
  return (bits & sign) ? -static_cast<i64>(bits & ~sign) - 1 : static_cast<i64>(bits);
}

// nextafter in a 16-bit format (the value held in float): one step of the format's own ulp.
template <class F>
__device__ __forceinline__ float next_after16(float a, float b) {
  if (a != a || b != b) return a + b;
  if (a == b) return b;
  unsigned short bits = from_float<F>(a).bits;
  if ((bits & 0x7fff) == 0) {
    bits = static_cast<unsigned short>(1 | (b < 0 ? 0x8000 : 0));
  } else if ((a < b) == ((bits & 0x8000) == 0)) {
    ++bits;  // away from zero
  } else {
    --bits;
  }
  F r;
  r.bits = bits;
  return to_float(r);
}

// ---- complex numbers: c64 (two floats) and c128 (two doubles), real part first -------------
// The element-wise functions compute through double precision and round once per part, as
// the interpreter (which computes through std::complex<double>).
struct c64 { float re, im; };
struct c128 { double re, im; };
__device__ __forceinline__ c128 widen(c64 z) { return {z.re, z.im}; }
__device__ __forceinline__ c128 widen(c128 z) { return z; }
__device__ __forceinline__ c64 narrow(c128 z, c64) { return {static_cast<float>(z.re), static_cast<float>(z.im)}; }
__device__ __forceinline__ c128 narrow(c128 z, c128) { return z; }
template <class C> __device__ __forceinline__ C cadd(C a, C b) { return {a.re + b.re, a.im + b.im}; }
template <class C> __device__ __forceinline__ C csub(C a, C b) { return {a.re - b.re, a.im - b.im}; }
template <class C> __device__ __forceinline__ C cneg(C a) { return {-a.re, -a.im}; }
// The textbook product in the element type (as XLA: no recovery of infinities).
template <class C> __device__ __forceinline__ C cmul(C a, C b) {
  return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}
// Smith's division in double, as std::complex<double> divides finite values.
__device__ __forceinline__ c128 cdiv128(c128 a, c128 b) {
  if (fabs(b.re) >= fabs(b.im)) {
    double r = b.im / b.re, d = b.re + b.im * r;
    return {(a.re + a.im * r) / d, (a.im - a.re * r) / d};
  }
  double r = b.re / b.im, d = b.re * r + b.im;
  return {(a.re * r + a.im) / d, (a.im * r - a.re) / d};
}
template <class C> __device__ __forceinline__ C cdiv(C a, C b) { return narrow(cdiv128(widen(a), widen(b)), a); }
__device__ __forceinline__ float cabs(c64 z) { return static_cast<float>(hypot(static_cast<double>(z.re), static_cast<double>(z.im))); }
__device__ __forceinline__ double cabs(c128 z) { return hypot(z.re, z.im); }
__device__ __forceinline__ c128 cexp128(c128 z) {
  double e = exp(z.re);
  return {e * cos(z.im), e * sin(z.im)};
}
__device__ __forceinline__ c128 clog128(c128 z) { return {log(hypot(z.re, z.im)), atan2(z.im, z.re)}; }
// The principal square root (the branch cut along the negative reals).
__device__ __forceinline__ c128 csqrt128(c128 z) {
  if (z.re == 0 && z.im == 0) return {0.0, z.im};
  double m = hypot(z.re, z.im);
  double t = sqrt(0.5 * (m + fabs(z.re)));
  if (z.re >= 0) return {t, z.im / (2 * t)};
  return {fabs(z.im) / (2 * t), copysign(t, z.im)};
}
__device__ __forceinline__ c128 csin128(c128 z) { return {sin(z.re) * cosh(z.im), cos(z.re) * sinh(z.im)}; }
__device__ __forceinline__ c128 ccos128(c128 z) { return {cos(z.re) * cosh(z.im), -sin(z.re) * sinh(z.im)}; }
__device__ __forceinline__ c128 ctanh128(c128 z) {
  // tanh(a + bi) = (sinh 2a + i sin 2b) / (cosh 2a + cos 2b)
  double d = cosh(2 * z.re) + cos(2 * z.im);
  return {sinh(2 * z.re) / d, sin(2 * z.im) / d};
}
__device__ __forceinline__ c128 ctan128(c128 z) {
  c128 t = ctanh128({-z.im, z.re});  // tan z = -i tanh(iz)
  return {t.im, -t.re};
}
__device__ __forceinline__ c128 cexpm1_128(c128 z) {
  double s = sin(z.im / 2);
  return {expm1(z.re) * cos(z.im) - 2 * s * s, exp(z.re) * sin(z.im)};
}
__device__ __forceinline__ c128 clog1p128(c128 z) {
  double t = 2 * z.re + z.re * z.re + z.im * z.im;
  if (fabs(t) < 0.5) return {0.5 * log1p(t), atan2(z.im, 1 + z.re)};
  return clog128({1 + z.re, z.im});
}
__device__ __forceinline__ c128 cpow128(c128 a, c128 b) {
  if (a.re == 0 && a.im == 0) {
    if (b.re == 0 && b.im == 0) return {1.0, 0.0};
    return {0.0, 0.0};
  }
  c128 l = clog128(a);
  return cexp128({l.re * b.re - l.im * b.im, l.re * b.im + l.im * b.re});
}
__device__ __forceinline__ c128 csign128(c128 z) {
  if (z.re != z.re || z.im != z.im) return {__longlong_as_double(0x7ff8000000000000LL), __longlong_as_double(0x7ff8000000000000LL)};
  if (z.re == 0 && z.im == 0) return z;
  double m = hypot(z.re, z.im);
  return {z.re / m, z.im / m};
}
template <class C> __device__ __forceinline__ bool ceq(C a, C b) { return a.re == b.re && a.im == b.im; }
// The principal cube root: |z|^(1/3) at arg(z) / 3 (std::polar, as StableHLO's reference).
__device__ __forceinline__ c128 ccbrt128(c128 z) {
  double r = cbrt(hypot(z.re, z.im)), t = atan2(z.im, z.re) / 3.0;
  return {r * cos(t), r * sin(t)};
}
// 1 / (1 + exp(-z)).
__device__ __forceinline__ c128 clogistic128(c128 z) {
  c128 e = cexp128({-z.re, -z.im});
  return cdiv128({1.0, 0.0}, {1.0 + e.re, e.im});
}
// x - y * q, q = x / y with each part truncated toward zero (the interpreter's remainder).
__device__ __forceinline__ c128 cremainder128(c128 x, c128 y) {
  c128 q = cdiv128(x, y);
  return csub(x, cmul(y, c128{trunc(q.re), trunc(q.im)}));
}
// maximum / minimum in lexicographic (real, imaginary) order; a NaN part wins, x first.
template <class C> __device__ __forceinline__ C cextreme(C x, C y, bool want_max) {
  if (x.re != x.re || x.im != x.im) return x;
  if (y.re != y.re || y.im != y.im) return y;
  bool x_less = x.re < y.re || (x.re == y.re && x.im < y.im);
  return x_less == want_max ? y : x;
}

// ---- warp shuffles of any compute type (cooperative reductions) -----------------------------
__device__ __forceinline__ float shfl_xor(float v, int m) { return __shfl_xor_sync(0xffffffffu, v, m); }
__device__ __forceinline__ double shfl_xor(double v, int m) { return __shfl_xor_sync(0xffffffffu, v, m); }
__device__ __forceinline__ int shfl_xor(int v, int m) { return __shfl_xor_sync(0xffffffffu, v, m); }
__device__ __forceinline__ u32 shfl_xor(u32 v, int m) { return __shfl_xor_sync(0xffffffffu, v, m); }
__device__ __forceinline__ i64 shfl_xor(i64 v, int m) { return __shfl_xor_sync(0xffffffffu, v, m); }
__device__ __forceinline__ u64 shfl_xor(u64 v, int m) { return __shfl_xor_sync(0xffffffffu, v, m); }
__device__ __forceinline__ bool shfl_xor(bool v, int m) {
  return __shfl_xor_sync(0xffffffffu, static_cast<int>(v), m) != 0;
}
__device__ __forceinline__ s8 shfl_xor(s8 v, int m) {
  return static_cast<s8>(__shfl_xor_sync(0xffffffffu, static_cast<int>(v), m));
}
__device__ __forceinline__ u8 shfl_xor(u8 v, int m) {
  return static_cast<u8>(__shfl_xor_sync(0xffffffffu, static_cast<int>(v), m));
}
__device__ __forceinline__ s16 shfl_xor(s16 v, int m) {
  return static_cast<s16>(__shfl_xor_sync(0xffffffffu, static_cast<int>(v), m));
}
__device__ __forceinline__ u16 shfl_xor(u16 v, int m) {
  return static_cast<u16>(__shfl_xor_sync(0xffffffffu, static_cast<int>(v), m));
}
__device__ __forceinline__ c64 shfl_xor(c64 v, int m) { return {shfl_xor(v.re, m), shfl_xor(v.im, m)}; }
__device__ __forceinline__ c128 shfl_xor(c128 v, int m) { return {shfl_xor(v.re, m), shfl_xor(v.im, m)}; }

}  // namespace kg
