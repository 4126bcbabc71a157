// The statistics of timed runs.
#include <gtest/gtest.h>

#include "bench/timing.h"

namespace kiln::bench {
namespace {

TEST(Timing, SummaryOfSamples) {
  Stats s = summarize({3, 1, 2, 4, 5});
  EXPECT_EQ(s.n, 5);
  EXPECT_DOUBLE_EQ(s.median_ms, 3);
  EXPECT_DOUBLE_EQ(s.min_ms, 1);
  EXPECT_DOUBLE_EQ(s.max_ms, 5);
  EXPECT_DOUBLE_EQ(s.mean_ms, 3);
}

TEST(Timing, IdenticalRunsAreFullyStable) {
  EXPECT_DOUBLE_EQ(summarize(std::vector<double>(50, 0.25)).stability, 1.0);
}

TEST(Timing, SpreadLowersStability) {
  std::vector<double> v;
  for (int i = 0; i < 100; ++i) v.push_back(1.0 + (i % 10) * 0.1);
  Stats s = summarize(v);
  EXPECT_LT(s.stability, 0.6);  // p10 1.1, p90 1.8, median 1.5
  EXPECT_GE(s.stability, 0.0);
}

TEST(Timing, NoSamplesGiveEmptyStats) { EXPECT_EQ(summarize({}).n, 0); }

}  // namespace
}  // namespace kiln::bench
