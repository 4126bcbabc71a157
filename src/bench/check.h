// Correctness of a kernel (and of its baselines) against the reference interpreter running
// the kernel's StableHLO definition, at the spec's check shapes, on fresh random inputs with
// poisoned outputs.
#pragma once

#include <string>
#include <vector>

#include "bench/baseline_plugin.h"
#include "kernels/cuda/spec.h"
#include "runtime/cuda/device.h"

namespace kiln::bench {

struct CheckResult {
  int cases = 0;
  int failed = 0;
  int skipped = 0;  // check shapes a baseline has no version for
  double max_rel_error = 0, max_abs_error = 0;
  std::vector<std::string> failures;  // "3x1031: " + Comparison::worst_mismatch
  bool passed() const { return failed == 0 && cases > 0; }
};

// Runs kiln's kernel on every check shape in `dtype` (plus `extra_shapes`) and compares it
// with the interpreter. `seed` varies the inputs from run to run. Errors are for failures to
// run at all (compile errors, CUDA errors); wrong answers are in the result.
Expected<CheckResult> check_kernel(const cuda::Device& device, const kernels::KernelSpec& spec,
                                   ir::ElementType dtype, const kernels::Config& config,
                                   uint64_t seed,
                                   const std::vector<kernels::Shape>& extra_shapes = {});

// The same for a baseline plugin's version of the kernel, at the check shapes it takes (the
// rest are counted as skipped).
Expected<CheckResult> check_baseline(const cuda::Device& device, const kernels::KernelSpec& spec,
                                     ir::ElementType dtype, const BaselinePlugin& plugin,
                                     uint64_t seed);

}  // namespace kiln::bench
