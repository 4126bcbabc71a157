// Bit-exact encoding and decoding of every float format of StableHLO narrower than f32.
#pragma once

#include <cstdint>
#include <optional>

#include "ir/element_type.h"

namespace kiln::ir {

// What a format does with values it cannot represent.
enum class FloatSpecials : uint8_t {
  kIeee,            // infinities, and NaNs with an all-ones exponent (f16, bf16, f8E5M2, ...)
  kFiniteOnlyNan,   // no infinities; all-ones exponent and mantissa is NaN (f8E4M3FN)
  kFiniteOnlyNone,  // no infinities, no NaN: overflow saturates (f4E2M1FN, f6*)
  kUnsignedZeroNan, // no infinities, no -0: the -0 pattern is the only NaN (the *FNUZ formats)
  kExponentOnly,    // f8E8M0FNU: no sign, no zero, no mantissa; all-ones is NaN
};

// The layout of a binary float format: sign bit (unless kExponentOnly), exponent, mantissa.
struct FloatFormat {
  int exponent_bits;
  int mantissa_bits;
  int bias;
  FloatSpecials specials;

  int total_bits() const {
    return exponent_bits + mantissa_bits + (specials == FloatSpecials::kExponentOnly ? 0 : 1);
  }
};

// The format of a float kind narrower than f32 (f4 to f16, bf16, tf32); nullopt otherwise.
std::optional<FloatFormat> float_format(ElementKind kind);

// The exact value of a bit pattern (NaN for NaN patterns).
double decode_float(const FloatFormat& format, uint64_t bits);
// The nearest value (round to nearest, ties to even) as a bit pattern. Overflow becomes
// infinity, NaN or the largest finite value as the format allows; NaN becomes the format's
// NaN (or, where there is none, the pattern ml_dtypes uses), matching ml_dtypes bit for bit.
uint64_t encode_float(const FloatFormat& format, double value);

// Float kinds of any width, f32 and f64 included, to and from their bit patterns.
double bits_to_double(ElementKind kind, uint64_t bits);
uint64_t double_to_bits(ElementKind kind, double value);

}  // namespace kiln::ir
