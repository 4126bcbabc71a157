// The kernel library's CUDA C++ sources, embedded in the binary at build time (the .cu and
// .cuh files beside this one and the shared headers of ops/), so that NVRTC can compile them
// anywhere.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "support/error.h"

namespace kiln::kernels {

// The complete source of `stem`.cu: common.cuh, then the file, each line `#include "X.cuh"`
// replaced by that embedded header (once; X is its path from src/kernels/cuda, such as
// "ops/reduce.cuh", and a header may include others), with #line markers so that NVRTC's
// messages name the original files. Error if there is no such source or header.
Expected<std::string> kernel_source(std::string_view stem);

// The complete text of the embedded header `file` ("ops/scalar.cuh"): common.cuh, then the
// header, expanded as kernel_source does; what generated code puts before its kernels.
Expected<std::string> header_source(std::string_view file);

// The stems of every embedded .cu file.
std::vector<std::string> source_stems();

}  // namespace kiln::kernels
