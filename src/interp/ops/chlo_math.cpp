// The element-wise math of the chlo dialect: trigonometric and hyperbolic functions, erf and
// its inverse, lgamma, digamma, polygamma, Hurwitz zeta, bessel_i1e and next_after. Each is
// computed in double and rounded once to the element type.
#include <cmath>
#include <complex>
#include <limits>
#include <numbers>

#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

using Results = Expected<std::vector<RuntimeValue>>;
using C = std::complex<double>;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kPi = std::numbers::pi;

// erf^-1 on [-1, 1]: Winitzki's closed-form estimate refined by Newton steps on erf (or on
// erfc near +-1, where 1 - |y| is exact and erf would lose the digits).
double erf_inv(double y) {
  if (std::isnan(y) || y < -1 || y > 1) return kNaN;
  if (y == 0 || std::fabs(y) == 1) return y == 0 ? y : std::copysign(kInf, y);
  const double a = 0.147, ay = std::fabs(y);
  double l = std::log1p(-ay * ay), t = 2 / (kPi * a) + l / 2;
  double x = std::sqrt(std::max(0.0, std::sqrt(t * t - l / a) - t));
  if (!(x > 0) || !std::isfinite(x)) x = ay * std::sqrt(kPi) / 2;
  for (int i = 0; i < 12; ++i) {
    double slope = 2 / std::sqrt(kPi) * std::exp(-x * x);
    double dx = ay > 0.5 ? -(std::erfc(x) - (1 - ay)) / slope : (std::erf(x) - ay) / slope;
    x -= dx;
    if (std::fabs(dx) <= 1e-17 * std::fabs(x)) break;
  }
  return std::copysign(x, y);
}

// tan(pi * x) through x's fractional part, so that large |x| keeps its precision.
double tan_pi(double x) { return std::tan(kPi * (x - std::floor(x))); }

// digamma: reflection for x < 0, the recurrence psi(x) = psi(x + 1) - 1/x up to x >= 10,
// then the asymptotic series with Bernoulli numbers.
double digamma(double x) {
  if (std::isnan(x) || x == -kInf) return kNaN;
  if (x == kInf) return kInf;
  if (x <= 0 && x == std::floor(x)) return kNaN;  // the poles, as JAX returns them
  if (x < 0) return digamma(1 - x) - kPi / tan_pi(x);
  double r = 0;
  while (x < 10) r -= 1 / x, x += 1;
  const double z = 1 / (x * x);
  double series = z * (1.0 / 12 - z * (1.0 / 120 - z * (1.0 / 252 - z * (1.0 / 240 - z * (1.0 / 132 -
                  z * (691.0 / 32760 - z / 12))))));
  return r + std::log(x) - 0.5 / x - series;
}

// Hurwitz zeta(s, q) = sum over k >= 0 of (q + k)^-s by Euler-Maclaurin: the first terms
// directly, the tail from a = q + n by its integral and Bernoulli corrections.
double zeta(double s, double q) {
  if (std::isnan(s) || std::isnan(q) || std::isinf(s) || std::isinf(q)) return kNaN;
  if (s == 1) return kInf;
  if (s < 1) return kNaN;
  if (q <= 0) {
    if (q == std::floor(q)) return kInf;
    if (s != std::floor(s)) return kNaN;  // (q + k)^-s of a negative base
  }
  // B_2j / (2j)! for j = 1..12.
  static constexpr double kB[] = {1.0 / 6 / 2, -1.0 / 30 / 24, 1.0 / 42 / 720, -1.0 / 30 / 40320,
                                  5.0 / 66 / 3628800, -691.0 / 2730 / 479001600,
                                  7.0 / 6 / 87178291200.0, -3617.0 / 510 / 20922789888000.0,
                                  43867.0 / 798 / 6402373705728000.0,
                                  -174611.0 / 330 / 2432902008176640000.0,
                                  854513.0 / 138 / 1.1240007277776077e21,
                                  -236364091.0 / 2730 / 6.204484017332394e23};
  const int n = 12 + static_cast<int>(std::max(0.0, std::ceil(-q)));
  double sum = 0;
  for (int k = 0; k < n; ++k) sum += std::pow(q + k, -s);
  const double a = q + n;
  double tail = std::pow(a, 1 - s) / (s - 1) + std::pow(a, -s) / 2;
  double rising = s, power = std::pow(a, -s - 1);  // s (s+1) ... (s+2j-2), a^(-s-2j+1)
  for (int j = 0; j < 12; ++j) {
    tail += kB[j] * rising * power;
    rising *= (s + 2 * j + 1) * (s + 2 * j + 2);
    power /= a * a;
  }
  return sum + tail;
}

// polygamma(n, x) = (-1)^(n+1) n! zeta(n + 1, x) for integer n >= 1; digamma for n = 0.
double polygamma(double n, double x) {
  if (std::isnan(n) || n < 0 || n != std::floor(n)) return kNaN;
  if (n == 0) return digamma(x);
  double sign = std::fmod(n, 2) == 0 ? -1 : 1;
  return sign * std::exp(std::lgamma(n + 1)) * zeta(n + 1, x);
}

// exp(-|x|) I1(x): the power series (all terms positive) for |x| <= 20, else the
// asymptotic expansion of I1.
double bessel_i1e(double x) {
  if (std::isnan(x)) return x;
  const double ax = std::fabs(x);
  if (ax == kInf) return std::copysign(0.0, x);
  if (ax <= 20) {
    double t = x / 2, term = t, sum = t;
    for (int k = 0; k < 200 && std::fabs(term) > 1e-18 * std::fabs(sum); ++k) {
      term *= t * t / ((k + 1.0) * (k + 2.0));
      sum += term;
    }
    return sum * std::exp(-ax);
  }
  double term = 1, sum = 1;
  for (int k = 1; k < 60; ++k) {
    double next = term * -(4.0 - (2.0 * k - 1) * (2.0 * k - 1)) / (k * 8.0 * ax);
    if (std::fabs(next) >= std::fabs(term)) break;
    term = next;
    sum += term;
    if (std::fabs(term) < 1e-18) break;
  }
  return std::copysign(sum / std::sqrt(2 * kPi * ax), x);
}

// Runs F on every element of a float (or, with CF, complex) operand in double.
template <double (*F)(double), C (*CF)(const C&) = nullptr>
Results unary(Interpreter&, const ir::Operation& op, std::span<const RuntimeValue> args) {
  const Tensor& x = args[0].tensor();
  KILN_TRY(Tensor out, allocate_result(op));
  bool ok = dispatch_dtype(x.element().kind(), [&]<class T>() {
    if constexpr (kIsFloat<T>) {
      map_elements<T, T>(x, out, [](T v) { return from_double<T>(F(to_double(v))); });
      return true;
    } else if constexpr (kIsComplex<T>) {
      if constexpr (CF != nullptr) {
        using P = typename T::value_type;
        map_elements<T, T>(x, out, [](T v) {
          C r = CF(C(v.real(), v.imag()));
          return T(static_cast<P>(r.real()), static_cast<P>(r.imag()));
        });
        return true;
      }
      return false;
    } else {
      return false;
    }
  });
  if (!ok) return op_unsupported(op, "does not support " + ir::to_string(x.element()));
  return std::vector<RuntimeValue>{out};
}

template <double (*F)(double, double)>
Results binary(Interpreter&, const ir::Operation& op, std::span<const RuntimeValue> args) {
  const Tensor& a = args[0].tensor();
  KILN_TRY(Tensor out, allocate_result(op));
  bool ok = dispatch_dtype(a.element().kind(), [&]<class T>() {
    if constexpr (kIsFloat<T>) {
      zip_elements<T, T>(a, args[1].tensor(), out,
                         [](T u, T v) { return from_double<T>(F(to_double(u), to_double(v))); });
      return true;
    } else {
      return false;
    }
  });
  if (!ok) return op_unsupported(op, "does not support " + ir::to_string(a.element()));
  return std::vector<RuntimeValue>{out};
}

// The next value of x's type after x in the direction of y (IEEE nextUp/nextDown).
template <class T>
T next_after_value(T x, T y) {
  if constexpr (std::is_floating_point_v<T>) {
    return std::nextafter(x, y);
  } else {
    double dx = to_double(x), dy = to_double(y);
    if (std::isnan(dx) || std::isnan(dy)) return from_double<T>(kNaN);
    if (dx == dy) return y;
    using Bits = decltype(x.bits);
    const auto sign = static_cast<Bits>(1u << (ir::ElementType(narrow_kind<T>::value).bit_width() - 1));
    if (dx == 0) return T::from_bits(dy < 0 ? (sign | 1u) : 1u);
    bool away = (dx < dy) == (dx > 0);
    return T::from_bits(static_cast<Bits>(away ? x.bits + 1 : x.bits - 1));
  }
}

Results next_after(Interpreter&, const ir::Operation& op, std::span<const RuntimeValue> args) {
  const Tensor& a = args[0].tensor();
  KILN_TRY(Tensor out, allocate_result(op));
  bool ok = dispatch_dtype(a.element().kind(), [&]<class T>() {
    if constexpr (kIsFloat<T>) {
      zip_elements<T, T>(a, args[1].tensor(), out, [](T u, T v) { return next_after_value(u, v); });
      return true;
    } else {
      return false;
    }
  });
  if (!ok) return op_unsupported(op, "does not support " + ir::to_string(a.element()));
  return std::vector<RuntimeValue>{out};
}

double real_erf(double x) { return std::erf(x); }
double real_erfc(double x) { return std::erfc(x); }
double real_lgamma(double x) { return std::lgamma(x); }
double real_tan(double x) { return std::tan(x); }
double real_sinh(double x) { return std::sinh(x); }
double real_cosh(double x) { return std::cosh(x); }
double real_asin(double x) { return std::asin(x); }
double real_acos(double x) { return std::acos(x); }
double real_atan(double x) { return std::atan(x); }
double real_asinh(double x) { return std::asinh(x); }
double real_acosh(double x) { return std::acosh(x); }
double real_atanh(double x) { return std::atanh(x); }
C ctan(const C& z) { return std::tan(z); }
C csinh(const C& z) { return std::sinh(z); }
C ccosh(const C& z) { return std::cosh(z); }
C casin(const C& z) { return std::asin(z); }
C cacos(const C& z) { return std::acos(z); }
C catan(const C& z) { return std::atan(z); }
C casinh(const C& z) { return std::asinh(z); }
C cacosh(const C& z) { return std::acosh(z); }
C catanh(const C& z) { return std::atanh(z); }

}  // namespace

// Shared with the broadcasting forms in chlo.cpp.
Results chlo_next_after(Interpreter& in, const ir::Operation& op,
                        std::span<const RuntimeValue> args) {
  return next_after(in, op, args);
}
Results chlo_polygamma(Interpreter& in, const ir::Operation& op,
                       std::span<const RuntimeValue> args) {
  return binary<polygamma>(in, op, args);
}
Results chlo_zeta(Interpreter& in, const ir::Operation& op, std::span<const RuntimeValue> args) {
  return binary<zeta>(in, op, args);
}

KILN_REGISTER_INTERP("chlo.erf", unary<real_erf>);
KILN_REGISTER_INTERP("chlo.erfc", unary<real_erfc>);
KILN_REGISTER_INTERP("chlo.erf_inv", unary<erf_inv>);
KILN_REGISTER_INTERP("chlo.lgamma", unary<real_lgamma>);
KILN_REGISTER_INTERP("chlo.digamma", unary<digamma>);
KILN_REGISTER_INTERP("chlo.bessel_i1e", unary<bessel_i1e>);
KILN_REGISTER_INTERP("chlo.tan", (unary<real_tan, ctan>));
KILN_REGISTER_INTERP("chlo.sinh", (unary<real_sinh, csinh>));
KILN_REGISTER_INTERP("chlo.cosh", (unary<real_cosh, ccosh>));
KILN_REGISTER_INTERP("chlo.asin", (unary<real_asin, casin>));
KILN_REGISTER_INTERP("chlo.acos", (unary<real_acos, cacos>));
KILN_REGISTER_INTERP("chlo.atan", (unary<real_atan, catan>));
KILN_REGISTER_INTERP("chlo.asinh", (unary<real_asinh, casinh>));
KILN_REGISTER_INTERP("chlo.acosh", (unary<real_acosh, cacosh>));
KILN_REGISTER_INTERP("chlo.atanh", (unary<real_atanh, catanh>));
KILN_REGISTER_INTERP("chlo.next_after", chlo_next_after);
KILN_REGISTER_INTERP("chlo.polygamma", chlo_polygamma);
KILN_REGISTER_INTERP("chlo.zeta", chlo_zeta);

}  // namespace kiln::interp
