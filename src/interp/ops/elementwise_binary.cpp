// The element-wise binary ops (add ... xor, and complex). Integers wrap at their width and
// take XLA's values where the spec leaves integer overflow to the implementation (x / 0 = -1,
// x % 0 = x, INT_MIN / -1 = INT_MIN, INT_MIN % -1 = 0); narrow floats round once per op.
#include <bit>
#include <cmath>
#include <complex>
#include <limits>

#include "interp/ops/elementwise.h"

namespace kiln::interp {

namespace {

using C = std::complex<double>;

using elementwise::Bool;
using elementwise::Complex;
using elementwise::Float;
using elementwise::Int;
using elementwise::to_complex;
using elementwise::via_float;

template <class T>
concept Number = kIsFloat<T> || kIsComplex<T>;

template <class T>
C widen(T z) {
  return C(z.real(), z.imag());
}

struct Add {
  template <Bool T>
  T operator()(T x, T y, int) const { return x || y; }
  template <Int T>
  T operator()(T x, T y, int bits) const { return wrap_add(x, y, bits); }
  template <Number T>
  T operator()(T x, T y, int) const {
    if constexpr (kHasFastCodec<T>) return via_float(x, y, [](float a, float b) { return a + b; });
    else return x + y;
  }
};

struct Subtract {
  template <Int T>
  T operator()(T x, T y, int bits) const { return wrap_sub(x, y, bits); }
  template <Number T>
  T operator()(T x, T y, int) const {
    if constexpr (kHasFastCodec<T>) return via_float(x, y, [](float a, float b) { return a - b; });
    else return x - y;
  }
};

struct Multiply {
  template <Bool T>
  T operator()(T x, T y, int) const { return x && y; }
  template <Int T>
  T operator()(T x, T y, int bits) const { return wrap_mul(x, y, bits); }
  template <Float T>
  T operator()(T x, T y, int) const {
    if constexpr (kHasFastCodec<T>) return via_float(x, y, [](float a, float b) { return a * b; });
    else return x * y;
  }
  // The textbook formula in the element type, as XLA computes it (no C99 Annex G recovery
  // of infinities).
  template <Complex T>
  T operator()(T x, T y, int) const {
    return T(x.real() * y.real() - x.imag() * y.imag(),
             x.real() * y.imag() + x.imag() * y.real());
  }
};

template <class T>
T int_divide(T x, T y, int bits) {
  if (y == 0) return wrap_int(static_cast<T>(-1), bits);  // all ones, as XLA
  if constexpr (std::is_signed_v<T>) {
    if (y == -1) return wrap_sub(T{0}, x, bits);  // INT_MIN / -1 wraps to INT_MIN
  }
  return wrap_int(static_cast<T>(x / y), bits);
}

template <class T>
T int_remainder(T x, T y) {
  if (y == 0) return x;
  if constexpr (std::is_signed_v<T>) {
    if (y == -1) return 0;
  }
  return static_cast<T>(x % y);
}

struct Divide {
  template <Int T>
  T operator()(T x, T y, int bits) const { return int_divide(x, y, bits); }
  template <Float T>
  T operator()(T x, T y, int) const {
    if constexpr (kHasFastCodec<T>) return via_float(x, y, [](float a, float b) { return a / b; });
    else return x / y;
  }
  // Through complex<double> and rounded once, as StableHLO's reference interpreter.
  template <Complex T>
  T operator()(T x, T y, int) const { return to_complex<T>(widen(x) / widen(y)); }
};

// The sign of the dividend (C++ % and fmod), per the spec.
struct Remainder {
  template <Int T>
  T operator()(T x, T y, int) const { return int_remainder(x, y); }
  template <Float T>
  T operator()(T x, T y, int) const {
    return from_double<T>(std::fmod(to_double(x), to_double(y)));  // fmod is exact
  }
  // x - y * trunc(x / y), each part of the quotient truncated toward zero.
  template <Complex T>
  T operator()(T x, T y, int) const {
    C q = widen(x) / widen(y);
    q = C(std::trunc(q.real()), std::trunc(q.imag()));
    return to_complex<T>(widen(x) - widen(y) * q);
  }
};

struct Maximum {
  template <class T>
  T operator()(T x, T y, int) const { return element_extreme(x, y, true); }
};
struct Minimum {
  template <class T>
  T operator()(T x, T y, int) const { return element_extreme(x, y, false); }
};

// Integer power by repeated squaring, wrapping. A negative exponent gives 1/x^n truncated:
// 1 for x = 1, +-1 for x = -1, 0 otherwise (0 included), as XLA.
template <class T>
T int_power(T x, T n, int bits) {
  if constexpr (std::is_signed_v<T>) {
    if (n < 0) {
      if (x == 1) return 1;
      if (x == -1) return (n & 1) ? T(-1) : T(1);
      return 0;
    }
  }
  T result = 1;
  auto e = static_cast<std::make_unsigned_t<T>>(n);
  while (e) {
    if (e & 1) result = wrap_mul(result, x, bits);
    x = wrap_mul(x, x, bits);
    e >>= 1;
  }
  return result;
}

struct Power {
  template <Int T>
  T operator()(T x, T y, int bits) const { return int_power(x, y, bits); }
  template <Float T>
  T operator()(T x, T y, int) const {
    return from_double<T>(std::pow(to_double(x), to_double(y)));
  }
  template <Complex T>
  T operator()(T x, T y, int) const { return to_complex<T>(std::pow(widen(x), widen(y))); }
};

// atan2(y, x); complex per the spec: -i * log((x + i y) / sqrt(x^2 + y^2)).
struct Atan2 {
  template <Float T>
  T operator()(T y, T x, int) const {
    return from_double<T>(std::atan2(to_double(y), to_double(x)));
  }
  template <Complex T>
  T operator()(T y, T x, int) const {
    C a = widen(x), b = widen(y), i(0, 1);
    return to_complex<T>(-i * std::log((a + i * b) / std::sqrt(a * a + b * b)));
  }
};

struct And {
  template <Bool T>
  T operator()(T x, T y, int) const { return x && y; }
  template <Int T>
  T operator()(T x, T y, int) const { return static_cast<T>(x & y); }
};
struct Or {
  template <Bool T>
  T operator()(T x, T y, int) const { return x || y; }
  template <Int T>
  T operator()(T x, T y, int) const { return static_cast<T>(x | y); }
};
struct Xor {
  template <Bool T>
  T operator()(T x, T y, int) const { return x != y; }
  template <Int T>
  T operator()(T x, T y, int) const { return static_cast<T>(x ^ y); }
};

// Shift amounts are read as unsigned: a negative amount is a huge one (XLA's rule).
template <class T>
bool shift_out(T n, int bits) {
  return static_cast<uint64_t>(static_cast<std::make_unsigned_t<T>>(n)) >=
         static_cast<uint64_t>(bits);
}

struct ShiftLeft {
  template <Int T>
  T operator()(T x, T n, int bits) const {
    if (shift_out(n, bits)) return 0;
    return wrap_int(static_cast<T>(low_bits(x, bits) << n), bits);
  }
};
struct ShiftRightLogical {
  template <Int T>
  T operator()(T x, T n, int bits) const {
    if (shift_out(n, bits)) return 0;
    return wrap_int(static_cast<T>(low_bits(x, bits) >> n), bits);
  }
};
// Sub-byte values are held sign-extended, so shifting the held value is exact.
struct ShiftRightArithmetic {
  template <Int T>
  T operator()(T x, T n, int bits) const {
    if constexpr (std::is_signed_v<T>) {
      if (shift_out(n, bits)) return x < 0 ? T(-1) : T(0);
      return static_cast<T>(x >> n);
    } else {
      // An unsigned type's top bit is its sign here, as the bits are shifted unchanged.
      using S = std::make_signed_t<T>;
      int64_t v = static_cast<int64_t>(low_bits(x, bits) << (64 - bits)) >> (64 - bits);
      if (shift_out(n, bits)) return wrap_int(static_cast<T>(v < 0 ? -1 : 0), bits);
      return wrap_int(static_cast<T>(static_cast<S>(v >> n)), bits);
    }
  }
};

struct MakeComplex {
  template <class T>
    requires std::is_floating_point_v<T>
  std::complex<T> operator()(T re, T im, int) const { return {re, im}; }
};

}  // namespace

KILN_REGISTER_ELEMENTWISE("stablehlo.add", Add, 2);
KILN_REGISTER_ELEMENTWISE("stablehlo.and", And, 2);
KILN_REGISTER_ELEMENTWISE("stablehlo.atan2", Atan2, 2);
KILN_REGISTER_ELEMENTWISE("stablehlo.complex", MakeComplex, 2);
KILN_REGISTER_ELEMENTWISE("stablehlo.divide", Divide, 2);
KILN_REGISTER_ELEMENTWISE("stablehlo.maximum", Maximum, 2);
KILN_REGISTER_ELEMENTWISE("stablehlo.minimum", Minimum, 2);
KILN_REGISTER_ELEMENTWISE("stablehlo.multiply", Multiply, 2);
KILN_REGISTER_ELEMENTWISE("stablehlo.or", Or, 2);
KILN_REGISTER_ELEMENTWISE("stablehlo.power", Power, 2);
KILN_REGISTER_ELEMENTWISE("stablehlo.remainder", Remainder, 2);
KILN_REGISTER_ELEMENTWISE("stablehlo.shift_left", ShiftLeft, 2);
KILN_REGISTER_ELEMENTWISE("stablehlo.shift_right_arithmetic", ShiftRightArithmetic, 2);
KILN_REGISTER_ELEMENTWISE("stablehlo.shift_right_logical", ShiftRightLogical, 2);
KILN_REGISTER_ELEMENTWISE("stablehlo.subtract", Subtract, 2);
KILN_REGISTER_ELEMENTWISE("stablehlo.xor", Xor, 2);

}  // namespace kiln::interp
