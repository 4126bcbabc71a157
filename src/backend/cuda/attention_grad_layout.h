// How a kiln.attention_grad reads as cuDNN's SDPA backward: its forward (the kiln.attention
// whose output is the grad's `o` operand) on cuDNN, q, k, v the forward's, dO laid out as the
// forward's output and dq, dk, dv as q, k and v; or why it is not a case cuDNN computes.
#pragma once

#include "backend/cuda/attention_layout.h"

namespace kiln::backend::cuda {

struct AttentionGradLayout {
  const ir::Operation* forward = nullptr;  // the linked kiln.attention
  ::kiln::cuda::AttentionDesc desc;        // pass kBackward; desc.forward_of() is the forward's
  unsigned q = 0, k = 0, v = 0, d_o = 0, o = 0;  // operand indices of the grad
  unsigned bias = 0;  // the forward's additive mask among the grad's operands (desc.has_bias)
};

// The layout of `op` (a kiln.attention_grad), or an unimplemented error saying why cuDNN
// cannot compute it ("KILN_CUDNN_ATTENTION_BACKWARD=0", "no forward output is linked", "the
// forward is not on cuDNN (...)", "the backward of GQA", ...). No GPU needed. The one place
// that decides: the forward writes row statistics (cudnn_attention_grad_of) exactly where this
// succeeds.
Expected<AttentionGradLayout> attention_grad_layout(const ir::Operation& op);

// The kiln.attention_grad that reads `forward`'s output as its `o` and that cuDNN computes
// (attention_grad_layout), where exactly one does; else null.
const ir::Operation* cudnn_attention_grad_of(const ir::Operation& forward);

}  // namespace kiln::backend::cuda
