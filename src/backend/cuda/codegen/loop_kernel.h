// One generated kernel that computes `roots` element by element (a fusion's outputs, or one
// op's results), reading `params` from memory: a grid-stride loop over each root's elements,
// the roots of one shape sharing one loop (and whatever they have in common).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ir/operation.h"
#include "support/error.h"

namespace kiln::backend::cuda {

struct LoopKernel {
  std::string function;                  // the extern "C" __global__ function's name
  std::vector<const ir::Value*> params;  // read from the first pointer arguments, in order
  std::vector<const ir::Value*> roots;   // written to the pointer arguments after them
};

// The kernel's CUDA C++ text. Errors (unimplemented) name the op the code generator cannot
// compute element by element, at its location.
Expected<std::string> emit_loop_kernel(const LoopKernel& kernel);

// The threads per block of loop kernels, and the largest element count of any root: the
// launch's size.
constexpr unsigned kLoopBlock = 256;
int64_t loop_elements(const LoopKernel& kernel);
// The threads the kernel's strategy wants (a warp per row for a row reduction).
int64_t loop_threads(const LoopKernel& kernel);

}  // namespace kiln::backend::cuda
