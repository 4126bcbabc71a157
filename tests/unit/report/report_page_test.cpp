// The page made from the fixture results: the figures of the results files in its tables,
// captions and charts; escaping; empty and malformed inputs.
#include "report/report_page.h"

#include <gtest/gtest.h>

#include "tests/unit/report/report_fixture.h"

namespace kiln::report {
namespace {

using testing::fixture_dir;
using testing::leaderboard_rows;
using testing::ScratchDir;
using Row = std::map<std::string, std::string>;

std::string fixture_page() {
  auto page = report_page(fixture_dir());
  EXPECT_TRUE(page.ok()) << (page.ok() ? "" : page.error().message());
  return page.ok() ? page->html : "";
}

Row find_row(const std::string& html, const std::string& gpu, const std::string& kernel,
             const std::string& dtype) {
  for (const Row& r : leaderboard_rows(html)) {
    if (r.at("gpu") == gpu && r.at("kernel") == kernel && r.at("dtype") == dtype) return r;
  }
  ADD_FAILURE() << "no row for " << gpu << " " << kernel << " " << dtype;
  return {};
}

const char* kH100 = "NVIDIA H100 80GB HBM3";

TEST(ReportPage, CountsWhatItRead) {
  auto page = report_page(fixture_dir());
  ASSERT_TRUE(page.ok()) << page.error().message();
  EXPECT_EQ(page->files, 6u);
  EXPECT_EQ(page->gpus, 2u);
  EXPECT_EQ(page->rows, 6u);
  EXPECT_EQ(page->curves, 3u);
}

TEST(ReportPage, LeaderboardHoldsBenchFigures) {
  std::string html = fixture_page();
  Row gemm = find_row(html, kH100, "gemm", "bf16");
  EXPECT_EQ(gemm["shape"], "4096x4096x4096");
  EXPECT_EQ(gemm["time"], "0.2000");
  EXPECT_EQ(gemm["roof"], "91.6%");  // the GEMM fraction, the larger of the two
  EXPECT_EQ(gemm["vs vendor"], "0.95\u00d7");
  EXPECT_EQ(gemm["vs cublas"], "-");
  EXPECT_EQ(gemm["from"], "kiln bench (library), 2026-11-26 10:10:00");
  Row softmax = find_row(html, kH100, "softmax", "f32");
  EXPECT_EQ(softmax["shape"], "1024x1000");
  EXPECT_EQ(softmax["time"], "0.0040");
  EXPECT_EQ(softmax["roof"], "68.3%");
  EXPECT_EQ(softmax["vs vendor"], "1.25\u00d7");
}

TEST(ReportPage, FasterTuneAttemptWinsItsRow) {
  // kiln bench's best bf16 softmax took 0.0250 ms; the tune history kept one at 0.0240 ms.
  Row r = find_row(fixture_page(), kH100, "softmax", "bf16");
  EXPECT_EQ(r["time"], "0.0240");
  EXPECT_EQ(r["roof"], "93.2%");
  EXPECT_EQ(r["vs vendor"], "1.67\u00d7");
  EXPECT_EQ(r["from"], "kiln tune round 1 (search)");
  EXPECT_NE(r["version"].find("knobs block=256 unroll=4"), std::string::npos) << r["version"];
  EXPECT_NE(r["version"].find("// tuned softmax"), std::string::npos) << r["version"];
}

TEST(ReportPage, TunedKernelRowHasItsBaseline) {
  Row r = find_row(fixture_page(), kH100, "gemv_t", "bf16");
  EXPECT_EQ(r["time"], "0.0625");
  EXPECT_EQ(r["roof"], "71.6%");
  EXPECT_EQ(r["vs cublas"], "1.44\u00d7");
  EXPECT_EQ(r["from"], "kiln tune round 5 (agent.py)");
}

TEST(ReportPage, IncorrectRunsAreLeftOut) {
  // The fixture's fastest softmax run (0.0100 ms) failed its check.
  EXPECT_EQ(fixture_page().find("0.0100"), std::string::npos);
}

TEST(ReportPage, LeaderboardOnlyEntryIsARow) {
  Row r = find_row(fixture_page(), kH100, "exp", "f32");
  EXPECT_EQ(r["time"], "0.0050");
  EXPECT_EQ(r["roof"], "55.9%");
  EXPECT_EQ(r["from"], "kiln bench leaderboard, 2026-11-25 08:00:00");
}

TEST(ReportPage, OneSectionPerGpu) {
  std::string html = fixture_page();
  Row r = find_row(html, "NVIDIA H200", "gemv_t", "bf16");
  EXPECT_EQ(r["time"], "0.0700");
  EXPECT_EQ(r["roof"], "-");
  EXPECT_EQ(r["vs cublas"], "1.29\u00d7");
  EXPECT_NE(html.find("Roofs not measured on this GPU"), std::string::npos);
  EXPECT_NE(html.find("Measured roofs: copy 3.000 TB/s; GEMM 750 TFLOP/s (cublasGemmEx bf16 "
                      "8192x8192x8192)."),
            std::string::npos);
}

TEST(ReportPage, BestSoFarCaptions) {
  std::string html = fixture_page();
  EXPECT_NE(html.find("gemv_t bf16 8192x8192: best 1.60\u00d7 at round 5 (0.1000 ms \u2192 0.0625 "
                      "ms), 6 attempts."),
            std::string::npos);
  EXPECT_NE(html.find("softmax bf16 4096x4096: best 1.08\u00d7 at round 1 (0.0260 ms \u2192 "
                      "0.0240 ms), 2 attempts."),
            std::string::npos);
  EXPECT_NE(html.find("aria-label=\"best so far: gemv_t bf16 8192x8192\""), std::string::npos);
  EXPECT_NE(html.find("<title>round 3: 1.25\u00d7 over the first attempt</title>"),
            std::string::npos);
}

TEST(ReportPage, RooflinePointsAndRoofs) {
  std::string html = fixture_page();
  EXPECT_NE(html.find("aria-label=\"roofline: NVIDIA H100 80GB HBM3\""), std::string::npos);
  EXPECT_NE(html.find("<title>gemm bf16 4096x4096x4096: 1.37e+03 FLOP/byte, 687 TFLOP/s, 91.6% "
                      "of the roof</title>"),
            std::string::npos);
  EXPECT_NE(html.find("<title>copy 3.000 TB/s</title>"), std::string::npos);
  EXPECT_NE(html.find("<title>GEMM 750 TFLOP/s</title>"), std::string::npos);
  // The leaderboard-only exp entry has no rates: no point.
  EXPECT_EQ(html.find("<title>exp f32"), std::string::npos);
}

TEST(ReportPage, SourcesAreEscaped) {
  std::string html = fixture_page();
  EXPECT_NE(html.find("x &lt;&lt;= 1; x &amp;= 3; // &lt;b&gt;bold?&lt;/b&gt;"),
            std::string::npos);
  EXPECT_EQ(html.find("<b>bold?</b>"), std::string::npos);
  EXPECT_NE(html.find("/* a &lt; b */"), std::string::npos);
}

TEST(ReportPage, FetchesNothing) {
  std::string html = fixture_page();
  EXPECT_EQ(html.find("<link"), std::string::npos);
  EXPECT_EQ(html.find(" src="), std::string::npos);
  EXPECT_EQ(html.find("https:"), std::string::npos);
  EXPECT_EQ(html.find("<script>"), html.rfind("<script>"));  // the one inline script
}

TEST(ReportPage, EmptyFolderSaysNothingYet) {
  ScratchDir dir;
  auto page = report_page(dir.path());
  ASSERT_TRUE(page.ok()) << page.error().message();
  EXPECT_EQ(page->gpus, 0u);
  EXPECT_NE(page->html.find("Nothing measured yet"), std::string::npos);
  EXPECT_EQ(page->html.find("<table"), std::string::npos);
}

TEST(ReportPage, MissingFolderSaysNothingYet) {
  ScratchDir dir;
  auto page = report_page(dir.path() / "absent");
  ASSERT_TRUE(page.ok()) << page.error().message();
  EXPECT_NE(page->html.find("Nothing measured yet"), std::string::npos);
}

TEST(ReportPage, MalformedHistoryLineIsAnError) {
  ScratchDir dir;
  std::string file = dir.write("tune/h100/exp.jsonl", "{\"round\": 0,\n");
  auto page = report_page(dir.path());
  ASSERT_FALSE(page.ok());
  EXPECT_EQ(page.error().message().rfind(file + ":1: error: not valid JSON", 0), 0u)
      << page.error().message();
}

}  // namespace
}  // namespace kiln::report
