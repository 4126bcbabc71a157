// Typed knobs (knobs.h): values read with errors as values, per-dtype defaults, validation.
#include "kernels/cuda/knobs.h"

#include <gtest/gtest.h>

namespace kiln::kernels {
namespace {

std::vector<Knob> test_knobs() {
  return {{"block", {128, 256}, 256, "threads"},
          {"unroll", {1, 2, 4}, 1, "packs", {{ElementKind::kBF16, 2}, {ElementKind::kF16, 4}}}};
}

TEST(Knobs, NeutralIsZeroWhereAllowedElseTheSmallestValue) {
  EXPECT_EQ((Knob{"block", {512, 128, 256}, 256}.neutral()), 128);  // not the default
  EXPECT_EQ((Knob{"unroll", {1, 2, 4}, 4}.neutral()), 1);
  EXPECT_EQ((Knob{"items", {0, 1, 2, 4}, 2}.neutral()), 0);  // "0: by shape"
  EXPECT_EQ((Knob{"empty", {}, 3}.neutral()), 0);
}

TEST(Knobs, ReadingAnUnsetKnobIsAnErrorValue) {
  Config c{{"block", 128}};
  auto v = c.get("unroll");
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(v.error().kind(), ErrorKind::kNotFound);
  EXPECT_NE(v.error().message().find("unroll"), std::string::npos);
  ASSERT_TRUE(c.get("block").ok());
  EXPECT_EQ(*c.get("block"), 128);
}

TEST(Knobs, DefaultsDependOnTheElementType) {
  auto f32 = complete_knobs("k", test_knobs(), {}, ElementKind::kF32);
  auto bf16 = complete_knobs("k", test_knobs(), {}, ElementKind::kBF16);
  auto f16 = complete_knobs("k", test_knobs(), {}, ElementKind::kF16);
  ASSERT_TRUE(f32.ok() && bf16.ok() && f16.ok());
  EXPECT_EQ(*f32->get("unroll"), 1);
  EXPECT_EQ(*bf16->get("unroll"), 2);
  EXPECT_EQ(*f16->get("unroll"), 4);
  EXPECT_EQ(*bf16->get("block"), 256);
}

TEST(Knobs, GivenValuesWinOverDefaults) {
  auto c = complete_knobs("k", test_knobs(), {{"unroll", 4}}, ElementKind::kBF16);
  ASSERT_TRUE(c.ok());
  EXPECT_EQ(*c->get("unroll"), 4);
}

TEST(Knobs, UnknownKnobIsNotFound) {
  auto c = complete_knobs("k", test_knobs(), {{"tile", 4}}, ElementKind::kF32);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.error().kind(), ErrorKind::kNotFound);
  EXPECT_NE(c.error().message().find("'tile'"), std::string::npos);
}

TEST(Knobs, DisallowedValueIsAnInvalidArgumentListingTheAllowedOnes) {
  auto c = complete_knobs("k", test_knobs(), {{"block", 512}}, ElementKind::kF32);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.error().kind(), ErrorKind::kInvalidArgument);
  EXPECT_NE(c.error().message().find("128, 256"), std::string::npos) << c.error().message();
}

}  // namespace
}  // namespace kiln::kernels
