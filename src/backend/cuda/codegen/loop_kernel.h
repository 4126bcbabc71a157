// One generated kernel that computes `roots` element by element (a fusion's outputs, or one
// op's results), reading `params` from memory: a grid-stride loop over each root's elements,
// the roots of one shape sharing one loop (and whatever they have in common). The loop takes
// 16 bytes a thread where it can (codegen/vector_loop.h); a kernel reading a transpose of its
// innermost dimensions goes through shared-memory tiles instead (codegen/transpose_tile.h).
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

// The kernel's CUDA C++ text and the threads it wants (the launch may give fewer: its loops
// stride over the grid): an element each for the plain loop, `lanes` elements each for a
// vector loop, a block per tile, a warp per row for a row reduction.
struct LoopKernelCode {
  std::string text;
  int64_t threads = 0;
  // A grid-stride loop over elements (plain or vector) that reads its block size from
  // blockDim: it runs at any block size (a tile or a row reduction is written for kLoopBlock).
  bool any_block = false;
};
// Errors (unimplemented) name the op the code generator cannot compute element by element, at
// its location.
Expected<LoopKernelCode> emit_loop_kernel(const LoopKernel& kernel);

// The threads per block of loop kernels.
constexpr unsigned kLoopBlock = 256;
// The largest element count of any root (0: nothing to compute).
int64_t loop_elements(const LoopKernel& kernel);

class Emitter;
// Binds kernel.params[i] to the kernel's pointer parameter `p<i>`.
void bind_loop_params(Emitter& e, const LoopKernel& kernel);

}  // namespace kiln::backend::cuda
