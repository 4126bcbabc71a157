// cuDNN loaded at run time: its function table, tensor descriptors and the three calls.
#include "runtime/cuda/vendor_cudnn.h"

#include <cudnn.h>

#include <climits>
#include <mutex>

#include "runtime/cuda/driver.h"

namespace kiln::cuda {

#define KILN_CUDNN_FUNCTIONS(X)                                                            \
  X(cudnnGetVersion) X(cudnnGetErrorString) X(cudnnCreate) X(cudnnDestroy) X(cudnnSetStream) \
  X(cudnnCreateTensorDescriptor) X(cudnnDestroyTensorDescriptor)                           \
  X(cudnnSetTensorNdDescriptor) X(cudnnSoftmaxForward) X(cudnnCreateActivationDescriptor)  \
  X(cudnnDestroyActivationDescriptor) X(cudnnSetActivationDescriptor)                      \
  X(cudnnSetActivationDescriptorSwishBeta) X(cudnnActivationForward)                       \
  X(cudnnCreateOpTensorDescriptor) X(cudnnDestroyOpTensorDescriptor)                       \
  X(cudnnSetOpTensorDescriptor) X(cudnnOpTensor)

struct Cudnn::Api {
#define KILN_DECLARE(name) decltype(&::name) name = nullptr;
  KILN_CUDNN_FUNCTIONS(KILN_DECLARE)
#undef KILN_DECLARE
};

namespace {

// "cuda::cudnn: <what>: <cuDNN's message>", its kind from the status.
Error dnn_error(const Cudnn::Api& api, cudnnStatus_t s, const char* what) {
  std::string message = std::string("cuda::cudnn: ") + what + ": " + api.cudnnGetErrorString(s);
  switch (s) {
    case CUDNN_STATUS_NOT_INITIALIZED:
      return Error::unavailable(message + "; is there a GPU?");
    case CUDNN_STATUS_ALLOC_FAILED:
      return Error::out_of_memory(message);
    case CUDNN_STATUS_NOT_SUPPORTED:
      return Error::unimplemented(message);
    case CUDNN_STATUS_BAD_PARAM:
      return Error::invalid_argument(message);
    default:
      return Error::internal(message);
  }
}

#define KILN_DNN(api, call, ...)                                       \
  do {                                                                 \
    cudnnStatus_t kiln_dnn_status_ = (api).call(__VA_ARGS__);          \
    if (kiln_dnn_status_ != CUDNN_STATUS_SUCCESS) {                    \
      return dnn_error((api), kiln_dnn_status_, #call);                \
    }                                                                  \
  } while (0)

cudnnDataType_t dnn_data_type(FloatType t) {
  switch (t) {
    case FloatType::kF16:
      return CUDNN_DATA_HALF;
    case FloatType::kBF16:
      return CUDNN_DATA_BFLOAT16;
    case FloatType::kF32:
      break;
  }
  return CUDNN_DATA_FLOAT;
}

}  // namespace

struct CudnnOp::Impl {
  enum class Kind { kSoftmax, kActivation, kTensorOp };
  std::shared_ptr<const Cudnn> owner;  // keeps the library open
  const Cudnn::Api* api = nullptr;
  Kind kind = Kind::kSoftmax;
  cudnnDataType_t type = CUDNN_DATA_FLOAT;
  cudnnHandle_t handle = nullptr;
  cudnnTensorDescriptor_t a = nullptr, b = nullptr;
  cudnnActivationDescriptor_t act = nullptr;
  cudnnOpTensorDescriptor_t op = nullptr;
  float alpha_b = 1.0f;

  ~Impl() {
    if (op != nullptr) api->cudnnDestroyOpTensorDescriptor(op);
    if (act != nullptr) api->cudnnDestroyActivationDescriptor(act);
    if (b != nullptr) api->cudnnDestroyTensorDescriptor(b);
    if (a != nullptr) api->cudnnDestroyTensorDescriptor(a);
    if (handle != nullptr) api->cudnnDestroy(handle);
  }

  // A dense descriptor of `dims`, padded with leading 1s to cuDNN's minimum of 4.
  Status set_tensor(cudnnTensorDescriptor_t& desc, std::vector<int64_t> dims) {
    while (dims.size() < 4) dims.insert(dims.begin(), 1);
    if (dims.size() > CUDNN_DIM_MAX) {
      return Error::invalid_argument("cuda::cudnn: more dimensions than cuDNN has");
    }
    std::vector<int> d(dims.size()), strides(dims.size());
    int64_t stride = 1;
    for (size_t i = dims.size(); i-- > 0;) {
      if (dims[i] > INT_MAX || stride > INT_MAX) {
        return Error::invalid_argument("cuda::cudnn: a tensor too large for cuDNN's int dims");
      }
      d[i] = static_cast<int>(dims[i]);
      strides[i] = static_cast<int>(stride);
      stride *= dims[i] > 0 ? dims[i] : 1;
    }
    KILN_DNN(*api, cudnnCreateTensorDescriptor, &desc);
    KILN_DNN(*api, cudnnSetTensorNdDescriptor, desc, type, static_cast<int>(d.size()), d.data(),
             strides.data());
    return ok_status();
  }
};

CudnnOp::CudnnOp(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
CudnnOp::~CudnnOp() = default;

Status CudnnOp::run(const void* a, const void* b, void* y, CUstream stream) const {
  const Impl& o = *impl_;
  const float one = 1.0f, zero = 0.0f;
  KILN_DNN(*o.api, cudnnSetStream, o.handle, stream);
  switch (o.kind) {
    case Impl::Kind::kSoftmax:
      KILN_DNN(*o.api, cudnnSoftmaxForward, o.handle, CUDNN_SOFTMAX_ACCURATE,
               CUDNN_SOFTMAX_MODE_INSTANCE, &one, o.a, a, &zero, o.a, y);
      break;
    case Impl::Kind::kActivation:
      KILN_DNN(*o.api, cudnnActivationForward, o.handle, o.act, &one, o.a, a, &zero, o.a, y);
      break;
    case Impl::Kind::kTensorOp:
      KILN_DNN(*o.api, cudnnOpTensor, o.handle, o.op, &one, o.a, a, &o.alpha_b, o.b, b, &zero,
               o.a, y);
      break;
  }
  return ok_status();
}

Cudnn::Cudnn(SharedLibrary lib, std::unique_ptr<Api> api)
    : lib_(std::move(lib)), api_(std::move(api)) {}
Cudnn::~Cudnn() = default;

Expected<std::shared_ptr<const Cudnn>> Cudnn::load(const std::vector<std::string>& candidates) {
  KILN_TRY(SharedLibrary lib, SharedLibrary::open("cudnn", "cuDNN", candidates));
  auto api = std::make_unique<Api>();
#define KILN_BIND(name) KILN_CHECK_OK(lib.bind(api->name, #name));
  KILN_CUDNN_FUNCTIONS(KILN_BIND)
#undef KILN_BIND
  return std::shared_ptr<const Cudnn>(new Cudnn(std::move(lib), std::move(api)));
}

Expected<std::shared_ptr<const Cudnn>> Cudnn::shared() {
  static std::once_flag once;
  static Expected<std::shared_ptr<const Cudnn>> loaded = Error::internal("cuda: not loaded");
  std::call_once(once, [] {
    loaded = load(library_candidates("KILN_CUDNN_LIBRARY", {"libcudnn.so.9", "libcudnn.so"}));
  });
  return loaded;
}

std::string Cudnn::version() const {
  size_t v = api_->cudnnGetVersion();  // major * 10000 + minor * 100 + patch since cuDNN 9
  return "cuDNN " + std::to_string(v / 10000) + "." + std::to_string(v % 10000 / 100) + "." +
         std::to_string(v % 100);
}

Expected<std::unique_ptr<CudnnOp::Impl>> Cudnn::start(FloatType type) const {
  // Without a GPU, say so before cuDNN's own failure.
  KILN_CHECK_OK(driver());
  auto impl = std::make_unique<CudnnOp::Impl>();
  impl->owner = shared_from_this();
  impl->api = api_.get();
  impl->type = dnn_data_type(type);
  KILN_DNN(*api_, cudnnCreate, &impl->handle);
  return impl;
}

Expected<std::unique_ptr<CudnnOp>> Cudnn::prepare_softmax(FloatType type, int64_t rows,
                                                          int64_t cols) const {
  KILN_TRY(auto impl, start(type));
  impl->kind = CudnnOp::Impl::Kind::kSoftmax;
  KILN_CHECK_OK(impl->set_tensor(impl->a, {rows, cols, 1, 1}));
  return std::unique_ptr<CudnnOp>(new CudnnOp(std::move(impl)));
}

Expected<std::unique_ptr<CudnnOp>> Cudnn::prepare_activation(
    FloatType type, CudnnActivation mode, double coef, const std::vector<int64_t>& dims) const {
  KILN_TRY(auto impl, start(type));
  impl->kind = CudnnOp::Impl::Kind::kActivation;
  KILN_CHECK_OK(impl->set_tensor(impl->a, dims));
  constexpr cudnnActivationMode_t kModes[] = {
      CUDNN_ACTIVATION_RELU, CUDNN_ACTIVATION_CLIPPED_RELU, CUDNN_ACTIVATION_SIGMOID,
      CUDNN_ACTIVATION_TANH, CUDNN_ACTIVATION_ELU,          CUDNN_ACTIVATION_SWISH};
  const cudnnActivationMode_t m = kModes[static_cast<int>(mode)];
  KILN_DNN(*api_, cudnnCreateActivationDescriptor, &impl->act);
  KILN_DNN(*api_, cudnnSetActivationDescriptor, impl->act, m, CUDNN_PROPAGATE_NAN, coef);
  if (m == CUDNN_ACTIVATION_SWISH) {
    KILN_DNN(*api_, cudnnSetActivationDescriptorSwishBeta, impl->act, coef);
  }
  return std::unique_ptr<CudnnOp>(new CudnnOp(std::move(impl)));
}

Expected<std::unique_ptr<CudnnOp>> Cudnn::prepare_tensor_op(
    FloatType type, CudnnTensorOp op, float alpha_b, const std::vector<int64_t>& a_dims,
    const std::vector<int64_t>& b_dims) const {
  if (a_dims.size() != b_dims.size()) {
    return Error::invalid_argument("cuda::cudnn: a and b of a tensor op differ in rank");
  }
  KILN_TRY(auto impl, start(type));
  impl->kind = CudnnOp::Impl::Kind::kTensorOp;
  impl->alpha_b = alpha_b;
  KILN_CHECK_OK(impl->set_tensor(impl->a, a_dims));
  KILN_CHECK_OK(impl->set_tensor(impl->b, b_dims));
  constexpr cudnnOpTensorOp_t kOps[] = {CUDNN_OP_TENSOR_ADD, CUDNN_OP_TENSOR_MUL,
                                        CUDNN_OP_TENSOR_MAX, CUDNN_OP_TENSOR_MIN};
  KILN_DNN(*api_, cudnnCreateOpTensorDescriptor, &impl->op);
  KILN_DNN(*api_, cudnnSetOpTensorDescriptor, impl->op, kOps[static_cast<int>(op)],
           CUDNN_DATA_FLOAT, CUDNN_PROPAGATE_NAN);
  return std::unique_ptr<CudnnOp>(new CudnnOp(std::move(impl)));
}

}  // namespace kiln::cuda
