// Reading and writing result files and the leaderboard.
#include "bench/results.h"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <chrono>
#include <filesystem>
#include <fstream>

namespace kiln::bench {

namespace {

Expected<nlohmann::json> read_json(const std::filesystem::path& file, nlohmann::json fallback) {
  std::ifstream in(file);
  if (!in) return fallback;
  auto j = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded())
    return Error::invalid_argument(fmt::format("bench: {} is not valid JSON", file.string()));
  return j;
}

Status write_json(const std::filesystem::path& file, const nlohmann::json& j) {
  std::error_code ec;
  std::filesystem::create_directories(file.parent_path(), ec);
  auto tmp = file;
  tmp += ".tmp";
  {
    std::ofstream out(tmp);
    out << j.dump(1) << "\n";
    if (!out) return Error::invalid_argument(fmt::format("bench: cannot write {}", tmp.string()));
  }
  std::filesystem::rename(tmp, file, ec);
  if (ec)
    return Error::invalid_argument(
        fmt::format("bench: cannot write {}: {}", file.string(), ec.message()));
  return ok_status();
}

std::string now_text() {
  return fmt::format(
      "{:%Y-%m-%d %H:%M:%S}",
      fmt::localtime(std::chrono::system_clock::to_time_t(std::chrono::system_clock::now())));
}

}  // namespace

Status append_result(const std::string& dir, const std::string& arch, const std::string& kernel,
                     const nlohmann::json& run) {
  auto file = std::filesystem::path(dir) / arch / (kernel + ".json");
  KILN_TRY(auto j,
           read_json(file, nlohmann::json{{"kernel", kernel}, {"runs", nlohmann::json::array()}}));
  nlohmann::json entry = run;
  entry["when"] = now_text();
  j["runs"].push_back(entry);
  return write_json(file, j);
}

Expected<std::string> update_leaderboard(const std::string& dir, const std::string& arch,
                                         const KernelReport& r, const std::string& device_name) {
  if (!r.correct()) return std::string();
  auto file = std::filesystem::path(dir) / "leaderboard.json";
  KILN_TRY(auto board, read_json(file, nlohmann::json::object()));
  std::string key =
      fmt::format("{} {}", kernels::dtype_name(r.dtype), kernels::shape_string(r.shape));
  nlohmann::json& slot = board[arch][r.kernel][key];
  double ms = r.kiln.stats.median_ms;
  std::string was;
  if (slot.is_object() && slot.contains("median_ms")) {
    double best = slot["median_ms"].get<double>();
    if (ms >= best) return std::string();
    was = fmt::format(" (was {:.4f} ms, {})", best, slot.value("when", "?"));
  }
  slot = {{"median_ms", ms},
          {"impl", r.impl},
          {"knobs", r.config.values()},
          {"device", device_name},
          {"copy_fraction", r.copy_fraction()},
          {"sources", r.sources},
          {"when", now_text()},
          {"seed", r.seed}};
  KILN_CHECK_OK(write_json(file, board));
  return fmt::format("new best for {} {} on {}: {:.4f} ms{}", r.kernel, key, arch, ms, was);
}

}  // namespace kiln::bench
