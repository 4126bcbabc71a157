// One kernel's benchmark: checks, rotated-buffer timing of kiln and its baselines, and the
// derived roofline figures and scores.
#include "bench/bench_kernel.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>

#include "bench/device_data.h"
#include "bench/reference.h"
#include "kernels/cuda/plan.h"

namespace kiln::bench {

double KernelReport::bandwidth() const {
  return kiln.stats.median_ms > 0 ? bytes / (kiln.stats.median_ms * 1e-3) : 0;
}
double KernelReport::flop_rate() const {
  return kiln.stats.median_ms > 0 ? flops / (kiln.stats.median_ms * 1e-3) : 0;
}
double KernelReport::copy_fraction() const {
  return ceilings.copy_bytes_per_s > 0 ? bandwidth() / ceilings.copy_bytes_per_s : 0;
}
double KernelReport::gemm_fraction() const {
  return ceilings.gemm_flops_per_s > 0 ? flop_rate() / ceilings.gemm_flops_per_s : 0;
}

std::optional<double> KernelReport::speedup(const Measurement& b) const {
  if (!b.error.empty() || b.stats.n == 0 || kiln.stats.median_ms <= 0) return std::nullopt;
  return b.stats.median_ms / kiln.stats.median_ms;
}

double KernelReport::score(const std::string& target) const {
  if (failed()) return 0;
  std::optional<double> best;
  for (const auto& b : baselines) {
    auto s = speedup(b);
    if (s && (!best || *s < *best)) best = s;  // against the fastest baseline
  }
  double roof = std::max(copy_fraction(), gemm_fraction());
  if (target == "speed") return best.value_or(0);
  if (target == "memory") return copy_fraction();
  if (target == "compute") return gemm_fraction();
  if (target == "stable") return kiln.stats.stability;
  double speed = std::min(best.value_or(1.0), 1.0);
  return (roof + speed + kiln.stats.stability) / 3;
}

namespace {

// Enough input/output sets that cycling through them leaves nothing in L2 between runs.
int rotation_count(const cuda::Device& device, const kernels::Problem& p) {
  double set_bytes = std::max(default_bytes(p), 1.0);
  double l2 = static_cast<double>(std::max<int64_t>(device.properties().l2_bytes, 1 << 20));
  int k = static_cast<int>(std::ceil(3 * l2 / set_bytes));
  double budget = static_cast<double>(device.properties().memory_bytes) / 4;
  k = std::min(k, static_cast<int>(budget / set_bytes));
  return std::clamp(k, 1, 64);
}

bool wants(const std::string& which, const std::string& library) {
  return which == "all" || which == library;
}

// Is `library` ("vendor"/"torch") among the spec's baselines ("cub", "cublas", ...)?
bool spec_lists(const kernels::KernelSpec& spec, const std::string& library) {
  for (const auto& b : spec.baselines) {
    if ((library == "torch") == (b == "torch")) return true;
  }
  return false;
}

Measurement measure_baseline(const cuda::Device& device, const kernels::KernelSpec& spec,
                             const kernels::Problem& p, const BenchOptions& o,
                             const BaselinePlugin& plugin, std::vector<DeviceSet>& sets,
                             const std::vector<interp::Tensor>& kiln_out, uint64_t seed);

}  // namespace

Expected<KernelReport> bench_kernel(const cuda::Device& device, const kernels::KernelSpec& spec,
                                    const kernels::Problem& p, const BenchOptions& o,
                                    const std::vector<std::unique_ptr<BaselinePlugin>>& plugins,
                                    const Ceilings& ceilings) {
  KernelReport r{spec.name, spec.group, spec.impl, p.dtype, p.shape};
  r.ceilings = ceilings;
  r.bytes = kernels::problem_bytes(spec, p);
  r.flops = kernels::problem_flops(spec, p);
  r.seed = o.seed
               ? o.seed
               : static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  const kernels::PlanContext context = kernels::plan_context(spec, p, device.properties());
  KILN_TRY(r.config, kernels::complete_config(spec, o.config, p, context));
  r.kiln.who = r.kiln.library = "kiln";
  if (o.check) {
    auto c = check_kernel(device, spec, p.dtype, r.config, r.seed);
    if (!c.ok()) return c.take_error();
    r.kiln.check = *c;
  }
  KILN_TRY(auto stream, cuda::Stream::create(device));
  KILN_TRY(auto kernel, kernels::prepare_kernel(device, spec, p, r.config));
  r.sources = kernel.sources();
  std::vector<DeviceSet> sets;
  for (int i = 0, k = rotation_count(device, p); i < k; ++i) {
    KILN_TRY(auto set, allocate_set(device, p));
    KILN_CHECK_OK(fill_random(device, stream, p, set, r.seed + static_cast<uint64_t>(i)));
    sets.push_back(std::move(set));
  }
  std::vector<DeviceTensors> ptrs;
  for (const auto& s : sets) ptrs.push_back(s.pointers());
  // One run on poisoned outputs, kept to compare with the baselines.
  KILN_CHECK_OK(poison_outputs(stream, sets[0]));
  KILN_CHECK_OK(kernel.launch(stream, ptrs[0].inputs, ptrs[0].outputs));
  KILN_CHECK_OK(stream.synchronize());
  KILN_TRY(auto kiln_out, download_outputs(p, sets[0]));
  auto run = [&](int i) {
    const DeviceTensors& t = ptrs[static_cast<size_t>(i) % ptrs.size()];
    return kernel.launch(stream, t.inputs, t.outputs);
  };
  KILN_TRY(r.kiln.stats, time_runs(device, stream, run, o.timing));
  for (const auto& plugin : plugins) {
    if (!wants(o.baselines, plugin->library()) || !spec_lists(spec, plugin->library())) continue;
    if (plugin->describe(spec.name, p.dtype).empty()) continue;
    r.baseline_versions.emplace_back(plugin->library(), plugin->version());
    r.baselines.push_back(measure_baseline(device, spec, p, o, *plugin, sets, kiln_out, r.seed));
  }
  return r;
}

namespace {

Measurement measure_baseline(const cuda::Device& device, const kernels::KernelSpec& spec,
                             const kernels::Problem& p, const BenchOptions& o,
                             const BaselinePlugin& plugin, std::vector<DeviceSet>& sets,
                             const std::vector<interp::Tensor>& kiln_out, uint64_t seed) {
  Measurement m;
  m.library = plugin.library();
  m.who = plugin.describe(spec.name, p.dtype);
  auto fail = [&](const Error& e) {
    m.error = e.message();
    return m;
  };
  if (o.check) {
    auto c = check_baseline(device, spec, p.dtype, plugin, seed);
    if (!c.ok()) return fail(c.error());
    m.check = *c;
  }
  auto stream = cuda::Stream::create(device);
  if (!stream.ok()) return fail(stream.error());
  std::vector<DeviceTensors> ptrs;
  for (const auto& s : sets) ptrs.push_back(s.pointers());
  auto b = plugin.prepare(spec.name, p, *stream, ptrs[0]);
  if (!b.ok()) return fail(b.error());
  Status s = poison_outputs(*stream, sets[0]);
  if (s.ok()) s = b->run(*stream, ptrs[0]);
  if (s.ok()) s = stream->synchronize();
  if (!s.ok()) return fail(s.error());
  auto out = download_outputs(p, sets[0]);
  if (!out.ok()) return fail(out.error());
  Comparison c = compare_outputs(spec, p, kiln_out, *out);
  m.rel_error_vs_kiln = c.max_rel_error;
  m.agrees_with_kiln = c.passed;
  auto run = [&](int i) { return b->run(*stream, ptrs[static_cast<size_t>(i) % ptrs.size()]); };
  auto stats = time_runs(device, *stream, run, o.timing);
  if (!stats.ok()) return fail(stats.error());
  m.stats = *stats;
  return m;
}

}  // namespace

}  // namespace kiln::bench
