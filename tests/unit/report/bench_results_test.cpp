// Reading kiln bench's run files and leaderboard: versions, roofs, sources, located errors.
#include "report/bench_results.h"

#include <gtest/gtest.h>

#include "tests/unit/report/report_fixture.h"

namespace kiln::report {
namespace {

using testing::fixture_dir;
using testing::ScratchDir;

// A correct run as kiln bench's report_json writes it, with only the fields the report reads.
nlohmann::json run_at(double ms) {
  nlohmann::json j = nlohmann::json::parse(R"({"kernel": "exp", "dtype": "f32", "shape": [4, 8],
    "device": {"name": "G", "arch": "sm_90a"}, "correct": true, "knobs": {"vec": 4},
    "time": {"median_ms": 1.0}, "copy_fraction": 0.5, "gemm_fraction": 0.25,
    "flop_rate": 2e12, "bandwidth_bytes_per_s": 1e12, "impl": "library", "when": "today",
    "ceilings": {"copy_bytes_per_s": 2e12, "gemm_flops_per_s": 8e14, "gemm_how": "cublas"},
    "baselines": [{"library": "vendor", "who": "cub", "time": {"median_ms": 2.0}},
                  {"library": "torch", "who": "torch.exp", "error": "no libtorch"}]})");
  j["time"]["median_ms"] = ms;
  return j;
}

std::string runs_file(std::vector<nlohmann::json> runs) {
  return nlohmann::json{{"kernel", "exp"}, {"runs", runs}}.dump();
}

TEST(BenchResults, ReadsCorrectRuns) {
  ScratchDir dir;
  nlohmann::json wrong = run_at(0.1);
  wrong["correct"] = false;
  dir.write("sm_90a/exp.json", runs_file({run_at(1.0), wrong}));
  Results r;
  ASSERT_TRUE(read_bench_results(dir.path(), r).ok());
  ASSERT_EQ(r.versions.size(), 1u);
  const Version& v = r.versions[0];
  EXPECT_EQ(v.gpu, "G");
  EXPECT_EQ(v.arch, "sm_90a");
  EXPECT_EQ(v.shape, "4x8");
  EXPECT_DOUBLE_EQ(v.roof_fraction, 0.5);
  EXPECT_DOUBLE_EQ(v.flop_rate, 2e12);
  EXPECT_EQ(v.knobs, "vec=4");
  EXPECT_EQ(v.origin, "kiln bench (library), today");
  ASSERT_EQ(v.baselines.size(), 1u);  // the torch baseline did not run
  EXPECT_EQ(v.baselines[0].name, "vendor");
  EXPECT_EQ(v.baselines[0].who, "cub");
  EXPECT_EQ(r.roofs["G"].copy_bytes_per_s, 2e12);
  EXPECT_EQ(r.roofs["G"].gemm_how, "cublas");
}

TEST(BenchResults, LeaderboardSourceJoinsItsRun) {
  ScratchDir dir;
  dir.write("sm_90a/exp.json", runs_file({run_at(1.0), run_at(2.0)}));
  dir.write("leaderboard.json", R"({"sm_90a": {"exp": {"f32 4x8": {"median_ms": 1.0,
      "device": "G", "sources": ["a", "b"]}, "f32 16": {"median_ms": 3.0, "device": "G",
      "sources": ["c"], "copy_fraction": 0.75, "when": "then"}}}})");
  Results r;
  ASSERT_TRUE(read_bench_results(dir.path(), r).ok());
  ASSERT_EQ(r.versions.size(), 3u);
  EXPECT_EQ(r.versions[0].source, "a\n\nb");
  EXPECT_EQ(r.versions[1].source, "");
  EXPECT_EQ(r.versions[2].shape, "16");  // no run holds it: a version of its own
  EXPECT_EQ(r.versions[2].origin, "kiln bench leaderboard, then");
  EXPECT_DOUBLE_EQ(r.versions[2].roof_fraction, 0.75);
}

TEST(BenchResults, TuneFolderIsNotARunFolder) {
  ScratchDir dir;
  dir.write("tune/g/exp.json", "not json");
  Results r;
  EXPECT_TRUE(read_bench_results(dir.path(), r).ok());
  EXPECT_EQ(r.files_read, 0);
}

TEST(BenchResults, NotJsonNamesTheFile) {
  ScratchDir dir;
  std::string file = dir.write("sm_90a/exp.json", "{\"runs\": [");
  Results r;
  Status s = read_bench_results(dir.path(), r);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().message().rfind(file + ": error: not valid JSON: ", 0), 0u)
      << s.error().message();
}

TEST(BenchResults, NotAResultsFile) {
  ScratchDir dir;
  std::string file = dir.write("sm_90a/exp.json", "{\"kernel\": \"exp\"}");
  Results r;
  Status s = read_bench_results(dir.path(), r);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().message(),
            file + ": error: not a kiln bench results file (no 'runs' list)");
}

TEST(BenchResults, RunWithoutATimeNamesTheRun) {
  ScratchDir dir;
  nlohmann::json bad = run_at(1.0);
  bad.erase("time");
  std::string file = dir.write("sm_90a/exp.json", runs_file({run_at(1.0), bad}));
  Results r;
  Status s = read_bench_results(dir.path(), r);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().message(), file + " (run 2): error: missing number 'time.median_ms'");
}

TEST(BenchResults, MalformedLeaderboardEntry) {
  ScratchDir dir;
  std::string file = dir.write("leaderboard.json", R"({"sm_90a": {"exp": {"f32": {}}}})");
  Results r;
  Status s = read_bench_results(dir.path(), r);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().message(), file + " (sm_90a exp f32): error: 'f32' is not 'DTYPE SHAPE'");
}

TEST(BenchResults, ShapeText) {
  nlohmann::json j = nlohmann::json::parse(R"({"a": [2, 3], "b": [], "c": "7x7", "d": [1.5]})");
  JsonFields f(j, "here");
  EXPECT_EQ(*shape_text(f, "a"), "2x3");
  EXPECT_EQ(*shape_text(f, "b"), "scalar");
  EXPECT_EQ(*shape_text(f, "c"), "7x7");
  EXPECT_EQ(shape_text(f, "d").error().message(), "here: error: 'd' is not a shape");
}

TEST(BenchResults, FixtureReads) {
  Results r;
  ASSERT_TRUE(read_bench_results(fixture_dir(), r).ok());
  EXPECT_EQ(r.files_read, 3);  // two run files and the leaderboard
  EXPECT_EQ(r.versions.size(), 5u);  // four correct runs and the exp entry
}

}  // namespace
}  // namespace kiln::report
