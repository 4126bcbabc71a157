// The starting knobs of a lineage.
#include "tune/start_point.h"

#include <fmt/format.h>

#include "kernels/cuda/plan.h"

namespace kiln::tune {

Expected<StartFrom> parse_start(std::string_view text) {
  if (text == "current") return StartFrom::kCurrent;
  if (text == "neutral") return StartFrom::kNeutral;
  return Error::invalid_argument(
      fmt::format("--start must be 'current' or 'neutral', not '{}'", text));
}

std::string start_name(StartFrom s) { return s == StartFrom::kNeutral ? "neutral" : "current"; }

Expected<kernels::Config> start_knobs(const kernels::KernelSpec& spec,
                                      const kernels::Problem& problem,
                                      const cuda::DeviceProperties& device, StartFrom from) {
  if (from == StartFrom::kCurrent) {
    kernels::PlanContext context = kernels::plan_context(spec, problem, device);
    return kernels::complete_config(spec, {}, problem, context);
  }
  kernels::Config neutral;
  for (const kernels::Knob& k : spec.knobs) neutral.set(k.name, k.neutral());
  return neutral;
}

std::string lineage_name(const std::string& kernel, StartFrom from) {
  return from == StartFrom::kNeutral ? kernel + ".neutral" : kernel;
}

}  // namespace kiln::tune
