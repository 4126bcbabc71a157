// Where a lineage starts: the library's current knobs (the tuning table's, then the declared
// defaults) or every knob's neutral value (`kiln tune --start neutral`), and the lineage each
// start runs in.
#pragma once

#include <string>
#include <string_view>

#include "kernels/cuda/spec.h"

namespace kiln::tune {

enum class StartFrom { kCurrent, kNeutral };

// "current" or "neutral"; invalid_argument naming the choices otherwise.
Expected<StartFrom> parse_start(std::string_view text);
std::string start_name(StartFrom s);

// The knobs a new lineage of `spec` starts from on `problem`: kCurrent the library's default
// on `device` (its architecture's tuning table, then the declared defaults: what `kiln bench`
// runs), kNeutral every knob at Knob::neutral() (no hand-picked value). Errors: a tuning table
// setting a value the knob does not allow.
Expected<kernels::Config> start_knobs(const kernels::KernelSpec& spec,
                                      const kernels::Problem& problem,
                                      const cuda::DeviceProperties& device, StartFrom from);

// The lineage (the history file's name) a run starting from `from` continues: the kernel's
// name, or "<kernel>.neutral", so that a neutral start never goes on from the hand-tuned
// attempts and is never refused configurations they tried.
std::string lineage_name(const std::string& kernel, StartFrom from);

}  // namespace kiln::tune
