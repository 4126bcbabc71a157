// The per-GPU boards: the fastest version per problem, baseline columns, best-so-far curves.
#include "report/leaderboard.h"

#include <gtest/gtest.h>

namespace kiln::report {
namespace {

History history(std::vector<Attempt> attempts) {
  return {"G", "exp", "f32", "1024", "exp.jsonl", std::move(attempts)};
}

TEST(BestSoFar, OnlyKeptAttemptsLowerTheBest) {
  Curve c = best_so_far(history({{0, "kept", 4.0},
                                 {1, "failed-check", 1.0},
                                 {2, "slower", 5.0},
                                 {3, "kept", 2.0},
                                 {4, "error", 0}}));
  std::vector<std::pair<int64_t, double>> want = {{0, 1.0}, {1, 1.0}, {2, 1.0}, {3, 2.0},
                                                  {4, 2.0}};
  EXPECT_EQ(c.points, want);
  EXPECT_EQ(c.first_ms, 4.0);
  EXPECT_EQ(c.best_ms, 2.0);
  EXPECT_EQ(c.best_round, 3);
  EXPECT_EQ(c.attempts, 5u);
}

TEST(BestSoFar, StartsAtTheFirstTimedAttemptInRoundOrder) {
  Curve c = best_so_far(history({{3, "kept", 1.0}, {0, "error", 0}, {1, "kept", 2.0}}));
  std::vector<std::pair<int64_t, double>> want = {{1, 1.0}, {3, 2.0}};
  EXPECT_EQ(c.points, want);
}

TEST(BestSoFar, OneRoundOfSeveralAttemptsIsOnePoint) {
  Curve c = best_so_far(history({{0, "kept", 4.0}, {1, "kept", 3.0}, {1, "kept", 2.0}}));
  std::vector<std::pair<int64_t, double>> want = {{0, 1.0}, {1, 2.0}};
  EXPECT_EQ(c.points, want);
}

TEST(BestSoFar, NoTimedAttemptNoPoints) {
  Curve c = best_so_far(history({{0, "error", 0}, {1, "failed-check", 1.0}}));
  EXPECT_TRUE(c.points.empty());
  EXPECT_EQ(c.first_ms, 0);
  EXPECT_EQ(c.attempts, 2u);
}

Version version(std::string gpu, std::string kernel, double ms, std::string baseline) {
  Version v;
  v.gpu = std::move(gpu);
  v.kernel = std::move(kernel);
  v.dtype = "f32";
  v.shape = "8";
  v.median_ms = ms;
  v.baselines.push_back({std::move(baseline), "", 2 * ms});
  return v;
}

TEST(BuildBoards, FastestPerProblemPerGpu) {
  Results r;
  r.versions = {version("B", "exp", 2.0, "vendor"), version("A", "exp", 3.0, "torch"),
                version("A", "exp", 1.0, "vendor"), version("A", "abs", 5.0, "cub")};
  r.roofs["A"].copy_bytes_per_s = 1e12;
  r.histories.push_back({"B", "exp", "f32", "8", "f", {{0, "kept", 2.0}}});
  std::vector<GpuBoard> boards = build_boards(r);
  ASSERT_EQ(boards.size(), 2u);
  EXPECT_EQ(boards[0].gpu, "A");
  ASSERT_EQ(boards[0].rows.size(), 2u);
  EXPECT_EQ(boards[0].rows[0].kernel, "abs");
  EXPECT_EQ(boards[0].rows[1].median_ms, 1.0);
  // Only the winners' baselines are columns: the slower torch-timed version lost.
  EXPECT_EQ(boards[0].baseline_names, (std::vector<std::string>{"cub", "vendor"}));
  EXPECT_EQ(boards[0].roofs.copy_bytes_per_s, 1e12);
  EXPECT_EQ(boards[1].curves.size(), 1u);
  EXPECT_TRUE(boards[0].curves.empty());
}

TEST(BuildBoards, SpeedupOverABaseline) {
  Version v = version("A", "exp", 0.5, "vendor");
  EXPECT_DOUBLE_EQ(speedup_over(v, v.baselines[0]), 2.0);
  EXPECT_EQ(speedup_over(v, BaselineTime{"x", "", 0}), 0);
}

}  // namespace
}  // namespace kiln::report
