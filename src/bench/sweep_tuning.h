// Tuning entries from a knob sweep (`kiln bench --knob NAME=V1,V2 --save-tuning FILE`): the
// fastest correct configuration of each kernel, dtype and shape, as tuning-table entries.
#pragma once

#include <vector>

#include "kernels/cuda/spec.h"
#include "kernels/cuda/tuning.h"

namespace kiln::bench {

// One run of a sweep.
struct SweepRun {
  std::string kernel;
  ir::ElementType dtype;
  kernels::Shape shape;
  int64_t input_bytes = 0;
  kernels::Config knobs;  // the knobs the sweep set (not the defaults)
  double median_ms = 0;
  bool correct = false;
};

// Puts the fastest correct run of each kernel, dtype and shape into `table`, first among the
// kernel's entries: its knobs for every size of that dtype where the sweep ran one shape of
// it, else for problems of exactly its input bytes; on `device` alone (the driver's name of
// the GPU the sweep timed; "" for every device of the table's architecture). Runs that set no
// knob add nothing.
void add_best_configs(kernels::TuningTable& table, const std::vector<SweepRun>& runs,
                      const std::string& device);

}  // namespace kiln::bench
