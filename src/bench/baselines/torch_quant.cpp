// PyTorch eager versions of the weight-only quantized products gemv_w4 and gemv_w8 (shape
// [M, N, K, group]; x [M, K], W's codes as ui32 words, scales, zero points -> y [M, N]; the
// layout in src/kernels/cuda/quant_gemv.cpp): the dequantization model code writes without a
// fused kernel, torch ops in the activation type, then torch.matmul into y.
#include "torch_baselines.h"

namespace kiln::baselines {
namespace {

// The codes [N, K] as uint8: the words' bytes in memory order, each byte one 8-bit code or
// two 4-bit codes, the low nibble first.
at::Tensor quant_codes(const at::Tensor& words, int bits) {
  at::Tensor bytes = words.view(at::kByte);  // [N, K / 2] or [N, K]
  if (bits == 8) return bytes;
  at::Tensor low = at::bitwise_and(bytes, 15), high = at::bitwise_right_shift(bytes, 4);
  return at::stack({low, high}, -1).reshape({bytes.size(0), 2 * bytes.size(1)});
}

void quant_dequant_matmul(TorchArgs& a, int bits) {
  const at::Tensor &x = a.in[0], &scales = a.in[2], &zeros = a.in[3];
  at::Tensor& y = a.out[0];
  const int64_t n = scales.size(0), k = x.size(1), groups = scales.size(1);
  if (k == 0) {  // the spec's sum over nothing
    y.zero_();
    return;
  }
  at::Tensor q = quant_codes(a.in[1], bits).to(x.scalar_type()).view({n, groups, k / groups});
  at::Tensor w = ((q - zeros.unsqueeze(-1)) * scales.unsqueeze(-1)).reshape({n, k});
  at::matmul_out(y, x, w.t());
}

}  // namespace

std::vector<TorchKernel> torch_quant_kernels() {
  const char* what =
      "bitwise_and/bitwise_right_shift unpack, (q - zeros) * scales in the dtype, torch.matmul";
  return {
      {"gemv_w4", 4, 1, what, [](TorchArgs& a) { quant_dequant_matmul(a, 4); }, {}, kHalfDTypes},
      {"gemv_w8", 4, 1, what, [](TorchArgs& a) { quant_dequant_matmul(a, 8); }, {}, kHalfDTypes},
  };
}

}  // namespace kiln::baselines
