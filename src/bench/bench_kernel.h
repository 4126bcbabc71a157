// Benchmarking one kernel on one problem: check it (and its baselines) against the
// interpreter, time it and every baseline in the same run on rotated input buffers, compare
// its output with the baselines' at the bench size, and derive the roofline figures.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "bench/baseline_plugin.h"
#include "bench/ceilings.h"
#include "bench/check.h"
#include "bench/timing.h"
#include "kernels/cuda/spec.h"

namespace kiln::bench {

struct BenchOptions {
  std::string baselines = "all";  // vendor | torch | all | none
  TimingOptions timing;
  kernels::Config config;  // knob values (the rest at defaults)
  bool check = true;       // run the interpreter checks
  uint64_t seed = 0;       // 0: from the clock, so every run draws fresh inputs
};

// One timed implementation: kiln's kernel or a baseline.
struct Measurement {
  std::string who;      // "kiln", or what the baseline calls ("cub::DeviceReduce::Reduce")
  std::string library;  // "kiln", "vendor", "torch"
  Stats stats;
  std::optional<CheckResult> check;  // against the interpreter at the check shapes
  // kiln's output against this baseline's at the bench shape (baselines only).
  double rel_error_vs_kiln = 0;
  bool agrees_with_kiln = true;
  std::string error;  // set when it could not run; stats are then empty
};

struct KernelReport {
  std::string kernel, group, impl;
  ir::ElementType dtype = ir::ElementKind::kF32;
  kernels::Shape shape;
  kernels::Config config;
  double bytes = 0, flops = 0;
  Measurement kiln;
  std::vector<Measurement> baselines;
  Ceilings ceilings;
  std::vector<std::string> sources;  // kiln's full kernel sources with their NVRTC options
  std::vector<std::pair<std::string, std::string>> baseline_versions;  // library, version
  uint64_t seed = 0;
  std::string variant;  // the knobs a sweep set for this run ("" outside sweeps), for reports

  bool correct() const { return kiln.error.empty() && kiln.check && kiln.check->passed(); }
  // A run with --no-check has no verdict: scores are given, the leaderboard ignores it.
  bool failed() const { return !kiln.error.empty() || (kiln.check && !kiln.check->passed()); }
  double bandwidth() const;      // bytes/s at the median
  double flop_rate() const;      // FLOP/s at the median
  double copy_fraction() const;  // of the measured copy rate
  double gemm_fraction() const;  // of the measured GEMM rate
  // Baseline median / kiln median (> 1: kiln is faster); nullopt when it did not run.
  std::optional<double> speedup(const Measurement& baseline) const;
  // The score for a target: speed (speed-up over the fastest baseline), memory (fraction of
  // the copy rate), compute (fraction of the GEMM rate), stable (stability), balanced (the
  // mean of the roof fraction, min(speed-up, 1) and stability). 0 for a failed kernel.
  double score(const std::string& target) const;
};

// Benchmarks `spec` on `problem`. Errors: the kernel could not be built or run at all.
Expected<KernelReport> bench_kernel(const cuda::Device& device, const kernels::KernelSpec& spec,
                                    const kernels::Problem& problem, const BenchOptions& options,
                                    const std::vector<std::unique_ptr<BaselinePlugin>>& plugins,
                                    const Ceilings& ceilings);

}  // namespace kiln::bench
