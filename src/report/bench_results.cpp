// Reading kiln bench's run files and leaderboard into report records.
#include "report/bench_results.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "support/file.h"

namespace kiln::report {

namespace fs = std::filesystem;

Expected<nlohmann::json> read_json_file(const fs::path& file) {
  KILN_TRY(std::string text, read_file_bounded(file.string(), kMaxProgramBytes));
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    return Error::invalid_argument(
        fmt::format("{}: error: not valid JSON: {}", file.string(), e.what()));
  }
}

Expected<std::string> shape_text(const JsonFields& fields, const char* key) {
  const nlohmann::json& j = fields.any(key);
  if (j.is_string()) return j.get<std::string>();
  if (!j.is_array()) return fields.error(fmt::format("'{}' is not a shape", key));
  std::string s;
  for (const auto& d : j) {
    if (!d.is_number_integer()) return fields.error(fmt::format("'{}' is not a shape", key));
    s += (s.empty() ? "" : "x") + std::to_string(d.get<int64_t>());
  }
  return s.empty() ? std::string("scalar") : s;
}

namespace {

// The baselines that ran, by library ("vendor", "torch").
Expected<std::vector<BaselineTime>> bench_baselines(const JsonFields& run) {
  std::vector<BaselineTime> out;
  const nlohmann::json& list = run.any("baselines");
  if (list.is_null()) return out;
  if (!list.is_array()) return run.error("'baselines' is not a list");
  for (const auto& b : list) {
    JsonFields f(b, run.where());
    KILN_TRY(std::string error, f.string("error", ""));
    if (!error.empty()) continue;
    KILN_TRY(std::string library, f.string("library"));
    KILN_TRY(std::string who, f.string("who", ""));
    KILN_TRY(double ms, f.number("time.median_ms"));
    out.push_back({library, who, ms});
  }
  return out;
}

// The version a correct run measured (nullopt for an incorrect or unchecked one); its GPU's
// roofs go into `roofs`.
Expected<std::optional<Version>> bench_run(const JsonFields& run, const std::string& kernel,
                                           std::map<std::string, Roofs>& roofs) {
  KILN_TRY(bool correct, run.boolean("correct"));
  if (!correct) return std::optional<Version>();
  Version v;
  KILN_TRY(v.gpu, run.string("device.name"));
  KILN_TRY(v.arch, run.string("device.arch", ""));
  KILN_TRY(v.kernel, run.string("kernel", kernel));
  KILN_TRY(v.dtype, run.string("dtype"));
  KILN_TRY(v.shape, shape_text(run, "shape"));
  KILN_TRY(v.median_ms, run.number("time.median_ms"));
  KILN_TRY(double copy, run.number("copy_fraction", 0));
  KILN_TRY(double gemm, run.number("gemm_fraction", 0));
  // The attainable rate is the lower roof, so the fraction of it is the larger fraction.
  v.roof_fraction = std::max(copy, gemm);
  KILN_TRY(v.flop_rate, run.number("flop_rate", 0));
  KILN_TRY(v.byte_rate, run.number("bandwidth_bytes_per_s", 0));
  KILN_TRY(v.baselines, bench_baselines(run));
  v.knobs = knobs_text(run.any("knobs"));
  KILN_TRY(std::string impl, run.string("impl", ""));
  KILN_TRY(std::string when, run.string("when", ""));
  v.origin = fmt::format("kiln bench{}{}", impl.empty() ? "" : " (" + impl + ")",
                         when.empty() ? "" : ", " + when);
  Roofs& r = roofs[v.gpu];
  KILN_TRY(double copy_rate, run.number("ceilings.copy_bytes_per_s", 0));
  KILN_TRY(double gemm_rate, run.number("ceilings.gemm_flops_per_s", 0));
  r.copy_bytes_per_s = std::max(r.copy_bytes_per_s, copy_rate);
  if (gemm_rate > r.gemm_flops_per_s) {
    r.gemm_flops_per_s = gemm_rate;
    KILN_TRY(r.gemm_how, run.string("ceilings.gemm_how", ""));
  }
  return std::optional<Version>(std::move(v));
}

Status read_run_file(const fs::path& file, Results& into) {
  KILN_TRY(nlohmann::json j, read_json_file(file));
  JsonFields top(j, file.string());
  const nlohmann::json& runs = top.any("runs");
  if (!runs.is_array()) return top.error("not a kiln bench results file (no 'runs' list)");
  KILN_TRY(std::string kernel, top.string("kernel", file.stem().string()));
  for (size_t i = 0; i < runs.size(); ++i) {
    JsonFields run(runs[i], fmt::format("{} (run {})", file.string(), i + 1));
    KILN_TRY(auto v, bench_run(run, kernel, into.roofs));
    if (!v) continue;
    v->file = file.string();
    into.versions.push_back(std::move(*v));
  }
  ++into.files_read;
  return ok_status();
}

bool same_time(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(a, b); }

// One leaderboard slot: its sources attached to the run it records, else a version of its own.
Status read_slot(const JsonFields& slot, const std::string& arch, const std::string& kernel,
                 const std::string& key, Results& into) {
  size_t space = key.find(' ');
  if (space == std::string::npos) return slot.error(fmt::format("'{}' is not 'DTYPE SHAPE'", key));
  Version v;
  v.arch = arch;
  v.kernel = kernel;
  v.dtype = key.substr(0, space);
  v.shape = key.substr(space + 1);
  KILN_TRY(v.gpu, slot.string("device"));
  KILN_TRY(v.median_ms, slot.number("median_ms"));
  const nlohmann::json& sources = slot.any("sources");
  if (sources.is_array()) {
    for (const auto& s : sources) {
      if (!s.is_string()) return slot.error("'sources' holds something that is not text");
      v.source += (v.source.empty() ? "" : "\n\n") + s.get<std::string>();
    }
  } else if (!sources.is_null()) {
    return slot.error("'sources' is not a list");
  }
  for (Version& run : into.versions) {
    if (run.gpu == v.gpu && run.kernel == v.kernel && run.dtype == v.dtype &&
        run.shape == v.shape && same_time(run.median_ms, v.median_ms)) {
      run.source = v.source;
      return ok_status();
    }
  }
  KILN_TRY(v.roof_fraction, slot.number("copy_fraction", 0));
  v.knobs = knobs_text(slot.any("knobs"));
  KILN_TRY(std::string when, slot.string("when", ""));
  v.origin = "kiln bench leaderboard" + (when.empty() ? "" : ", " + when);
  v.file = slot.where();
  into.versions.push_back(std::move(v));
  return ok_status();
}

Status read_leaderboard(const fs::path& file, Results& into) {
  KILN_TRY(nlohmann::json board, read_json_file(file));
  JsonFields top(board, file.string());
  if (!board.is_object()) return top.error("the leaderboard is not a JSON object");
  for (const auto& [arch, kernels] : board.items()) {
    if (!kernels.is_object()) return top.error(fmt::format("'{}' is not a JSON object", arch));
    for (const auto& [kernel, slots] : kernels.items()) {
      if (!slots.is_object())
        return top.error(fmt::format("'{}.{}' is not a JSON object", arch, kernel));
      for (const auto& [key, slot] : slots.items()) {
        JsonFields f(slot, fmt::format("{} ({} {} {})", file.string(), arch, kernel, key));
        if (!slot.is_object()) return f.error("the entry is not a JSON object");
        KILN_CHECK_OK(read_slot(f, arch, kernel, key, into));
      }
    }
  }
  ++into.files_read;
  return ok_status();
}

std::vector<fs::path> sorted_entries(const fs::path& dir) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

Status read_bench_results(const fs::path& dir, Results& into) {
  for (const fs::path& arch_dir : sorted_entries(dir)) {
    if (!fs::is_directory(arch_dir) || arch_dir.filename() == "tune") continue;
    for (const fs::path& file : sorted_entries(arch_dir)) {
      if (file.extension() == ".json" && fs::is_regular_file(file))
        KILN_CHECK_OK(read_run_file(file, into));
    }
  }
  fs::path board = dir / "leaderboard.json";
  if (fs::is_regular_file(board)) KILN_CHECK_OK(read_leaderboard(board, into));
  return ok_status();
}

}  // namespace kiln::report
