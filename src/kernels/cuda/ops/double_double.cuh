// Double-double arithmetic (an unevaluated sum hi + lo of two doubles, about 106 bits) for the
// device routines that need more than double to round correctly-ish: sums, products, quotients
// and the natural logarithm. Error-free transformations after Dekker and Knuth; products rely on
// fma, and generated code compiles with --fmad=false so that nothing else is contracted.
// __host__ __device__: host tests run the same code.
#pragma once

#include "ops/host_device.cuh"

#if !defined(__CUDACC__)
#include <cmath>
#endif

namespace kg {

#if !defined(__CUDACC__)
using std::fma;
using std::frexp;
using std::ldexp;
#endif

struct dd {
  double hi, lo;
};

// a + b exactly, for any a and b.
KG_HOST_DEVICE dd two_sum(double a, double b) {
  const double s = a + b, bb = s - a;
  return {s, (a - (s - bb)) + (b - bb)};
}

// a + b exactly, when |a| >= |b| (or a is 0).
KG_HOST_DEVICE dd fast_two_sum(double a, double b) {
  const double s = a + b;
  return {s, b - (s - a)};
}

// a * b exactly (barring underflow).
KG_HOST_DEVICE dd two_prod(double a, double b) {
  const double p = a * b;
  return {p, fma(a, b, -p)};
}

KG_HOST_DEVICE dd dd_neg(dd a) { return {-a.hi, -a.lo}; }

KG_HOST_DEVICE dd dd_add(dd a, dd b) {
  dd s = two_sum(a.hi, b.hi);
  const dd t = two_sum(a.lo, b.lo);
  s = fast_two_sum(s.hi, s.lo + t.hi);
  return fast_two_sum(s.hi, s.lo + t.lo);
}

KG_HOST_DEVICE dd dd_sub(dd a, dd b) { return dd_add(a, dd_neg(b)); }

KG_HOST_DEVICE dd dd_mul(dd a, dd b) {
  dd p = two_prod(a.hi, b.hi);
  return fast_two_sum(p.hi, p.lo + (a.hi * b.lo + a.lo * b.hi));
}

KG_HOST_DEVICE dd dd_mul(dd a, double b) {
  dd p = two_prod(a.hi, b);
  return fast_two_sum(p.hi, p.lo + a.lo * b);
}

// a / b: the double quotient and one correction from the exact remainder.
KG_HOST_DEVICE dd dd_div(dd a, dd b) {
  const double q = a.hi / b.hi;
  const dd r = dd_sub(a, dd_mul(b, q));
  return fast_two_sum(q, r.hi / b.hi);
}

// log(a) for a > 0 (finite, normal or subnormal), relative error about 2^-100: a = 2^e m with
// m in [sqrt(1/2), sqrt(2)), log(m) = 2 atanh(s), s = (m - 1) / (m + 1), |s| <= 0.172, by its
// series to s^41 (the next term is below 2^-104 |s|).
KG_HOST_DEVICE dd dd_log(dd a) {
  int e = 0;
  double m = frexp(a.hi, &e);
  if (m < 0.70710678118654752) m *= 2, --e;
  const double m_lo = ldexp(a.lo, -e);
  const dd s = dd_div(two_sum(m - 1, m_lo), dd_add(two_sum(m, 1), dd{m_lo, 0}));
  const dd s2 = dd_mul(s, s);
  dd power = s, series = s;
  for (int k = 1; k <= 20; ++k) {
    power = dd_mul(power, s2);
    series = dd_add(series, dd_div(power, dd{2.0 * k + 1, 0}));
  }
  const dd ln2 = {0x1.62e42fefa39efp-1, 0x1.abc9e3b39803fp-56};
  return dd_add(dd_mul(ln2, static_cast<double>(e)), dd{2 * series.hi, 2 * series.lo});
}

}  // namespace kg
