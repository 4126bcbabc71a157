// The report's figures per GPU: the fastest version of each kernel on each problem, the
// best-so-far curve of each tuned lineage, and the roofs.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "report/records.h"

namespace kiln::report {

// The best-so-far curve of one tune lineage: after each round, the speed-up of the fastest
// kept attempt so far over the first timed attempt.
struct Curve {
  std::string kernel, dtype, shape;
  std::vector<std::pair<int64_t, double>> points;  // (round, speed-up), rounds ascending
  double first_ms = 0, best_ms = 0;  // 0 when no attempt was timed
  int64_t best_round = 0;
  size_t attempts = 0;
};

struct GpuBoard {
  std::string gpu, arch;
  Roofs roofs;
  std::vector<Version> rows;                // fastest per (kernel, dtype, shape), sorted so
  std::vector<std::string> baseline_names;  // every baseline of the rows, sorted: the columns
  std::vector<Curve> curves;                // sorted by kernel, dtype, shape
};

// The curve of `history`: attempts in round order (file order within a round); the first
// attempt that was timed (kept or slower) is the reference; only kept attempts lower the best.
// Every round from the reference on gets a point (its last attempt's).
Curve best_so_far(const History& history);

// One board per GPU named in `results`, sorted by GPU name.
std::vector<GpuBoard> build_boards(const Results& results);

// kiln's speed-up over `baseline` (its time over the version's), 0 when either is unknown.
double speedup_over(const Version& v, const BaselineTime& baseline);

}  // namespace kiln::report
