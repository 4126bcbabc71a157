// The tail split of the Hopper GEMMs' plans (kernels/cuda/gemm_tail_split.h): which tiles stay
// whole, and the waves' estimate in steps of one tile.
#include "kernels/cuda/gemm_tail_split.h"

#include <gtest/gtest.h>

namespace kiln::kernels {
namespace {

TEST(GemmTailSplit, WholeWavesStayWholeAndTheTailSplits) {
  // 288 tiles on 132 SMs: two whole waves, 24 tiles in the tail.
  const TailSplit t = tail_split(288, 132, 3);
  EXPECT_EQ(t.splits, 3);
  EXPECT_EQ(t.whole_tiles, 264);
  // Fewer tiles than SMs: every tile is in the tail.
  EXPECT_EQ(tail_split(64, 132, 2).whole_tiles, 0);
  EXPECT_EQ(tail_split(64, 132, 2).splits, 2);
}

TEST(GemmTailSplit, NoTailOrOneWayLeavesEveryTileWhole) {
  const TailSplit exact = tail_split(264, 132, 4);  // two whole waves, nothing left
  EXPECT_EQ(exact.splits, 1);
  EXPECT_EQ(exact.whole_tiles, 264);
  const TailSplit one = tail_split(288, 132, 1);
  EXPECT_EQ(one.splits, 1);
  EXPECT_EQ(one.whole_tiles, 288);
}

TEST(GemmTailSplit, StepsCountWholeWavesThenTheSplitRounds) {
  // Unsplit: ceil(288 / 132) = 3 waves of 12 steps.
  EXPECT_EQ(tail_split_steps(288, 12, 132, 1), 36);
  // Two waves of 12, then 48 split units in one round of ceil(12 / 2) = 6.
  EXPECT_EQ(tail_split_steps(288, 12, 132, 2), 30);
  // 96 tiles split 2 ways: 192 units, two rounds of 24 steps (no better than unsplit).
  EXPECT_EQ(tail_split_steps(96, 48, 132, 2), 48);
  EXPECT_EQ(tail_split_steps(96, 48, 132, 1), 48);
  // 32 tiles 4 ways: one round of 32 steps of 128.
  EXPECT_EQ(tail_split_steps(32, 128, 132, 4), 32);
  // A split past K's steps: ceil(2 / 4) = 1 step (some splits are empty).
  EXPECT_EQ(tail_split_steps(10, 2, 132, 4), 1);
}

}  // namespace
}  // namespace kiln::kernels
