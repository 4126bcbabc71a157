// Planning a library kernel for a device: its config completed from the given knobs, the
// tuning table of the device's architecture and the declared defaults, then its spec's plan,
// ready for the runtime's launch path (runtime/cuda/launcher.h).
#pragma once

#include "kernels/cuda/spec.h"
#include "runtime/cuda/launcher.h"

namespace kiln::kernels {

// The context of planning `spec` on `problem` for `device`: the device's properties and the
// values the tuning table of its architecture (tuning_table(device.sm_name())) holds for the
// kernel and problem.
PlanContext plan_context(const KernelSpec& spec, const Problem& problem,
                         const cuda::DeviceProperties& device);

// Every knob of `spec`: the given value (checked against the allowed ones), else the tuning
// table's (context.tuned), else the declared default for the problem's dtype.
Expected<Config> complete_config(const KernelSpec& spec, const Config& given,
                                 const Problem& problem, const PlanContext& context);

// The plan of `spec` for `problem` with the knobs `given` (the rest completed as above) on
// `device` (an H100 SXM where no GPU is at hand). Where the kernel has a variant for the
// device's architecture (variants.h), the launches from its main stem that carry the
// library's embedded source carry the variant instead (a source a plan brings of its own, a
// tuner's candidate, stays). Errors: a tensor of an element type the library has no kernels
// for, a bad knob, or the plan's own.
Expected<Plan> plan_kernel(
    const KernelSpec& spec, const Problem& problem, const Config& given,
    const cuda::DeviceProperties& device = cuda::DeviceProperties::h100_sxm());

// plan_kernel for `device`, compiled, loaded and with its scratch memory allocated.
Expected<cuda::PreparedKernel> prepare_kernel(const cuda::Device& device, const KernelSpec& spec,
                                              const Problem& problem, const Config& given);

// A launch of `function` in the embedded source `stem`.cu (sources.h), named "stem.function".
Expected<Launch> library_launch(std::string_view stem, std::string_view function);

// The stem of a launch's name: "softmax" of "softmax.softmax_rows".
std::string launch_stem(std::string_view launch_name);

// Puts `source` in place of the text of every launch of `plan` from its main stem (the stem of
// its first launch), or only of those that carry the library's embedded text of that stem
// when `only_library_text`: a kernel's tuned or variant source, which keeps the launches'
// functions and defines.
void replace_main_source(Plan& plan, const std::string& source, bool only_library_text = false);

}  // namespace kiln::kernels
