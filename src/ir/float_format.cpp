// Bit-exact float format codecs, checked against ml_dtypes in tests/unit/ir/float_format_test.
#include "ir/float_format.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace kiln::ir {

std::optional<FloatFormat> float_format(ElementKind kind) {
  using S = FloatSpecials;
  switch (kind) {
    case ElementKind::kF4E2M1FN: return FloatFormat{2, 1, 1, S::kFiniteOnlyNone};
    case ElementKind::kF6E2M3FN: return FloatFormat{2, 3, 1, S::kFiniteOnlyNone};
    case ElementKind::kF6E3M2FN: return FloatFormat{3, 2, 3, S::kFiniteOnlyNone};
    case ElementKind::kF8E3M4: return FloatFormat{3, 4, 3, S::kIeee};
    case ElementKind::kF8E4M3: return FloatFormat{4, 3, 7, S::kIeee};
    case ElementKind::kF8E4M3FN: return FloatFormat{4, 3, 7, S::kFiniteOnlyNan};
    case ElementKind::kF8E4M3FNUZ: return FloatFormat{4, 3, 8, S::kUnsignedZeroNan};
    case ElementKind::kF8E4M3B11FNUZ: return FloatFormat{4, 3, 11, S::kUnsignedZeroNan};
    case ElementKind::kF8E5M2: return FloatFormat{5, 2, 15, S::kIeee};
    case ElementKind::kF8E5M2FNUZ: return FloatFormat{5, 2, 16, S::kUnsignedZeroNan};
    case ElementKind::kF8E8M0FNU: return FloatFormat{8, 0, 127, S::kExponentOnly};
    case ElementKind::kBF16: return FloatFormat{8, 7, 127, S::kIeee};
    case ElementKind::kF16: return FloatFormat{5, 10, 15, S::kIeee};
    case ElementKind::kTF32: return FloatFormat{8, 10, 127, S::kIeee};
    default: return std::nullopt;
  }
}

namespace {

uint64_t mask(int bits) { return bits >= 64 ? ~0ull : (1ull << bits) - 1; }

uint64_t sign_bit(const FloatFormat& f) {
  return f.specials == FloatSpecials::kExponentOnly ? 0 : 1ull << (f.exponent_bits + f.mantissa_bits);
}

// The largest finite magnitude's exponent field and mantissa field.
void max_finite_fields(const FloatFormat& f, uint64_t& exp, uint64_t& man) {
  exp = mask(f.exponent_bits);
  man = mask(f.mantissa_bits);
  switch (f.specials) {
    case FloatSpecials::kIeee: exp -= 1; break;
    case FloatSpecials::kFiniteOnlyNan: man -= 1; break;
    case FloatSpecials::kExponentOnly: exp -= 1; break;
    default: break;
  }
}

uint64_t nan_bits(const FloatFormat& f) {
  switch (f.specials) {
    case FloatSpecials::kIeee:
      return (mask(f.exponent_bits) << f.mantissa_bits) | (1ull << (f.mantissa_bits - 1));
    case FloatSpecials::kFiniteOnlyNan: return mask(f.exponent_bits + f.mantissa_bits);
    case FloatSpecials::kUnsignedZeroNan: return sign_bit(f);
    case FloatSpecials::kExponentOnly: return mask(f.exponent_bits);
    case FloatSpecials::kFiniteOnlyNone: return sign_bit(f);  // ml_dtypes: NaN becomes -0
  }
  return 0;
}

}  // namespace

double decode_float(const FloatFormat& f, uint64_t bits) {
  const int m_bits = f.mantissa_bits;
  const uint64_t exp = (bits >> m_bits) & mask(f.exponent_bits);
  const uint64_t man = bits & mask(m_bits);
  const bool negative = (bits & sign_bit(f)) != 0;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  switch (f.specials) {
    case FloatSpecials::kIeee:
      if (exp == mask(f.exponent_bits)) {
        if (man != 0) return nan;
        return negative ? -INFINITY : INFINITY;
      }
      break;
    case FloatSpecials::kFiniteOnlyNan:
      if (exp == mask(f.exponent_bits) && man == mask(m_bits)) return nan;
      break;
    case FloatSpecials::kUnsignedZeroNan:
      if (bits == sign_bit(f)) return nan;
      break;
    case FloatSpecials::kExponentOnly:
      if (exp == mask(f.exponent_bits)) return nan;
      return std::ldexp(1.0, static_cast<int>(exp) - f.bias);
    case FloatSpecials::kFiniteOnlyNone: break;
  }
  double magnitude;
  if (exp == 0) {
    magnitude = std::ldexp(static_cast<double>(man), 1 - f.bias - m_bits);
  } else {
    magnitude = std::ldexp(static_cast<double>(man | (1ull << m_bits)),
                           static_cast<int>(exp) - f.bias - m_bits);
  }
  return negative ? -magnitude : magnitude;
}

uint64_t encode_float(const FloatFormat& f, double value) {
  const bool exponent_only = f.specials == FloatSpecials::kExponentOnly;
  if (std::isnan(value)) return nan_bits(f);
  const bool negative = std::signbit(value);
  if (exponent_only && (negative || value == 0.0)) return nan_bits(f);
  const uint64_t sign = negative ? sign_bit(f) : 0;
  const double magnitude = std::fabs(value);

  uint64_t max_exp, max_man;
  max_finite_fields(f, max_exp, max_man);
  auto overflow = [&]() -> uint64_t {
    switch (f.specials) {
      case FloatSpecials::kIeee: return sign | (mask(f.exponent_bits) << f.mantissa_bits);
      case FloatSpecials::kFiniteOnlyNone: return sign | (max_exp << f.mantissa_bits) | max_man;
      case FloatSpecials::kFiniteOnlyNan: return sign | nan_bits(f);
      default: return nan_bits(f);
    }
  };
  if (std::isinf(magnitude)) return overflow();
  if (magnitude == 0.0) {
    return f.specials == FloatSpecials::kUnsignedZeroNan ? 0 : sign;
  }

  // Scale so that one unit in the last place is 1, round to nearest even, rebuild fields.
  const int min_exponent = exponent_only ? -f.bias : 1 - f.bias;
  int e;
  std::frexp(magnitude, &e);
  e -= 1;  // magnitude = 1.x * 2^e
  const bool subnormal = e < min_exponent;
  const int quantum_exp = (subnormal ? min_exponent : e) - f.mantissa_bits;
  double scaled = std::ldexp(magnitude, -quantum_exp);
  double rounded = std::nearbyint(scaled);  // default rounding mode: to nearest, ties to even
  uint64_t units = static_cast<uint64_t>(rounded);
  uint64_t exp_field;
  uint64_t man_field;
  if (subnormal && !exponent_only) {
    if (units >> f.mantissa_bits) {  // rounded up into the smallest normal
      exp_field = 1;
      man_field = units & mask(f.mantissa_bits);
    } else {
      exp_field = 0;
      man_field = units;
    }
  } else {
    int exponent = subnormal ? min_exponent : e;
    if (units >> (f.mantissa_bits + 1)) {  // mantissa carried into the next binade
      units >>= 1;
      exponent += 1;
    }
    if (subnormal && units == 0) {  // exponent-only format underflowing below 2^-bias
      return 0;
    }
    exp_field = static_cast<uint64_t>(exponent + f.bias);
    man_field = units & mask(f.mantissa_bits);
  }
  if (exp_field > max_exp || (exp_field == max_exp && man_field > max_man)) return overflow();
  return sign | (exp_field << f.mantissa_bits) | man_field;
}

namespace {

// The 16-bit formats the interpreter and the kernel checks meet most, decoded and encoded
// without the generic codec's frexp/ldexp. Both agree with it on every pattern and value
// (float_format_test checks every pattern and millions of values).

double decode_bf16(uint16_t bits) {
  uint32_t u = static_cast<uint32_t>(bits) << 16;  // bf16 is the top half of an f32
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}

double decode_f16(uint16_t bits) {
  const uint32_t exp = (bits >> 10) & 0x1f, man = bits & 0x3ff;
  const bool negative = (bits & 0x8000) != 0;
  double magnitude;
  if (exp == 0x1f) {
    if (man != 0) return std::numeric_limits<double>::quiet_NaN();
    magnitude = INFINITY;
  } else if (exp == 0) {
    magnitude = static_cast<double>(man) * 0x1p-24;  // subnormal: exact in double
  } else {
    uint32_t u = ((exp + 112) << 23) | (man << 13);  // rebias 15 -> 127
    float f;
    std::memcpy(&f, &u, sizeof f);
    magnitude = f;
  }
  return negative ? -magnitude : magnitude;
}

// Round to nearest even, in two steps that cannot round twice: double to f32 rounding to
// odd (f32 keeps 16 more bits than bf16, even among subnormals, and two suffice), then f32
// to bf16 rounding to nearest even.
uint64_t encode_bf16(double value) {
  if (std::isnan(value)) return 0x7fc0;  // the generic codec's NaN: positive, quiet
  if (std::fabs(value) > std::numeric_limits<float>::max()) {
    return std::signbit(value) ? 0xff80 : 0x7f80;  // past bf16's overflow threshold too
  }
  float f = static_cast<float>(value);
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  if (static_cast<double>(f) != value && std::isfinite(f)) {
    if (std::fabs(static_cast<double>(f)) > std::fabs(value)) {
      f = std::nextafter(f, 0.0f);  // truncate toward zero
      std::memcpy(&u, &f, sizeof u);
    }
    u |= 1;  // inexact: make the last bit odd (sticky)
  }
  u += 0x7fff + ((u >> 16) & 1);
  return u >> 16;
}

}  // namespace

double bits_to_double(ElementKind kind, uint64_t bits) {
  if (kind == ElementKind::kF64) {
    double d;
    std::memcpy(&d, &bits, sizeof d);
    return d;
  }
  if (kind == ElementKind::kF32) {
    uint32_t b = static_cast<uint32_t>(bits);
    float x;
    std::memcpy(&x, &b, sizeof x);
    return x;
  }
  if (kind == ElementKind::kBF16) return decode_bf16(static_cast<uint16_t>(bits));
  if (kind == ElementKind::kF16) return decode_f16(static_cast<uint16_t>(bits));
  return decode_float(*float_format(kind), bits);
}

uint64_t double_to_bits(ElementKind kind, double value) {
  if (kind == ElementKind::kF64) {
    uint64_t b;
    std::memcpy(&b, &value, sizeof b);
    return b;
  }
  if (kind == ElementKind::kF32) {
    float x = static_cast<float>(value);
    uint32_t b;
    std::memcpy(&b, &x, sizeof b);
    return b;
  }
  if (kind == ElementKind::kBF16) return encode_bf16(value);
  return encode_float(*float_format(kind), value);
}

}  // namespace kiln::ir
