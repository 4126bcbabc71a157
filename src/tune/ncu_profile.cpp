// Nsight Compute's metrics from its raw CSV.
#include "tune/ncu_profile.h"

#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <sstream>

#include "support/subprocess.h"
#include "tune/file_lock.h"

namespace kiln::tune {

namespace {

constexpr const char* kDurationMetric = "gpu__time_duration.sum";
constexpr const char* kStallPrefix = "smsp__average_warps_issue_stalled_";
constexpr const char* kStallSuffix = "_per_issue_active.ratio";

// The fields of one CSV line: commas separate, double quotes enclose, "" is a quote.
std::vector<std::string> csv_fields(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
      fields.back() += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      fields.emplace_back();
    } else if (c != '\r') {
      fields.back() += c;
    }
  }
  return fields;
}

// "1,234.5" -> 1234.5; nullopt for anything that is not a number.
std::optional<double> cell_number(std::string cell) {
  std::erase(cell, ',');
  if (cell.empty()) return std::nullopt;
  char* end = nullptr;
  double v = std::strtod(cell.c_str(), &end);
  if (*end != '\0') return std::nullopt;
  return v;
}

bool names_one_of(const std::string& kernel, const std::vector<std::string>& functions) {
  if (functions.empty()) return true;
  for (const auto& f : functions) {
    if (kernel == f || kernel.rfind(f + "(", 0) == 0 || kernel.rfind(f + "<", 0) == 0) return true;
  }
  return false;
}

}  // namespace

const std::vector<std::string>& ncu_metrics() {
  static const std::vector<std::string> metrics = [] {
    std::vector<std::string> m = {
        kDurationMetric,
        "dram__throughput.avg.pct_of_peak_sustained_elapsed",
        "sm__throughput.avg.pct_of_peak_sustained_elapsed",
        "sm__warps_active.avg.pct_of_peak_sustained_active",
        "launch__registers_per_thread",
        "launch__shared_mem_per_block_static",
        "launch__shared_mem_per_block_dynamic",
        "smsp__inst_executed.sum",
        "sm__sass_inst_executed_op_global_ld.sum",
        "sm__sass_inst_executed_op_global_st.sum",
        "sm__sass_inst_executed_op_shared_ld.sum",
        "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum",
    };
    for (const char* reason : {"long_scoreboard", "short_scoreboard", "barrier", "wait",
                               "math_pipe_throttle", "lg_throttle", "mio_throttle",
                               "not_selected", "membar"}) {
      m.push_back(fmt::format("{}{}{}", kStallPrefix, reason, kStallSuffix));
    }
    return m;
  }();
  return metrics;
}

Expected<std::map<std::string, double>> parse_ncu_csv(const std::string& csv,
                                                       const std::vector<std::string>& functions) {
  std::istringstream in(csv);
  std::string line;
  std::vector<std::string> header;
  size_t name_column = 0;
  while (std::getline(in, line)) {  // ncu's own "==PROF==" lines come first
    auto fields = csv_fields(line);
    for (size_t i = 0; i < fields.size(); ++i) {
      if (fields[i] == "Kernel Name") {
        header = fields;
        name_column = i;
      }
    }
    if (!header.empty()) break;
  }
  if (header.empty()) return Error::invalid_argument("ncu: no CSV header with \"Kernel Name\"");
  // A plan of several launches (a split pass and its small reduction) profiles each: the
  // longest launch is the one whose limits matter; among equals, the last (warmed up).
  std::map<std::string, double> found;
  bool any = false;
  double longest = -1;
  while (std::getline(in, line)) {
    auto fields = csv_fields(line);
    if (fields.size() != header.size() || !names_one_of(fields[name_column], functions)) continue;
    if (fields[0].empty()) continue;  // the units row
    std::map<std::string, double> row;
    for (size_t i = 0; i < fields.size(); ++i) {
      if (header[i].find("__") == std::string::npos) continue;  // not a metric column
      if (auto v = cell_number(fields[i])) row[header[i]] = *v;
    }
    auto duration = row.find(kDurationMetric);
    const double d = duration == row.end() ? 0 : duration->second;
    if (d < longest) continue;
    any = true;
    longest = d;
    found = std::move(row);
  }
  if (!any) {
    return Error::not_found(fmt::format("ncu: no profiled launch of {}",
                                        functions.empty() ? "any kernel"
                                                          : fmt::format("{}", fmt::join(functions, ", "))));
  }
  return found;
}

std::string describe_ncu(const std::map<std::string, double>& m) {
  std::vector<std::string> parts;
  auto get = [&](const std::string& name) -> std::optional<double> {
    auto it = m.find(name);
    return it == m.end() ? std::nullopt : std::optional<double>(it->second);
  };
  if (auto v = get("dram__throughput.avg.pct_of_peak_sustained_elapsed")) {
    parts.push_back(fmt::format("DRAM at {:.0f}% of peak", *v));
  }
  if (auto v = get("sm__throughput.avg.pct_of_peak_sustained_elapsed")) {
    parts.push_back(fmt::format("SM throughput {:.0f}%", *v));
  }
  if (auto v = get("sm__warps_active.avg.pct_of_peak_sustained_active")) {
    parts.push_back(fmt::format("achieved occupancy {:.0f}%", *v));
  }
  if (auto v = get("launch__registers_per_thread")) {
    parts.push_back(fmt::format("{:.0f} registers per thread", *v));
  }
  double shared = get("launch__shared_mem_per_block_static").value_or(0) +
                  get("launch__shared_mem_per_block_dynamic").value_or(0);
  if (shared > 0) parts.push_back(fmt::format("{:.0f} bytes of shared memory per block", shared));
  std::string worst;
  double worst_ratio = 0;
  for (const auto& [name, value] : m) {
    if (name.rfind(kStallPrefix, 0) != 0 || value <= worst_ratio) continue;
    worst_ratio = value;
    worst = name.substr(std::string(kStallPrefix).size());
    worst = worst.substr(0, worst.size() - std::string(kStallSuffix).size());
  }
  if (!worst.empty()) {
    parts.push_back(fmt::format("warps stall most on {} ({:.1f} cycles per issue)", worst,
                                worst_ratio));
  }
  auto loads = get("sm__sass_inst_executed_op_global_ld.sum");
  auto all = get("smsp__inst_executed.sum");
  if (loads && all && *all > 0) {
    parts.push_back(fmt::format("global loads {:.1f}% of instructions", *loads / *all * 100));
  }
  if (parts.empty()) return "ncu: no metrics read.";
  return fmt::format("ncu: {}.", fmt::join(parts, ", "));
}

std::string find_ncu() {
  const char* path = std::getenv("PATH");
  if (!path) return "";
  std::istringstream dirs(path);
  for (std::string dir; std::getline(dirs, dir, ':');) {
    if (dir.empty()) continue;
    std::filesystem::path candidate = std::filesystem::path(dir) / "ncu";
    std::error_code ec;
    if (std::filesystem::is_regular_file(candidate, ec)) return candidate.string();
  }
  return "";
}

Expected<std::map<std::string, double>> run_ncu(const std::string& ncu,
                                                const std::string& bench_command,
                                                const std::vector<std::string>& functions,
                                                double timeout_s) {
  // The caller holds the GPU lock: the kiln bench under ncu must not wait for it.
  std::string command = fmt::format("{}=1 '{}' --csv --page raw --metrics {} {}", kGpuLockHeldEnv,
                                    ncu, fmt::join(ncu_metrics(), ","), bench_command);
  KILN_TRY(auto r, run_command(command, "", timeout_s));
  if (r.timed_out) return Error::unavailable(fmt::format("ncu: no result within {:g} s", timeout_s));
  if (r.exit_status != 0) {
    std::string err = r.err.size() > 300 ? r.err.substr(r.err.size() - 300) : r.err;
    return Error::unavailable(fmt::format("ncu exited with status {}: {}", r.exit_status, err));
  }
  return parse_ncu_csv(r.out, functions);
}

}  // namespace kiln::tune
