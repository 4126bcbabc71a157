// Reading kiln tune's JSON Lines histories: attempts, kept versions, located errors.
#include "report/tune_history.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/unit/report/report_fixture.h"

namespace kiln::report {
namespace {

using testing::ScratchDir;

const char* kKept =
    R"({"round": 2, "kernel": "exp", "gpu": "G", "arch": "sm_90a", "dtype": "f32", )"
    R"("shape": "1024", "knobs": {"block": 64}, "source": "k<1>", "proposer": "search", )"
    R"("median_ms": 0.5, "gbps": 100, "tflops": 0.25, "roof_fraction": 0.1, )"
    R"("baseline": {"name": "cub", "median_ms": 1.0}, "verdict": "kept"})";

std::string line_with(const std::string& key, const std::string& value) {
  // kKept with one field's value replaced (or removed when `value` is empty).
  nlohmann::json j = nlohmann::json::parse(kKept);
  if (value.empty()) {
    j.erase(key);
  } else {
    j[key] = nlohmann::json::parse(value);
  }
  return j.dump();
}

Error read_error(const ScratchDir& dir, const std::string& text, std::string* file) {
  *file = dir.write("tune/g/exp.jsonl", text);
  Results r;
  Status s = read_tune_history(*file, r);
  EXPECT_FALSE(s.ok());
  return s.ok() ? Error::internal("read") : s.error();
}

TEST(TuneHistory, ReadsAttemptsAndKeptVersions) {
  ScratchDir dir;
  std::string slower = line_with("verdict", "\"slower\"");
  std::string failed = line_with("verdict", "\"failed-check\"");
  std::string file =
      dir.write("tune/g/exp.jsonl", std::string(kKept) + "\n\n" + slower + "\n" + failed + "\n");
  Results r;
  ASSERT_TRUE(read_tune_history(file, r).ok());
  ASSERT_EQ(r.histories.size(), 1u);
  EXPECT_EQ(r.histories[0].attempts.size(), 3u);
  EXPECT_EQ(r.histories[0].attempts[2].verdict, "failed-check");
  ASSERT_EQ(r.versions.size(), 1u);  // only the kept attempt
  const Version& v = r.versions[0];
  EXPECT_EQ(v.gpu, "G");
  EXPECT_EQ(v.shape, "1024");
  EXPECT_DOUBLE_EQ(v.median_ms, 0.5);
  EXPECT_DOUBLE_EQ(v.flop_rate, 0.25e12);
  EXPECT_DOUBLE_EQ(v.byte_rate, 100e9);
  EXPECT_DOUBLE_EQ(v.roof_fraction, 0.1);
  EXPECT_EQ(v.knobs, "block=64");
  EXPECT_EQ(v.source, "k<1>");
  EXPECT_EQ(v.origin, "kiln tune round 2 (search)");
  ASSERT_EQ(v.baselines.size(), 1u);
  EXPECT_EQ(v.baselines[0].name, "cub");
  EXPECT_EQ(r.files_read, 1);
}

TEST(TuneHistory, DtypesAndShapesAreLineagesOfTheirOwn) {
  ScratchDir dir;
  std::string file =
      dir.write("tune/g/exp.jsonl", std::string(kKept) + "\n" + line_with("dtype", "\"bf16\"") +
                                        "\n" + line_with("shape", "[2, 3]") + "\n");
  Results r;
  ASSERT_TRUE(read_tune_history(file, r).ok());
  ASSERT_EQ(r.histories.size(), 3u);
  EXPECT_EQ(r.histories[2].shape, "2x3");
}

TEST(TuneHistory, NullSourceAndBaselineAreAbsent) {
  ScratchDir dir;
  std::string file = dir.write("tune/g/exp.jsonl", line_with("source", "null") + "\n");
  Results r;
  ASSERT_TRUE(read_tune_history(file, r).ok());
  EXPECT_EQ(r.versions.at(0).source, "");
}

TEST(TuneHistory, NotJsonNamesFileAndLine) {
  ScratchDir dir;
  std::string file;
  Error e = read_error(dir, std::string(kKept) + "\n" + "{\"round\": 1,, }\n", &file);
  EXPECT_EQ(e.message().rfind(file + ":2: error: not valid JSON: ", 0), 0u) << e.message();
}

TEST(TuneHistory, LineThatIsNotAnObject) {
  ScratchDir dir;
  std::string file;
  Error e = read_error(dir, "[1, 2]\n", &file);
  EXPECT_EQ(e.message(), file + ":1: error: the line is not a JSON object");
}

TEST(TuneHistory, MissingFieldNamesFileAndLine) {
  ScratchDir dir;
  std::string file;
  Error e = read_error(dir, "\n" + line_with("round", "") + "\n", &file);
  EXPECT_EQ(e.message(), file + ":2: error: missing number 'round'");
}

TEST(TuneHistory, MistypedFieldIsAnError) {
  ScratchDir dir;
  std::string file;
  Error e = read_error(dir, line_with("gpu", "7") + "\n", &file);
  EXPECT_EQ(e.message(), file + ":1: error: 'gpu' is not a string");
}

TEST(TuneHistory, UnknownVerdict) {
  ScratchDir dir;
  std::string file;
  Error e = read_error(dir, line_with("verdict", "\"better\"") + "\n", &file);
  EXPECT_EQ(e.message(), file + ":1: error: unknown verdict 'better'");
}

TEST(TuneHistory, KeptAttemptNeedsATime) {
  ScratchDir dir;
  std::string file;
  Error e = read_error(dir, line_with("median_ms", "") + "\n", &file);
  EXPECT_EQ(e.message(), file + ":1: error: missing number 'median_ms'");
  e = read_error(dir, line_with("median_ms", "0") + "\n", &file);
  EXPECT_EQ(e.message(), file + ":1: error: 'median_ms' is not a positive time");
}

TEST(TuneHistory, FailedAttemptNeedsNoTime) {
  ScratchDir dir;
  nlohmann::json j = nlohmann::json::parse(line_with("verdict", "\"error\""));
  j.erase("median_ms");
  std::string file = dir.write("tune/g/exp.jsonl", j.dump() + "\n");
  Results r;
  ASSERT_TRUE(read_tune_history(file, r).ok());
  EXPECT_TRUE(r.versions.empty());
  EXPECT_EQ(r.histories.at(0).attempts.at(0).median_ms, 0);
}

TEST(TuneHistory, FolderReadsEveryGpuInNameOrder) {
  ScratchDir dir;
  dir.write("tune/b/exp.jsonl", line_with("gpu", "\"B\"") + "\n");
  dir.write("tune/a/exp.jsonl", line_with("gpu", "\"A\"") + "\n");
  dir.write("tune/a/notes.txt", "not a history");
  Results r;
  ASSERT_TRUE(read_tune_histories(dir.path(), r).ok());
  ASSERT_EQ(r.histories.size(), 2u);
  EXPECT_EQ(r.histories[0].gpu, "A");
  EXPECT_EQ(r.histories[1].gpu, "B");
}

}  // namespace
}  // namespace kiln::report
