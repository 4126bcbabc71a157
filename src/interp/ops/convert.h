// Element conversion of whole tensors, as stablehlo.convert does it: the op itself, and the
// conversion of operands to a result's element type that dot_general, convolution and reduce
// share.
#pragma once

#include "interp/tensor.h"

namespace kiln::interp {

// t with every element converted to `to` by stablehlo.convert's rules (convert.cpp); quantized
// types convert their storage values. Returns t itself if the types match; fails if the new
// tensor cannot be allocated.
Expected<Tensor> convert_elements(const Tensor& t, const ir::ElementType& to);

}  // namespace kiln::interp
