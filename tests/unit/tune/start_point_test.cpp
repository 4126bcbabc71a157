// Where a lineage starts (start_point.h): the library's knobs or the neutral ones, and the
// lineage each runs in. Needs no GPU.
#include "tune/start_point.h"

#include <gtest/gtest.h>

#include "kernels/cuda/plan.h"
#include "kernels/cuda/registry.h"

namespace kiln::tune {
namespace {

TEST(TuneStart, ParsesTheTwoChoices) {
  EXPECT_EQ(*parse_start("current"), StartFrom::kCurrent);
  EXPECT_EQ(*parse_start("neutral"), StartFrom::kNeutral);
  auto bad = parse_start("tuned");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message().find("'current' or 'neutral', not 'tuned'"), std::string::npos);
}

TEST(TuneStart, NeutralSetsEveryKnobToItsNeutralValueNotTheHandPickedOnes) {
  auto spec = kernels::find_kernel("sum");
  ASSERT_TRUE(spec.ok());
  auto p = (*spec)->make_problem((*spec)->bench_shapes.back(), ir::ElementKind::kF32);
  ASSERT_TRUE(p.ok());
  const auto h100 = cuda::DeviceProperties::h100_sxm();
  auto neutral = start_knobs(**spec, *p, h100, StartFrom::kNeutral);
  auto current = start_knobs(**spec, *p, h100, StartFrom::kCurrent);
  ASSERT_TRUE(neutral.ok() && current.ok());
  EXPECT_EQ(neutral->size(), (*spec)->knobs.size());
  EXPECT_EQ(*neutral->get("block"), 128);  // the smallest of 128 .. 1024
  EXPECT_EQ(*neutral->get("unroll"), 1);
  EXPECT_EQ(*current->get("block"), 256);  // the declared default
  EXPECT_EQ(*current->get("unroll"), 8);
  EXPECT_NE(*neutral, *current);
}

TEST(TuneStart, CurrentIsWhatTheLibraryPlans) {
  auto spec = kernels::find_kernel("sort");  // its knob defaults come from the sm_90 table
  ASSERT_TRUE(spec.ok());
  auto p = (*spec)->make_problem((*spec)->bench_shapes.front(), (*spec)->dtypes.front());
  ASSERT_TRUE(p.ok());
  const auto h100 = cuda::DeviceProperties::h100_sxm();
  auto current = start_knobs(**spec, *p, h100, StartFrom::kCurrent);
  auto library = kernels::complete_config(**spec, {}, *p, kernels::plan_context(**spec, *p, h100));
  ASSERT_TRUE(current.ok() && library.ok());
  EXPECT_EQ(*current, *library);
}

TEST(TuneStart, NeutralRunsInALineageOfItsOwn) {
  EXPECT_EQ(lineage_name("softmax", StartFrom::kCurrent), "softmax");
  EXPECT_EQ(lineage_name("softmax", StartFrom::kNeutral), "softmax.neutral");
}

}  // namespace
}  // namespace kiln::tune
