// Host-side data for kernel checks: random inputs for a problem's tensors, the reference
// outputs from the kernel's StableHLO definition run by the interpreter, and the comparison
// of a kernel's outputs against them.
#pragma once

#include <cstdint>
#include <vector>

#include "interp/tensor.h"
#include "kernels/cuda/spec.h"

namespace kiln::bench {

// The interpreter's type for a kernel tensor.
ir::Type tensor_type(const kernels::TensorSpec& t);

// A tensor drawn uniformly from [t.lo, t.hi) (floats never exactly 0, integers rounded;
// predicates either way), from a generator seeded by `seed`.
Expected<interp::Tensor> random_tensor(const kernels::TensorSpec& t, uint64_t seed);

// Fresh random inputs for every input of `p`.
Expected<std::vector<interp::Tensor>> random_inputs(const kernels::Problem& p, uint64_t seed);

// Runs the spec's StableHLO definition (rendered for `p`) on `inputs` with the reference
// interpreter. Errors name the kernel: a definition that does not parse or verify is a bug
// in the spec.
Expected<std::vector<interp::Tensor>> reference_outputs(const kernels::KernelSpec& spec,
                                                        const kernels::Problem& p,
                                                        const std::vector<interp::Tensor>& inputs);

struct Comparison {
  bool passed = true;
  double max_abs_error = 0, max_rel_error = 0;
  int64_t mismatches = 0;
  std::string first_mismatch;  // "out0[17]: got 1.5, expected 1.25", empty when passed
};

// Compares outputs element by element: |got - ref| <= atol + rtol |ref| per the spec's
// tolerance for each tensor's dtype (integers and predicates exactly). NaN in `got` fails
// unless `ref` is NaN at the same place; infinities must match exactly.
Comparison compare_outputs(const kernels::KernelSpec& spec, const kernels::Problem& p,
                           const std::vector<interp::Tensor>& got,
                           const std::vector<interp::Tensor>& ref);

}  // namespace kiln::bench
