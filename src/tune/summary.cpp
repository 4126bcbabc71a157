// The end table of `kiln tune`.
#include "tune/summary.h"

#include <fmt/format.h>

namespace kiln::tune {

namespace {

// "0.1234" or "-", and the speed-up of `best_ms` over it ("1.25x" or "-").
std::pair<std::string, std::string> time_and_ratio(std::optional<double> ms, double best_ms) {
  if (!ms) return {"-", "-"};
  return {fmt::format("{:.4f}", *ms), best_ms > 0 ? fmt::format("{:.2f}x", *ms / best_ms) : "-"};
}

}  // namespace

std::string format_outcomes(const std::vector<Expected<TuneOutcome>>& outcomes,
                            const std::vector<std::string>& names) {
  constexpr const char* kRow =
      "{:<20} {:<6} {:<14} {:>10} {:>10} {:>7} {:>10} {:>8} {:>10} {:>8} {:>5} {:>5}  {}\n";
  std::string out = fmt::format(kRow, "kernel", "dtype", "shape", "start ms", "best ms", "gain",
                                "hand ms", "vs hand", "base ms", "vs base", "tries", "kept",
                                "stopped");
  for (size_t i = 0; i < outcomes.size(); ++i) {
    if (!outcomes[i].ok()) {
      out += fmt::format("{:<20} error: {}\n", i < names.size() ? names[i] : "?",
                         outcomes[i].error().message());
      continue;
    }
    const auto& o = *outcomes[i];
    auto [hand_ms, vs_hand] = time_and_ratio(o.hand_ms, o.best_ms);
    auto [base_ms, vs_base] = time_and_ratio(
        o.baseline ? std::optional(o.baseline->median_ms) : std::nullopt, o.best_ms);
    std::string gain = o.best_ms > 0 ? fmt::format("{:.2f}x", o.start_ms / o.best_ms) : "-";
    out += fmt::format(kRow, o.lineage.empty() ? o.kernel : o.lineage, o.dtype, o.shape,
                       fmt::format("{:.4f}", o.start_ms), fmt::format("{:.4f}", o.best_ms), gain,
                       hand_ms, vs_hand, base_ms, vs_base, o.tries, o.kept, o.stop_reason);
  }
  return out;
}

}  // namespace kiln::tune
