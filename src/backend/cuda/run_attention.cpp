// AttentionPlans: cuDNN's fused attention for an executable's AttentionSteps.
#include "backend/cuda/run_attention.h"

#include <fmt/format.h>

#include <cstdio>

namespace kiln::backend::cuda {

namespace rt = ::kiln::cuda;

Expected<const rt::AttentionPlan*> AttentionPlans::plan(const AttentionStep& step,
                                                        const rt::Device& device) {
  const std::string key = step.desc.key();
  auto it = plans_.find(key);
  if (it != plans_.end()) return it->second.plan.get();
  if (!tried_) {
    tried_ = true;
    Expected<std::unique_ptr<rt::CudnnAttention>> c = rt::CudnnAttention::create();
    if (c.ok()) {
      cudnn_ = std::move(*c);
    } else {
      unavailable_ = c.error().message();
    }
  }
  Entry& e = plans_[key];
  if (step.desc.pass == rt::AttentionPass::kBackward) {
    // The forward's step ran first (it writes the stats the backward reads): without its plan
    // its region wrote no stats.
    auto fwd = plans_.find(step.desc.forward_of().key());
    if (fwd == plans_.end() || !fwd->second.plan) {
      std::fprintf(stderr, "kiln: %s: its forward is not on cuDNN; running its region\n",
                   step.what.c_str());
      return nullptr;
    }
  }
  if (!cudnn_) {
    std::fprintf(stderr, "kiln: %s: cuDNN unavailable (%s); running its fallback\n",
                 step.what.c_str(), unavailable_.c_str());
    return nullptr;
  }
  Expected<std::unique_ptr<rt::AttentionPlan>> p = cudnn_->prepare(step.desc);
  if (!p.ok()) {
    std::fprintf(stderr, "kiln: %s: %s refuses it (%s); running its fallback\n", step.what.c_str(),
                 cudnn_->version().c_str(), p.error().message().c_str());
    return nullptr;
  }
  if (int64_t bytes = (*p)->workspace_bytes(); bytes > 0) {
    KILN_TRY(e.workspace, rt::Buffer::allocate(device, static_cast<size_t>(bytes)));
  }
  e.plan = std::move(*p);
  return e.plan.get();
}

Status AttentionPlans::run(const AttentionStep& step, const rt::AttentionPlan& plan,
                           const rt::AttentionBuffers& buffers, CUstream stream) const {
  const Entry& e = plans_.at(step.desc.key());
  Status s = plan.run(buffers, e.workspace.ptr(), stream);
  if (!s.ok()) return s.error().with_prefix(step.what + ": ");
  return ok_status();
}

}  // namespace kiln::backend::cuda
