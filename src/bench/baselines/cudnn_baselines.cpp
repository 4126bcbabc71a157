// cuDNN's legacy API (cudnn_ops) as baselines: softmax over the last dim of [R, C]
// (cudnnSoftmaxForward, ACCURATE, on an N=R C=C H=W=1 tensor), the activations it has
// (cudnnActivationForward: relu, relu6 as clipped relu, sigmoid, tanh, elu, silu as swish) and
// add/sub/mul/min/max (cudnnOpTensor; sub is a + (-1) b), also with b broadcast. Scales are f32
// and cuDNN computes 16-bit data in f32, as the specs do.
#include <cudnn.h>

#include <climits>
#include <string>
#include <vector>

#include "vendor_baselines.h"

namespace kiln::baselines {
namespace {

Status cudnn_status(cudnnStatus_t s, const char* what) {
  if (s == CUDNN_STATUS_SUCCESS) return {};
  return Status::error(std::string("cudnn: ") + what + ": " + cudnnGetErrorString(s));
}

cudnnDataType_t cudnn_type(int dtype) {
  switch (dtype) {
    case KILN_BASELINE_F16:
      return CUDNN_DATA_HALF;
    case KILN_BASELINE_BF16:
      return CUDNN_DATA_BFLOAT16;
    default:
      return CUDNN_DATA_FLOAT;
  }
}

// A dense tensor descriptor of `dims` (padded with leading 1s to cuDNN's minimum of 4).
class TensorDesc {
 public:
  TensorDesc() = default;
  TensorDesc(const TensorDesc&) = delete;
  TensorDesc& operator=(const TensorDesc&) = delete;
  ~TensorDesc() {
    if (desc_ != nullptr) cudnnDestroyTensorDescriptor(desc_);
  }

  Status set(int dtype, std::vector<int64_t> dims) {
    while (dims.size() < 4) dims.insert(dims.begin(), 1);
    if (dims.size() > CUDNN_DIM_MAX) return Status::error("cudnn: more dimensions than cuDNN has");
    std::vector<int> d(dims.size()), strides(dims.size());
    int64_t stride = 1;
    for (size_t i = dims.size(); i-- > 0;) {
      if (dims[i] > INT_MAX || stride > INT_MAX) {
        return Status::error("cudnn: a tensor too large for cuDNN's int dimensions");
      }
      d[i] = static_cast<int>(dims[i]);
      strides[i] = static_cast<int>(stride);
      stride *= dims[i] > 0 ? dims[i] : 1;
    }
    Status s = cudnn_status(cudnnCreateTensorDescriptor(&desc_), "cudnnCreateTensorDescriptor");
    if (!s.ok()) return s;
    return cudnn_status(
        cudnnSetTensorNdDescriptor(desc_, cudnn_type(dtype), static_cast<int>(d.size()), d.data(),
                                   strides.data()),
        "cudnnSetTensorNdDescriptor");
  }
  cudnnTensorDescriptor_t get() const { return desc_; }

 private:
  cudnnTensorDescriptor_t desc_ = nullptr;
};

// The shape of a tensor as a rows x last-dim matrix: [product of leading dims, last dim].
std::vector<int64_t> as_matrix(const KilnBaselineTensor& t) {
  int64_t last = t.rank > 0 ? t.shape[t.rank - 1] : 1;
  int64_t n = num_elements(t);
  return {last > 0 ? n / last : 0, last};
}

std::vector<int64_t> dims_of(const KilnBaselineTensor& t) {
  return std::vector<int64_t>(t.shape, t.shape + t.rank);
}

// A handle on the call's stream; subclasses add descriptors.
class CudnnCall : public Baseline {
 public:
  ~CudnnCall() override {
    if (handle_ != nullptr) cudnnDestroy(handle_);
  }

  Status create(const KilnBaselineCall& call) {
    Status s = cudnn_status(cudnnCreate(&handle_), "cudnnCreate");
    return s.ok() ? cudnn_status(cudnnSetStream(handle_, stream_of(call)), "cudnnSetStream") : s;
  }

 protected:
  Status set_stream(const KilnBaselineCall& call) {
    return cudnn_status(cudnnSetStream(handle_, stream_of(call)), "cudnnSetStream");
  }

  cudnnHandle_t handle_ = nullptr;
  const float one_ = 1.0f, zero_ = 0.0f;
};

// softmax: x [R, C] -> [R, C], over the last dim; a [R, C, 1, 1] tensor and MODE_INSTANCE.
class Softmax final : public CudnnCall {
 public:
  Status prepare(const KilnBaselineCall& call) {
    std::vector<int64_t> m = as_matrix(call.inputs[0]);
    Status s = create(call);
    return s.ok() ? desc_.set(call.dtype, {m[0], m[1], 1, 1}) : s;
  }

  Status run(const KilnBaselineCall& call) override {
    Status s = set_stream(call);
    if (!s.ok()) return s;
    return cudnn_status(
        cudnnSoftmaxForward(handle_, CUDNN_SOFTMAX_ACCURATE, CUDNN_SOFTMAX_MODE_INSTANCE, &one_,
                            desc_.get(), call.inputs[0].data, &zero_, desc_.get(),
                            call.outputs[0].data),
        "cudnnSoftmaxForward");
  }

 private:
  TensorDesc desc_;
};

// An activation on x of any shape, seen as [rows, last dim].
class Activation final : public CudnnCall {
 public:
  ~Activation() override {
    if (act_ != nullptr) cudnnDestroyActivationDescriptor(act_);
  }

  Status prepare(const KilnBaselineCall& call, cudnnActivationMode_t mode, double coef) {
    Status s = create(call);
    if (s.ok()) s = desc_.set(call.dtype, as_matrix(call.inputs[0]));
    if (s.ok()) {
      s = cudnn_status(cudnnCreateActivationDescriptor(&act_), "cudnnCreateActivationDescriptor");
    }
    if (s.ok()) {
      s = cudnn_status(cudnnSetActivationDescriptor(act_, mode, CUDNN_PROPAGATE_NAN, coef),
                       "cudnnSetActivationDescriptor");
    }
    if (s.ok() && mode == CUDNN_ACTIVATION_SWISH) {
      s = cudnn_status(cudnnSetActivationDescriptorSwishBeta(act_, 1.0),
                       "cudnnSetActivationDescriptorSwishBeta");
    }
    return s;
  }

  Status run(const KilnBaselineCall& call) override {
    Status s = set_stream(call);
    if (!s.ok()) return s;
    return cudnn_status(
        cudnnActivationForward(handle_, act_, &one_, desc_.get(), call.inputs[0].data, &zero_,
                               desc_.get(), call.outputs[0].data),
        "cudnnActivationForward");
  }

 private:
  TensorDesc desc_;
  cudnnActivationDescriptor_t act_ = nullptr;
};

// c = op(a, alpha_b * b). cuDNN broadcasts b (each dimension equal to c's or 1) but not a.
class OpTensor final : public CudnnCall {
 public:
  ~OpTensor() override {
    if (op_ != nullptr) cudnnDestroyOpTensorDescriptor(op_);
  }

  Status prepare(const KilnBaselineCall& call, cudnnOpTensorOp_t op, float alpha_b) {
    const KilnBaselineTensor &a = call.inputs[0], &b = call.inputs[1], &c = call.outputs[0];
    if (a.rank != c.rank || b.rank != c.rank) return Status::unsupported();
    for (int i = 0; i < c.rank; ++i) {
      if (a.shape[i] != c.shape[i]) return Status::unsupported();  // cuDNN broadcasts b only
    }
    alpha_b_ = alpha_b;
    Status s = create(call);
    if (s.ok()) s = a_.set(call.dtype, dims_of(a));
    if (s.ok()) s = b_.set(call.dtype, dims_of(b));
    if (s.ok()) s = cudnn_status(cudnnCreateOpTensorDescriptor(&op_), "cudnnCreateOpTensorDesc");
    if (s.ok()) {
      s = cudnn_status(cudnnSetOpTensorDescriptor(op_, op, CUDNN_DATA_FLOAT, CUDNN_PROPAGATE_NAN),
                       "cudnnSetOpTensorDescriptor");
    }
    return s;
  }

  Status run(const KilnBaselineCall& call) override {
    Status s = set_stream(call);
    if (!s.ok()) return s;
    return cudnn_status(
        cudnnOpTensor(handle_, op_, &one_, a_.get(), call.inputs[0].data, &alpha_b_, b_.get(),
                      call.inputs[1].data, &zero_, a_.get(), call.outputs[0].data),
        "cudnnOpTensor");
  }

 private:
  TensorDesc a_, b_;
  cudnnOpTensorDescriptor_t op_ = nullptr;
  float alpha_b_ = 1.0f;
};

Status prepare_softmax(const KilnBaselineCall& call, std::unique_ptr<Baseline>& out) {
  auto b = std::make_unique<Softmax>();
  Status s = b->prepare(call);
  if (s.ok()) out = std::move(b);
  return s;
}

Prepare activation(cudnnActivationMode_t mode, double coef = 0.0) {
  return [mode, coef](const KilnBaselineCall& call, std::unique_ptr<Baseline>& out) {
    auto b = std::make_unique<Activation>();
    Status s = b->prepare(call, mode, coef);
    if (s.ok()) out = std::move(b);
    return s;
  };
}

Prepare op_tensor(cudnnOpTensorOp_t op, float alpha_b = 1.0f) {
  return [op, alpha_b](const KilnBaselineCall& call, std::unique_ptr<Baseline>& out) {
    auto b = std::make_unique<OpTensor>();
    Status s = b->prepare(call, op, alpha_b);
    if (s.ok()) out = std::move(b);
    return s;
  };
}

}  // namespace

std::string cudnn_version() {
  size_t v = cudnnGetVersion();  // major * 10000 + minor * 100 + patch since cuDNN 9
  return "cuDNN " + std::to_string(v / 10000) + "." + std::to_string(v % 10000 / 100) + "." +
         std::to_string(v % 100);
}

std::vector<Entry> cudnn_entries() {
  const char* act = "cudnnActivationForward";
  const char* op = "cudnnOpTensor";
  std::vector<Entry> entries = {
      {"softmax", kFloatDTypes, 1, 1, "cudnnSoftmaxForward", prepare_softmax},
      {"relu", kFloatDTypes, 1, 1, act, activation(CUDNN_ACTIVATION_RELU)},
      {"relu6", kFloatDTypes, 1, 1, act, activation(CUDNN_ACTIVATION_CLIPPED_RELU, 6.0)},
      {"sigmoid", kFloatDTypes, 1, 1, act, activation(CUDNN_ACTIVATION_SIGMOID)},
      {"tanh", kFloatDTypes, 1, 1, act, activation(CUDNN_ACTIVATION_TANH)},
      {"elu", kFloatDTypes, 1, 1, act, activation(CUDNN_ACTIVATION_ELU, 1.0)},
      {"silu", kFloatDTypes, 1, 1, act, activation(CUDNN_ACTIVATION_SWISH)},
  };
  struct Binary {
    const char* name;
    cudnnOpTensorOp_t op;
    float alpha_b;
  };
  const Binary binaries[] = {{"add", CUDNN_OP_TENSOR_ADD, 1.0f},
                             {"sub", CUDNN_OP_TENSOR_ADD, -1.0f},
                             {"mul", CUDNN_OP_TENSOR_MUL, 1.0f},
                             {"maximum", CUDNN_OP_TENSOR_MAX, 1.0f},
                             {"minimum", CUDNN_OP_TENSOR_MIN, 1.0f}};
  for (const Binary& b : binaries) {
    entries.push_back({b.name, kFloatDTypes, 2, 1, op, op_tensor(b.op, b.alpha_b)});
    entries.push_back(
        {std::string(b.name) + "_bcast", kFloatDTypes, 2, 1, op, op_tensor(b.op, b.alpha_b)});
  }
  return entries;
}

}  // namespace kiln::baselines
