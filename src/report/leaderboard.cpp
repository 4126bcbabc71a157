// Building the per-GPU leaderboards and best-so-far curves from what was read.
#include "report/leaderboard.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace kiln::report {

Curve best_so_far(const History& history) {
  Curve c{history.kernel, history.dtype, history.shape, {}, 0, 0, 0, history.attempts.size()};
  std::vector<Attempt> attempts = history.attempts;
  std::stable_sort(attempts.begin(), attempts.end(),
                   [](const Attempt& a, const Attempt& b) { return a.round < b.round; });
  for (const Attempt& a : attempts) {
    bool timed = a.median_ms > 0 && (a.verdict == "kept" || a.verdict == "slower");
    if (c.first_ms == 0) {
      if (!timed) continue;
      c.first_ms = c.best_ms = a.median_ms;
      c.best_round = a.round;
    } else if (a.verdict == "kept" && a.median_ms > 0 && a.median_ms < c.best_ms) {
      c.best_ms = a.median_ms;
      c.best_round = a.round;
    }
    double speedup = c.first_ms / c.best_ms;
    if (!c.points.empty() && c.points.back().first == a.round) {
      c.points.back().second = speedup;
    } else {
      c.points.emplace_back(a.round, speedup);
    }
  }
  return c;
}

double speedup_over(const Version& v, const BaselineTime& baseline) {
  if (v.median_ms <= 0 || baseline.median_ms <= 0) return 0;
  return baseline.median_ms / v.median_ms;
}

std::vector<GpuBoard> build_boards(const Results& results) {
  std::map<std::string, GpuBoard> boards;
  auto board = [&](const std::string& gpu) -> GpuBoard& {
    GpuBoard& b = boards[gpu];
    b.gpu = gpu;
    return b;
  };
  // The fastest version per problem; on a tie the first read (a bench run before the tune).
  using Key = std::tuple<std::string, std::string, std::string>;
  std::map<std::string, std::map<Key, const Version*>> best;
  for (const Version& v : results.versions) {
    const Version*& slot = best[v.gpu][Key{v.kernel, v.dtype, v.shape}];
    if (!slot || v.median_ms < slot->median_ms) slot = &v;
    GpuBoard& b = board(v.gpu);
    if (b.arch.empty()) b.arch = v.arch;
  }
  for (const auto& [gpu, rows] : best) {
    GpuBoard& b = board(gpu);
    std::set<std::string> names;
    for (const auto& [key, v] : rows) {
      b.rows.push_back(*v);
      for (const BaselineTime& t : v->baselines) names.insert(t.name);
    }
    b.baseline_names.assign(names.begin(), names.end());
  }
  for (const auto& [gpu, roofs] : results.roofs) board(gpu).roofs = roofs;
  for (const History& h : results.histories) board(h.gpu).curves.push_back(best_so_far(h));
  std::vector<GpuBoard> out;
  for (auto& [gpu, b] : boards) {
    std::sort(b.curves.begin(), b.curves.end(), [](const Curve& x, const Curve& y) {
      return std::tie(x.kernel, x.dtype, x.shape) < std::tie(y.kernel, y.dtype, y.shape);
    });
    out.push_back(std::move(b));
  }
  return out;
}

}  // namespace kiln::report
