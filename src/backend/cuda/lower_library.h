// The library's kernels for one op, for a lowering that tries them before its own choice
// (lower_attention.cpp: decode_attention before cuDNN).
#pragma once

#include <string_view>

#include "backend/cuda/lowerer.h"

namespace kiln::backend::cuda {

// The op on the first library kernel that find_kernels gives for it (only the one named
// `kernel` where that is not empty) and that plans for the backend's device: its launches as
// KernelSteps over the op's operand and result slots. False, with nothing added, where none
// does (lower_library.cpp).
Expected<bool> lower_on_library(Lowerer& l, const ir::Operation& op, std::string_view kernel = {});

}  // namespace kiln::backend::cuda
