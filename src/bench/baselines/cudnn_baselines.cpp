// cuDNN's legacy API as baselines, through the runtime's service (runtime/cuda/vendor_cudnn.h):
// softmax over the last dim of [R, C] (cudnnSoftmaxForward, ACCURATE, on an N=R C=C H=W=1
// tensor), the activations it has (cudnnActivationForward: relu, relu6 as clipped relu,
// sigmoid, tanh, elu, silu as swish with beta 1) and add/sub/mul/min/max (cudnnOpTensor; sub is
// a + (-1) b), also with b broadcast. Scales are f32 and cuDNN computes 16-bit data in f32, as
// the specs do.
#include <memory>
#include <string>
#include <vector>

#include "runtime/cuda/vendor_cudnn.h"
#include "vendor_baselines.h"

namespace kiln::baselines {
namespace {

// The shape of a tensor as a rows x last-dim matrix: [product of leading dims, last dim].
std::vector<int64_t> as_matrix(const KilnBaselineTensor& t) {
  int64_t last = t.rank > 0 ? t.shape[t.rank - 1] : 1;
  int64_t n = num_elements(t);
  return {last > 0 ? n / last : 0, last};
}

std::vector<int64_t> dims_of(const KilnBaselineTensor& t) {
  return std::vector<int64_t>(t.shape, t.shape + t.rank);
}

// One prepared cuDNN call; `binary`: it reads inputs[1] too.
class CudnnCall final : public Baseline {
 public:
  CudnnCall(std::unique_ptr<cuda::CudnnOp> op, bool binary) : op_(std::move(op)), binary_(binary) {}

  Status run(const KilnBaselineCall& call) override {
    auto s = op_->run(call.inputs[0].data, binary_ ? call.inputs[1].data : nullptr,
                      call.outputs[0].data, static_cast<CUstream>(call.stream));
    return s.ok() ? Status{} : from_error(s.error());
  }

 private:
  std::unique_ptr<cuda::CudnnOp> op_;
  bool binary_;
};

// Wraps what a service's prepare returned.
Status wrap(Expected<std::unique_ptr<cuda::CudnnOp>> op, bool binary,
            std::unique_ptr<Baseline>& out) {
  if (!op.ok()) return from_error(op.error());
  out = std::make_unique<CudnnCall>(std::move(*op), binary);
  return {};
}

const cuda::Cudnn& cudnn() { return *cuda::Cudnn::shared().value(); }

Status prepare_softmax(const KilnBaselineCall& call, std::unique_ptr<Baseline>& out) {
  std::vector<int64_t> m = as_matrix(call.inputs[0]);
  return wrap(cudnn().prepare_softmax(float_type(call.dtype), m[0], m[1]), false, out);
}

Prepare activation(cuda::CudnnActivation mode, double coef = 0.0) {
  return [mode, coef](const KilnBaselineCall& call, std::unique_ptr<Baseline>& out) {
    return wrap(cudnn().prepare_activation(float_type(call.dtype), mode, coef,
                                           as_matrix(call.inputs[0])),
                false, out);
  };
}

// cuDNN broadcasts b (each dimension equal to c's or 1) but not a.
Prepare op_tensor(cuda::CudnnTensorOp op, float alpha_b = 1.0f) {
  return [op, alpha_b](const KilnBaselineCall& call, std::unique_ptr<Baseline>& out) {
    const KilnBaselineTensor &a = call.inputs[0], &b = call.inputs[1], &c = call.outputs[0];
    if (a.rank != c.rank || b.rank != c.rank) return Status::unsupported();
    for (int i = 0; i < c.rank; ++i) {
      if (a.shape[i] != c.shape[i]) return Status::unsupported();
    }
    return wrap(cudnn().prepare_tensor_op(float_type(call.dtype), op, alpha_b, dims_of(a),
                                          dims_of(b)),
                true, out);
  };
}

}  // namespace

std::string cudnn_version() {
  auto dnn = cuda::Cudnn::shared();
  return dnn.ok() ? (*dnn)->version() : std::string();
}

std::vector<Entry> cudnn_entries() {
  if (!cuda::Cudnn::shared().ok()) return {};  // no cuDNN: its kernels are UNSUPPORTED
  using cuda::CudnnActivation;
  using cuda::CudnnTensorOp;
  const char* act = "cudnnActivationForward";
  const char* op = "cudnnOpTensor";
  std::vector<Entry> entries = {
      {"softmax", kFloatDTypes, 1, 1, "cudnnSoftmaxForward", prepare_softmax},
      {"relu", kFloatDTypes, 1, 1, act, activation(CudnnActivation::kRelu)},
      {"relu6", kFloatDTypes, 1, 1, act, activation(CudnnActivation::kClippedRelu, 6.0)},
      {"sigmoid", kFloatDTypes, 1, 1, act, activation(CudnnActivation::kSigmoid)},
      {"tanh", kFloatDTypes, 1, 1, act, activation(CudnnActivation::kTanh)},
      {"elu", kFloatDTypes, 1, 1, act, activation(CudnnActivation::kElu, 1.0)},
      {"silu", kFloatDTypes, 1, 1, act, activation(CudnnActivation::kSwish, 1.0)},
  };
  struct Binary {
    const char* name;
    CudnnTensorOp op;
    float alpha_b;
  };
  const Binary binaries[] = {{"add", CudnnTensorOp::kAdd, 1.0f},
                             {"sub", CudnnTensorOp::kAdd, -1.0f},
                             {"mul", CudnnTensorOp::kMul, 1.0f},
                             {"maximum", CudnnTensorOp::kMax, 1.0f},
                             {"minimum", CudnnTensorOp::kMin, 1.0f}};
  for (const Binary& b : binaries) {
    entries.push_back({b.name, kFloatDTypes, 2, 1, op, op_tensor(b.op, b.alpha_b)});
    entries.push_back(
        {std::string(b.name) + "_bcast", kFloatDTypes, 2, 1, op, op_tensor(b.op, b.alpha_b)});
  }
  return entries;
}

}  // namespace kiln::baselines
