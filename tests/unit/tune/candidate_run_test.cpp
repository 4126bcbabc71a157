// A kernel version with a source of its own plans that source (candidate_run.h); no GPU needed.
#include "tune/candidate_run.h"

#include <gtest/gtest.h>

#include "kernels/cuda/plan.h"
#include "kernels/cuda/registry.h"

namespace kiln::tune {
namespace {

TEST(TuneCandidate, SourceReplacesTheMainStemInEveryLaunch) {
  auto spec = kernels::find_kernel("softmax");
  ASSERT_TRUE(spec.ok());
  auto p = (*spec)->make_problem({64, 1000}, ir::ElementKind::kBF16);
  ASSERT_TRUE(p.ok());
  Version v;
  auto text = plan_text(**spec, *p, v, cuda::DeviceProperties::h100_sxm());
  ASSERT_TRUE(text.ok()) << text.error().message();
  EXPECT_NE(text->source.find("softmax"), std::string::npos);
  ASSERT_FALSE(text->functions.empty());
  v.source = text->source + "\n// tuned\n";
  auto swapped = plan_text(**spec, *p, v, cuda::DeviceProperties::h100_sxm());
  ASSERT_TRUE(swapped.ok());
  EXPECT_EQ(swapped->source, *v.source);
  auto plan = kernels::plan_kernel(spec_with_source(**spec, v.source), *p, {});
  ASSERT_TRUE(plan.ok());
  for (const auto& launch : plan->launches) {
    if (launch.name.rfind("softmax.", 0) == 0) {
      EXPECT_EQ(launch.source, *v.source);
    }
  }
}

TEST(TuneCandidate, NoSourceLeavesTheSpecAlone) {
  auto spec = kernels::find_kernel("softmax");
  ASSERT_TRUE(spec.ok());
  auto p = (*spec)->make_problem({64, 1000}, ir::ElementKind::kF32);
  ASSERT_TRUE(p.ok());
  auto a = kernels::plan_kernel(**spec, *p, {});
  auto b = kernels::plan_kernel(spec_with_source(**spec, std::nullopt), *p, {});
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(*a, *b);
}

}  // namespace
}  // namespace kiln::tune
