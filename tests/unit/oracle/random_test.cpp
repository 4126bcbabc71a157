// The oracle's random inputs: determinism, the per-input seed rule, and the distributions.
#include "oracle/random.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

namespace kiln::oracle {
namespace {

bool same_bytes(const interp::Tensor& a, const interp::Tensor& b) {
  return a.size_bytes() == b.size_bytes() && std::memcmp(a.raw(), b.raw(), a.size_bytes()) == 0;
}

TEST(OracleRandom, SameSeedGivesTheSameBytes) {
  ir::Type type = ir::Type::tensor({3, 50}, ir::ElementKind::kBF16);
  auto a = random_tensor(type, 42), b = random_tensor(type, 42);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_TRUE(same_bytes(*a, *b));
}

TEST(OracleRandom, DifferentSeedsGiveDifferentBytes) {
  ir::Type type = ir::Type::tensor({64}, ir::ElementKind::kF32);
  EXPECT_FALSE(same_bytes(*random_tensor(type, 1), *random_tensor(type, 2)));
}

TEST(OracleRandom, InputSeedIsSeedTimes1000003PlusIndex) {
  EXPECT_EQ(input_seed(0, 5), 5u);
  EXPECT_EQ(input_seed(3, 2), 3u * 1000003u + 2u);
}

TEST(OracleRandom, RandomInputsDrawInputIFromItsInputSeed) {
  std::vector<ir::Type> types = {ir::Type::tensor({8}, ir::ElementKind::kF32),
                                 ir::Type::tensor({4}, ir::ElementKind::kSI32)};
  auto inputs = random_inputs(types, 9);
  ASSERT_TRUE(inputs.ok());
  ASSERT_EQ(inputs->size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_TRUE(same_bytes((*inputs)[i], *random_tensor(types[i], input_seed(9, i)))) << i;
  }
}

TEST(OracleRandom, FloatsAreInTheirRangeAndNeverZero) {
  auto x = random_tensor(ir::Type::tensor({4096}, ir::ElementKind::kBF16), 3, Range{-0.01, 0.01});
  ASSERT_TRUE(x.ok());
  const auto* bits = x->data<uint16_t>();
  for (int i = 0; i < 4096; ++i) {
    EXPECT_NE(bits[i] & 0x7fff, 0) << i;
    float f;
    uint32_t w = static_cast<uint32_t>(bits[i]) << 16;
    std::memcpy(&f, &w, 4);
    EXPECT_LE(std::fabs(f), 0.0101f);
  }
}

TEST(OracleRandom, IntegersWithoutARangeAreSmallAndNeverZero) {
  auto s = random_tensor(ir::Type::tensor({1000}, ir::ElementKind::kSI32), 4);
  auto u = random_tensor(ir::Type::tensor({1000}, ir::ElementKind::kUI8), 4);
  ASSERT_TRUE(s.ok() && u.ok());
  for (int i = 0; i < 1000; ++i) {
    int32_t v = s->data<int32_t>()[i];
    EXPECT_TRUE(v >= -8 && v <= 8 && v != 0) << v;
    uint8_t w = u->data<uint8_t>()[i];
    EXPECT_TRUE(w >= 1 && w <= 16) << static_cast<int>(w);
  }
}

TEST(OracleRandom, IntegersWithARangeAreFlooredDraws) {
  auto x = random_tensor(ir::Type::tensor({1000}, ir::ElementKind::kSI32), 5, Range{0, 8192});
  ASSERT_TRUE(x.ok());
  for (int i = 0; i < 1000; ++i) {
    int32_t v = x->data<int32_t>()[i];
    EXPECT_TRUE(v >= 0 && v < 8192) << v;
  }
}

// A dynamic dimension takes its bound, else kDynamicInputSize (what `kiln run --random-inputs`
// gives a shape-polymorphic entry).
TEST(OracleRandom, DynamicDimensionsTakeTheirBoundElseTheDefaultSize) {
  auto x = random_tensor(ir::Type::tensor({ir::kDynamic, 3}, ir::ElementKind::kF32), 1);
  ASSERT_TRUE(x.ok()) << x.error().message();
  EXPECT_EQ(x->type(), ir::Type::tensor({kDynamicInputSize, 3}, ir::ElementKind::kF32));
  const ir::Type bounded =
      ir::Type::tensor({2, ir::kDynamic}, ir::ElementKind::kSI8, {ir::kDynamic, 6});
  EXPECT_EQ(random_input_type(bounded), ir::Type::tensor({2, 6}, ir::ElementKind::kSI8));
  const ir::Type fixed = ir::Type::tensor({5}, ir::ElementKind::kF32);
  EXPECT_EQ(random_input_type(fixed), fixed);
}

// A per-axis quantized type's dynamic quantized dimension takes its number of scales (any other
// size would not verify).
TEST(OracleRandom, DynamicQuantizedDimensionTakesTheScalesCount) {
  ir::QuantParams q;
  q.storage_min = -128;
  q.storage_max = 127;
  q.quantized_dimension = 1;
  q.scales = {0.1, 0.2};
  q.zero_points = {0, 0};
  const ir::ElementType e = ir::ElementType::quantized(q);
  EXPECT_EQ(random_input_type(ir::Type::tensor({ir::kDynamic, ir::kDynamic}, e)),
            ir::Type::tensor({kDynamicInputSize, 2}, e));
}

}  // namespace
}  // namespace kiln::oracle
