// The verdict on a candidate.
#include "tune/verdict.h"

#include <algorithm>

#include <fmt/format.h>

namespace kiln::tune {

Decision decide(const Evidence& e) {
  if (!e.error.empty()) return {Verdict::kError, e.error};
  if (!e.check_passed) return {Verdict::kFailedCheck, e.check_detail};
  if (!e.baselines_agree) return {Verdict::kFailedBaseline, e.baseline_detail};
  if (!e.best_ms) {
    return {Verdict::kKept, fmt::format("first kept version: {:.4f} ms", e.candidate_ms)};
  }
  double noise = std::max(e.candidate_noise, e.best_noise.value_or(0));
  double threshold = *e.best_ms * (1 - noise);
  double gain = *e.best_ms / e.candidate_ms;
  if (e.candidate_ms < threshold) {
    return {Verdict::kKept, fmt::format("{:.4f} ms against the best's {:.4f} ms: {:.3f}x, beyond "
                                        "the noise of {:.1f}%",
                                        e.candidate_ms, *e.best_ms, gain, noise * 100)};
  }
  return {Verdict::kSlower,
          fmt::format("{:.4f} ms against the best's {:.4f} ms: {:.3f}x, within the noise of "
                      "{:.1f}% or slower",
                      e.candidate_ms, *e.best_ms, gain, noise * 100)};
}

}  // namespace kiln::tune
