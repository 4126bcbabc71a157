// What cuDNN's convolution accepts (checked without a GPU or cuDNN) and the plan key.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "runtime/cuda/vendor_cudnn_convolution.h"

namespace kiln::cuda {

namespace {

std::string conv_tensor_text(const ConvolutionTensor& t) {
  return fmt::format("[{}]/[{}]", fmt::join(t.dims, ","), fmt::join(t.strides, ","));
}

}  // namespace

const char* convolution_type_name(ConvolutionType t) {
  switch (t) {
    case ConvolutionType::kF16: return "f16";
    case ConvolutionType::kBF16: return "bf16";
    case ConvolutionType::kF32: return "f32";
    case ConvolutionType::kF64: return "f64";
  }
  return "?";
}

std::string ConvolutionDesc::key() const {
  return fmt::format("{}{} x{} w{} y{} pad [{}]-[{}] stride [{}] dilation [{}]{}",
                     data_grad ? "dgrad " : "", convolution_type_name(type), conv_tensor_text(x),
                     conv_tensor_text(w), conv_tensor_text(y), fmt::join(pre_padding, ","),
                     fmt::join(post_padding, ","), fmt::join(stride, ","),
                     fmt::join(dilation, ","), flip ? " flipped" : "");
}

std::string convolution_unsupported_reason(const ConvolutionDesc& d) {
  const size_t rank = d.x.dims.size();
  if (rank != 4 && rank != 5) {
    return fmt::format("{} spatial dimensions (cuDNN: 2 or 3)", static_cast<int64_t>(rank) - 2);
  }
  const size_t spatial = rank - 2;
  for (const ConvolutionTensor* t : {&d.x, &d.w, &d.y}) {
    if (t->dims.size() != rank || t->strides.size() != rank) return "tensors of different ranks";
  }
  for (const auto* v : {&d.pre_padding, &d.post_padding, &d.stride, &d.dilation}) {
    if (v->size() != spatial) return "window attributes of another rank than the tensors";
  }
  for (const ConvolutionTensor* t : {&d.x, &d.w, &d.y}) {
    for (int64_t n : t->dims) {
      if (n <= 0) return "an empty tensor";
    }
  }
  const int64_t n = d.x.dims[0], c = d.x.dims[1], k = d.w.dims[0], group_c = d.w.dims[1];
  if (d.y.dims[0] != n) return "x and y differ in batch";
  if (d.y.dims[1] != k) return "y's channels are not w's outputs";
  if (c % group_c != 0) return fmt::format("w's {} channels do not divide x's {}", group_c, c);
  const int64_t groups = c / group_c;
  if (k % groups != 0) return fmt::format("{} groups do not divide w's {} outputs", groups, k);
  for (size_t i = 0; i < spatial; ++i) {
    if (d.pre_padding[i] < 0 || d.post_padding[i] < 0) return "negative padding";
    if (d.stride[i] < 1 || d.dilation[i] < 1) return "a stride or dilation below 1";
    const int64_t window = (d.w.dims[2 + i] - 1) * d.dilation[i] + 1;
    const int64_t padded = d.x.dims[2 + i] + d.pre_padding[i] + d.post_padding[i];
    const int64_t out = padded < window ? 0 : (padded - window) / d.stride[i] + 1;
    if (d.y.dims[2 + i] != out) {
      return fmt::format("y's spatial dim {} is {}, the window gives {}", i, d.y.dims[2 + i], out);
    }
  }
  return "";
}

}  // namespace kiln::cuda
