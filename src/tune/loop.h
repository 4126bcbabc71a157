// The closed loop for one kernel, dtype and shape on one GPU: profile and diagnose the best
// kept version, ask the proposer for a candidate, gate it (interpreter, then baselines; failures
// go back to the proposer, up to `retries` more tries), verify it against the best kept version
// in the same run, keep it or not, and append every attempt to the lineage's history.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bench/baseline_plugin.h"
#include "bench/ceilings.h"
#include "kernels/cuda/spec.h"
#include "tune/history.h"
#include "tune/proposer.h"
#include "tune/start_point.h"

namespace kiln::tune {

struct TuneOptions {
  std::string dtype;        // "" : the kernel's first dtype
  std::string shape;        // "" : its largest bench shape
  int rounds = 8;           // proposals kept or found slower (failed tries do not count)
  double budget_minutes = 10;  // per kernel; no new try starts after it
  int retries = 2;          // further tries after a failed one, per round
  std::string results = "results";
  std::string baselines = "all";
  int iters = 100, verify_iters = 400;
  uint64_t seed = 1;        // the search's seed; inputs are fresh every run
  bool ncu = true;          // profile with Nsight Compute where `ncu` is on PATH
  std::string kiln_path;    // this kiln binary, for ncu to run `kiln bench` under it
  // A new lineage's start: the library's current knobs, or every knob's neutral value in the
  // lineage "<kernel>.neutral" (start_point.h), the hand-tuned default then timed beside it.
  StartFrom start = StartFrom::kCurrent;
  // Where kept sources are also written as the library's variants, <dir>/<kernel>.<sm_XX>.cu
  // (src/kernels/cuda/variants embeds them); "": only under <results>/tune.
  std::string save_source;
};

// Where a kernel started and ended in one `kiln tune` run.
struct TuneOutcome {
  std::string kernel, dtype, shape;
  std::string lineage;  // the history's name: the kernel's, or "<kernel>.neutral"
  double start_ms = 0, best_ms = 0;
  // The library's hand-tuned default, timed at a neutral start for comparison.
  std::optional<double> hand_ms;
  std::optional<BaselineTime> baseline;
  int tries = 0, kept = 0;
  std::string stop_reason;  // "rounds", "budget", "search space exhausted", ...
  std::string diagnosis;    // of the starting point
  kernels::Config best_knobs;
  std::optional<std::string> best_source;
  ir::ElementType element_type = ir::ElementKind::kF32;
  kernels::Shape problem_shape;
  int64_t input_bytes = 0;
};

using ProgressFn = std::function<void(const std::string& line)>;

// Tunes `spec` on `device`. Holds the lineage's lock throughout and the GPU lock around every
// timing. Kept sources are written to <results>/tune/<gpu-slug>/<kernel>.<sm_XX>.cu (and to
// options.save_source). Errors:
// a bad dtype or shape, the history unreadable, the starting version not running at all.
Expected<TuneOutcome> tune_kernel(const cuda::Device& device, const kernels::KernelSpec& spec,
                                  const TuneOptions& options,
                                  const std::vector<std::unique_ptr<bench::BaselinePlugin>>& plugins,
                                  const bench::Ceilings& ceilings, Proposer& proposer,
                                  const ProgressFn& progress);

// The path of a kept source variant: <results>/tune/<gpu-slug>/<kernel>.<arch>.cu.
std::string variant_path(const std::string& results, const std::string& slug,
                         const std::string& kernel, const std::string& arch);

}  // namespace kiln::tune
