// The run-time side of ConvolutionStep: cuDNN's handle and the convolution plans of an
// executable, built at the first run and shared by the steps of one description.
#pragma once

#include <map>
#include <memory>
#include <string>

#include "backend/cuda/program.h"
#include "runtime/cuda/device.h"

namespace kiln::backend::cuda {

// Owned by an executable's device state; used by one thread at a time (its runs are serial).
class ConvolutionPlans {
 public:
  // The plan of `step`'s description, made at the first call (cuDNN's handle too) with its
  // workspace; null where cuDNN is missing (said once on standard error) or refuses the
  // description (said once per description): the caller runs the step's fallback. Errors: the
  // workspace's allocation.
  Expected<const ::kiln::cuda::ConvolutionPlan*> plan(const ConvolutionStep& step,
                                                      const ::kiln::cuda::Device& device);
  // Enqueues `plan` (plan(step)'s) on `stream` over the step's buffers at these addresses.
  Status run(const ConvolutionStep& step, const ::kiln::cuda::ConvolutionPlan& plan,
             CUdeviceptr x, CUdeviceptr w, CUdeviceptr y, CUstream stream) const;

 private:
  struct Entry {
    std::unique_ptr<::kiln::cuda::ConvolutionPlan> plan;  // null: cuDNN refused it
    ::kiln::cuda::Buffer workspace;
  };
  bool tried_ = false;
  std::unique_ptr<::kiln::cuda::CudnnConvolution> cudnn_;
  std::string unavailable_;  // why cuDNN did not load
  std::map<std::string, Entry> plans_;  // by ConvolutionDesc::key()
};

}  // namespace kiln::backend::cuda
