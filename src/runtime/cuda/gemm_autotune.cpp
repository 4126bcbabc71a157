// The autotuning cache's file format and its atomic update, and the timing of candidates.
#include "runtime/cuda/gemm_autotune.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "runtime/cuda/nvrtc.h"

namespace kiln::cuda {

namespace {

constexpr const char* kTag = "kiln-gemm-v1";
constexpr const char* kDispatchTag = "kiln-dispatch-v1";
// A file past this is not ours (or is damaged): it is read as empty and rewritten.
constexpr std::uintmax_t kMaxCacheBytes = 16u << 20;

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> out(1);
  for (char c : line) {
    if (c == '\t') {
      out.emplace_back();
    } else {
      out.back() += c;
    }
  }
  return out;
}

bool all_of_set(const std::string& s, const char* set) {
  return !s.empty() && s.find_first_not_of(set) == std::string::npos;
}

}  // namespace

std::string GemmChoiceCache::default_path() {
  const std::string dir = cache_dir();
  return dir.empty() ? "" : dir + "/gemm_autotune.txt";
}

std::string GemmChoiceCache::format_line(const std::string& key, const GemmChoice& c) {
  return fmt::format("{}\t{}\t{}\t{:016x}\t{:.6g}", kTag, key, c.index, c.fingerprint, c.ms);
}

std::optional<std::pair<std::string, GemmChoice>> GemmChoiceCache::parse_line(
    const std::string& line) {
  const std::vector<std::string> f = split_tabs(line);
  if (f.size() != 5 || f[0] != kTag || f[1].empty()) return std::nullopt;
  if (!all_of_set(f[2], "0123456789") || f[2].size() > 4) return std::nullopt;
  if (f[3].size() != 16 || !all_of_set(f[3], "0123456789abcdef")) return std::nullopt;
  if (!all_of_set(f[4], "0123456789.eE+-")) return std::nullopt;
  GemmChoice c;
  c.index = std::stoi(f[2]);
  c.fingerprint = std::stoull(f[3], nullptr, 16);
  char* end = nullptr;
  c.ms = std::strtod(f[4].c_str(), &end);
  if (end == nullptr || *end != '\0' || !(c.ms >= 0)) return std::nullopt;
  return std::make_pair(f[1], c);
}

std::string GemmChoiceCache::format_dispatch_line(const std::string& key,
                                                 const DispatchMeasurement& m) {
  return fmt::format("{}\t{}\t{}\t{:.6g}\t{:.6g}", kDispatchTag, key,
                     m.library ? "library" : "vendor", m.vendor_ms, m.library_ms);
}

std::optional<std::pair<std::string, DispatchMeasurement>> GemmChoiceCache::parse_dispatch_line(
    const std::string& line) {
  const std::vector<std::string> f = split_tabs(line);
  if (f.size() != 5 || f[0] != kDispatchTag || f[1].empty()) return std::nullopt;
  if (f[2] != "vendor" && f[2] != "library") return std::nullopt;
  DispatchMeasurement m;
  m.library = f[2] == "library";
  for (auto [text, ms] : {std::pair{&f[3], &m.vendor_ms}, std::pair{&f[4], &m.library_ms}}) {
    if (!all_of_set(*text, "0123456789.eE+-")) return std::nullopt;
    char* end = nullptr;
    *ms = std::strtod(text->c_str(), &end);
    if (end == nullptr || *end != '\0' || !(*ms >= 0)) return std::nullopt;
  }
  return std::make_pair(f[1], m);
}

GemmChoiceCache::Entries GemmChoiceCache::load_all() const {
  Entries out;
  if (path_.empty()) return out;
  std::error_code ec;
  const std::uintmax_t size = std::filesystem::file_size(path_, ec);
  if (ec || size > kMaxCacheBytes) return out;
  std::ifstream in(path_, std::ios::binary);
  std::string line;
  while (std::getline(in, line)) {
    if (auto entry = parse_line(line)) {
      out.gemms[entry->first] = entry->second;
    } else if (auto d = parse_dispatch_line(line)) {
      out.dispatch[d->first] = d->second;
    }
  }
  return out;
}

std::map<std::string, GemmChoice> GemmChoiceCache::load() const { return load_all().gemms; }

std::map<std::string, DispatchMeasurement> GemmChoiceCache::load_dispatch() const {
  return load_all().dispatch;
}

std::optional<GemmChoice> GemmChoiceCache::find(const std::string& key) const {
  const auto entries = load();
  auto it = entries.find(key);
  if (it == entries.end()) return std::nullopt;
  return it->second;
}

std::optional<DispatchMeasurement> GemmChoiceCache::find_dispatch(const std::string& key) const {
  const auto entries = load_dispatch();
  auto it = entries.find(key);
  if (it == entries.end()) return std::nullopt;
  return it->second;
}

namespace {

Status check_key(const std::string& key) {
  if (key.empty() || key.find_first_of("\t\n\r") != std::string::npos) {
    return Error::invalid_argument("cuda::autotune: a cache key holds no tab or newline");
  }
  return ok_status();
}

}  // namespace

Status GemmChoiceCache::store(const std::string& key, const GemmChoice& choice) const {
  KILN_CHECK_OK(check_key(key));
  if (path_.empty()) return ok_status();
  Entries entries = load_all();
  entries.gemms[key] = choice;
  return write_all(entries);
}

Status GemmChoiceCache::store_dispatch(const std::string& key,
                                       const DispatchMeasurement& m) const {
  KILN_CHECK_OK(check_key(key));
  if (path_.empty()) return ok_status();
  Entries entries = load_all();
  entries.dispatch[key] = m;
  return write_all(entries);
}

Status GemmChoiceCache::write_all(const Entries& entries) const {
  const std::filesystem::path path(path_);
  std::error_code ec;
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
  // A name no other writer (process or thread) uses.
  static std::atomic<uint64_t> counter{0};
  const std::string tmp = fmt::format(
      "{}.tmp.{}.{}.{}", path_, static_cast<long>(::getpid()), counter.fetch_add(1),
      std::chrono::steady_clock::now().time_since_epoch().count());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    for (const auto& [k, c] : entries.gemms) out << format_line(k, c) << '\n';
    for (const auto& [k, m] : entries.dispatch) out << format_dispatch_line(k, m) << '\n';
    out.flush();
    if (!out) {
      std::filesystem::remove(tmp, ec);
      return Error::internal("cuda::autotune: cannot write " + tmp);
    }
  }
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::error_code ignored;
    std::filesystem::remove(tmp, ignored);
    return Error::internal("cuda::autotune: cannot replace " + path_ + ": " + ec.message());
  }
  return ok_status();
}

std::string gemm_autotune_key(const DeviceProperties& device, const std::string& lt_version,
                              const GemmDesc& desc, size_t workspace_bytes) {
  std::string key = fmt::format("{} {} | {} | ws={} | {}", device.name, device.arch(), lt_version,
                                workspace_bytes, gemm_desc_key(desc));
  std::replace_if(key.begin(), key.end(), [](char c) { return c == '\t' || c == '\n' || c == '\r'; },
                  ' ');
  return key;
}

Expected<double> median_ms(const Device& device, const Stream& stream, int iterations,
                           const std::function<Status()>& enqueue) {
  KILN_TRY(Event start, Event::create(device));
  KILN_TRY(Event stop, Event::create(device));
  KILN_CHECK_OK(enqueue());
  std::vector<float> times;
  for (int r = 0; r < std::max(1, iterations); ++r) {
    KILN_CHECK_OK(start.record(stream));
    KILN_CHECK_OK(enqueue());
    KILN_CHECK_OK(stop.record(stream));
    KILN_TRY(float ms, stop.elapsed_since(start));
    times.push_back(ms);
  }
  std::nth_element(times.begin(), times.begin() + static_cast<long>(times.size() / 2), times.end());
  return static_cast<double>(times[times.size() / 2]);
}

Expected<GemmChoice> autotune_gemm(LtGemm& gemm, const GemmPointers& pointers, void* workspace,
                                   const Device& device, const Stream& stream, int iterations) {
  std::optional<GemmChoice> best;
  for (int i = 0; i < gemm.algorithm_count(); ++i) {
    KILN_CHECK_OK(gemm.use_algorithm(i));
    // A candidate the library ranks but cannot run here is passed over.
    Expected<double> median = median_ms(device, stream, iterations, [&] {
      return gemm.run(pointers, workspace, stream.get());
    });
    if (!median.ok()) continue;
    if (!best || *median < best->ms) best = GemmChoice{i, gemm.algorithm_fingerprint(i), *median};
  }
  if (!best) return Error::unimplemented("cuda::autotune: no candidate algorithm ran");
  KILN_CHECK_OK(gemm.use_algorithm(best->index));
  return *best;
}

}  // namespace kiln::cuda
