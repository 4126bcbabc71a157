// The float formats of 8 bits or fewer (f8, f6, f4), stored one per byte and held in float:
// decoding a byte to float and rounding a float or double to the format, bit for bit as
// ir::decode_float / ir::encode_float (src/ir/float_format.cpp). Self-contained and
// __host__ __device__, so that a host test can compare it with the interpreter's codec on
// every pattern and every midpoint.
#pragma once

#include "ops/host_device.cuh"

namespace kg {

// What a format does with values it cannot represent (ir::FloatSpecials).
enum F8Specials {
  kF8Ieee,             // infinities; NaNs with an all-ones exponent
  kF8FiniteOnlyNan,    // no infinities; all-ones exponent and mantissa is NaN
  kF8FiniteOnlyNone,   // no infinities, no NaN: overflow saturates, NaN becomes -0
  kF8UnsignedZeroNan,  // no infinities, no -0: the -0 pattern is the only NaN (FNUZ)
  kF8ExponentOnly,     // no sign, zero or mantissa; all-ones is NaN (E8M0)
};

// A format: exponent bits, mantissa bits, bias, specials.
template <int E, int M, int B, int S>
struct F8Format {
  static constexpr int kExp = E, kMan = M, kBias = B, kSpecials = S;
  static constexpr unsigned kSign = S == kF8ExponentOnly ? 0u : 1u << (E + M);
  static constexpr unsigned kExpMask = (1u << E) - 1, kManMask = (1u << M) - 1;
  // The largest finite magnitude's pattern.
  static constexpr unsigned kMaxFinite =
      S == kF8Ieee || S == kF8ExponentOnly ? ((kExpMask - 1) << M) | kManMask
      : S == kF8FiniteOnlyNan              ? (kExpMask << M) | (kManMask - 1)
                                           : (kExpMask << M) | kManMask;
  // The pattern a NaN becomes (positive and quiet where there is a choice, as the codec).
  static constexpr unsigned kNan =
      S == kF8Ieee             ? (kExpMask << M) | (1u << (M > 0 ? M - 1 : 0))
      : S == kF8FiniteOnlyNan  ? (1u << (E + M)) - 1
      : S == kF8ExponentOnly   ? kExpMask
                               : kSign;  // FNUZ's NaN; -0 where there is no NaN
};

typedef F8Format<2, 1, 1, kF8FiniteOnlyNone> f4e2m1fn;
typedef F8Format<2, 3, 1, kF8FiniteOnlyNone> f6e2m3fn;
typedef F8Format<3, 2, 3, kF8FiniteOnlyNone> f6e3m2fn;
typedef F8Format<3, 4, 3, kF8Ieee> f8e3m4;
typedef F8Format<4, 3, 7, kF8Ieee> f8e4m3;
typedef F8Format<4, 3, 7, kF8FiniteOnlyNan> f8e4m3fn;
typedef F8Format<4, 3, 8, kF8UnsignedZeroNan> f8e4m3fnuz;
typedef F8Format<4, 3, 11, kF8UnsignedZeroNan> f8e4m3b11fnuz;
typedef F8Format<5, 2, 15, kF8Ieee> f8e5m2;
typedef F8Format<5, 2, 16, kF8UnsignedZeroNan> f8e5m2fnuz;
typedef F8Format<8, 0, 127, kF8ExponentOnly> f8e8m0fnu;

KG_HOST_DEVICE unsigned f8_bits_of(float f) {
#if defined(__CUDA_ARCH__)
  return __float_as_uint(f);
#else
  return __builtin_bit_cast(unsigned, f);
#endif
}
KG_HOST_DEVICE float f8_float_of(unsigned u) {
#if defined(__CUDA_ARCH__)
  return __uint_as_float(u);
#else
  return __builtin_bit_cast(float, u);
#endif
}

// The value of pattern `bits` (NaN patterns to a quiet NaN). Bits above the format's width
// are ignored as the codec ignores them, except that a sign is read where the codec reads it.
template <class F>
KG_HOST_DEVICE float f8_to_float(unsigned char bits) {
  const unsigned exp = (bits >> F::kMan) & F::kExpMask, man = bits & F::kManMask;
  const float nan = f8_float_of(0x7fc00000u);
  if (F::kSpecials == kF8ExponentOnly) {
    if (exp == F::kExpMask) return nan;
    // 2^(exp - bias); 2^-127 (exp 0) is an f32 subnormal.
    return f8_float_of(exp == 0 ? 0x00400000u : exp << 23);
  }
  const bool negative = (bits & F::kSign) != 0;
  if (F::kSpecials == kF8Ieee && exp == F::kExpMask) {
    if (man != 0) return nan;
    return f8_float_of(negative ? 0xff800000u : 0x7f800000u);
  }
  if (F::kSpecials == kF8FiniteOnlyNan && exp == F::kExpMask && man == F::kManMask) return nan;
  if (F::kSpecials == kF8UnsignedZeroNan && bits == F::kSign) return nan;
  // units * 2^(e - mantissa bits), exactly (a few bits times a power of two of f32's range).
  const unsigned units = exp == 0 ? man : man | (1u << F::kMan);
  const int e = (exp == 0 ? 1 : static_cast<int>(exp)) - F::kBias - F::kMan;
  const float magnitude = static_cast<float>(units) * f8_float_of(static_cast<unsigned>(e + 127) << 23);
  return negative ? -magnitude : magnitude;
}

// The pattern of the value nearest `x` (ties to even); overflow to infinity, NaN or the
// largest finite value as the format has them (ir::encode_float).
template <class F>
KG_HOST_DEVICE unsigned char float_to_f8(float x) {
  const unsigned u = f8_bits_of(x), a = u & 0x7fffffffu;
  const bool negative = (u >> 31) != 0;
  const unsigned char nan = static_cast<unsigned char>(F::kNan);
  if (a > 0x7f800000u) return nan;
  if (F::kSpecials == kF8ExponentOnly && (negative || a == 0)) return nan;
  const unsigned sign = negative ? F::kSign : 0u;
  unsigned overflow = F::kNan;
  if (F::kSpecials == kF8Ieee) overflow = sign | (F::kExpMask << F::kMan);
  if (F::kSpecials == kF8FiniteOnlyNone) overflow = sign | F::kMaxFinite;
  if (F::kSpecials == kF8FiniteOnlyNan) overflow = sign | F::kNan;
  if (a == 0x7f800000u) return static_cast<unsigned char>(overflow);
  if (a == 0) return static_cast<unsigned char>(F::kSpecials == kF8UnsignedZeroNan ? 0u : sign);
  // x = sig * 2^(fe - 150). An f32 subnormal's exponent is taken as -127: it is below every
  // format's smallest normal exponent but E8M0's (-127), where all such values round alike.
  const int biased = static_cast<int>(a >> 23);
  const unsigned sig = (a & 0x7fffffu) | (biased ? 0x800000u : 0u);
  const int fe = biased ? biased : 1;
  const int min_exp = F::kSpecials == kF8ExponentOnly ? -F::kBias : 1 - F::kBias;
  const int e = biased - 127 > min_exp ? biased - 127 : min_exp;
  // Round sig to units of 2^(e - mantissa bits). Past 25 bits of shift everything is below
  // half a unit (sig < 2^24).
  int shift = e - F::kMan - (fe - 150);
  if (shift > 25) shift = 25;
  unsigned units = sig >> shift;
  const unsigned rem = sig & ((1u << shift) - 1), half = 1u << (shift - 1);
  if (rem > half || (rem == half && (units & 1u))) ++units;
  // The exponent field is e + bias where units has its leading bit, e + bias - 1 + carry
  // otherwise: adding units to (e + bias - 1) << M gives both, and a subnormal's pattern.
  int code = (e + F::kBias - 1) * (1 << F::kMan) + static_cast<int>(units);
  if (code < 0) code = 0;  // E8M0 below 2^-127 rounding to zero: the codec gives pattern 0
  if (static_cast<unsigned>(code) > F::kMaxFinite) return static_cast<unsigned char>(overflow);
  return static_cast<unsigned char>(sign | static_cast<unsigned>(code));
}

// f64 to f32 rounded to odd (truncated, the last bit set if inexact): rounding that to a
// format of at most 22 bits then rounds the double once.
KG_HOST_DEVICE float f8_f64_to_f32_odd(double d) {
  float f = static_cast<float>(d);
  if (static_cast<double>(f) != d && d == d && f - f == 0.0f) {
    unsigned u = f8_bits_of(f);
    if ((static_cast<double>(f) > d) == (d > 0)) u -= 1;  // rounded away from zero: back one
    f = f8_float_of(u | 1u);
  } else if (static_cast<double>(f) != d && d == d) {
    // Beyond f32's range (|d| rounded to infinity): the largest finite f32, odd, still
    // overflows every format.
    f = f8_float_of((d > 0 ? 0u : 0x80000000u) | 0x7f7fffffu);
  }
  return f;
}
template <class F>
KG_HOST_DEVICE unsigned char float_to_f8(double x) {
  return float_to_f8<F>(f8_f64_to_f32_odd(x));
}

// `x` rounded to the format, held in float.
template <class F>
KG_HOST_DEVICE float round_f8(float x) {
  return f8_to_float<F>(float_to_f8<F>(x));
}

// nextafter in the format (x, y and the result held in float), stepping the pattern as the
// interpreter does: NaN in, the format's NaN out.
template <class F>
KG_HOST_DEVICE float next_after8(float x, float y) {
  if (x != x || y != y) return round_f8<F>(x + y);
  if (x == y) return y;
  const unsigned top = 1u << (F::kExp + F::kMan + (F::kSpecials == kF8ExponentOnly ? 0 : 1) - 1);
  if (x == 0) return f8_to_float<F>(static_cast<unsigned char>(y < 0 ? (top | 1u) : 1u));
  const unsigned bits = float_to_f8<F>(x);
  const bool away = (x < y) == (x > 0);
  return f8_to_float<F>(static_cast<unsigned char>(away ? bits + 1 : bits - 1));
}

}  // namespace kg
