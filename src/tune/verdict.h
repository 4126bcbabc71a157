// The verdict on a candidate from what the gate and the verification measured: a pure
// function, so that the noise threshold is tested without a GPU.
#pragma once

#include <optional>
#include <string>

#include "tune/history.h"

namespace kiln::tune {

// What a round learned about its candidate. Times come from the verification, where the
// candidate and the best kept version are timed in the same run.
struct Evidence {
  std::string error;                 // set when the candidate could not be built or run
  bool check_passed = true;          // against the interpreter at every check shape
  std::string check_detail;          // the worst mismatch when it failed
  bool baselines_agree = true;       // its output against the baselines' at the bench size
  std::string baseline_detail;
  double candidate_ms = 0, candidate_noise = 0;
  // The best kept version re-timed in the same run; nullopt when nothing was kept yet.
  std::optional<double> best_ms, best_noise;
};

struct Decision {
  Verdict verdict;
  std::string detail;
};

// error, failed-check, failed-baseline in that order; else kept when nothing is kept yet or
// the candidate beats the best by more than the noise (the larger relative spread of the two
// timings: candidate_ms < best_ms * (1 - noise)), else slower.
Decision decide(const Evidence& e);

// The relative spread of a timing, (p90 - p10) / median: 1 - the bench's stability.
inline double noise_of_stability(double stability) { return 1 - stability; }

}  // namespace kiln::tune
