// chlo.lgamma in double: log|Gamma(x)|. Positive arguments take CUDA's lgamma as they are;
// negative ones are computed in double-double (ops/double_double.cuh), because there lgamma is
// a difference of terms much larger than itself wherever |Gamma(x)| is near 1 (lgamma(-2.5) =
// -0.056 is 0.57 - 0.63), which CUDA's lgamma leaves 10 ulps off at -2.5. __host__ __device__:
// a host test compares it with long double lgammal.
#pragma once

#include "ops/double_double.cuh"
#include "ops/host_device.cuh"

#if !defined(__CUDACC__)
#include <cmath>
#endif

namespace kg {

#if !defined(__CUDACC__)
using std::ceil;
using std::cos;
using std::floor;
using std::sin;
#endif

// Where the negative axis changes from the recurrence to the reflection formula.
constexpr double kLgammaReflectBelow = -32;

// lgamma(z) for z >= 16 by Stirling's series: (z - 1/2) log z - z + log(2 pi) / 2 + sum over k
// of B(2k) / (2k (2k - 1) z^(2k - 1)). Ten terms leave under 1e-24 at z = 16; the first two in
// double-double, the rest (below 8e-10) in double.
KG_HOST_DEVICE dd lgamma_stirling(dd z) {
  const dd half_log_2pi = {0x1.d67f1c864beb5p-1, -0x1.65b5a1b7ff5dfp-55};
  const dd minus_1_360 = {-0x1.6c16c16c16c17p-9, 0x1.f49f49f49f49fp-64};
  dd r = dd_sub(dd_mul(dd_add(z, dd{-0.5, 0}), dd_log(z)), z);
  r = dd_add(r, half_log_2pi);
  const dd v = dd_div(dd{1, 0}, z), w = dd_mul(v, v);
  // B(2k) / (2k (2k - 1)) for k = 3 .. 10.
  const double c[] = {1.0 / 1260, -1.0 / 1680, 1.0 / 1188, -691.0 / 360360,
                      1.0 / 156, -3617.0 / 122400, 43867.0 / 244188, -174611.0 / 125400};
  double tail = c[7];
  for (int k = 6; k >= 0; --k) tail = c[k] + w.hi * tail;
  const dd from_k2 = dd_mul(dd_mul(v, w), dd_add(minus_1_360, dd{w.hi * tail, 0}));
  return dd_add(r, dd_add(dd_div(v, dd{12, 0}), from_k2));
}

// lgamma(x) for -32 < x < 0, x not an integer: lgamma(x + n) - log|x (x + 1) ... (x + n - 1)|
// with x + n in [16, 17). Each factor x + k is exact as a double-double and the product
// carries about 100 bits, so the cancellation between the two logarithms costs nothing.
KG_HOST_DEVICE double lgamma_by_recurrence(double x) {
  const int n = static_cast<int>(ceil(16 - x));
  dd product = {x, 0};
  for (int k = 1; k < n; ++k) product = dd_mul(product, two_sum(x, k));
  if (product.hi < 0) product = dd_neg(product);
  const dd r = dd_sub(lgamma_stirling(two_sum(x, n)), dd_log(product));
  return r.hi + r.lo;
}

// lgamma(x) for x <= -32, x not an integer, by reflection: Gamma(x) Gamma(1 - x) = pi /
// sin(pi x) and Gamma(1 - x) = -x Gamma(-x), so lgamma(x) = log pi - log|x sin(pi x)| -
// lgamma(-x). sin(pi x) comes from x's exact distance g to the nearest integer; its double
// error is too small to matter here, where |lgamma(x)| >= 49 and the terms do not cancel.
KG_HOST_DEVICE double lgamma_by_reflection(double x) {
  const dd pi = {0x1.921fb54442d18p+1, 0x1.1a62633145c07p-53};
  const dd log_pi = {0x1.250d048e7a1bdp+0, 0x1.7abf2ad8d5088p-57};
  const double f = x - floor(x);
  const dd angle = dd_mul(pi, f > 0.5 ? 1 - f : f);
  const dd sin_pi_x = fast_two_sum(sin(angle.hi), cos(angle.hi) * angle.lo);
  const dd r = dd_sub(dd_sub(log_pi, dd_log(dd_mul(sin_pi_x, -x))), lgamma_stirling({-x, 0}));
  return r.hi + r.lo;
}

// log|Gamma(x)|: +inf at the poles (0, -0, the negative integers, -inf), NaN for NaN.
KG_HOST_DEVICE double lgamma(double x) {
  if (!(x < 0)) return ::lgamma(x);
  if (x == floor(x)) return 1.0 / 0.0;
  return x > kLgammaReflectBelow ? lgamma_by_recurrence(x) : lgamma_by_reflection(x);
}

}  // namespace kg
