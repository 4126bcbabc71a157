// Host-side data for kernel checks, through the oracle: random inputs for a problem's tensors,
// the reference outputs of the kernel's StableHLO definition, and the comparison of a kernel's
// outputs against them.
#pragma once

#include <cstdint>
#include <vector>

#include "interp/tensor.h"
#include "kernels/cuda/spec.h"

namespace kiln::bench {

// The interpreter's type for a kernel tensor.
ir::Type tensor_type(const kernels::TensorSpec& t);

// Fresh random inputs for every input of `p`: oracle::random_inputs over the tensors' types,
// each drawn from its [lo, hi), input i from oracle::input_seed(seed, i). The same seed gives
// the same bytes as `kiln run --random-inputs SEED` on the kernel's definition where the
// ranges are the default [-1, 1).
Expected<std::vector<interp::Tensor>> random_inputs(const kernels::Problem& p, uint64_t seed);

// Runs the spec's StableHLO definition (rendered for `p`) on `inputs` with oracle::reference_run.
// Errors name the kernel: a definition that does not parse or verify is a bug in the spec.
Expected<std::vector<interp::Tensor>> reference_outputs(const kernels::KernelSpec& spec,
                                                        const kernels::Problem& p,
                                                        const std::vector<interp::Tensor>& inputs);

struct Comparison {
  bool passed = true;
  double max_abs_error = 0, max_rel_error = 0;
  int64_t mismatches = 0;
  // oracle::CompareReport::message(): "out0[17]: got nan, want 1.25 (1 of 1000 elements
  // differ; ...)", empty when passed.
  std::string worst_mismatch;
};

// oracle::compare_outputs with the spec's tolerance for each output's dtype.
Comparison compare_outputs(const kernels::KernelSpec& spec, const kernels::Problem& p,
                           const std::vector<interp::Tensor>& got,
                           const std::vector<interp::Tensor>& ref);

}  // namespace kiln::bench
