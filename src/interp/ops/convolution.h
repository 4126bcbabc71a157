// What stablehlo.convolution's two kernels share: the op's window parameters, the direct loop
// over the spec's definition (every element type) and the im2col + GEMM path.
#pragma once

#include <span>
#include <vector>

#include "interp/tensor.h"
#include "ir/attribute.h"
#include "ir/operation.h"
#include "support/error.h"

namespace kiln::interp {

// The window of a convolution. The vectors hold one value per spatial dimension, in the
// order of dims.input_spatial (which pairs with kernel_spatial and output_spatial).
struct ConvParams {
  ir::ConvDimsAttr dims;
  std::vector<int64_t> stride, pad_lo, lhs_dilation, rhs_dilation, reversal;
  int64_t feature_groups = 1, batch_groups = 1;
};

// The parameters of a stablehlo.convolution or dynamic_conv `op`, the spec's defaults where an
// attribute is absent, with `padding` ((low, high) per spatial dimension) in place of the
// op's padding attribute. The op's attributes must be verified.
ConvParams conv_params(const ir::Operation& op, std::span<const int64_t> padding);

// The convolution of lhs and rhs by `op`'s attributes with `padding` ((low, high) per spatial
// dimension) into `result` (allocated, zero-filled, of the result's type): the operands are
// converted to their accumulation_type (gemm_operands.h: f32 for narrow floats), convolved by
// convolve_gemm when `fast` (else, or where it does not apply, by convolve_direct), and the sums
// rounded once to the result's type. Fails only when a temporary cannot be allocated.
Status convolve_with(const ir::Operation& op, const Tensor& lhs, const Tensor& rhs,
                     std::span<const int64_t> padding, Tensor& result, bool fast);

// The two kernels below compute the spec's convolution of lhs and rhs into `result`, which the
// caller allocates (zero-filled) with the result's shape and element type. lhs and rhs must
// already have the result's element type and shapes that fit `p` and the result (as the
// verifier checks). Both thread internally; neither keeps references after returning.

// The spec's definition, one output element at a time, in the element type's own arithmetic
// (integers wrap, i1 is or-of-ands). Handles every element type but quantized ones.
void convolve_direct(const ConvParams& p, const Tensor& lhs, const Tensor& rhs, Tensor& result);

// im2col + gemm (gemm.h: BLAS for floats and complex numbers, a typed blocked loop for the
// rest): each output row (batch, output position) gathers its window of lhs into a row of a
// matrix that multiplies the kernel as a [window x input features, output features] matrix,
// group by group. The sum order differs from convolve_direct's, so float results agree to
// rounding and others exactly. Returns false, leaving `result` untouched, where it does not
// apply (quantized types; both group counts above 1, which the verifier rejects); fails only
// when a temporary cannot be allocated.
Expected<bool> convolve_gemm(const ConvParams& p, const Tensor& lhs, const Tensor& rhs,
                             Tensor& result);

}  // namespace kiln::interp
