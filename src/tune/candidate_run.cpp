// Gating and verifying a kernel version through the bench.
#include "tune/candidate_run.h"

#include <fmt/format.h>

#include "kernels/cuda/plan.h"
#include "tune/file_lock.h"

namespace kiln::tune {

namespace {

Expected<bench::KernelReport> run_once(const RunContext& ctx, const Version& version,
                                       bool check, const std::string& baselines, int iters) {
  kernels::KernelSpec spec = spec_with_source(*ctx.spec, version.source);
  bench::BenchOptions o;
  o.baselines = baselines;
  o.check = check;
  o.config = version.knobs;
  o.seed = ctx.seed;
  o.timing.iters = iters;
  static const std::vector<std::unique_ptr<bench::BaselinePlugin>> kNoPlugins;
  const auto& plugins = baselines == "none" || !ctx.plugins ? kNoPlugins : *ctx.plugins;
  return bench::bench_kernel(*ctx.device, spec, ctx.problem, o, plugins, ctx.ceilings);
}

}  // namespace

kernels::KernelSpec spec_with_source(const kernels::KernelSpec& spec,
                                     const std::optional<std::string>& source) {
  if (!source) return spec;
  kernels::KernelSpec s = spec;
  auto plan = spec.plan;
  std::string text = *source;
  s.plan = [plan, text](const kernels::Problem& p, const kernels::Config& c,
                        const kernels::PlanContext& context) -> Expected<kernels::Plan> {
    KILN_TRY(auto planned, plan(p, c, context));
    kernels::replace_main_source(planned, text);
    return planned;
  };
  return s;
}

Expected<PlanText> plan_text(const kernels::KernelSpec& spec, const kernels::Problem& problem,
                             const Version& version, const cuda::DeviceProperties& device) {
  KILN_TRY(auto plan, kernels::plan_kernel(spec_with_source(spec, version.source), problem,
                                           version.knobs, device));
  if (plan.launches.empty()) {
    return Error::invalid_argument(fmt::format("tune: kernel '{}' plans no launch", spec.name));
  }
  PlanText t{plan.launches.front().source, {}};
  for (const auto& launch : plan.launches) t.functions.push_back(launch.function);
  return t;
}

Expected<bench::KernelReport> gate(const RunContext& ctx, const Version& version) {
  KILN_TRY(auto lock, lock_gpu());
  return run_once(ctx, version, /*check=*/true, ctx.baselines, ctx.iters);
}

void gate_evidence(const bench::KernelReport& r, Evidence& e) {
  if (!r.kiln.error.empty()) e.error = r.kiln.error;
  if (r.kiln.check && !r.kiln.check->passed()) {
    e.check_passed = false;
    const auto& c = *r.kiln.check;
    e.check_detail = fmt::format("{} of {} check shapes wrong", c.failed, c.cases);
    for (size_t i = 0; i < c.failures.size() && i < 3; ++i) e.check_detail += "; " + c.failures[i];
  }
  for (const auto& b : r.baselines) {
    if (!b.error.empty() || b.agrees_with_kiln) continue;
    e.baselines_agree = false;
    e.baseline_detail = fmt::format("output differs from {}'s at the bench size (max rel error {:.3g})",
                                    b.who, b.rel_error_vs_kiln);
    break;
  }
}

std::optional<BaselineTime> fastest_baseline(const bench::KernelReport& r) {
  std::optional<BaselineTime> best;
  for (const auto& b : r.baselines) {
    if (!b.error.empty() || b.stats.median_ms <= 0) continue;
    if (!best || b.stats.median_ms < best->median_ms) best = BaselineTime{b.who, b.stats.median_ms};
  }
  return best;
}

Expected<Timings> verify(const RunContext& ctx, const Version& candidate,
                         const std::optional<Version>& best) {
  KILN_TRY(auto lock, lock_gpu());
  Timings t;
  KILN_TRY(auto c, run_once(ctx, candidate, false, "none", ctx.verify_iters));
  t.candidate = c.kiln.stats;
  if (best) {
    KILN_TRY(auto b, run_once(ctx, *best, false, "none", ctx.verify_iters));
    t.best = b.kiln.stats;
  }
  return t;
}

}  // namespace kiln::tune
