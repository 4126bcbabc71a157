// Planning library kernels: configs from knobs, tuning tables and defaults; embedded sources.
#include "kernels/cuda/plan.h"

#include <fmt/format.h>

#include <map>
#include <mutex>

#include "kernels/cuda/sources.h"

namespace kiln::kernels {

namespace {

Status check_element_types(const KernelSpec& spec, const Problem& p) {
  for (const auto* list : {&p.inputs, &p.outputs}) {
    for (const TensorSpec& t : *list) {
      if (cuda_type_name(t.dtype).empty()) {
        return Error::unimplemented(fmt::format("kernels: {} has no version for element type {}",
                                                spec.name, dtype_name(t.dtype)));
      }
    }
  }
  return ok_status();
}

}  // namespace

PlanContext plan_context(const KernelSpec& spec, const Problem& problem,
                         const cuda::DeviceProperties& device) {
  PlanContext c;
  c.device = device;
  c.tuned = tuning_table(device.sm_name()).lookup(spec.name, problem.dtype, input_bytes(problem));
  return c;
}

Expected<Config> complete_config(const KernelSpec& spec, const Config& given,
                                 const Problem& problem, const PlanContext& context) {
  Config with_tuned = given;
  for (const Knob& k : spec.knobs) {
    auto tuned = context.tuned.get(k.name);
    if (!tuned || given.has(k.name)) continue;
    if (!k.allows(*tuned)) {
      return Error::invalid_argument(
          fmt::format("kernel '{}': the tuning table sets knob '{}' = {}, not one of {}", spec.name,
                      k.name, *tuned, fmt::join(k.values, ", ")));
    }
    with_tuned.set(k.name, *tuned);
  }
  return complete_config(spec, with_tuned, problem.dtype);
}

Expected<Plan> plan_kernel(const KernelSpec& spec, const Problem& problem, const Config& given,
                           const cuda::DeviceProperties& device) {
  KILN_CHECK_OK(check_element_types(spec, problem));
  PlanContext context = plan_context(spec, problem, device);
  KILN_TRY(Config config, complete_config(spec, given, problem, context));
  return spec.plan(problem, config, context);
}

Expected<cuda::PreparedKernel> prepare_kernel(const cuda::Device& device, const KernelSpec& spec,
                                              const Problem& problem, const Config& given) {
  KILN_TRY(Plan plan, plan_kernel(spec, problem, given, device.properties()));
  return cuda::PreparedKernel::prepare(device, spec.name, std::move(plan), problem.inputs.size(),
                                       problem.outputs.size());
}

Expected<Launch> library_launch(std::string_view stem, std::string_view function) {
  // Each source is expanded once (plans are made for every problem a bench or a test runs).
  static std::mutex mutex;
  static std::map<std::string, std::string, std::less<>> expanded;
  Launch l;
  {
    std::lock_guard lock(mutex);
    auto it = expanded.find(stem);
    if (it == expanded.end()) {
      KILN_TRY(std::string text, kernel_source(stem));
      it = expanded.emplace(std::string(stem), std::move(text)).first;
    }
    l.source = it->second;
  }
  l.name = fmt::format("{}.{}", stem, function);
  l.function = std::string(function);
  return l;
}

}  // namespace kiln::kernels
