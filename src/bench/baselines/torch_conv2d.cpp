// PyTorch's conv2d as conv2d's baseline, in channels_last: x [N, H, W, C] viewed as NCHW with
// channels-last strides (no copy), JAX's HWIO filter viewed as [K, C, R, S] (PyTorch makes it
// the channels-last copy its cuDNN call needs, each call: timed, as a user holding an HWIO
// filter would pay it), then a copy_ into y [N, P, Q, K] (conv2d has no out= variant). Uneven
// padding (JAX's SAME at stride 2) pads the input first with constant_pad_nd, also timed.
#include <algorithm>
#include <optional>
#include <vector>

#include "torch_baselines.h"

namespace kiln::baselines {
namespace {

// The problem: [N, H, W, C, K, R, S, stride, pad_top, pad_bottom, pad_left, pad_right].
void conv2d_channels_last(TorchArgs& a) {
  const std::vector<int64_t>& s = a.shape;
  at::Tensor x = a.in[0].permute({0, 3, 1, 2});
  const at::Tensor w = a.in[1].permute({3, 2, 0, 1});
  const int64_t ph = std::min(s[8], s[9]), pw = std::min(s[10], s[11]);
  if (s[8] != s[9] || s[10] != s[11]) {
    x = at::constant_pad_nd(x, {s[10] - pw, s[11] - pw, s[8] - ph, s[9] - ph})
            .contiguous(at::MemoryFormat::ChannelsLast);
  }
  // Named vectors: a braced padding could also read as conv2d's padding="same" overload.
  const std::vector<int64_t> stride = {s[7], s[7]}, padding = {ph, pw}, dilation = {1, 1};
  const at::Tensor y = at::conv2d(x, w, std::optional<at::Tensor>(), at::IntArrayRef(stride),
                                  at::IntArrayRef(padding), at::IntArrayRef(dilation), 1);
  at::Tensor out = a.out[0].permute({0, 3, 1, 2});
  assign(out, y);
}

}  // namespace

std::vector<TorchKernel> torch_conv2d_kernels() {
  return {{"conv2d",
           2,
           1,
           "torch.nn.functional.conv2d (channels_last) + copy_",
           conv2d_channels_last,
           {},
           kHalfDTypes}};
}

}  // namespace kiln::baselines
