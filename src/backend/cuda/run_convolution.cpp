// ConvolutionPlans: cuDNN's convolutions for an executable's ConvolutionSteps.
#include "backend/cuda/run_convolution.h"

#include <cstdio>

namespace kiln::backend::cuda {

namespace rt = ::kiln::cuda;

Expected<const rt::ConvolutionPlan*> ConvolutionPlans::plan(const ConvolutionStep& step,
                                                           const rt::Device& device) {
  const std::string key = step.desc.key();
  auto it = plans_.find(key);
  if (it != plans_.end()) return it->second.plan.get();
  Entry& e = plans_[key];
  if (!tried_) {
    tried_ = true;
    Expected<std::unique_ptr<rt::CudnnConvolution>> c = rt::CudnnConvolution::create();
    if (c.ok()) {
      cudnn_ = std::move(*c);
    } else {
      unavailable_ = c.error().message();
      std::fprintf(stderr,
                   "kiln: cuDNN unavailable (%s); convolutions run their elemental kernels\n",
                   unavailable_.c_str());
    }
  }
  if (!cudnn_) return nullptr;
  Expected<std::unique_ptr<rt::ConvolutionPlan>> p = cudnn_->prepare(step.desc);
  if (!p.ok()) {
    std::fprintf(stderr, "kiln: %s: %s refuses it (%s); running its elemental kernel\n",
                 step.what.c_str(), cudnn_->version().c_str(), p.error().message().c_str());
    return nullptr;
  }
  if (int64_t bytes = (*p)->workspace_bytes(); bytes > 0) {
    KILN_TRY(e.workspace, rt::Buffer::allocate(device, static_cast<size_t>(bytes)));
  }
  e.plan = std::move(*p);
  return e.plan.get();
}

Status ConvolutionPlans::run(const ConvolutionStep& step, const rt::ConvolutionPlan& plan,
                             CUdeviceptr x, CUdeviceptr w, CUdeviceptr y, CUstream stream) const {
  const Entry& e = plans_.at(step.desc.key());
  Status s = plan.run(x, w, y, e.workspace.ptr(), stream);
  if (!s.ok()) return s.error().with_prefix(step.what + ": ");
  return ok_status();
}

}  // namespace kiln::backend::cuda
