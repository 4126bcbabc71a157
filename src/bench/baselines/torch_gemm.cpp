// The fused GEMMs' PyTorch eager baselines: the product (torch.matmul, cuBLAS/cuBLASLt) and the
// epilogue as separate kernels, as an eager model runs them. A [B, M, K], B [B, K, N], bias [N],
// R [B, M, N] (the kernels' problems, batched even where B = 1).
#include "torch_baselines.h"

namespace kiln::baselines {

namespace {

// A B + bias, in a new tensor.
at::Tensor product_plus_bias(const TorchArgs& a) {
  return at::matmul(a.in[0], a.in[1]).add_(a.in[2]);
}

}  // namespace

std::vector<TorchKernel> torch_gemm_kernels() {
  return {
      {"gemm_bias",
       3,
       1,
       "torch.matmul(a, b) + bias",
       [](TorchArgs& a) { at::add_out(a.out[0], at::matmul(a.in[0], a.in[1]), a.in[2]); },
       {},
       kHalfDTypes},
      {"gemm_bias_gelu",
       3,
       1,
       "F.gelu(torch.matmul(a, b).add_(bias), approximate='tanh')",
       [](TorchArgs& a) { at::gelu_out(a.out[0], product_plus_bias(a), "tanh"); },
       {},
       kHalfDTypes},
      {"gemm_bias_silu",
       3,
       1,
       "F.silu(torch.matmul(a, b).add_(bias))",
       [](TorchArgs& a) { at::silu_out(a.out[0], product_plus_bias(a)); },
       {},
       kHalfDTypes},
      {"gemm_bias_residual",
       4,
       1,
       "torch.matmul(a, b).add_(bias) + r",
       [](TorchArgs& a) { at::add_out(a.out[0], product_plus_bias(a), a.in[3]); },
       {},
       kHalfDTypes},
  };
}

}  // namespace kiln::baselines
