// The byte float formats (f8, f6, f4) in generated code. The device routines of
// kernels/cuda/ops/float8.cuh compile as host C++ too: decoding agrees with the interpreter's
// codec (ir::bits_to_double) on every pattern, and rounding a float (ir::double_to_bits) on
// every float's top 20 bits with three tails (so every value, midpoint and neighbour of a
// midpoint of each format), and rounding a double once on each midpoint's neighbours. Then
// each format's generated code compiles through NVRTC, and on a GPU matches the cpu backend.
#include <gtest/gtest.h>

#include <bit>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "ir/element_type.h"
#include "ir/float_format.h"
#include "kernels/cuda/ops/float8.cuh"
#include "tests/unit/backend/cuda/op_checks.h"

namespace kiln::backend::cuda {
namespace {

using K = ir::ElementKind;
constexpr double kInf = std::numeric_limits<double>::infinity();

template <class F, K Kind>
struct Float8Format {
  using type = F;
  static constexpr K kKind = Kind;
};

using Float8Formats = ::testing::Types<
    Float8Format<kg::f4e2m1fn, K::kF4E2M1FN>, Float8Format<kg::f6e2m3fn, K::kF6E2M3FN>,
    Float8Format<kg::f6e3m2fn, K::kF6E3M2FN>, Float8Format<kg::f8e3m4, K::kF8E3M4>,
    Float8Format<kg::f8e4m3, K::kF8E4M3>, Float8Format<kg::f8e4m3fn, K::kF8E4M3FN>,
    Float8Format<kg::f8e4m3fnuz, K::kF8E4M3FNUZ>, Float8Format<kg::f8e4m3b11fnuz, K::kF8E4M3B11FNUZ>,
    Float8Format<kg::f8e5m2, K::kF8E5M2>, Float8Format<kg::f8e5m2fnuz, K::kF8E5M2FNUZ>,
    Float8Format<kg::f8e8m0fnu, K::kF8E8M0FNU>>;

template <class T>
class Float8 : public ::testing::Test {};
TYPED_TEST_SUITE(Float8, Float8Formats);

int pattern_count(K kind) { return 1 << ir::float_format(kind)->total_bits(); }

TYPED_TEST(Float8, DecodesEveryPatternAsTheInterpreter) {
  using F = typename TypeParam::type;
  for (int bits = 0; bits < pattern_count(TypeParam::kKind); ++bits) {
    const double want = ir::bits_to_double(TypeParam::kKind, bits);
    const float got = kg::f8_to_float<F>(static_cast<unsigned char>(bits));
    if (std::isnan(want)) {
      EXPECT_TRUE(std::isnan(got)) << "pattern " << bits;
    } else {
      EXPECT_EQ(std::bit_cast<uint64_t>(static_cast<double>(got)), std::bit_cast<uint64_t>(want))
          << "pattern " << bits << ": got " << got << ", want " << want;
    }
  }
}

TYPED_TEST(Float8, RoundsFloatsAsTheInterpreter) {
  using F = typename TypeParam::type;
  int failures = 0;
  for (uint32_t top = 0; top < (1u << 20) && failures < 10; ++top) {
    for (uint32_t tail : {0u, 1u, 0xfffu}) {
      const float x = std::bit_cast<float>(top << 12 | tail);
      const unsigned want = static_cast<unsigned>(ir::double_to_bits(TypeParam::kKind, x));
      const unsigned got = kg::float_to_f8<F>(x);
      if (got != want) {
        ADD_FAILURE() << "float " << x << " (0x" << std::hex << (top << 12 | tail) << "): got 0x"
                      << got << ", want 0x" << want;
        ++failures;
      }
    }
  }
}

// Each pair of neighbouring finite values' midpoint, and the doubles just either side of it,
// which an f32 rounded to nearest would bring onto the midpoint: rounded once, as the
// interpreter rounds a double.
TYPED_TEST(Float8, RoundsDoublesOnce) {
  using F = typename TypeParam::type;
  std::vector<double> values;
  for (int bits = 0; bits < pattern_count(TypeParam::kKind); ++bits) {
    const double v = ir::bits_to_double(TypeParam::kKind, bits);
    if (std::isfinite(v)) values.push_back(v);
  }
  std::sort(values.begin(), values.end());
  // Past the largest value: where the next binade's first value would be.
  values.push_back(values.back() * 2);
  values.insert(values.begin(), -values.back());
  std::vector<double> probes = {0.0, -0.0, INFINITY, -INFINITY, std::numeric_limits<double>::quiet_NaN(),
                                1e300, -1e300, 1e-300, -1e-300, 4e38, -4e38};
  for (size_t i = 0; i + 1 < values.size(); ++i) {
    const double mid = (values[i] + values[i + 1]) / 2;
    for (double d : {values[i], mid, mid * (1 + 0x1p-40), mid * (1 - 0x1p-40), std::nextafter(mid, kInf),
                     std::nextafter(mid, -kInf)}) {
      probes.push_back(d);
    }
  }
  std::mt19937_64 rng(7);
  for (int i = 0; i < 100000; ++i) probes.push_back(std::bit_cast<double>(rng()));
  int failures = 0;
  for (double d : probes) {
    const unsigned want = static_cast<unsigned>(ir::double_to_bits(TypeParam::kKind, d));
    const unsigned got = kg::float_to_f8<F>(d);
    if (got != want && ++failures <= 10) {
      ADD_FAILURE() << "double " << d << ": got 0x" << std::hex << got << ", want 0x" << want;
    }
  }
}

// The interpreter's next_after on the patterns (src/interp/ops/chlo_math.cpp).
double next_after_pattern(K kind, int bits, double x, double y) {
  if (x == y) return y;
  const int sign = 1 << (ir::float_format(kind)->total_bits() - 1);
  if (x == 0) return ir::bits_to_double(kind, y < 0 ? (sign | 1) : 1);
  const bool away = (x < y) == (x > 0);
  return ir::bits_to_double(kind, static_cast<uint8_t>(away ? bits + 1 : bits - 1));
}

TYPED_TEST(Float8, NextAfterStepsAsTheInterpreter) {
  using F = typename TypeParam::type;
  for (int bits = 0; bits < pattern_count(TypeParam::kKind); ++bits) {
    const double x = ir::bits_to_double(TypeParam::kKind, bits);
    if (std::isnan(x)) continue;
    for (double y : {-kInf, -1.0, 0.0, 1.0, kInf}) {
      const double want = next_after_pattern(TypeParam::kKind, bits, x, y);
      const double got = kg::next_after8<F>(static_cast<float>(x), static_cast<float>(y));
      if (std::isnan(want)) {
        EXPECT_TRUE(std::isnan(got)) << "pattern " << bits << " towards " << y;
      } else {
        EXPECT_EQ(std::bit_cast<uint64_t>(got), std::bit_cast<uint64_t>(want))
            << "pattern " << bits << " towards " << y << ": got " << got << ", want " << want;
      }
    }
  }
}

// A program of each op family on `type`: arithmetic, conversions from f32 and f64 and back,
// comparison, constants and a reduction.
std::string float8_program(const std::string& type) {
  return R"(
func.func @main(%a: tensor<4x8x)" + type + R"(>, %b: tensor<4x8x)" + type + R"(>, %w: tensor<4x8xf64>) -> (tensor<4x8x)" + type + R"(>, tensor<4x8xf32>, tensor<4x8xi1>, tensor<4x)" + type + R"(>) {
  %s = stablehlo.add %a, %b : tensor<4x8x)" + type + R"(>
  %p = stablehlo.multiply %s, %a : tensor<4x8x)" + type + R"(>
  %q = stablehlo.divide %p, %b : tensor<4x8x)" + type + R"(>
  %c = stablehlo.constant dense<2.0> : tensor<4x8x)" + type + R"(>
  %m = stablehlo.maximum %q, %c : tensor<4x8x)" + type + R"(>
  %n = stablehlo.convert %w : (tensor<4x8xf64>) -> tensor<4x8x)" + type + R"(>
  %t = stablehlo.subtract %m, %n : tensor<4x8x)" + type + R"(>
  %f = stablehlo.convert %t : (tensor<4x8x)" + type + R"(>) -> tensor<4x8xf32>
  %l = stablehlo.compare LT, %a, %b : (tensor<4x8x)" + type + R"(>, tensor<4x8x)" + type + R"(>) -> tensor<4x8xi1>
  %z = stablehlo.constant dense<0.5> : tensor<)" + type + R"(>
  %r = stablehlo.reduce(%t init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x8x)" + type + R"(>, tensor<)" + type + R"(>) -> tensor<4x)" + type + R"(>
  return %t, %f, %l, %r : tensor<4x8x)" + type + R"(>, tensor<4x8xf32>, tensor<4x8xi1>, tensor<4x)" + type + R"(>
}
)";
}

const char* const kFloat8Types[] = {"f4E2M1FN", "f6E2M3FN", "f6E3M2FN", "f8E3M4", "f8E4M3", "f8E4M3FN",
                              "f8E4M3FNUZ", "f8E4M3B11FNUZ", "f8E5M2", "f8E5M2FNUZ", "f8E8M0FNU"};

class Float8Program : public ::testing::TestWithParam<const char*> {};

TEST_P(Float8Program, GeneratedCodeCompiles) { testing::expect_generated_code_compiles(float8_program(GetParam())); }

TEST_P(Float8Program, MatchesTheCpuBackendOnAGpu) {
  testing::expect_matches_the_cpu_backend(float8_program(GetParam()));
}

INSTANTIATE_TEST_SUITE_P(Formats, Float8Program, ::testing::ValuesIn(kFloat8Types),
                         [](const auto& info) { return std::string(info.param); });

}  // namespace
}  // namespace kiln::backend::cuda
