// The kernel library's CUDA C++ sources, embedded in the binary at build time (the .cu and
// .cuh files beside this one), so that NVRTC can compile them anywhere.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "support/error.h"

namespace kiln::kernels {

// The complete source of `stem`.cu: common.cuh, then the file, each line `#include "X.cuh"`
// replaced by that embedded header (once), with #line markers so that NVRTC's messages name
// the original files. Error if there is no such source or header.
Expected<std::string> kernel_source(std::string_view stem);

// The stems of every embedded .cu file.
std::vector<std::string> source_stems();

}  // namespace kiln::kernels
