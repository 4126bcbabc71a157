// The torch plugin (libkiln_baselines_torch.so): wraps the call's device pointers as tensors
// (at::from_blob: no copy, no ownership), makes the call's stream PyTorch's current stream and
// runs the kernel's eager code (torch_baselines.h).
#include <ATen/ATen.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>
#include <cuda_runtime_api.h>
#include <torch/version.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "torch_baselines.h"

namespace kiln::baselines {
namespace {

at::ScalarType scalar_type(int dtype) {
  switch (dtype) {
    case KILN_BASELINE_F16:
      return at::kHalf;
    case KILN_BASELINE_BF16:
      return at::kBFloat16;
    case KILN_BASELINE_I32:
      return at::kInt;
    case KILN_BASELINE_U32:
      return at::kUInt32;
    case KILN_BASELINE_I64:
      return at::kLong;
    case KILN_BASELINE_PRED:
      return at::kBool;  // one byte, 0 or 1, as kiln stores pred
    default:
      return at::kFloat;
  }
}

at::Tensor wrap(const KilnBaselineTensor& t, c10::DeviceIndex device) {
  std::vector<int64_t> sizes(t.shape, t.shape + t.rank);
  return at::from_blob(t.data, sizes,
                       at::TensorOptions().dtype(scalar_type(t.dtype)).device(at::kCUDA, device));
}

// One prepared call: the kernel, its prepared tensors, and the wrapped tensors of each set of
// buffers seen (the bench rotates among a few), so that run() wraps nothing it has seen.
class TorchBaseline final : public Baseline {
 public:
  explicit TorchBaseline(std::shared_ptr<const TorchKernel> kernel) : kernel_(std::move(kernel)) {}

  Status prepare(const KilnBaselineCall& call) {
    int device = 0;
    cudaError_t e = cudaGetDevice(&device);
    if (e != cudaSuccess) return Status::error(std::string("torch: ") + cudaGetErrorString(e));
    device_ = static_cast<c10::DeviceIndex>(device);
    return guarded([&] {
      c10::cuda::CUDAStreamGuard guard(stream(call));
      // PyTorch initialises CUDA and its allocator lazily: do it here, untimed.
      at::empty({1}, at::TensorOptions().device(at::kCUDA, device_));
      if (kernel_->setup) prepared_ = kernel_->setup(args_for(call));
      cache_.clear();
    });
  }

  Status run(const KilnBaselineCall& call) override {
    return guarded([&] {
      c10::cuda::CUDAStreamGuard guard(stream(call));
      kernel_->op(args_for(call));
    });
  }

 private:
  static constexpr size_t kMaxCached = 64;

  // Runs `f`, turning libtorch's exceptions into an ERROR without their back-traces.
  template <class F>
  static Status guarded(F&& f) {
    try {
      f();
      return {};
    } catch (const c10::Error& e) {
      return Status::error(std::string("torch: ") + e.what_without_backtrace());
    }
  }

  c10::cuda::CUDAStream stream(const KilnBaselineCall& call) const {
    return c10::cuda::getStreamFromExternal(static_cast<cudaStream_t>(call.stream), device_);
  }

  TorchArgs& args_for(const KilnBaselineCall& call) {
    std::vector<void*> key;
    for (int i = 0; i < call.num_inputs; ++i) key.push_back(call.inputs[i].data);
    for (int i = 0; i < call.num_outputs; ++i) key.push_back(call.outputs[i].data);
    auto it = cache_.find(key);
    if (it != cache_.end()) return it->second;
    if (cache_.size() >= kMaxCached) cache_.clear();
    TorchArgs args;
    for (int i = 0; i < call.num_inputs; ++i) args.in.push_back(wrap(call.inputs[i], device_));
    for (int i = 0; i < call.num_outputs; ++i) args.out.push_back(wrap(call.outputs[i], device_));
    args.prepared = prepared_;
    args.shape.assign(call.shape, call.shape + call.rank);
    return cache_.emplace(std::move(key), std::move(args)).first->second;
  }

  std::shared_ptr<const TorchKernel> kernel_;
  c10::DeviceIndex device_ = 0;
  std::vector<at::Tensor> prepared_;
  std::map<std::vector<void*>, TorchArgs> cache_;
};

Entry entry(TorchKernel k) {
  auto kernel = std::make_shared<const TorchKernel>(std::move(k));
  Prepare prepare = [kernel](const KilnBaselineCall& call, std::unique_ptr<Baseline>& out) {
    auto baseline = std::make_unique<TorchBaseline>(kernel);
    Status s = baseline->prepare(call);
    if (s.ok()) out = std::move(baseline);
    return s;
  };
  return {kernel->name,    kernel->dtypes,   kernel->inputs,
          kernel->outputs, kernel->describe, std::move(prepare)};
}

}  // namespace

const char* plugin_library() { return "torch"; }

std::string plugin_version() {
  int cuda = 0;
  cudaRuntimeGetVersion(&cuda);
  return std::string("torch ") + TORCH_VERSION + " (CUDA " + std::to_string(cuda / 1000) + "." +
         std::to_string(cuda % 1000 / 10) + ")";
}

std::vector<Entry> plugin_entries() {
  std::vector<Entry> entries;
  for (auto* family : {torch_elementwise_kernels, torch_reduce_kernels, torch_norm_kernels,
                       torch_attention_kernels, torch_decode_attention_kernels,
                       torch_quant_kernels, torch_gemm_kernels, torch_moe_kernels,
                       torch_conv2d_kernels}) {
    for (TorchKernel& k : family()) entries.push_back(entry(std::move(k)));
  }
  return entries;
}

}  // namespace kiln::baselines
