// Inline bf16 and f16 conversions to and from float and double, bit for bit those of
// ir::bits_to_double / ir::double_to_bits (narrow_codec_test checks every pattern and millions
// of values), for the interpreter's hot loops: the ir codecs are out-of-line calls that branch on
// the format, and the generic f16 encoder goes through frexp and ldexp.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "interp/scalar_types.h"

namespace kiln::interp {

using BF16 = NarrowFloat<ir::ElementKind::kBF16>;
using F16 = NarrowFloat<ir::ElementKind::kF16>;

// bf16 and f16: the formats with a fast inline codec.
template <class T>
inline constexpr bool kHasFastCodec = std::is_same_v<T, BF16> || std::is_same_v<T, F16>;

// The exact value of a bf16 or f16 as a float (every value of both formats is a float).
template <class T>
inline float narrow_to_float(T x) {
  if constexpr (std::is_same_v<T, BF16>) {
    return std::bit_cast<float>(static_cast<uint32_t>(x.bits) << 16);  // bf16: f32's top half
  } else {
    static_assert(std::is_same_v<T, F16>);
    const uint32_t h = x.bits;
    const uint32_t sign = (h & 0x8000u) << 16;
    const uint32_t exp = (h >> 10) & 0x1f, man = h & 0x3ff;
    if (exp == 0x1f) return std::bit_cast<float>(sign | 0x7f800000u | (man << 13));
    if (exp == 0) {
      float magnitude = static_cast<float>(man) * 0x1p-24f;  // subnormal: exact in f32
      return sign ? -magnitude : magnitude;
    }
    return std::bit_cast<float>(sign | ((exp + 112) << 23) | (man << 13));  // rebias 15 -> 127
  }
}

// A float rounded to nearest even in bf16 or f16, as ir::double_to_bits rounds the same
// value: NaN becomes the positive quiet NaN (0x7fc0, 0x7e00), overflow infinity.
template <class T>
inline T narrow_from_float(float f) {
  const uint32_t u = std::bit_cast<uint32_t>(f);
  if constexpr (std::is_same_v<T, BF16>) {
    if (std::isnan(f)) return T::from_bits(0x7fc0);
    return T::from_bits((u + 0x7fffu + ((u >> 16) & 1)) >> 16);  // carries reach infinity
  } else {
    static_assert(std::is_same_v<T, F16>);
    const uint32_t sign = (u >> 16) & 0x8000u;
    const uint32_t magnitude = u & 0x7fffffffu;
    if (magnitude > 0x7f800000u) return T::from_bits(0x7e00);
    if (magnitude >= 0x477ff000u) return T::from_bits(sign | 0x7c00u);  // >= 65520: infinity
    if (magnitude >= 0x38800000u) {                                    // >= 2^-14: normal
      uint32_t r = magnitude + 0xfffu + ((magnitude >> 13) & 1);
      return T::from_bits(sign | ((r - 0x38000000u) >> 13));
    }
    // Subnormal: a multiple of 2^-24; scaling by 2^24 is exact and nearbyint rounds to even
    // (1024 rounds up into the smallest normal, whose pattern is the same).
    float units = std::nearbyint(std::bit_cast<float>(magnitude) * 0x1p24f);
    return T::from_bits(sign | static_cast<uint32_t>(units));
  }
}

// A double rounded to nearest even in bf16 or f16, as ir::double_to_bits: first to float
// rounding to odd (float keeps at least two more bits than either format, subnormals
// included, so the second rounding cannot go wrong), then from float.
template <class T>
inline T narrow_from_double(double value) {
  if (std::isnan(value)) return narrow_from_float<T>(std::numeric_limits<float>::quiet_NaN());
  if (std::fabs(value) > std::numeric_limits<float>::max()) {
    return narrow_from_float<T>(std::signbit(value) ? -INFINITY : INFINITY);
  }
  float f = static_cast<float>(value);
  if (static_cast<double>(f) != value) {
    if (std::fabs(static_cast<double>(f)) > std::fabs(value)) f = std::nextafter(f, 0.0f);
    f = std::bit_cast<float>(std::bit_cast<uint32_t>(f) | 1u);  // inexact: sticky last bit
  }
  return narrow_from_float<T>(f);
}

// to_double and from_double of scalar_types.h with the inline codecs where they exist.
template <class T>
inline double fast_to_double(T x) {
  if constexpr (kHasFastCodec<T>) return narrow_to_float(x);
  else return to_double(x);
}
template <class T>
inline T fast_from_double(double v) {
  if constexpr (kHasFastCodec<T>) return narrow_from_double<T>(v);
  else return from_double<T>(v);
}

}  // namespace kiln::interp
