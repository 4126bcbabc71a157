// Fresh random inputs for a program's arguments (never zeros), for `kiln run
// --random-inputs` and for differential tests.
#pragma once

#include <cstdint>

#include "interp/tensor.h"

namespace kiln::interp {

// A tensor of `type` with values drawn from a generator seeded by `seed`: floats uniform in
// [-1, 1) without zero, signed integers in [-8, 8] without zero, unsigned in [1, 16],
// booleans either way, complex numbers with both parts drawn as floats.
Expected<Tensor> random_tensor(const ir::Type& type, uint64_t seed);

}  // namespace kiln::interp
