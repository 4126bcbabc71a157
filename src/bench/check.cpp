// Checking kernels and baselines against the interpreter.
#include "bench/check.h"

#include <fmt/format.h>

#include "bench/device_data.h"
#include "bench/reference.h"
#include "kernels/cuda/plan.h"

namespace kiln::bench {

namespace {

// Something that runs on a problem's device tensors: kiln's kernel or a baseline. false: it
// has no version for this problem (a baseline's unsupported shape), so nothing was checked.
using Runner =
    std::function<Expected<bool>(const kernels::Problem&, const cuda::Stream&, DeviceSet&)>;

Status check_one(const cuda::Device& device, const kernels::KernelSpec& spec,
                 const kernels::Problem& p, uint64_t seed, const Runner& run, CheckResult& r) {
  KILN_TRY(auto inputs, random_inputs(p, seed));
  KILN_TRY(auto ref, reference_outputs(spec, p, inputs));
  KILN_TRY(auto stream, cuda::Stream::create(device));
  KILN_TRY(DeviceSet set, allocate_set(device, p));
  KILN_CHECK_OK(upload_inputs(inputs, set));
  KILN_CHECK_OK(poison_outputs(stream, set));
  KILN_CHECK_OK(device.synchronize());
  KILN_TRY(bool ran, run(p, stream, set));
  if (!ran) {
    ++r.skipped;
    return ok_status();
  }
  KILN_CHECK_OK(stream.synchronize());
  KILN_TRY(auto got, download_outputs(p, set));
  Comparison c = compare_outputs(spec, p, got, ref);
  ++r.cases;
  r.max_rel_error = std::max(r.max_rel_error, c.max_rel_error);
  r.max_abs_error = std::max(r.max_abs_error, c.max_abs_error);
  if (!c.passed) {
    ++r.failed;
    r.failures.push_back(fmt::format("{}: {}", kernels::shape_string(p.shape), c.worst_mismatch));
  }
  return ok_status();
}

Expected<CheckResult> check_shapes(const cuda::Device& device, const kernels::KernelSpec& spec,
                                   ir::ElementType dtype, const std::vector<kernels::Shape>& shapes,
                                   uint64_t seed, const Runner& run) {
  CheckResult r;
  for (size_t i = 0; i < shapes.size(); ++i) {
    KILN_TRY(auto p, spec.make_problem(shapes[i], dtype));
    Status s = check_one(device, spec, p, seed + i, run, r);
    if (!s.ok()) {
      return s.error().with_prefix(fmt::format("{} {} {}: ", spec.name, kernels::dtype_name(dtype),
                                               kernels::shape_string(shapes[i])));
    }
  }
  return r;
}

}  // namespace

Expected<CheckResult> check_kernel(const cuda::Device& device, const kernels::KernelSpec& spec,
                                   ir::ElementType dtype, const kernels::Config& config,
                                   uint64_t seed, const std::vector<kernels::Shape>& extra_shapes) {
  std::vector<kernels::Shape> shapes = spec.check_shapes;
  shapes.insert(shapes.end(), extra_shapes.begin(), extra_shapes.end());
  Runner run = [&](const kernels::Problem& p, const cuda::Stream& stream,
                   DeviceSet& set) -> Expected<bool> {
    KILN_TRY(auto k, kernels::prepare_kernel(device, spec, p, config));
    DeviceTensors t = set.pointers();
    // Twice, the outputs poisoned between: the second run is checked, so that a plan whose
    // state must be left as it found it (Plan::state_bytes) is checked on reuse.
    KILN_CHECK_OK(k.launch(stream, t.inputs, t.outputs));
    KILN_CHECK_OK(poison_outputs(stream, set));
    KILN_CHECK_OK(k.launch(stream, t.inputs, t.outputs));
    return true;
  };
  return check_shapes(device, spec, dtype, shapes, seed, run);
}

Expected<CheckResult> check_baseline(const cuda::Device& device, const kernels::KernelSpec& spec,
                                     ir::ElementType dtype, const BaselinePlugin& plugin,
                                     uint64_t seed) {
  // Libraries may reject empty or rank-0 problems; check where every dimension is positive.
  std::vector<kernels::Shape> shapes;
  for (const auto& s : spec.check_shapes) {
    if (!s.empty() && kernels::num_elements(s) > 0) shapes.push_back(s);
  }
  Runner run = [&](const kernels::Problem& p, const cuda::Stream& stream,
                   DeviceSet& set) -> Expected<bool> {
    DeviceTensors t = set.pointers();
    KILN_TRY(auto b, plugin.try_prepare(spec.name, p, stream, t));
    if (!b) return false;
    KILN_CHECK_OK(b->run(stream, t));
    KILN_CHECK_OK(stream.synchronize());  // before `b` releases its workspace
    return true;
  };
  return check_shapes(device, spec, dtype, shapes, seed, run);
}

}  // namespace kiln::bench
