// How a stablehlo.convolution lays out its input, kernel and result in memory as cuDNN's
// convolution or its data gradient reads them (ConvolutionDesc: [n, c, spatial...] dims and
// strides), or why it is not a case cuDNN computes.
#pragma once

#include <cstdint>
#include <vector>

#include "ir/operation.h"
#include "runtime/cuda/vendor_cudnn_convolution.h"

namespace kiln::backend::cuda {

// cuDNN's description of a convolution, and how the op's values lie against it. The
// description's tensors are packed in one layout family: channels last (x [n, spatial..., c],
// w [k, spatial..., c], y [n, spatial..., k] in memory) where the input keeps its features
// innermost, else channels first ([n, c, spatial...]). A value that lies so (dims of size 1 may
// lie anywhere) is read or written in place; one that does not is copied: the operand into a
// packed scratch before cuDNN runs, the result out of one after. cuDNN pads symmetrically
// (its engines take equal pre and post padding, as its legacy API): where a dimension's low and
// high padding differ, cuDNN pads both sides by the smaller and the input is copied into a
// scratch with the rest of the padding as zeros (`lhs_pad_before`, and as much after).
struct ConvolutionLayout {
  ::kiln::cuda::ConvolutionDesc desc;
  bool channels_last = false;
  // The lhs's dims in cuDNN's order (its tensor's, desc.x or for a data gradient desc.y, less
  // the explicit padding), and the element strides of the lhs, rhs and result as the op's
  // values lie, in the order of their cuDNN tensors' dims.
  std::vector<int64_t> lhs_dims, lhs_strides, rhs_strides, result_strides;
  // Zeros before the lhs in each of desc.x's dims (0 for n and c) in its padded copy.
  std::vector<int64_t> lhs_pad_before;
  bool copy_lhs = false, copy_rhs = false, copy_result = false;
  // Where cuDNN's sum may differ from the spec's. The spec multiplies the zeros of the lhs's
  // padding and of its dilation (a transposed convolution's holes) into the kernel; cuDNN skips
  // those products (the zeros of the padding it applies itself: those of the lhs's padded copy
  // are data it multiplies). They are zeros unless the kernel value they meet is inf or NaN
  // (0 * inf is NaN), so cuDNN's result is the spec's wherever the rhs is finite. (Kernel
  // dilation is a window dilation in the spec: the lhs elements between the taps are not read,
  // so nothing to guard; the GPU suite confirmed the interpreter gives no NaN there.)
  bool needs_finite_rhs = false;
};

// The layout of `op` (a verified stablehlo.convolution), or an unimplemented error saying why
// cuDNN does not compute it here ("batch_group_count 2 (a weight gradient ...)", "element
// types i32", "an empty tensor", ...). A transposed convolution (lhs_dilation) is described as
// the conv_dgrad it is (desc.data_grad: the op's lhs is desc.y, its result desc.x). One spatial
// dimension is given to cuDNN as two, the second of size 1. No GPU needed.
Expected<ConvolutionLayout> convolution_layout(const ir::Operation& op);

// Whether $KILN_CUDNN_CONVOLUTION is not "0" (set to 0, every convolution keeps its elemental
// kernel: to compare the two).
bool cudnn_convolutions_enabled();

// Whether $KILN_CUDNN_FINITE_GUARD is not "0". Set to 0, convolutions on cuDNN get no finite
// guard (needs_finite_rhs): cuDNN's result even where the kernel holds inf or NaN, as XLA:GPU
// gives, one check and one conditional less per padded or transposed convolution.
bool cudnn_finite_guard_enabled();

// Whether `op` is a convolution that the cuda backend gives to cuDNN: its layout is one
// (above) and cudnn_convolutions_enabled(). Such an op is lowered on its own, never
// inside a generated kernel.
bool convolution_uses_cudnn(const ir::Operation& op);

}  // namespace kiln::backend::cuda
