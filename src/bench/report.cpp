// Text and JSON forms of bench reports.
#include "bench/report.h"

#include <fmt/format.h>

namespace kiln::bench {

std::string device_line(const cuda::DeviceProperties& d) {
  return fmt::format("{}, {}, {} SMs, {} MiB L2, {} GiB", d.name, d.arch(), d.sm_count,
                     d.l2_bytes >> 20, d.memory_bytes >> 30);
}

namespace {

std::string time_text(const Stats& s) {
  if (s.n == 0) return "-";
  return fmt::format("{:.4f} ms", s.median_ms);
}

std::string check_text(const std::optional<CheckResult>& c) {
  if (!c) return "not checked";
  std::string skipped = c->skipped ? fmt::format(", {} not taken", c->skipped) : "";
  if (c->cases == 0 && c->failed == 0) return fmt::format("not checked (no check shape taken)");
  if (c->passed()) {
    return fmt::format("PASS ({} shapes{}, max rel error {:.2e})", c->cases, skipped,
                       c->max_rel_error);
  }
  std::string s = fmt::format("FAIL ({} of {} shapes)", c->failed, c->cases);
  for (const auto& f : c->failures) s += "\n      " + f;
  return s;
}

}  // namespace

std::string format_report(const KernelReport& r, const cuda::DeviceProperties& device,
                          const std::string& target) {
  std::string s;
  s += fmt::format("{} ({}, {})  {}  {}\n", r.kernel, r.group, r.impl, kernels::dtype_name(r.dtype),
                   kernels::shape_string(r.shape));
  s += fmt::format("  device       {}\n", device_line(device));
  s += fmt::format("  correctness  {}\n", check_text(r.kiln.check));
  const Stats& k = r.kiln.stats;
  s += fmt::format("  time         median {:.4f} ms, min {:.4f}, mean {:.4f}, n {}\n", k.median_ms,
                   k.min_ms, k.mean_ms, k.n);
  s += fmt::format("  bandwidth    {:.3f} TB/s = {:.1f}% of the copy rate ({:.3f} TB/s)\n",
                   r.bandwidth() / 1e12, 100 * r.copy_fraction(),
                   r.ceilings.copy_bytes_per_s / 1e12);
  if (r.flops > 0) {
    s += fmt::format("  compute      {:.3f} TFLOP/s = {:.2f}% of the GEMM rate ({:.0f} TFLOP/s)\n",
                     r.flop_rate() / 1e12, 100 * r.gemm_fraction(),
                     r.ceilings.gemm_flops_per_s / 1e12);
  }
  s += fmt::format("  stability    {:.3f}\n", k.stability);
  for (const auto& b : r.baselines) {
    if (!b.error.empty()) {
      s += fmt::format("  vs {:<6} {}: could not run: {}\n", b.library, b.who, b.error);
      continue;
    }
    s += fmt::format(
        "  vs {:<6} {}: {}, kiln is {:.2f}x{}; its check {}\n", b.library, b.who,
        time_text(b.stats), r.speedup(b).value_or(0),
        b.agrees_with_kiln ? "" : fmt::format(" (OUTPUTS DIFFER: rel {:.2e})", b.rel_error_vs_kiln),
        check_text(b.check));
  }
  if (!r.config.empty()) {
    std::vector<std::string> knobs;
    for (const auto& [name, value] : r.config) knobs.push_back(fmt::format("{}={}", name, value));
    s += fmt::format("  knobs        {}\n", fmt::join(knobs, " "));
  }
  s += fmt::format("  score        {:.3f} ({})\n", r.score(target), target);
  return s;
}

nlohmann::json report_json(const KernelReport& r, const cuda::DeviceProperties& d) {
  auto stats = [](const Stats& s) {
    return nlohmann::json{
        {"median_ms", s.median_ms}, {"min_ms", s.min_ms}, {"mean_ms", s.mean_ms},
        {"max_ms", s.max_ms},       {"n", s.n},           {"stability", s.stability}};
  };
  auto check = [](const std::optional<CheckResult>& c) -> nlohmann::json {
    if (!c) return nullptr;
    return {{"passed", c->passed()},
            {"cases", c->cases},
            {"failed", c->failed},
            {"skipped", c->skipped},
            {"max_rel_error", c->max_rel_error},
            {"failures", c->failures}};
  };
  nlohmann::json baselines = nlohmann::json::array();
  for (const auto& b : r.baselines) {
    nlohmann::json j{{"library", b.library}, {"who", b.who}, {"check", check(b.check)}};
    if (b.error.empty()) {
      j["time"] = stats(b.stats);
      j["speedup"] = r.speedup(b).value_or(0);
      j["agrees_with_kiln"] = b.agrees_with_kiln;
      j["rel_error_vs_kiln"] = b.rel_error_vs_kiln;
    } else {
      j["error"] = b.error;
    }
    baselines.push_back(j);
  }
  nlohmann::json versions = nlohmann::json::object();
  for (const auto& [lib, v] : r.baseline_versions) versions[lib] = v;
  return {{"kernel", r.kernel},
          {"group", r.group},
          {"impl", r.impl},
          {"dtype", kernels::dtype_name(r.dtype)},
          {"shape", r.shape},
          {"device",
           {{"name", d.name},
            {"arch", d.arch()},
            {"sms", d.sm_count},
            {"l2_bytes", d.l2_bytes},
            {"memory_bytes", d.memory_bytes}}},
          {"knobs", r.config.values()},
          {"seed", r.seed},
          {"correct", r.correct()},
          {"check", check(r.kiln.check)},
          {"time", stats(r.kiln.stats)},
          {"bytes", r.bytes},
          {"flops", r.flops},
          {"bandwidth_bytes_per_s", r.bandwidth()},
          {"copy_fraction", r.copy_fraction()},
          {"flop_rate", r.flop_rate()},
          {"gemm_fraction", r.gemm_fraction()},
          {"ceilings",
           {{"copy_bytes_per_s", r.ceilings.copy_bytes_per_s},
            {"gemm_flops_per_s", r.ceilings.gemm_flops_per_s},
            {"gemm_how", r.ceilings.gemm_how}}},
          {"baselines", baselines},
          {"baseline_versions", versions},
          {"scores",
           {{"speed", r.score("speed")},
            {"memory", r.score("memory")},
            {"compute", r.score("compute")},
            {"stable", r.score("stable")},
            {"balanced", r.score("balanced")}}}};
}

std::string format_summary(const std::vector<KernelReport>& reports, const std::string& target) {
  std::string s =
      fmt::format("{:<20} {:<5} {:<16} {:<5} {:>10} {:>7} {:>26} {:>26} {:>7}\n", "kernel", "dtype",
                  "shape", "ok", "kiln ms", "% copy", "vendor", "torch", target);
  for (const auto& r : reports) {
    std::string vendor = "-", torch = "-";
    for (const auto& b : r.baselines) {
      std::string cell = b.error.empty() ? fmt::format("{:.4f} ms ({:.2f}x)", b.stats.median_ms,
                                                       r.speedup(b).value_or(0))
                                         : "error";
      (b.library == "torch" ? torch : vendor) = cell;
    }
    s += fmt::format("{:<20} {:<5} {:<16} {:<5} {:>10.4f} {:>6.1f}% {:>26} {:>26} {:>7.3f}\n",
                     r.variant.empty() ? r.kernel : r.kernel + " " + r.variant,
                     kernels::dtype_name(r.dtype), kernels::shape_string(r.shape),
                     r.failed() ? "NO" : (r.correct() ? "yes" : "-"), r.kiln.stats.median_ms,
                     100 * r.copy_fraction(), vendor, torch, r.score(target));
  }
  return s;
}

std::string progress_line(size_t done, size_t total, const std::string& what) {
  const size_t width = 30;
  size_t filled = total ? done * width / total : width;
  return fmt::format("\r[{}{}] {}/{} {:<40}", std::string(filled, '='),
                     std::string(width - filled, ' '), done, total, what);
}

}  // namespace kiln::bench
