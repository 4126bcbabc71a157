// The best configurations of a knob sweep become tuning-table entries (sweep_tuning.h).
#include "bench/sweep_tuning.h"

#include <gtest/gtest.h>

namespace kiln::bench {
namespace {

SweepRun run(kernels::Shape shape, int64_t unroll, double ms, bool correct = true) {
  return {"exp",
          ir::ElementKind::kBF16,
          shape,
          kernels::num_elements(shape) * 2,
          {{"unroll", unroll}},
          ms,
          correct};
}

TEST(SweepTuning, FastestCorrectRunOfOneShapeTunesEverySize) {
  kernels::TuningTable t;
  t.set_arch("sm_90");
  add_best_configs(t, {run({1024}, 1, 2.0), run({1024}, 2, 1.0), run({1024}, 4, 0.5, false)}, "");
  EXPECT_EQ(t.lookup("exp", ir::ElementKind::kBF16, 1 << 30).get("unroll"), 2);
  EXPECT_FALSE(t.lookup("exp", ir::ElementKind::kF32, 2048).get("unroll"));
}

TEST(SweepTuning, SeveralShapesTuneTheirOwnSizes) {
  kernels::TuningTable t;
  t.set_arch("sm_90");
  add_best_configs(
      t, {run({1024}, 1, 1.0), run({1024}, 2, 2.0), run({4096}, 1, 2.0), run({4096}, 4, 1.0)},
      "");
  EXPECT_EQ(t.lookup("exp", ir::ElementKind::kBF16, 2048).get("unroll"), 1);
  EXPECT_EQ(t.lookup("exp", ir::ElementKind::kBF16, 8192).get("unroll"), 4);
  EXPECT_FALSE(t.lookup("exp", ir::ElementKind::kBF16, 100).get("unroll"));
}

// A sweep timed on one GPU tunes that GPU alone: another device of the same architecture (an
// H100 beside an H200, both sm_90) keeps the table's other entries.
TEST(SweepTuning, ASweepOnOneDeviceTunesThatDeviceAlone) {
  kernels::TuningTable t;
  t.set_arch("sm_90");
  add_best_configs(t, {run({1024}, 1, 2.0), run({1024}, 4, 1.0)}, "NVIDIA H200");
  EXPECT_EQ(t.lookup("exp", ir::ElementKind::kBF16, 2048, "NVIDIA H200").get("unroll"), 4);
  EXPECT_FALSE(t.lookup("exp", ir::ElementKind::kBF16, 2048, "NVIDIA H100 80GB HBM3").get("unroll"));
  EXPECT_FALSE(t.lookup("exp", ir::ElementKind::kBF16, 2048).get("unroll"));
  auto back = kernels::TuningTable::parse(t.to_json(), "written.json");
  ASSERT_TRUE(back.ok()) << back.error().message();
  EXPECT_EQ(back->lookup("exp", ir::ElementKind::kBF16, 2048, "NVIDIA H200").get("unroll"), 4);
}

}  // namespace
}  // namespace kiln::bench
