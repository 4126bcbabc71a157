// Result files and the leaderboard: every run appended; the best correct run kept.
#include "bench/results.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace kiln::bench {
namespace {

class Results : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("kiln-results-" + std::to_string(::getpid()));
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  KernelReport report(double ms, bool correct) {
    KernelReport r;
    r.kernel = "softmax";
    r.dtype = ir::ElementKind::kBF16;
    r.shape = {4096, 4096};
    r.kiln.stats.median_ms = ms;
    r.kiln.check = CheckResult{1, correct ? 0 : 1};
    r.sources = {"// source"};
    return r;
  }
  std::filesystem::path dir_;
};

TEST_F(Results, RunsAreAppended) {
  ASSERT_TRUE(append_result(dir_.string(), "sm_90a", "softmax", {{"x", 1}}).ok());
  ASSERT_TRUE(append_result(dir_.string(), "sm_90a", "softmax", {{"x", 2}}).ok());
  std::ifstream in(dir_ / "sm_90a" / "softmax.json");
  auto j = nlohmann::json::parse(in);
  ASSERT_EQ(j["runs"].size(), 2u);
  EXPECT_EQ(j["runs"][1]["x"], 2);
}

TEST_F(Results, LeaderboardKeepsTheFastestCorrectRun) {
  auto first = update_leaderboard(dir_.string(), "sm_90a", report(0.2, true), "H100");
  ASSERT_TRUE(first.ok());
  EXPECT_NE(first->find("new best"), std::string::npos);
  auto slower = update_leaderboard(dir_.string(), "sm_90a", report(0.3, true), "H100");
  EXPECT_EQ(*slower, "");
  auto wrong = update_leaderboard(dir_.string(), "sm_90a", report(0.1, false), "H100");
  EXPECT_EQ(*wrong, "");
  auto faster = update_leaderboard(dir_.string(), "sm_90a", report(0.15, true), "H100");
  EXPECT_NE(faster->find("was 0.2000 ms"), std::string::npos);
  std::ifstream in(dir_ / "leaderboard.json");
  auto j = nlohmann::json::parse(in);
  EXPECT_DOUBLE_EQ(j["sm_90a"]["softmax"]["bf16 4096x4096"]["median_ms"].get<double>(), 0.15);
  EXPECT_EQ(j["sm_90a"]["softmax"]["bf16 4096x4096"]["sources"][0], "// source");
}

TEST_F(Results, CorruptLeaderboardIsAnError) {
  std::filesystem::create_directories(dir_);
  std::ofstream(dir_ / "leaderboard.json") << "{not json";
  auto r = update_leaderboard(dir_.string(), "sm_90a", report(0.2, true), "H100");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message().find("not valid JSON"), std::string::npos);
}

}  // namespace
}  // namespace kiln::bench
