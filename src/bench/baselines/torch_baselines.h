// The torch plugin's kernels: each one's PyTorch eager code over the call's tensors, wrapped
// without copies (torch_plugin.cpp), grouped by family in torch_elementwise.cpp,
// torch_reduce.cpp, torch_norm.cpp, torch_attention.cpp, torch_decode_attention.cpp,
// torch_quant.cpp, torch_gemm.cpp, torch_moe_gemm.cpp and torch_conv2d.cpp. The plugin compiles
// as one translation unit (UNITY_BUILD), since libtorch's headers dominate its build time.
#pragma once

#include <ATen/ATen.h>

#include <functional>
#include <string>
#include <vector>

#include "baseline_plugin.h"

namespace kiln::baselines {

// One call's tensors: the inputs and outputs (device memory owned by the caller), the
// tensors the kernel's setup made once (constants such as RoPE frequencies, scratch), and the
// problem's shape as `kiln bench --shape` gives it (conv2d's stride and padding).
struct TorchArgs {
  std::vector<at::Tensor> in, out;
  std::vector<at::Tensor> prepared;
  std::vector<int64_t> shape;
};

// Runs the kernel on the current stream (the call's), writing the outputs in place.
using TorchOp = std::function<void(TorchArgs& args)>;
// Makes the prepared tensors (not timed); reads only shapes, dtypes and the device of `args`.
using TorchSetup = std::function<std::vector<at::Tensor>(const TorchArgs& args)>;

struct TorchKernel {
  std::string name;
  int inputs = 1, outputs = 1;
  std::string describe;  // what it calls, in PyTorch's Python spelling
  TorchOp op;
  TorchSetup setup;  // may be empty
  unsigned dtypes = kFloatDTypes;
};

std::vector<TorchKernel> torch_elementwise_kernels();
std::vector<TorchKernel> torch_reduce_kernels();
std::vector<TorchKernel> torch_norm_kernels();
std::vector<TorchKernel> torch_attention_kernels();
std::vector<TorchKernel> torch_decode_attention_kernels();
std::vector<TorchKernel> torch_quant_kernels();
std::vector<TorchKernel> torch_gemm_kernels();
std::vector<TorchKernel> torch_moe_kernels();
std::vector<TorchKernel> torch_conv2d_kernels();

// out = result, for the ops that have no out= variant: one extra pass over the output, which
// the time includes (the bench's torch numbers are an upper bound there).
inline void assign(at::Tensor& out, const at::Tensor& result) { out.copy_(result); }

}  // namespace kiln::baselines
