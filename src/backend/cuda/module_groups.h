// How generated kernels are split into NVRTC modules. The lowering gives every generated kernel
// a module of its own; group_generated_modules then joins neighbours into about as many modules
// as threads compile them (cuda_backend.cpp compiles the modules in parallel): on a machine
// with many cores each kernel compiles beside the others, on a small one the modules stay few
// and each NVRTC call's fixed cost (its front end reading the shared prelude, ~40 ms) is paid
// a few times only.
#pragma once

#include <vector>

#include "backend/cuda/program.h"

namespace kiln::backend::cuda {

// Joins consecutive generated modules of `modules` into groups of about equal source length
// (the proxy for NVRTC's time) — about `threads` groups, none of more than `max_kernels`
// kernels — renames the groups "generated<index>", and returns each old module's new index.
// Library and other modules keep their order among the rest.
std::vector<int> group_generated_modules(std::vector<KernelModule>& modules, int threads,
                                         int max_kernels);

// Points every step of `program` (nested programs too, each once) at module new_index[old].
void renumber_modules(Program& program, const std::vector<int>& new_index);

}  // namespace kiln::backend::cuda
