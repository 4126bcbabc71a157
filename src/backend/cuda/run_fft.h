// The run-time side of FftStep: cuFFT plans made at a step's first run and kept for the
// executable's life, then each run enqueued on the executable's stream.
#pragma once

#include <cuda.h>

#include <functional>
#include <map>
#include <memory>

#include "backend/cuda/program.h"
#include "runtime/cuda/vendor_cufft.h"

namespace kiln::backend::cuda {

// The plans of one executable's FFT steps. Not thread-safe: the executable serialises runs.
class FftPlans {
 public:
  // Makes the plan of `step` unless it has one (loading cuFFT the first time). Errors: cuFFT's.
  Status prepare(const FftStep& step);
  // Enqueues `step` on `stream`; `address` maps a BufferRef to its device address. Errors:
  // cuFFT's, prefixed with the step's op.
  Status run(const FftStep& step, const std::function<CUdeviceptr(const BufferRef&)>& address,
             CUstream stream);

 private:
  std::shared_ptr<const ::kiln::cuda::Cufft> cufft_;
  std::map<const FftStep*, std::unique_ptr<::kiln::cuda::FftPlan>> plans_;
};

}  // namespace kiln::backend::cuda
