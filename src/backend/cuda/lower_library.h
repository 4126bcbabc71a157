// Ops on the library's kernels (src/kernels/cuda) from lowerings other than the composites'
// (lower_library.cpp).
#pragma once

#include "backend/cuda/lowerer.h"

namespace kiln::backend::cuda {

// The op on the first library kernel that matches it (find_kernels) and plans for the
// backend's device without TMA descriptors; false where none does. chlo.ragged_dot tries it
// before its generated kernel (lower_chlo_ragged_dot.cpp).
Expected<bool> lower_on_library(Lowerer& l, const ir::Operation& op);

}  // namespace kiln::backend::cuda
