// Attempt histories: JSON lines per (kernel, GPU) lineage, read and appended under flocks.
#include "tune/history.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <cctype>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <sstream>

#include <fmt/format.h>

namespace kiln::tune {

namespace {

constexpr std::pair<Verdict, const char*> kVerdictNames[] = {
    {Verdict::kKept, "kept"},
    {Verdict::kSlower, "slower"},
    {Verdict::kFailedCheck, "failed-check"},
    {Verdict::kFailedBaseline, "failed-baseline"},
    {Verdict::kError, "error"},
};

// The value of `key` in `j` as T; errors name the key.
template <class T>
Expected<T> field(const nlohmann::json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end()) return Error::invalid_argument(fmt::format("missing \"{}\"", key));
  try {
    return it->get<T>();
  } catch (const nlohmann::json::exception&) {
    return Error::invalid_argument(fmt::format("\"{}\" has the wrong type", key));
  }
}

// An optional number: 0 when absent or null.
Expected<double> number(const nlohmann::json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return 0.0;
  if (!it->is_number()) return Error::invalid_argument(fmt::format("\"{}\" is not a number", key));
  return it->get<double>();
}

// A string field that may be absent ("").
std::string text(const nlohmann::json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : "";
}

}  // namespace

std::string verdict_name(Verdict v) {
  for (const auto& [verdict, name] : kVerdictNames) {
    if (verdict == v) return name;
  }
  return "error";
}

std::optional<Verdict> parse_verdict(std::string_view name) {
  for (const auto& [verdict, n] : kVerdictNames) {
    if (name == n) return verdict;
  }
  return std::nullopt;
}

nlohmann::json attempt_json(const Attempt& a) {
  nlohmann::json knobs = nlohmann::json::object();
  for (const auto& [name, value] : a.knobs) knobs[name] = value;
  nlohmann::json baseline = nullptr;
  if (a.baseline) baseline = {{"name", a.baseline->name}, {"median_ms", a.baseline->median_ms}};
  return {{"round", a.round},
          {"time", a.time},
          {"kernel", a.kernel},
          {"gpu", a.gpu},
          {"arch", a.arch},
          {"dtype", a.dtype},
          {"shape", a.shape},
          {"knobs", knobs},
          {"source", a.source ? nlohmann::json(*a.source) : nlohmann::json(nullptr)},
          {"source_hash", a.source_hash},
          {"proposer", a.proposer},
          {"median_ms", a.median_ms},
          {"noise", a.noise},
          {"gbps", a.gbps},
          {"tflops", a.tflops},
          {"roof_fraction", a.roof_fraction},
          {"baseline", baseline},
          {"verdict", verdict_name(a.verdict)},
          {"detail", a.detail},
          {"diagnosis", a.diagnosis}};
}

Expected<Attempt> attempt_from_json(const nlohmann::json& j) {
  if (!j.is_object()) return Error::invalid_argument("an attempt is not a JSON object");
  Attempt a;
  KILN_TRY(a.round, field<int>(j, "round"));
  KILN_TRY(a.kernel, field<std::string>(j, "kernel"));
  KILN_TRY(a.dtype, field<std::string>(j, "dtype"));
  KILN_TRY(a.shape, field<std::string>(j, "shape"));
  KILN_TRY(auto verdict, field<std::string>(j, "verdict"));
  auto v = parse_verdict(verdict);
  if (!v) return Error::invalid_argument(fmt::format("unknown verdict \"{}\"", verdict));
  a.verdict = *v;
  a.time = text(j, "time");
  a.gpu = text(j, "gpu");
  a.arch = text(j, "arch");
  a.source_hash = text(j, "source_hash");
  a.proposer = text(j, "proposer");
  a.detail = text(j, "detail");
  a.diagnosis = text(j, "diagnosis");
  if (auto it = j.find("source"); it != j.end() && it->is_string()) a.source = it->get<std::string>();
  if (auto it = j.find("knobs"); it != j.end() && !it->is_null()) {
    if (!it->is_object()) return Error::invalid_argument("\"knobs\" is not an object");
    for (const auto& [name, value] : it->items()) {
      if (!value.is_number_integer()) {
        return Error::invalid_argument(fmt::format("knob \"{}\" is not an integer", name));
      }
      a.knobs.set(name, value.get<int64_t>());
    }
  }
  KILN_TRY(a.median_ms, number(j, "median_ms"));
  KILN_TRY(a.noise, number(j, "noise"));
  KILN_TRY(a.gbps, number(j, "gbps"));
  KILN_TRY(a.tflops, number(j, "tflops"));
  KILN_TRY(a.roof_fraction, number(j, "roof_fraction"));
  if (auto it = j.find("baseline"); it != j.end() && it->is_object()) {
    BaselineTime b;
    b.name = text(*it, "name");
    KILN_TRY(b.median_ms, number(*it, "median_ms"));
    a.baseline = b;
  }
  return a;
}

std::string gpu_slug(std::string_view gpu_name) {
  std::string slug;
  for (char c : gpu_name) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      slug += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else if (!slug.empty() && slug.back() != '-') {
      slug += '-';
    }
  }
  while (!slug.empty() && slug.back() == '-') slug.pop_back();
  return slug;
}

std::string history_path(const std::string& results, const std::string& slug,
                         const std::string& kernel) {
  return (std::filesystem::path(results) / "tune" / slug / (kernel + ".jsonl")).string();
}

Expected<std::vector<Attempt>> parse_history(std::string_view text, std::string_view origin) {
  std::vector<Attempt> out;
  std::istringstream in{std::string(text)};
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    auto j = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded()) {
      return Error::invalid_argument(fmt::format("{}:{}: error: not a JSON object", origin, number));
    }
    auto a = attempt_from_json(j);
    if (!a.ok()) {
      return Error::invalid_argument(
          fmt::format("{}:{}: error: {}", origin, number, a.error().message()));
    }
    out.push_back(std::move(*a));
  }
  return out;
}

Status append_attempt(const std::string& path, const Attempt& a) {
  std::error_code ec;
  auto parent = std::filesystem::path(path).parent_path();
  if (!parent.empty()) std::filesystem::create_directories(parent, ec);
  std::string line = attempt_json(a).dump() + "\n";
  int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) {
    return Error::unavailable(fmt::format("tune: cannot open '{}': {}", path, std::strerror(errno)));
  }
  while (::flock(fd, LOCK_EX) != 0 && errno == EINTR) {
  }
  size_t done = 0;
  while (done < line.size()) {
    ssize_t n = ::write(fd, line.data() + done, line.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    done += static_cast<size_t>(n);
  }
  int err = errno;
  ::close(fd);  // releases the flock
  if (done < line.size()) {
    return Error::unavailable(fmt::format("tune: cannot append to '{}': {}", path, std::strerror(err)));
  }
  return ok_status();
}

Expected<std::vector<Attempt>> read_attempts(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0 && errno == ENOENT) return std::vector<Attempt>{};
  if (fd < 0) {
    return Error::unavailable(fmt::format("tune: cannot open '{}': {}", path, std::strerror(errno)));
  }
  while (::flock(fd, LOCK_SH) != 0 && errno == EINTR) {
  }
  std::string text;
  char buf[65536];
  for (ssize_t n; (n = ::read(fd, buf, sizeof buf)) != 0;) {
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      int err = errno;
      ::close(fd);
      return Error::unavailable(fmt::format("tune: cannot read '{}': {}", path, std::strerror(err)));
    }
    text.append(buf, static_cast<size_t>(n));
  }
  ::close(fd);
  return parse_history(text, path);
}

Expected<std::vector<Attempt>> read_history(const std::string& path) {
  if (!std::filesystem::exists(path)) {
    return Error::not_found(fmt::format("tune: no history at '{}'", path));
  }
  return read_attempts(path);
}

Expected<Lineage> Lineage::open(const std::string& history_path) {
  KILN_TRY(auto lock, FileLock::acquire(history_path + ".lock"));
  return Lineage(history_path, std::move(lock));
}

std::vector<Attempt> top_kept(const std::vector<Attempt>& attempts, size_t n,
                              const std::string& dtype, const std::string& shape) {
  std::vector<Attempt> kept;
  for (const Attempt& a : attempts) {
    if (a.verdict != Verdict::kKept) continue;
    if (!dtype.empty() && a.dtype != dtype) continue;
    if (!shape.empty() && a.shape != shape) continue;
    kept.push_back(a);
  }
  std::stable_sort(kept.begin(), kept.end(), [](const Attempt& x, const Attempt& y) {
    return x.median_ms < y.median_ms;
  });
  if (kept.size() > n) kept.resize(n);
  return kept;
}

std::string format_history_table(const std::vector<Attempt>& attempts) {
  std::string out = fmt::format("{:>4} {:<6} {:<14} {:>10} {:>9} {:>8} {:>6} {:>16} {:>5} {:<8} {}\n",
                                "rank", "dtype", "shape", "ms", "GB/s", "TFLOP/s", "roof",
                                "vs baseline", "round", "source", "knobs");
  int rank = 1;
  for (const Attempt& a : attempts) {
    std::string vs = "-";
    if (a.baseline && a.median_ms > 0) {
      vs = fmt::format("{:.2f}x {}", a.baseline->median_ms / a.median_ms, a.baseline->name);
    }
    std::string knobs;
    for (const auto& [name, value] : a.knobs) {
      knobs += fmt::format("{}{}={}", knobs.empty() ? "" : " ", name, value);
    }
    out += fmt::format("{:>4} {:<6} {:<14} {:>10.4f} {:>9.1f} {:>8.2f} {:>5.0f}% {:>16} {:>5} {:<8} {}\n",
                       rank++, a.dtype, a.shape, a.median_ms, a.gbps, a.tflops,
                       a.roof_fraction * 100, vs, a.round,
                       a.source_hash.empty() ? "default" : a.source_hash.substr(0, 8), knobs);
  }
  return out;
}

std::string source_hash(const std::optional<std::string>& source) {
  if (!source) return "";
  uint64_t h = 1469598103934665603ull;  // FNV-1a, 64 bits: stable across machines
  for (unsigned char c : *source) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return fmt::format("{:016x}", h);
}

std::string now_iso8601() {
  std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace kiln::tune
