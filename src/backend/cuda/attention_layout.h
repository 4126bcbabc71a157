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
  // Where the region's result does not keep the head dim innermost (v·P products: [b, h, d,
  // s]), cuDNN writes desc.o packed [b, h, s, d] and a copy lays it out as the region does,
  // with these strides.
  bool relayout = false;
  std::array<int64_t, 4> result_strides{};
};

// The layout of `op` (a kiln.attention), or an unimplemented error saying why cuDNN cannot
// compute it ("the mask is boolean", "head dim 72", ...). No GPU needed.
Expected<AttentionLayout> attention_layout(const ir::Operation& op);

// Whether fused attention goes to cuDNN: $KILN_CUDNN_ATTENTION=0 keeps every attention and
// attention backward on its region (to compare the two).
bool cudnn_attention_enabled();

// The packed strides of [b, h, s, d] `dims`.
std::array<int64_t, 4> packed_strides(const std::array<int64_t, 4>& dims);

}  // namespace kiln::backend::cuda
