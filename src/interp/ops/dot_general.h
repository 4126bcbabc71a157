// The piece of stablehlo.dot_general that convolution shares: gathering a tensor's dimensions
// into a new order.
#pragma once

#include <span>
#include <vector>

#include "interp/tensor.h"

namespace kiln::interp {

// The elements of t with dimension perm[i] of t as dimension i of the result, row-major
// (t itself for the identity permutation); fails if the new tensor cannot be allocated.
Expected<Tensor> permute_dims(const Tensor& t, std::span<const int64_t> perm);

}  // namespace kiln::interp
