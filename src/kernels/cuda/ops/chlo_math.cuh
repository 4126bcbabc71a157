// CHLO's special functions in double, term for term as the interpreter computes them
// (src/interp/ops/chlo_math.cpp): digamma, Hurwitz zeta, polygamma, bessel_i1e; and lgamma
// (ops/lgamma.cuh), more accurate than CUDA's on the negative axis. Generated code rounds their
// results once to the element type.
#pragma once

#include "ops/lgamma.cuh"

namespace kg {

__device__ __forceinline__ double chlo_nan() { return __longlong_as_double(0x7ff8000000000000LL); }
__device__ __forceinline__ double chlo_inf() { return __longlong_as_double(0x7ff0000000000000LL); }
#define KG_CHLO_PI 3.141592653589793

// tan(pi * x) through x's fractional part.
__device__ __forceinline__ double tan_pi(double x) { return tan(KG_CHLO_PI * (x - floor(x))); }

// Reflection for x < 0, the recurrence up to x >= 10, then the asymptotic series.
__device__ inline double digamma(double x) {
  if (x != x || x == -chlo_inf()) return chlo_nan();
  if (x == chlo_inf()) return chlo_inf();
  if (x <= 0 && x == floor(x)) return chlo_nan();
  double reflection = 0;
  if (x < 0) {
    reflection = -KG_CHLO_PI / tan_pi(x);
    x = 1 - x;
  }
  double r = 0;
  while (x < 10) r -= 1 / x, x += 1;
  const double z = 1 / (x * x);
  double series = z * (1.0 / 12 - z * (1.0 / 120 - z * (1.0 / 252 - z * (1.0 / 240 - z * (1.0 / 132 -
                  z * (691.0 / 32760 - z / 12))))));
  return (r + log(x) - 0.5 / x - series) + reflection;
}

// Hurwitz zeta(s, q) by Euler-Maclaurin: 12 (more for negative q) terms, then the tail.
__device__ inline double zeta(double s, double q) {
  if (s != s || q != q || isinf(s) || isinf(q)) return chlo_nan();
  if (s == 1) return chlo_inf();
  if (s < 1) return chlo_nan();
  if (q <= 0) {
    if (q == floor(q)) return chlo_inf();
    if (s != floor(s)) return chlo_nan();
  }
  const double kB[] = {1.0 / 6 / 2, -1.0 / 30 / 24, 1.0 / 42 / 720, -1.0 / 30 / 40320,
                       5.0 / 66 / 3628800, -691.0 / 2730 / 479001600,
                       7.0 / 6 / 87178291200.0, -3617.0 / 510 / 20922789888000.0,
                       43867.0 / 798 / 6402373705728000.0,
                       -174611.0 / 330 / 2432902008176640000.0,
                       854513.0 / 138 / 1.1240007277776077e21,
                       -236364091.0 / 2730 / 6.204484017332394e23};
  const int n = 12 + static_cast<int>(fmax(0.0, ceil(-q)));
  double sum = 0;
  for (int k = 0; k < n; ++k) sum += pow(q + k, -s);
  const double a = q + n;
  double tail = pow(a, 1 - s) / (s - 1) + pow(a, -s) / 2;
  double rising = s, power = pow(a, -s - 1);
  for (int j = 0; j < 12; ++j) {
    tail += kB[j] * rising * power;
    rising *= (s + 2 * j + 1) * (s + 2 * j + 2);
    power /= a * a;
  }
  return sum + tail;
}

// (-1)^(n+1) n! zeta(n + 1, x) for integer n >= 1; digamma for n = 0.
__device__ __forceinline__ double polygamma(double n, double x) {
  if (n != n || n < 0 || n != floor(n)) return chlo_nan();
  if (n == 0) return digamma(x);
  double sign = fmod(n, 2.0) == 0 ? -1 : 1;
  return sign * exp(lgamma(n + 1)) * zeta(n + 1, x);
}

// exp(-|x|) I1(x): the power series for |x| <= 20, else the asymptotic expansion.
__device__ inline double bessel_i1e(double x) {
  if (x != x) return x;
  const double ax = fabs(x);
  if (ax == chlo_inf()) return copysign(0.0, x);
  if (ax <= 20) {
    double t = x / 2, term = t, sum = t;
    for (int k = 0; k < 200 && fabs(term) > 1e-18 * fabs(sum); ++k) {
      term *= t * t / ((k + 1.0) * (k + 2.0));
      sum += term;
    }
    return sum * exp(-ax);
  }
  double term = 1, sum = 1;
  for (int k = 1; k < 60; ++k) {
    double next = term * -(4.0 - (2.0 * k - 1) * (2.0 * k - 1)) / (k * 8.0 * ax);
    if (fabs(next) >= fabs(term)) break;
    term = next;
    sum += term;
    if (fabs(term) < 1e-18) break;
  }
  return copysign(sum / sqrt(2 * KG_CHLO_PI * ax), x);
}

#undef KG_CHLO_PI

}  // namespace kg
