// Float format codecs agree bit for bit with ml_dtypes (the table was produced by
// converting the same values with ml_dtypes 0.6 via float32) and decode exactly.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "ir/float_format.h"

namespace kiln::ir {
namespace {

const std::vector<double> kValues = {1.0,   -2.5,   0.1, 3.0,     1e9,  -1e9, 1e-30,
                                     0.0,   -0.0, 448.0, 0.3333, 7.25, 1e-5};

struct MlDtypesFacts {
  ElementKind kind;
  std::vector<uint64_t> bits;
};

const std::vector<MlDtypesFacts> kMlDtypes = {
    {ElementKind::kF4E2M1FN, {2,12,0,5,7,15,0,0,8,7,1,7,0}},
    {ElementKind::kF6E2M3FN, {8,50,1,20,31,63,0,0,32,31,3,30,0}},
    {ElementKind::kF6E3M2FN, {12,49,2,18,31,63,0,0,32,31,5,23,0}},
    {ElementKind::kF8E3M4, {48,196,6,72,112,240,0,0,128,112,21,93,0}},
    {ElementKind::kF8E4M3, {56,194,29,68,120,248,0,0,128,120,43,78,0}},
    {ElementKind::kF8E4M3FN, {56,194,29,68,127,255,0,0,128,126,43,78,0}},
    {ElementKind::kF8E4M3FNUZ, {64,202,37,76,128,128,0,0,0,128,51,86,0}},
    {ElementKind::kF8E4M3B11FNUZ, {88,226,61,100,128,128,0,0,0,128,75,110,0}},
    {ElementKind::kF8E5M2, {60,193,46,66,124,252,0,0,128,95,53,71,1}},
    {ElementKind::kF8E5M2FNUZ, {64,197,50,70,128,128,0,0,0,99,57,75,1}},
    {ElementKind::kF8E8M0FNU, {127,255,124,129,157,255,27,255,255,136,125,130,110}},
    {ElementKind::kBF16, {16256,49184,15821,16448,20078,52846,3490,0,32768,17376,16043,16616,14120}},
};

TEST(FloatFormat, EncodeMatchesMlDtypes) {
  for (const MlDtypesFacts& e : kMlDtypes) {
    for (size_t i = 0; i < kValues.size(); ++i) {
      // ml_dtypes converted through float32, as the table's values were.
      double v = static_cast<float>(kValues[i]);
      EXPECT_EQ(double_to_bits(e.kind, v), e.bits[i])
          << "kind " << static_cast<int>(e.kind) << " value " << kValues[i];
    }
  }
}

TEST(FloatFormat, DecodeEncodeRoundTripsEveryPattern) {
  for (const MlDtypesFacts& e : kMlDtypes) {
    FloatFormat f = *float_format(e.kind);
    uint64_t patterns = uint64_t{1} << f.total_bits();
    for (uint64_t bits = 0; bits < patterns; ++bits) {
      double v = decode_float(f, bits);
      if (std::isnan(v)) continue;
      if (f.specials == FloatSpecials::kUnsignedZeroNan && v == 0) continue;
      EXPECT_EQ(encode_float(f, v), bits) << "kind " << static_cast<int>(e.kind);
    }
  }
}

TEST(FloatFormat, SpecialValues) {
  FloatFormat e4m3fn = *float_format(ElementKind::kF8E4M3FN);
  EXPECT_TRUE(std::isnan(decode_float(e4m3fn, 0x7F)));
  EXPECT_EQ(decode_float(e4m3fn, 0x7E), 448.0);
  FloatFormat e5m2 = *float_format(ElementKind::kF8E5M2);
  EXPECT_TRUE(std::isinf(decode_float(e5m2, 0x7C)));
  EXPECT_EQ(encode_float(e5m2, INFINITY), 0x7Cu);
  FloatFormat f16 = *float_format(ElementKind::kF16);
  EXPECT_EQ(decode_float(f16, 0x0001), std::ldexp(1.0, -24));  // smallest subnormal
  EXPECT_EQ(encode_float(f16, 65520.0), 0x7C00u);               // rounds up to infinity
  EXPECT_EQ(encode_float(f16, 65519.0), 0x7BFFu);
}

// bits_to_double and double_to_bits take fast paths for bf16 and f16; the generic codec is
// the definition they must match.
TEST(FloatFormat, FastSixteenBitDecodeMatchesTheGenericCodecOnEveryPattern) {
  for (ElementKind kind : {ElementKind::kBF16, ElementKind::kF16}) {
    FloatFormat f = *float_format(kind);
    for (uint64_t bits = 0; bits < 0x10000; ++bits) {
      double fast = bits_to_double(kind, bits), generic = decode_float(f, bits);
      if (std::isnan(generic)) {
        EXPECT_TRUE(std::isnan(fast)) << bits;
      } else {
        EXPECT_EQ(fast, generic) << bits;
        EXPECT_EQ(std::signbit(fast), std::signbit(generic)) << bits;
      }
    }
  }
}

TEST(FloatFormat, FastBf16EncodeMatchesTheGenericCodec) {
  FloatFormat f = *float_format(ElementKind::kBF16);
  auto expect_same = [&](double v) {
    ASSERT_EQ(double_to_bits(ElementKind::kBF16, v), encode_float(f, v)) << v;
  };
  // Every bf16 value, the midpoints between neighbours (ties) and a hair either side of
  // them: where rounding twice (double -> f32 -> bf16) would go wrong.
  for (uint64_t bits = 0; bits < 0xffff; ++bits) {
    double a = decode_float(f, bits), b = decode_float(f, bits + 1);
    if (std::isnan(a) || std::isnan(b) || std::isinf(a) || std::isinf(b)) continue;
    double mid = a + (b - a) / 2;
    expect_same(a);
    expect_same(mid);
    expect_same(std::nextafter(mid, a));
    expect_same(std::nextafter(mid, b));
    expect_same(mid + (b - a) * 0x1p-30);  // above the tie by less than f32 resolves
    expect_same(mid - (b - a) * 0x1p-30);
  }
  for (double v : std::initializer_list<double>{0.0, -0.0, INFINITY, -INFINITY, NAN, 1e300, -1e300, 3.3961e38, 3.3963e38,
                   1e-300, -1e-300, 0x1p-134, 0x1p-133, 0x1.8p-134}) {
    expect_same(v);
  }
  std::mt19937_64 rng(7);
  for (int i = 0; i < 1000000; ++i) {
    uint64_t u = rng();
    double v;
    std::memcpy(&v, &u, sizeof v);
    expect_same(v);                      // any double, most far outside bf16's range
    expect_same(std::ldexp(std::ldexp(static_cast<double>(u >> 11), -53), static_cast<int>(u % 300) - 150));
  }
}

}  // namespace
}  // namespace kiln::ir
