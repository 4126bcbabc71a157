// Attempt histories: JSON round trip, parsing errors, slugs, top-N, the table (history.h).
#include "tune/history.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace kiln::tune {
namespace {

Attempt attempt(int round, double ms, Verdict v = Verdict::kKept, std::string dtype = "bf16") {
  Attempt a;
  a.round = round;
  a.time = "2026-11-27T01:00:00Z";
  a.kernel = "softmax";
  a.gpu = "NVIDIA H100 80GB HBM3";
  a.arch = "sm_90";
  a.dtype = dtype;
  a.shape = "4096x4096";
  a.knobs = {{"block", 256}, {"unroll", round}};
  a.proposer = "search";
  a.median_ms = ms;
  a.noise = 0.01;
  a.gbps = 2000;
  a.roof_fraction = 0.6;
  a.verdict = v;
  return a;
}

std::string history_dir(const std::string& name) {
  auto dir = std::filesystem::temp_directory_path() /
             ("kiln_tune_" + name + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  return dir.string();
}

TEST(TuneHistory, AttemptRoundTripsThroughJson) {
  Attempt a = attempt(3, 0.25);
  a.source = "extern \"C\" __global__ void k() {}\n";
  a.source_hash = source_hash(a.source);
  a.baseline = BaselineTime{"cudnn", 0.3};
  a.detail = "why";
  a.diagnosis = "Memory-bound.";
  auto back = attempt_from_json(nlohmann::json::parse(attempt_json(a).dump()));
  ASSERT_TRUE(back.ok()) << back.error().message();
  EXPECT_EQ(attempt_json(*back), attempt_json(a));
  EXPECT_EQ(back->knobs, a.knobs);
  EXPECT_EQ(back->source, a.source);
  ASSERT_TRUE(back->baseline);
  EXPECT_EQ(back->baseline->name, "cudnn");
}

TEST(TuneHistory, KnobOnlyAttemptHasNullSourceAndBaseline) {
  nlohmann::json j = attempt_json(attempt(1, 1.0, Verdict::kFailedCheck));
  EXPECT_TRUE(j["source"].is_null());
  EXPECT_TRUE(j["baseline"].is_null());
  EXPECT_EQ(j["verdict"], "failed-check");
}

TEST(TuneHistory, EveryVerdictHasItsName) {
  for (Verdict v : {Verdict::kKept, Verdict::kSlower, Verdict::kFailedCheck,
                    Verdict::kFailedBaseline, Verdict::kError}) {
    EXPECT_EQ(parse_verdict(verdict_name(v)), v);
  }
  EXPECT_EQ(verdict_name(Verdict::kFailedBaseline), "failed-baseline");
  EXPECT_FALSE(parse_verdict("faster"));
}

TEST(TuneHistory, ParseErrorsNameTheLine) {
  std::string good = attempt_json(attempt(1, 1.0)).dump();
  auto r = parse_history(good + "\n\n{not json\n", "h.jsonl");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message(), "h.jsonl:3: error: not a JSON object");
  r = parse_history(good + "\n{\"round\": 1}\n", "h.jsonl");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message(), "h.jsonl:2: error: missing \"kernel\"");
  nlohmann::json bad = attempt_json(attempt(1, 1.0));
  bad["verdict"] = "great";
  r = parse_history(bad.dump(), "h.jsonl");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message().find("unknown verdict \"great\""), std::string::npos);
  bad = attempt_json(attempt(1, 1.0));
  bad["knobs"]["block"] = "big";
  r = parse_history(bad.dump(), "h.jsonl");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message().find("knob \"block\" is not an integer"), std::string::npos);
}

TEST(TuneHistory, GpuSlug) {
  EXPECT_EQ(gpu_slug("NVIDIA H100 80GB HBM3"), "nvidia-h100-80gb-hbm3");
  EXPECT_EQ(gpu_slug("  NVIDIA H200 (141 GB) "), "nvidia-h200-141-gb");
  EXPECT_EQ(history_path("res", "nvidia-h100", "softmax"), "res/tune/nvidia-h100/softmax.jsonl");
}

TEST(TuneHistory, TopKeptIsFastestKeptFirstFiltered) {
  std::vector<Attempt> all = {attempt(1, 2.0), attempt(2, 1.0, Verdict::kSlower),
                              attempt(3, 0.5, Verdict::kFailedCheck), attempt(4, 1.5),
                              attempt(5, 0.1, Verdict::kKept, "f32"), attempt(6, 1.5)};
  auto top = top_kept(all, 10, "bf16");
  ASSERT_EQ(top.size(), 3u);
  EXPECT_EQ(top[0].round, 4);  // ties keep the earlier round first
  EXPECT_EQ(top[1].round, 6);
  EXPECT_EQ(top[2].round, 1);
  EXPECT_EQ(top_kept(all, 1).front().round, 5);
  EXPECT_EQ(top_kept(all, 2, "bf16", "1x1").size(), 0u);
}

TEST(TuneHistory, TableShowsFiguresAndKnobs) {
  Attempt a = attempt(2, 0.5);
  a.baseline = BaselineTime{"cudnn", 1.0};
  std::string table = format_history_table({a});
  EXPECT_NE(table.find("0.5000"), std::string::npos) << table;
  EXPECT_NE(table.find("2.00x cudnn"), std::string::npos) << table;
  EXPECT_NE(table.find("block=256 unroll=2"), std::string::npos) << table;
  EXPECT_NE(table.find("default"), std::string::npos) << table;
}

TEST(TuneHistory, LineageAppendsAndReadsBack) {
  std::string dir = history_dir("lineage");
  std::string path = history_path(dir, "gpu", "softmax");
  {
    auto lineage = Lineage::open(path);
    ASSERT_TRUE(lineage.ok()) << lineage.error().message();
    auto none = lineage->read();
    ASSERT_TRUE(none.ok());
    EXPECT_TRUE(none->empty());
    ASSERT_TRUE(lineage->append(attempt(1, 1.0)).ok());
    ASSERT_TRUE(lineage->append(attempt(2, 0.5)).ok());
  }
  auto back = read_history(path);
  ASSERT_TRUE(back.ok()) << back.error().message();
  ASSERT_EQ(back->size(), 2u);
  EXPECT_EQ((*back)[1].median_ms, 0.5);
  EXPECT_FALSE(read_history(dir + "/nowhere.jsonl").ok());
  std::filesystem::remove_all(dir);
}

TEST(TuneHistory, SourceHashIsStableAndEmptyForDefault) {
  EXPECT_EQ(source_hash(std::nullopt), "");
  EXPECT_EQ(source_hash(std::string("abc")), source_hash(std::string("abc")));
  EXPECT_NE(source_hash(std::string("abc")), source_hash(std::string("abd")));
  EXPECT_EQ(source_hash(std::string("")).size(), 16u);
}

}  // namespace
}  // namespace kiln::tune
