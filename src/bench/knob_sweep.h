// Knob settings from the command line, each knob one value or a list to sweep over.
#pragma once

#include <string>
#include <vector>

#include "kernels/cuda/spec.h"
#include "support/error.h"

namespace kiln::bench {

// Every configuration that `--knob` arguments name: "NAME=V" sets a knob, "NAME=V1,V2,..."
// sweeps it, and several sweeps give their cartesian product (the last argument varies
// fastest). No arguments give one empty configuration. A name given twice keeps the last.
// Errors: an argument that is not NAME=INTEGER[,INTEGER...].
Expected<std::vector<kernels::Config>> parse_knob_sweep(const std::vector<std::string>& args);

// "block=256 unroll=2": a configuration's knobs in name order ("" when it has none).
std::string config_text(const kernels::Config& config);

}  // namespace kiln::bench
