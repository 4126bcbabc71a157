// FftStep at run time: cuFFT plans cached per step, executed on the executable's stream.
#include "backend/cuda/run_fft.h"

namespace kiln::backend::cuda {

namespace rt = ::kiln::cuda;

Status FftPlans::prepare(const FftStep& step) {
  auto& plan = plans_[&step];
  if (plan) return ok_status();
  if (!cufft_) {
    KILN_TRY(cufft_, rt::Cufft::shared());
  }
  Expected<std::unique_ptr<rt::FftPlan>> made = cufft_->plan(step.desc);
  if (!made.ok()) return made.error().with_prefix(step.what + ": ");
  plan = std::move(*made);
  return ok_status();
}

Status FftPlans::run(const FftStep& step,
                     const std::function<CUdeviceptr(const BufferRef&)>& address,
                     CUstream stream) {
  KILN_CHECK_OK(prepare(step));
  const rt::FftPlan& plan = *plans_[&step];
  for (int64_t r = 0; r < step.repeat; ++r) {
    const auto* in = reinterpret_cast<const void*>(address(step.in) +
                                                   static_cast<CUdeviceptr>(r * step.repeat_in));
    auto* out = reinterpret_cast<void*>(address(step.out) +
                                        static_cast<CUdeviceptr>(r * step.repeat_out));
    Status s = plan.run(in, out, stream);
    if (!s.ok()) return s.error().with_prefix(step.what + ": ");
  }
  return ok_status();
}

}  // namespace kiln::backend::cuda
