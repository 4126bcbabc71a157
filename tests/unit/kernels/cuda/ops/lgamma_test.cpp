// kg::lgamma (kernels/cuda/ops/lgamma.cuh) compiled as host C++ against long double lgammal, on
// the negative axis where it replaces CUDA's lgamma: within one ulp over a dense grid, and
// within 2^-74 absolute near the roots of lgamma, where the result is far smaller than the
// terms it is the difference of (ulps of the result mean nothing there). Also the poles, and
// the double-double logarithm it rests on.
#include "ops/lgamma.cuh"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace kg {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// One unit in the last place of the double nearest `r`.
double ulp_of(long double r) {
  const double d = std::fabs(static_cast<double>(r));
  return std::nextafter(d, kInf) - d;
}

// How far kg::lgamma(x) is from lgammal(x), in ulps of the reference.
double ulps_off(double x) {
  const long double want = lgammal(static_cast<long double>(x));
  return static_cast<double>(std::fabs(kg::lgamma(x) - want)) / ulp_of(want);
}

TEST(Lgamma, PolesAndSpecialValues) {
  for (double x : {-0.0, 0.0, -1.0, -2.0, -31.0, -32.0, -170.0, -0x1p52, -0x1p60, -kInf}) {
    EXPECT_EQ(kg::lgamma(x), kInf) << x;
  }
  EXPECT_TRUE(std::isnan(kg::lgamma(std::numeric_limits<double>::quiet_NaN())));
  EXPECT_EQ(kg::lgamma(kInf), kInf);
  EXPECT_EQ(kg::lgamma(1.0), 0.0);
  EXPECT_EQ(kg::lgamma(2.0), 0.0);
}

// The value the GPU suite found 10 ulps off with CUDA's lgamma (tests/e2e/stablehlo_ops/chlo.mlir).
TEST(Lgamma, MinusTwoAndAHalf) {
  EXPECT_LE(ulps_off(-2.5), 0.5);
  EXPECT_EQ(kg::lgamma(-2.5), -0.056243716497674054);
}

// 200,000 points spread evenly in log|x| over [-170, -0.01] and each half-integer: one ulp
// (correctly rounded would be half), on both sides of the switch to reflection at -32.
TEST(Lgamma, DenseGridOnTheNegativeAxis) {
  constexpr int kPoints = 200000;
  double worst = 0, worst_x = 0;
  for (int i = 0; i < kPoints; ++i) {
    const double x = -0.01 * std::pow(17000.0, (i + 0.5) / kPoints);
    if (x == std::floor(x)) continue;
    if (double e = ulps_off(x); e > worst) worst = e, worst_x = x;
  }
  for (double x = -0.5; x > -170; x -= 1) {
    if (double e = ulps_off(x); e > worst) worst = e, worst_x = x;
  }
  EXPECT_LE(worst, 1.0) << "at x = " << worst_x;
}

// Next to the poles (x = -n +- a few ulps of n, and -n +- 1e-9): the product's smallest factor
// is itself a difference, exact in double-double.
TEST(Lgamma, NextToThePoles) {
  for (int n = 1; n <= 60; ++n) {
    for (double x : {std::nextafter(-n, 0.0), std::nextafter(-n, -kInf), -n + 1e-9, -n - 1e-9}) {
      EXPECT_LE(ulps_off(x), 1.0) << "at x = " << x;
    }
  }
  EXPECT_LE(ulps_off(-std::numeric_limits<double>::denorm_min()), 1.0);
  EXPECT_LE(ulps_off(-1e-300), 1.0);
}

// Where lgamma crosses zero (two roots in each interval (-n - 1, -n), n >= 2; -2.4570 and
// -2.7477 the first; past n = 17 no double lies near them): the terms are about 30 (lgamma(x +
// n) with x + n in [16, 17)) and their difference is as small as 1e-16, so the bound is
// absolute: half an ulp of the result (its rounding) plus 2^-74. Around each root, its 100
// neighbours on either side and 100 points either side 2^-40 |root| apart.
TEST(Lgamma, NearItsRoots) {
  auto sign = [](double x) { return lgammal(static_cast<long double>(x)) < 0; };
  double worst = 0, worst_x = 0;
  int roots = 0;
  for (int n = 2; n <= 20; ++n) {
    const double pole_left = std::nextafter(-n - 1.0, 0.0), pole_right = std::nextafter(-n, -kInf);
    for (double a : {pole_left, pole_right}) {
      double b = -n - 0.5;  // |Gamma| < 1 there; > 1 next to the poles
      if (sign(a) == sign(b)) continue;
      ++roots;
      while (std::nextafter(a, b) != b) {
        const double m = a + (b - a) / 2;
        (sign(m) == sign(a) ? a : b) = m;
      }
      for (int k = -100; k <= 100; ++k) {
        double next = a;
        for (int i = 0; i < std::abs(k); ++i) next = std::nextafter(next, k < 0 ? -kInf : 0.0);
        for (double x : {next, a * (1 + k * 0x1p-40)}) {
          const long double want = lgammal(static_cast<long double>(x));
          const double excess =
              static_cast<double>(std::fabs(kg::lgamma(x) - want)) - ulp_of(want) / 2;
          if (excess > worst) worst = excess, worst_x = x;
        }
      }
    }
  }
  EXPECT_GE(roots, 28);
  EXPECT_LE(worst, std::ldexp(1.0, -74)) << "at x = " << worst_x;
}

TEST(DoubleDouble, LogOfAPowerOfTwoAndOfOnePlusAnUlp) {
  const dd l = dd_log({0x1p-20, 0});
  const long double want = -20 * std::log(2.0L);
  EXPECT_LE(std::fabs(static_cast<long double>(l.hi) + l.lo - want), 1e-18L * 14);
  // log(1 + e) with e = 2^-52 + 2^-80 is e - e^2 / 2 + ... = e - 2^-105 - 2^-132 - ...: only
  // the low part of the argument tells it from log(1 + 2^-52), and 2^-105 from e.
  const dd t = dd_log({1 + 0x1p-52, 0x1p-80});
  EXPECT_NEAR((t.hi - (0x1p-52 + 0x1p-80)) + t.lo, -0x1p-105, 0x1p-128);
}

}  // namespace
}  // namespace kg
