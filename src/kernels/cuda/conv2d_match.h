// conv2d's problem dimensions, and its match of stablehlo.convolution in JAX's NHWC x HWIO ->
// NHWC layout (conv2d.cpp has the kernel's spec).
#pragma once

#include <cstdint>
#include <optional>

#include "ir/operation.h"
#include "kernels/cuda/spec.h"

namespace kiln::kernels {

// The dimensions a conv2d shape names ([N, H, W, C, K, R, S, stride, pad_top, pad_bottom,
// pad_left, pad_right], 12 of them: the caller checks) and the output's P and Q they imply
// (0 where the window is larger than the padded input).
struct Conv2dDims {
  int64_t n, h, w, c, k, r, s, stride, pad_top, pad_bottom, pad_left, pad_right, p, q;
};
Conv2dDims conv2d_dims(const Shape& shape);

// The problem of a stablehlo.convolution that conv2d computes: 16-bit operands and result of
// one element type; dimension numbers [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]; one stride for
// both spatial dimensions; non-negative padding; no input or kernel dilation, no window
// reversal, one feature group and one batch group; static shapes. nullopt otherwise. (The
// precision config is not read: 16-bit products are exact in f32 at every precision.)
std::optional<Problem> conv2d_match(const KernelSpec& spec, const ir::Operation& op);

}  // namespace kiln::kernels
