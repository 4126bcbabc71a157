// The operand rules of dots and convolutions (gemm_operands.h): the accumulation type of each
// type combination, the bf16 components of the x3/x6/x9 algorithms and which products they sum,
// and the exact table conversion of narrow floats to f32.
#include "interp/ops/gemm_operands.h"

#include <gtest/gtest.h>

#include <cmath>

#include "interp/scalar_types.h"
#include "oracle/random.h"

namespace kiln::interp {
namespace {

using Kind = ir::ElementKind;

TEST(GemmOperands, AccumulationTypeIsTheWidestAtLeastF32) {
  EXPECT_EQ(accumulation_type(Kind::kBF16, Kind::kBF16, Kind::kBF16), ir::ElementType(Kind::kF32));
  EXPECT_EQ(accumulation_type(Kind::kF8E4M3FN, Kind::kF8E5M2, Kind::kF16),
            ir::ElementType(Kind::kF32));
  EXPECT_EQ(accumulation_type(Kind::kF32, Kind::kF32, Kind::kBF16), ir::ElementType(Kind::kF32));
  EXPECT_EQ(accumulation_type(Kind::kF64, Kind::kF64, Kind::kF32), ir::ElementType(Kind::kF64));
  EXPECT_EQ(accumulation_type(Kind::kBF16, Kind::kBF16, Kind::kF64), ir::ElementType(Kind::kF64));
  EXPECT_EQ(accumulation_type(Kind::kComplexF32, Kind::kComplexF32, Kind::kComplexF32),
            ir::ElementType(Kind::kComplexF32));
  EXPECT_EQ(accumulation_type(Kind::kComplexF64, Kind::kComplexF64, Kind::kComplexF64),
            ir::ElementType(Kind::kComplexF64));
  // Integers wrap in the result type, whatever the operands.
  EXPECT_EQ(accumulation_type(Kind::kSI8, Kind::kSI8, Kind::kSI32), ir::ElementType(Kind::kSI32));
  EXPECT_EQ(accumulation_type(Kind::kSI32, Kind::kSI32, Kind::kSI8), ir::ElementType(Kind::kSI8));
  EXPECT_EQ(accumulation_type(Kind::kI1, Kind::kI1, Kind::kI1), ir::ElementType(Kind::kI1));
}

ir::DotAlgorithmAttr bf16_algorithm(int64_t lhs_count, int64_t rhs_count, int64_t ops) {
  ir::DotAlgorithmAttr a;
  a.lhs_precision_type = a.rhs_precision_type = Kind::kBF16;
  a.accumulation_type = Kind::kF32;
  a.lhs_component_count = lhs_count;
  a.rhs_component_count = rhs_count;
  a.num_primitive_operations = ops;
  return a;
}

using Pairs = std::vector<std::pair<int64_t, int64_t>>;

TEST(GemmOperands, JaxX3X6X9ImplyTheirComponents) {
  auto one = component_products(bf16_algorithm(1, 1, 1));
  ASSERT_TRUE(one.ok());
  EXPECT_EQ(one->lhs_count, 1);
  EXPECT_EQ(one->pairs, (Pairs{{0, 0}}));
  auto x3 = component_products(bf16_algorithm(1, 1, 3));
  ASSERT_TRUE(x3.ok());
  EXPECT_EQ(x3->lhs_count, 2);
  EXPECT_EQ(x3->rhs_count, 2);
  EXPECT_EQ(x3->pairs, (Pairs{{0, 0}, {0, 1}, {1, 0}}));
  auto x6 = component_products(bf16_algorithm(1, 1, 6));
  ASSERT_TRUE(x6.ok());
  EXPECT_EQ(x6->lhs_count, 3);
  EXPECT_EQ(x6->pairs, (Pairs{{0, 0}, {0, 1}, {1, 0}, {0, 2}, {1, 1}, {2, 0}}));
  auto x9 = component_products(bf16_algorithm(1, 1, 9));
  ASSERT_TRUE(x9.ok());
  EXPECT_EQ(x9->pairs.size(), 9u);
  EXPECT_EQ(x9->pairs.back(), (std::pair<int64_t, int64_t>{2, 2}));
}

TEST(GemmOperands, ExplicitComponentCountsAreKept) {
  auto c = component_products(bf16_algorithm(3, 1, 3));
  ASSERT_TRUE(c.ok());
  EXPECT_EQ(c->lhs_count, 3);
  EXPECT_EQ(c->rhs_count, 2);
  EXPECT_EQ(c->pairs, (Pairs{{0, 0}, {0, 1}, {1, 0}}));
}

TEST(GemmOperands, CountsOutOfRangeFail) {
  auto c = component_products(bf16_algorithm(1, 1, 0));
  ASSERT_FALSE(c.ok());
  EXPECT_NE(c.error().message().find("not 1, 1 and 0"), std::string::npos);
  EXPECT_FALSE(component_products(bf16_algorithm(0, 1, 1)).ok());
  EXPECT_FALSE(component_products(bf16_algorithm(1, 1, int64_t{1} << 62)).ok());
}

TEST(GemmOperands, Bf16ComponentsSumBackToTheValue) {
  Tensor t = *Tensor::allocate(ir::Type::tensor({3}, Kind::kF32));
  const float x = 1.0f + 0x1p-10f + 0x1p-20f;
  t.data<float>()[0] = x;
  t.data<float>()[1] = -0.0f;
  t.data<float>()[2] = INFINITY;
  auto parts = split_components(t, Kind::kBF16, 3);
  ASSERT_TRUE(parts.ok());
  ASSERT_EQ(parts->size(), 3u);
  EXPECT_EQ((*parts)[0].data<float>()[0], 1.0f);
  EXPECT_EQ((*parts)[1].data<float>()[0], 0x1p-10f);
  EXPECT_EQ((*parts)[2].data<float>()[0], 0x1p-20f);
  EXPECT_TRUE(std::signbit((*parts)[0].data<float>()[1]));
  EXPECT_EQ((*parts)[0].data<float>()[2], INFINITY);
}

// The table conversion gives what stablehlo.convert gives, every bit pattern of each format.
TEST(GemmOperands, NarrowFloatsToF32MatchConvert) {
  for (Kind kind : {Kind::kBF16, Kind::kF16, Kind::kF8E4M3FN, Kind::kF8E5M2FNUZ, Kind::kF4E2M1FN}) {
    ir::ElementType e(kind);
    int64_t patterns = int64_t{1} << e.bit_width();
    Tensor t = *Tensor::allocate(ir::Type::tensor({patterns}, kind));
    for (int64_t p = 0; p < patterns; ++p) {
      if (t.element_bytes() == 1)
        t.data<uint8_t>()[p] = static_cast<uint8_t>(p);
      else
        t.data<uint16_t>()[p] = static_cast<uint16_t>(p);
    }
    Tensor f = *convert_operand(t, Kind::kF32);
    int64_t bad = 0;
    for (int64_t p = 0; p < patterns; ++p) {
      double want = ir::bits_to_double(kind, static_cast<uint64_t>(p));
      float got = f.data<float>()[p];
      bool same = std::isnan(want) ? std::isnan(got)
                                   : got == want && std::signbit(got) == std::signbit(want);
      bad += !same;
    }
    EXPECT_EQ(bad, 0) << ir::to_string(e);
  }
}

}  // namespace
}  // namespace kiln::interp
