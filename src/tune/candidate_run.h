// Running one version of a kernel (knobs and maybe a source of its own) through the bench: the
// gate (the interpreter at every check shape, then the baselines at the bench size) and the
// verification (the candidate and the best kept version timed in the same run). Everything
// that touches the GPU holds the machine-wide GPU lock.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bench/bench_kernel.h"
#include "kernels/cuda/spec.h"
#include "tune/history.h"
#include "tune/verdict.h"

namespace kiln::tune {

// A version of a kernel: complete knobs, and its own source where it is not the library's.
struct Version {
  kernels::Config knobs;
  std::optional<std::string> source;  // the full text of the kernel's main source stem
  std::string source_hash;            // source_hash(source)
};

// `spec` with `source` in place of the text of its main source stem (the stem of the plan's
// first launch) in every launch from that stem; `spec` itself when source is nullopt.
kernels::KernelSpec spec_with_source(const kernels::KernelSpec& spec,
                                     const std::optional<std::string>& source);

// The full source text of the main stem of `spec`'s plan for `problem` (what a proposer edits),
// and the names of the plan's kernel functions (what ncu is told to look for).
struct PlanText {
  std::string source;
  std::vector<std::string> functions;
};
Expected<PlanText> plan_text(const kernels::KernelSpec& spec, const kernels::Problem& problem,
                             const Version& version, const cuda::DeviceProperties& device);

// What the gate and the verification run against.
struct RunContext {
  const cuda::Device* device = nullptr;
  const kernels::KernelSpec* spec = nullptr;
  kernels::Problem problem;
  const std::vector<std::unique_ptr<bench::BaselinePlugin>>* plugins = nullptr;
  bench::Ceilings ceilings;
  std::string baselines = "all";  // which baselines the gate times
  int iters = 100;                // the gate's timed runs
  int verify_iters = 400;         // the verification's
  uint64_t seed = 0;              // 0: fresh inputs each run
};

// The gate: `version` checked against the interpreter at every check shape and timed with the
// baselines at the bench size (its output compared with theirs). Errors: it could not be built
// or run (a compile error, a CUDA error).
Expected<bench::KernelReport> gate(const RunContext& ctx, const Version& version);

// What a gate's report says about correctness, in the verdict's terms.
void gate_evidence(const bench::KernelReport& report, Evidence& e);

// The fastest baseline that ran in `report`, if any.
std::optional<BaselineTime> fastest_baseline(const bench::KernelReport& report);

struct Timings {
  bench::Stats candidate;
  std::optional<bench::Stats> best;
};
// The verification: `candidate` and (when given) `best` timed one after the other with
// verify_iters runs each, without checks or baselines, under one hold of the GPU lock.
Expected<Timings> verify(const RunContext& ctx, const Version& candidate,
                         const std::optional<Version>& best);

}  // namespace kiln::tune
