// The run-time side of AttentionStep: cuDNN's handle and the plans of an executable, built at
// the first run and shared by the steps of one description.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>

#include "backend/cuda/program.h"
#include "runtime/cuda/device.h"

namespace kiln::backend::cuda {

// Owned by an executable's device state; used by one thread at a time (its runs are serial).
class AttentionPlans {
 public:
  // The plan of `step`'s description, made at the first call (cuDNN's handle too) with its
  // workspace; null where cuDNN is missing or refuses the description, or (a backward) its
  // forward's description has no plan: the caller runs the step's fallback (said once per
  // description on standard error). Errors: the workspace's allocation.
  Expected<const ::kiln::cuda::AttentionPlan*> plan(const AttentionStep& step,
                                                    const ::kiln::cuda::Device& device);
  // Enqueues `plan` (plan(step)'s) on `stream` over the step's buffers at these addresses.
  Status run(const AttentionStep& step, const ::kiln::cuda::AttentionPlan& plan,
             const ::kiln::cuda::AttentionBuffers& buffers, CUstream stream) const;

 private:
  struct Entry {
    std::unique_ptr<::kiln::cuda::AttentionPlan> plan;  // null: cuDNN refused it
    ::kiln::cuda::Buffer workspace;
  };
  bool tried_ = false;
  std::unique_ptr<::kiln::cuda::CudnnAttention> cudnn_;
  std::string unavailable_;  // why cuDNN did not load
  std::map<std::string, Entry> plans_;  // by AttentionDesc::key()
};

}  // namespace kiln::backend::cuda
