// The profile's diagnosis and Nsight Compute's CSV (diagnosis.h, ncu_profile.h).
#include "tune/diagnosis.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "tune/ncu_profile.h"

namespace kiln::tune {
namespace {

constexpr double kCopy = 3.0e12;   // bytes/s
constexpr double kGemm = 700e12;   // FLOP/s

TEST(TuneDiagnosis, StreamingKernelIsMemoryBound) {
  // 1 GB in 0.5 ms: 2 TB/s of 3 TB/s.
  Diagnosis d = diagnose({1e9, 1e9, 0.5, 0.99, kCopy, kGemm});
  EXPECT_FALSE(d.compute_bound);
  EXPECT_NEAR(d.roof_fraction, 2.0 / 3.0, 1e-9);
  EXPECT_NEAR(d.gbps, 2000, 1e-6);
  EXPECT_NE(d.text.find("Memory-bound: 1.00 FLOP/byte against a ridge of 233.3"),
            std::string::npos)
      << d.text;
  EXPECT_NE(d.text.find("67% of the measured copy rate (2000 of 3000 GB/s), 33% from the roof"),
            std::string::npos)
      << d.text;
}

TEST(TuneDiagnosis, GemmLikeKernelIsComputeBound) {
  // 2 TFLOP over 3 GB in 4 ms: 500 TFLOP/s.
  Diagnosis d = diagnose({3e9, 2e12, 4.0, 0.99, kCopy, kGemm});
  EXPECT_TRUE(d.compute_bound);
  EXPECT_NEAR(d.roof_fraction, 500.0 / 700.0, 1e-9);
  EXPECT_NE(d.text.find("Compute-bound"), std::string::npos) << d.text;
}

TEST(TuneDiagnosis, NoisySmallAndNearTheRoof) {
  Diagnosis small = diagnose({1e6, 0, 0.001, 0.5, kCopy, kGemm});
  EXPECT_NE(small.text.find("Timings spread 50%"), std::string::npos) << small.text;
  Diagnosis fast = diagnose({1e6, 0, 0.00035, 0.99, kCopy, kGemm});
  EXPECT_NE(fast.text.find("Little is left to gain"), std::string::npos) << fast.text;
  Diagnosis tiny = diagnose({1e6, 0, 0.01, 0.99, kCopy, kGemm});
  EXPECT_NE(tiny.text.find("The problem is small"), std::string::npos) << tiny.text;
  Diagnosis unmeasured = diagnose({1e9, 0, 1.0, 1.0, 0, 0});
  EXPECT_NE(unmeasured.text.find("No roof measured"), std::string::npos) << unmeasured.text;
}

const char* kCsv =
    "==PROF== Connected to process 123 (/usr/bin/kiln)\n"
    "\"ID\",\"Process ID\",\"Kernel Name\",\"Block Size\",\"dram__throughput.avg.pct_of_peak_"
    "sustained_elapsed\",\"launch__registers_per_thread\",\"smsp__average_warps_issue_stalled_"
    "long_scoreboard_per_issue_active.ratio\",\"smsp__average_warps_issue_stalled_barrier_per_"
    "issue_active.ratio\"\n"
    "\"\",\"\",\"\",\"\",\"%\",\"register/thread\",\"ratio\",\"ratio\"\n"
    "\"0\",\"123\",\"spin_kernel\",\"(1, 1, 1)\",\"0.10\",\"8\",\"0\",\"0\"\n"
    "\"1\",\"123\",\"softmax_rows\",\"(256, 1, 1)\",\"81.50\",\"40\",\"1,234.5\",\"2.0\"\n"
    "\"2\",\"123\",\"softmax_rows\",\"(256, 1, 1)\",\"83.25\",\"40\",\"12.5\",\"n/a\"\n";

TEST(TuneNcu, ParsesTheLastLaunchOfTheKernel) {
  auto m = parse_ncu_csv(kCsv, {"softmax_rows"});
  ASSERT_TRUE(m.ok()) << m.error().message();
  EXPECT_DOUBLE_EQ(m->at("dram__throughput.avg.pct_of_peak_sustained_elapsed"), 83.25);
  EXPECT_DOUBLE_EQ(m->at("launch__registers_per_thread"), 40);
  EXPECT_FALSE(m->count("smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio"));
  auto first = parse_ncu_csv(std::string(kCsv).substr(0, std::string(kCsv).rfind("\"2\"")),
                             {"softmax_rows"});
  ASSERT_TRUE(first.ok());
  EXPECT_DOUBLE_EQ(
      first->at("smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio"),
      1234.5);
}

// A split plan's small second pass must not stand for the kernel (a gemv_t profile once read
// "DRAM at 4% of peak" from its reduction of partial sums).
TEST(TuneNcu, TakesTheLongestLaunchOfSeveral) {
  const char* csv =
      "\"ID\",\"Kernel Name\",\"gpu__time_duration.sum\",\"dram__throughput.avg.pct_of_peak_"
      "sustained_elapsed\"\n"
      "\"\",\"\",\"ns\",\"%\"\n"
      "\"0\",\"gemv_t_split\",\"95,000\",\"88.0\"\n"
      "\"1\",\"gemv_t_sum\",\"3,000\",\"4.0\"\n"
      "\"2\",\"gemv_t_split\",\"94,000\",\"89.0\"\n"
      "\"3\",\"gemv_t_sum\",\"3,100\",\"4.1\"\n";
  auto m = parse_ncu_csv(csv, {"gemv_t_split", "gemv_t_sum"});
  ASSERT_TRUE(m.ok()) << m.error().message();
  EXPECT_DOUBLE_EQ(m->at("dram__throughput.avg.pct_of_peak_sustained_elapsed"), 88.0);
  EXPECT_DOUBLE_EQ(m->at("gpu__time_duration.sum"), 95000);
}

TEST(TuneNcu, ErrorsWithoutHeaderOrKernel) {
  EXPECT_FALSE(parse_ncu_csv("==PROF== nothing\n", {}).ok());
  auto m = parse_ncu_csv(kCsv, {"layer_norm"});
  ASSERT_FALSE(m.ok());
  EXPECT_NE(m.error().message().find("no profiled launch of layer_norm"), std::string::npos);
}

TEST(TuneNcu, DescribesTheFiguresThatMatter) {
  auto m = parse_ncu_csv(kCsv, {"softmax_rows"});
  ASSERT_TRUE(m.ok());
  std::string text = describe_ncu(*m);
  EXPECT_NE(text.find("DRAM at 83% of peak"), std::string::npos) << text;
  EXPECT_NE(text.find("40 registers per thread"), std::string::npos) << text;
  EXPECT_NE(text.find("warps stall most on long_scoreboard (12.5 cycles per issue)"),
            std::string::npos)
      << text;
  Diagnosis d = diagnose({1e9, 0, 0.5, 0.99, kCopy, kGemm}, *m);
  EXPECT_NE(d.text.find("ncu: DRAM at 83%"), std::string::npos) << d.text;
}

TEST(TuneNcu, MetricListCoversTheProfile) {
  const auto& m = ncu_metrics();
  for (const char* name : {"dram__throughput.avg.pct_of_peak_sustained_elapsed",
                           "sm__warps_active.avg.pct_of_peak_sustained_active",
                           "launch__registers_per_thread"}) {
    EXPECT_NE(std::find(m.begin(), m.end(), name), m.end()) << name;
  }
}

}  // namespace
}  // namespace kiln::tune
