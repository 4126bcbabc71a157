// Planning library kernels: configs from knobs, tuning tables and defaults; embedded sources.
#include "kernels/cuda/plan.h"

#include <fmt/format.h>

#include <map>
#include <mutex>

#include "kernels/cuda/sources.h"
#include "kernels/cuda/variants.h"

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

// The expanded text of the embedded `stem`.cu, expanded once per process (plans are made for
// every problem a bench or a test runs). The reference stays valid: entries are never erased.
Expected<const std::string*> library_text(std::string_view stem) {
  static std::mutex mutex;
  static std::map<std::string, std::string, std::less<>> expanded;
  std::lock_guard lock(mutex);
  auto it = expanded.find(stem);
  if (it == expanded.end()) {
    KILN_TRY(std::string text, kernel_source(stem));
    it = expanded.emplace(std::string(stem), std::move(text)).first;
  }
  return &it->second;
}

}  // namespace

PlanContext plan_context(const KernelSpec& spec, const Problem& problem,
                         const cuda::DeviceProperties& device) {
  PlanContext c;
  c.device = device;
  c.tuned = tuning_table(device.sm_name())
                .lookup(spec.name, problem.dtype, input_bytes(problem), device.name);
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
  KILN_TRY(Plan plan, spec.plan(problem, config, context));
  if (auto variant = kernel_variant(spec.name, device.sm_name())) {
    replace_main_source(plan, *variant, /*only_library_text=*/true);
  }
  return plan;
}

Expected<cuda::PreparedKernel> prepare_kernel(const cuda::Device& device, const KernelSpec& spec,
                                              const Problem& problem, const Config& given) {
  KILN_TRY(Plan plan, plan_kernel(spec, problem, given, device.properties()));
  return cuda::PreparedKernel::prepare(device, spec.name, std::move(plan), problem.inputs.size(),
                                       problem.outputs.size());
}

Expected<Launch> library_launch(std::string_view stem, std::string_view function) {
  KILN_TRY(const std::string* text, library_text(stem));
  Launch l;
  l.source = *text;
  l.name = fmt::format("{}.{}", stem, function);
  l.function = std::string(function);
  return l;
}

std::string launch_stem(std::string_view launch_name) {
  return std::string(launch_name.substr(0, launch_name.find('.')));
}

void replace_main_source(Plan& plan, const std::string& source, bool only_library_text) {
  if (plan.launches.empty()) return;
  const std::string stem = launch_stem(plan.launches.front().name);
  // A stem that is not the library's (a generated kernel's) has no embedded text to match.
  Expected<const std::string*> library = only_library_text
                                             ? library_text(stem)
                                             : Expected<const std::string*>(nullptr);
  if (!library.ok()) return;
  for (Launch& launch : plan.launches) {
    if (launch_stem(launch.name) != stem) continue;
    if (only_library_text && launch.source != **library) continue;
    launch.source = source;
  }
}

}  // namespace kiln::kernels
