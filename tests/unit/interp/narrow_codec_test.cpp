// The inline bf16/f16 codecs agree bit for bit with ir's codecs, and bf16/f16 arithmetic done in
// float and rounded once agrees with the double-based arithmetic of NarrowFloat.
#include "interp/narrow_codec.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <random>
#include <vector>

#include "interp/ops/elementwise.h"
#include "ir/float_format.h"

namespace kiln::interp {
namespace {

template <class T>
constexpr ir::ElementKind kKind = std::is_same_v<T, BF16> ? ir::ElementKind::kBF16
                                                          : ir::ElementKind::kF16;

template <class T>
void expect_decodes_every_pattern() {
  for (uint32_t bits = 0; bits < 0x10000; ++bits) {
    double want = ir::bits_to_double(kKind<T>, bits);
    double got = narrow_to_float(T::from_bits(bits));
    if (std::isnan(want)) {
      ASSERT_TRUE(std::isnan(got)) << std::hex << bits;
    } else {
      ASSERT_EQ(std::bit_cast<uint64_t>(got), std::bit_cast<uint64_t>(want)) << std::hex << bits;
    }
  }
}

TEST(NarrowCodec, Bf16DecodesEveryPattern) { expect_decodes_every_pattern<BF16>(); }
TEST(NarrowCodec, F16DecodesEveryPattern) { expect_decodes_every_pattern<F16>(); }

// Doubles around every pattern of the format (each value, its neighbours, the midpoints to
// the next value and just off them), and random doubles of every magnitude.
template <class T>
std::vector<double> probe_doubles() {
  std::vector<double> v = {0.0, -0.0, INFINITY, -INFINITY, NAN, -NAN, 1e300, -1e300, 1e-300,
                           std::numeric_limits<float>::max(), 3.4028235677973366e38,
                           std::numeric_limits<double>::denorm_min()};
  for (uint32_t bits = 0; bits < 0x10000; ++bits) {
    double x = ir::bits_to_double(kKind<T>, bits);
    double y = ir::bits_to_double(kKind<T>, (bits + 1) & 0xffff);
    if (!std::isfinite(x)) continue;
    double mid = std::isfinite(y) ? x + (y - x) / 2 : x * 1.001;
    for (double d : {x, mid, std::nextafter(mid, 0.0), std::nextafter(mid, 1e300),
                     std::nextafter(mid, -1e300), std::nextafter(x, 1e300)}) {
      v.push_back(d);
    }
  }
  std::mt19937_64 rng(7);
  for (int i = 0; i < 2'000'000; ++i) {
    uint64_t bits = rng();
    // Exponents around float's and the format's range, where the rounding cases live.
    uint64_t exponent = 1023 - 160 + (bits >> 52) % 300;
    v.push_back(std::bit_cast<double>((bits & 0x800fffffffffffffull) | (exponent << 52)));
  }
  return v;
}

template <class T>
void expect_encodes_like_ir() {
  for (double d : probe_doubles<T>()) {
    uint64_t want = ir::double_to_bits(kKind<T>, d);
    ASSERT_EQ(narrow_from_double<T>(d).bits, want) << d;
    auto f = static_cast<float>(d);
    ASSERT_EQ(narrow_from_float<T>(f).bits, ir::double_to_bits(kKind<T>, f)) << f;
  }
}

TEST(NarrowCodec, Bf16EncodesLikeIr) { expect_encodes_like_ir<BF16>(); }
TEST(NarrowCodec, F16EncodesLikeIr) { expect_encodes_like_ir<F16>(); }

// Patterns where rounding is delicate: zeros, the smallest and largest subnormals and normals,
// the largest finite values, infinities, NaNs, and values around one.
template <class T>
std::vector<uint16_t> special_patterns() {
  std::vector<uint16_t> p = {0x0000, 0x0001, 0x0002, 0x0003};
  if constexpr (std::is_same_v<T, BF16>) {
    p.insert(p.end(), {0x007f, 0x0080, 0x0081, 0x00ff, 0x3f80, 0x3f81, 0x3fff, 0x4000, 0x7f7f,
                       0x7f7e, 0x7f80, 0x7fc0, 0x7f81, 0x3c00, 0x4780, 0x1f80, 0x2000});
  } else {
    p.insert(p.end(), {0x03ff, 0x0400, 0x0401, 0x07ff, 0x3c00, 0x3c01, 0x3bff, 0x4000, 0x7bff,
                       0x7bfe, 0x7c00, 0x7e00, 0x7c01, 0x1000, 0x5000, 0x2400, 0x5bff});
  }
  size_t n = p.size();
  for (size_t i = 0; i < n; ++i) p.push_back(static_cast<uint16_t>(p[i] | 0x8000));
  return p;
}

// Checks the functor Fn on T against the double-based operator `want`.
template <class T, class Fn, class Want>
void expect_float_arithmetic_exact(Want want) {
  auto check = [&](uint16_t a, uint16_t b) {
    T x = T::from_bits(a), y = T::from_bits(b);
    T got = Fn{}(x, y, 16);
    T expected = want(x, y);
    ASSERT_EQ(got.bits, expected.bits) << std::hex << a << " " << b;
  };
  std::vector<uint16_t> specials = special_patterns<T>();
  for (uint16_t a : specials) {
    for (uint16_t b : specials) check(a, b);
  }
  std::mt19937_64 rng(11);
  for (int i = 0; i < 3'000'000; ++i) {
    uint64_t r = rng();
    check(static_cast<uint16_t>(r), static_cast<uint16_t>(r >> 16));
  }
}

struct FloatAdd {
  template <class T>
  T operator()(T x, T y, int) const {
    return elementwise::via_float(x, y, [](float a, float b) { return a + b; });
  }
};
struct FloatSub {
  template <class T>
  T operator()(T x, T y, int) const {
    return elementwise::via_float(x, y, [](float a, float b) { return a - b; });
  }
};
struct FloatMul {
  template <class T>
  T operator()(T x, T y, int) const {
    return elementwise::via_float(x, y, [](float a, float b) { return a * b; });
  }
};
struct FloatDiv {
  template <class T>
  T operator()(T x, T y, int) const {
    return elementwise::via_float(x, y, [](float a, float b) { return a / b; });
  }
};

template <class T>
void expect_all_four_exact() {
  expect_float_arithmetic_exact<T, FloatAdd>([](T x, T y) { return x + y; });
  expect_float_arithmetic_exact<T, FloatSub>([](T x, T y) { return x - y; });
  expect_float_arithmetic_exact<T, FloatMul>([](T x, T y) { return x * y; });
  expect_float_arithmetic_exact<T, FloatDiv>([](T x, T y) { return x / y; });
}

TEST(NarrowCodec, Bf16ArithmeticInFloatRoundsLikeDouble) { expect_all_four_exact<BF16>(); }
TEST(NarrowCodec, F16ArithmeticInFloatRoundsLikeDouble) { expect_all_four_exact<F16>(); }

}  // namespace
}  // namespace kiln::interp
