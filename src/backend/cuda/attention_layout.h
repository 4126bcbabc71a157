// How a kiln.attention composite's region lays out q, k, v, the output and an additive mask in
// memory, as cuDNN's fused attention reads them ([b, h, s, d] dims and strides), or why it is
// not a case cuDNN computes.
#pragma once

#include <string>

#include "ir/operation.h"
#include "runtime/cuda/vendor_cudnn_attention.h"

namespace kiln::backend::cuda {

// The region's values cuDNN reads (block arguments of the region) and the description.
struct AttentionLayout {
  ::kiln::cuda::AttentionDesc desc;
  unsigned q = 0, k = 0, v = 0, bias = 0;  // operand indices of the composite (bias: with one)
};

// The layout of `op` (a kiln.attention), or an unimplemented error saying why cuDNN cannot
// compute it ("the mask is boolean", "head dim 72", ...). No GPU needed.
Expected<AttentionLayout> attention_layout(const ir::Operation& op);

}  // namespace kiln::backend::cuda
