// Pieces of stablehlo.dot_general that convolution shares: element conversion of a whole
// tensor and gathering a tensor's dimensions into a new order.
#pragma once

#include <span>
#include <vector>

#include "interp/tensor.h"

namespace kiln::interp {

// t with every element converted to `to` (float to float rounds once, integers wrap, to i1
// is `!= 0`, real to complex has a zero imaginary part). Returns t itself if the types match;
// fails if the new tensor cannot be allocated.
Expected<Tensor> convert_elements(const Tensor& t, const ir::ElementType& to);

// The elements of t with dimension perm[i] of t as dimension i of the result, row-major
// (t itself for the identity permutation); fails if the new tensor cannot be allocated.
Expected<Tensor> permute_dims(const Tensor& t, std::span<const int64_t> perm);

}  // namespace kiln::interp
