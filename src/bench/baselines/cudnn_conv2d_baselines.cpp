// cuDNN's convolution forward (conv_fprop through the cuDNN frontend, the runtime's service
// runtime/cuda/vendor_cudnn_convolution.h: cuDNN's heuristics, mode A then fallback, the first
// plan that builds) as conv2d's baseline: x NHWC and y NHWC as the spec lays them out; the filter
// described with the HWIO strides it has where cuDNN takes them, else copied each run into
// cuDNN's channels-last KRSC layout first (conv2d_filter_transpose.cu: the copy is timed, as a
// user holding JAX's HWIO filter would pay it). Padding as the problem gives it, before and
// after (cuDNN may refuse uneven padding: the baseline is then UNSUPPORTED).
#include <cuda.h>

#include <memory>
#include <string>
#include <vector>

#include "runtime/cuda/vendor_cudnn_convolution.h"
#include "vendor_baselines.h"

namespace kiln::baselines {
namespace {

class CudnnConv2dCall final : public Baseline {
 public:
  CudnnConv2dCall(std::unique_ptr<cuda::ConvolutionPlan> plan, Conv2dFilter transpose)
      : plan_(std::move(plan)), transpose_(transpose) {}

  Status prepare() {
    Status s = workspace_.allocate(static_cast<size_t>(plan_->workspace_bytes()));
    if (!s.ok() || transpose_.rows == 0) return s;
    return filter_.allocate(static_cast<size_t>(transpose_.rows * transpose_.cols) * 2);
  }

  Status run(const KilnBaselineCall& call) override {
    const void* w = call.inputs[1].data;
    if (transpose_.rows != 0) {
      Status s = transpose_filter(transpose_, w, filter_.get(), stream_of(call));
      if (!s.ok()) return s;
      w = filter_.get();
    }
    auto s = plan_->run(
        reinterpret_cast<CUdeviceptr>(call.inputs[0].data), reinterpret_cast<CUdeviceptr>(w),
        reinterpret_cast<CUdeviceptr>(call.outputs[0].data),
        reinterpret_cast<CUdeviceptr>(workspace_.get()), static_cast<CUstream>(call.stream));
    return s.ok() ? Status{} : from_error(s.error());
  }

 private:
  std::unique_ptr<cuda::ConvolutionPlan> plan_;
  Conv2dFilter transpose_;  // rows 0: the filter is read as it lies
  DeviceBuffer workspace_, filter_;
};

// The service, made at the first prepare (it needs the GPU's context); kept for the plugin's
// life.
Expected<const cuda::CudnnConvolution*> convolution_service() {
  static std::unique_ptr<cuda::CudnnConvolution> made;
  if (!made) {
    auto created = cuda::CudnnConvolution::create();
    if (!created.ok()) return created.error();
    made = std::move(*created);
  }
  return made.get();
}

// The description of conv2d's problem [N, H, W, C, K, R, S, stride, pads (t, b, l, r)]; the
// filter in HWIO (its strides as it lies) or, with `krsc`, packed channels last.
cuda::ConvolutionDesc conv2d_desc(const KilnBaselineCall& call, bool krsc) {
  const int64_t* s = call.shape;
  const int64_t n = s[0], h = s[1], w = s[2], c = s[3], k = s[4], r = s[5], sw = s[6];
  const int64_t p = call.outputs[0].shape[1], q = call.outputs[0].shape[2];
  cuda::ConvolutionDesc d;
  d.type =
      call.dtype == KILN_BASELINE_F16 ? cuda::ConvolutionType::kF16 : cuda::ConvolutionType::kBF16;
  d.x = {{n, c, h, w}, {h * w * c, 1, w * c, c}};
  d.w = krsc ? cuda::ConvolutionTensor{{k, c, r, sw}, {r * sw * c, 1, sw * c, c}}
             : cuda::ConvolutionTensor{{k, c, r, sw}, {1, k, sw * c * k, c * k}};
  d.y = {{n, k, p, q}, {p * q * k, 1, q * k, k}};
  d.pre_padding = {s[8], s[10]};
  d.post_padding = {s[9], s[11]};
  d.stride = {s[7], s[7]};
  d.dilation = {1, 1};
  return d;
}

Status prepare_conv2d(const KilnBaselineCall& call, std::unique_ptr<Baseline>& out) {
  if (call.rank != 12 || call.num_outputs != 1 || call.outputs[0].rank != 4) {
    return Status::unsupported();
  }
  if (!cuda::convolution_unsupported_reason(conv2d_desc(call, false)).empty()) {
    return Status::unsupported();  // empty tensors, a window past the input
  }
  auto dnn = convolution_service();
  if (!dnn.ok()) return from_error(dnn.error());
  Conv2dFilter transpose;
  auto plan = (*dnn)->prepare(conv2d_desc(call, false));
  if (!plan.ok() && plan.error().kind() == ErrorKind::kUnimplemented) {
    // [R S C, K] -> [K, R S C]: KRSC.
    const int64_t* s = call.shape;
    transpose = {s[5] * s[6] * s[3], s[4]};
    plan = (*dnn)->prepare(conv2d_desc(call, true));
  }
  if (!plan.ok()) {
    return plan.error().kind() == ErrorKind::kUnimplemented ? Status::unsupported()
                                                            : from_error(plan.error());
  }
  auto baseline = std::make_unique<CudnnConv2dCall>(std::move(*plan), transpose);
  Status s = baseline->prepare();
  if (s.ok()) out = std::move(baseline);
  return s;
}

}  // namespace

std::vector<Entry> cudnn_conv2d_entries() {
  return {{"conv2d", kHalfDTypes, 2, 1, "cudnn_frontend conv_fprop (NHWC)", prepare_conv2d}};
}

}  // namespace kiln::baselines
