// Reading kiln tune's JSON Lines attempt histories into report records.
#include "report/tune_history.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <sstream>

#include "report/bench_results.h"
#include "report/json_fields.h"
#include "support/file.h"

namespace kiln::report {

namespace fs = std::filesystem;

namespace {

constexpr std::array<std::string_view, 5> kVerdicts = {"kept", "slower", "failed-check",
                                                       "failed-baseline", "error"};

// The baseline of an attempt: an object {name, median_ms}, a list of them, or null.
Expected<std::vector<BaselineTime>> tune_baselines(const JsonFields& line) {
  std::vector<BaselineTime> out;
  const nlohmann::json& b = line.any("baseline");
  if (b.is_null()) return out;
  if (!b.is_object() && !b.is_array()) return line.error("'baseline' is not an object");
  nlohmann::json list = b.is_array() ? b : nlohmann::json::array({b});
  for (const auto& one : list) {
    JsonFields f(one, line.where());
    KILN_TRY(std::string name, f.string("name"));
    KILN_TRY(double ms, f.number("median_ms", 0));
    if (ms > 0) out.push_back({name, "", ms});
  }
  return out;
}

// One line: its attempt goes into the history of its lineage, a kept one into the versions.
Status read_attempt(const JsonFields& line, const std::string& file, Results& into) {
  Version v;
  Attempt a;
  KILN_TRY(double round, line.number("round"));
  a.round = static_cast<int64_t>(round);
  KILN_TRY(v.kernel, line.string("kernel"));
  KILN_TRY(v.gpu, line.string("gpu"));
  KILN_TRY(v.arch, line.string("arch", ""));
  KILN_TRY(v.dtype, line.string("dtype"));
  KILN_TRY(v.shape, shape_text(line, "shape"));
  KILN_TRY(a.verdict, line.string("verdict"));
  if (std::find(kVerdicts.begin(), kVerdicts.end(), a.verdict) == kVerdicts.end())
    return line.error(fmt::format("unknown verdict '{}'", a.verdict));
  bool timed = a.verdict == "kept" || a.verdict == "slower";
  KILN_TRY(a.median_ms, timed ? line.number("median_ms") : line.number("median_ms", 0));
  if (timed && !(a.median_ms > 0)) return line.error("'median_ms' is not a positive time");

  auto same_lineage = [&](const History& h) {
    return h.gpu == v.gpu && h.kernel == v.kernel && h.dtype == v.dtype && h.shape == v.shape &&
           h.file == file;
  };
  auto h = std::find_if(into.histories.begin(), into.histories.end(), same_lineage);
  if (h == into.histories.end()) {
    into.histories.push_back({v.gpu, v.kernel, v.dtype, v.shape, file, {}});
    h = into.histories.end() - 1;
  }
  h->attempts.push_back(a);
  if (a.verdict != "kept") return ok_status();

  v.median_ms = a.median_ms;
  KILN_TRY(v.roof_fraction, line.number("roof_fraction", 0));
  KILN_TRY(double tflops, line.number("tflops", 0));
  KILN_TRY(double gbps, line.number("gbps", 0));
  v.flop_rate = tflops * 1e12;
  v.byte_rate = gbps * 1e9;
  KILN_TRY(v.baselines, tune_baselines(line));
  v.knobs = knobs_text(line.any("knobs"));
  KILN_TRY(v.source, line.string("source", ""));
  KILN_TRY(std::string proposer, line.string("proposer", ""));
  v.origin = fmt::format("kiln tune round {}{}", a.round,
                         proposer.empty() ? "" : " (" + proposer + ")");
  v.file = line.where();
  into.versions.push_back(std::move(v));
  return ok_status();
}

}  // namespace

Status read_tune_history(const fs::path& file, Results& into) {
  KILN_TRY(std::string text, read_file_bounded(file.string(), kMaxProgramBytes));
  std::istringstream lines(text);
  std::string line;
  for (size_t number = 1; std::getline(lines, line); ++number) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    std::string where = fmt::format("{}:{}", file.string(), number);
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(line);
    } catch (const nlohmann::json::parse_error& e) {
      return Error::invalid_argument(fmt::format("{}: error: not valid JSON: {}", where, e.what()));
    }
    JsonFields fields(j, where);
    if (!j.is_object()) return fields.error("the line is not a JSON object");
    KILN_CHECK_OK(read_attempt(fields, file.string(), into));
  }
  ++into.files_read;
  return ok_status();
}

Status read_tune_histories(const fs::path& dir, Results& into) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& gpu : fs::directory_iterator(dir / "tune", ec)) {
    if (!gpu.is_directory()) continue;
    for (const auto& f : fs::directory_iterator(gpu.path(), ec)) {
      if (f.path().extension() == ".jsonl" && f.is_regular_file()) files.push_back(f.path());
    }
  }
  std::sort(files.begin(), files.end());
  for (const fs::path& f : files) KILN_CHECK_OK(read_tune_history(f, into));
  return ok_status();
}

}  // namespace kiln::report
