// The element-wise unary ops (abs ... tanh). Integers wrap at their width; narrow floats and
// f32 compute transcendental functions in double and round once; f64 uses libm directly;
// complex numbers go through complex<double>.
#include <bit>
#include <cmath>
#include <complex>

#include "interp/ops/elementwise.h"

namespace kiln::interp {

namespace {

using C = std::complex<double>;

using elementwise::Bool;
using elementwise::Complex;
using elementwise::Float;
using elementwise::Int;
using elementwise::to_complex;

// A float op given by one double -> double function and one complex<double> function.
#define KILN_FLOAT_OP(Name, real_expr, complex_expr)                             \
  struct Name {                                                                  \
    template <Float T>                                                           \
    T operator()(T x, int) const {                                               \
      return via_double(x, [](double v) { return real_expr; });                  \
    }                                                                            \
    template <Complex T>                                                         \
    T operator()(T x, int) const {                                               \
      return via_complex_double(x, [](C v) { return complex_expr; });            \
    }                                                                            \
  }

// Principal cube root of a complex number, as StableHLO's reference: |z|^(1/3) at arg(z)/3.
C complex_cbrt(C z) { return std::polar(std::cbrt(std::abs(z)), std::arg(z) / 3.0); }

// exp(z) - 1 without cancellation for small |z|: (expm1(a) cos b + cos b - 1) + i e^a sin b,
// with cos b - 1 = -2 sin^2(b/2).
C complex_expm1(C z) {
  double a = z.real(), b = z.imag();
  double s = std::sin(b / 2);
  return {std::expm1(a) * std::cos(b) - 2 * s * s, std::exp(a) * std::sin(b)};
}

// log(1 + z) without cancellation: real part log|1+z| = log1p(2a + a^2 + b^2) / 2.
C complex_log1p(C z) {
  double a = z.real(), b = z.imag();
  double t = 2 * a + a * a + b * b;
  if (std::fabs(t) < 0.5) return {0.5 * std::log1p(t), std::atan2(b, 1 + a)};
  return std::log(1.0 + z);
}

KILN_FLOAT_OP(Cbrt, std::cbrt(v), complex_cbrt(v));
KILN_FLOAT_OP(Cosine, std::cos(v), std::cos(v));
KILN_FLOAT_OP(Sine, std::sin(v), std::sin(v));
KILN_FLOAT_OP(Tan, std::tan(v), std::tan(v));
KILN_FLOAT_OP(Tanh, std::tanh(v), std::tanh(v));
KILN_FLOAT_OP(Exponential, std::exp(v), std::exp(v));
KILN_FLOAT_OP(ExponentialMinusOne, std::expm1(v), complex_expm1(v));
KILN_FLOAT_OP(Log, std::log(v), std::log(v));
KILN_FLOAT_OP(LogPlusOne, std::log1p(v), complex_log1p(v));
KILN_FLOAT_OP(Logistic, 1.0 / (1.0 + std::exp(-v)), 1.0 / (1.0 + std::exp(-v)));
KILN_FLOAT_OP(Rsqrt, 1.0 / std::sqrt(v), 1.0 / std::sqrt(v));
KILN_FLOAT_OP(Sqrt, std::sqrt(v), std::sqrt(v));
#undef KILN_FLOAT_OP

// Rounding ops are exact in double for every float type.
struct Ceil {
  template <Float T>
  T operator()(T x, int) const { return via_double(x, [](double v) { return std::ceil(v); }); }
};
struct Floor {
  template <Float T>
  T operator()(T x, int) const { return via_double(x, [](double v) { return std::floor(v); }); }
};
// Halves away from zero (spec: roundToIntegralTiesToAway).
struct RoundNearestAfz {
  template <Float T>
  T operator()(T x, int) const { return via_double(x, [](double v) { return std::round(v); }); }
};
// Halves to even (spec: roundToIntegralTiesToEven); nearbyint in the default rounding mode.
struct RoundNearestEven {
  template <Float T>
  T operator()(T x, int) const {
    return via_double(x, [](double v) { return std::nearbyint(v); });
  }
};

struct Abs {
  template <Int T>
  T operator()(T x, int bits) const { return x < 0 ? wrap_sub(T{0}, x, bits) : x; }
  template <Float T>
  T operator()(T x, int) const { return abs_float(x); }
  template <Complex T>
  typename T::value_type operator()(T x, int) const {
    return static_cast<typename T::value_type>(std::hypot(double(x.real()), double(x.imag())));
  }
};

struct Negate {
  template <Int T>
  T operator()(T x, int bits) const { return wrap_sub(T{0}, x, bits); }
  template <Float T>
  T operator()(T x, int) const { return negate_float(x); }
  template <Complex T>
  T operator()(T x, int) const { return T(-x.real(), -x.imag()); }
};

// -1, 0 or 1; floats keep NaN and the sign of zero; complex z / |z| (0 for 0).
struct Sign {
  template <Int T>
  T operator()(T x, int) const { return static_cast<T>((x > 0) - (x < 0)); }
  template <Float T>
  T operator()(T x, int) const {
    double v = to_double(x);
    if (std::isnan(v) || v == 0) return x;
    return from_double<T>(v > 0 ? 1.0 : -1.0);
  }
  template <Complex T>
  T operator()(T x, int) const {
    C z(x.real(), x.imag());
    if (std::isnan(z.real()) || std::isnan(z.imag())) return to_complex<T>({NAN, NAN});
    if (z == C(0, 0)) return x;
    return to_complex<T>(z / std::abs(z));
  }
};

struct Not {
  template <Bool T>
  T operator()(T x, int) const { return !x; }
  template <Int T>
  T operator()(T x, int bits) const { return wrap_int(static_cast<T>(~x), bits); }
};

// The value's `bits` low bits as an unsigned number.

struct Popcnt {
  template <Int T>
  T operator()(T x, int bits) const { return static_cast<T>(std::popcount(low_bits(x, bits))); }
};

struct CountLeadingZeros {
  template <Int T>
  T operator()(T x, int bits) const {
    return static_cast<T>(std::countl_zero(low_bits(x, bits)) - (64 - bits));
  }
};

struct IsFinite {
  template <Float T>
  bool operator()(T x, int) const { return std::isfinite(to_double(x)); }
};

// real and imag of a float are the value and zero.
struct Real {
  template <Float T>
  T operator()(T x, int) const { return x; }
  template <Complex T>
  typename T::value_type operator()(T x, int) const { return x.real(); }
};
struct Imag {
  template <Float T>
  T operator()(T, int) const { return from_double<T>(0.0); }
  template <Complex T>
  typename T::value_type operator()(T x, int) const { return x.imag(); }
};

}  // namespace

KILN_REGISTER_ELEMENTWISE("stablehlo.abs", Abs, 1);
KILN_REGISTER_ELEMENTWISE("stablehlo.cbrt", Cbrt, 1);
KILN_REGISTER_ELEMENTWISE("stablehlo.ceil", Ceil, 1);
KILN_REGISTER_ELEMENTWISE("stablehlo.count_leading_zeros", CountLeadingZeros, 1);
KILN_REGISTER_ELEMENTWISE("stablehlo.cosine", Cosine, 1);
KILN_REGISTER_ELEMENTWISE("stablehlo.exponential", Exponential, 1);
KILN_REGISTER_ELEMENTWISE("stablehlo.exponential_minus_one", ExponentialMinusOne, 1);
KILN_REGISTER_ELEMENTWISE("stablehlo.floor", Floor, 1);
KILN_REGISTER_ELEMENTWISE("stablehlo.imag", Imag, 1);
KILN_REGISTER_ELEMENTWISE("stablehlo.is_finite", IsFinite, 1);
KILN_REGISTER_ELEMENTWISE("stablehlo.log", Log, 1);
KILN_REGISTER_ELEMENTWISE("stablehlo.log_plus_one", LogPlusOne, 1);
KILN_REGISTER_ELEMENTWISE("stablehlo.logistic", Logistic, 1);
KILN_REGISTER_ELEMENTWISE("stablehlo.negate", Negate, 1);
KILN_REGISTER_ELEMENTWISE("stablehlo.not", Not, 1);
KILN_REGISTER_ELEMENTWISE("stablehlo.popcnt", Popcnt, 1);
KILN_REGISTER_ELEMENTWISE("stablehlo.real", Real, 1);
KILN_REGISTER_ELEMENTWISE("stablehlo.round_nearest_afz", RoundNearestAfz, 1);
KILN_REGISTER_ELEMENTWISE("stablehlo.round_nearest_even", RoundNearestEven, 1);
KILN_REGISTER_ELEMENTWISE("stablehlo.rsqrt", Rsqrt, 1);
KILN_REGISTER_ELEMENTWISE("stablehlo.sign", Sign, 1);
KILN_REGISTER_ELEMENTWISE("stablehlo.sine", Sine, 1);
KILN_REGISTER_ELEMENTWISE("stablehlo.sqrt", Sqrt, 1);
KILN_REGISTER_ELEMENTWISE("stablehlo.tan", Tan, 1);
KILN_REGISTER_ELEMENTWISE("stablehlo.tanh", Tanh, 1);

}  // namespace kiln::interp
