// The profile's diagnosis: memory- or compute-bound (the kernel's byte and FLOP formulas
// against the measured roofs), how far from its roof, and what Nsight Compute's metrics say
// where it ran. Pure functions of the figures, so they are tested without a GPU.
#pragma once

#include <map>
#include <string>

namespace kiln::tune {

// The figures of one timed run and the device's measured roofs.
struct Figures {
  double bytes = 0, flops = 0;      // the spec's formulas for the problem
  double median_ms = 0;
  double stability = 0;             // the bench's: 1 - (p90 - p10) / median
  double copy_bytes_per_s = 0;      // the measured copy rate (0: not measured)
  double gemm_flops_per_s = 0;      // the measured GEMM rate (0: not measured)
};

struct Diagnosis {
  bool compute_bound = false;
  double roof_fraction = 0;  // of the roof that binds it
  double gbps = 0, tflops = 0;
  std::string text;          // a few sentences
};

// Memory-bound when the arithmetic intensity (flops / bytes) is below the ridge point of the
// two roofs (or there are no FLOPs or no GEMM roof), else compute-bound. `ncu` adds a
// sentence from Nsight Compute's metrics (ncu_profile.h) when not empty.
Diagnosis diagnose(const Figures& f, const std::map<std::string, double>& ncu = {});

}  // namespace kiln::tune
