// cuFFT loaded at run time: its function table, plans and their execution.
#include "runtime/cuda/vendor_cufft.h"

#include <cufft.h>

#include <mutex>

#include "runtime/cuda/driver.h"

namespace kiln::cuda {

#define KILN_CUFFT_FUNCTIONS(X)                                                            \
  X(cufftGetVersion) X(cufftCreate) X(cufftDestroy) X(cufftMakePlanMany64) X(cufftSetStream) \
  X(cufftExecC2C) X(cufftExecZ2Z) X(cufftExecR2C) X(cufftExecD2Z) X(cufftExecC2R)         \
  X(cufftExecZ2D)

struct Cufft::Api {
#define KILN_DECLARE(name) decltype(&::name) name = nullptr;
  KILN_CUFFT_FUNCTIONS(KILN_DECLARE)
#undef KILN_DECLARE
};

namespace {

const char* cufft_result_name(cufftResult r) {
  switch (r) {
    case CUFFT_SUCCESS: return "CUFFT_SUCCESS";
    case CUFFT_INVALID_PLAN: return "CUFFT_INVALID_PLAN";
    case CUFFT_ALLOC_FAILED: return "CUFFT_ALLOC_FAILED";
    case CUFFT_INVALID_TYPE: return "CUFFT_INVALID_TYPE";
    case CUFFT_INVALID_VALUE: return "CUFFT_INVALID_VALUE";
    case CUFFT_INTERNAL_ERROR: return "CUFFT_INTERNAL_ERROR";
    case CUFFT_EXEC_FAILED: return "CUFFT_EXEC_FAILED";
    case CUFFT_SETUP_FAILED: return "CUFFT_SETUP_FAILED";
    case CUFFT_INVALID_SIZE: return "CUFFT_INVALID_SIZE";
    case CUFFT_UNALIGNED_DATA: return "CUFFT_UNALIGNED_DATA";
    case CUFFT_INVALID_DEVICE: return "CUFFT_INVALID_DEVICE";
    case CUFFT_NO_WORKSPACE: return "CUFFT_NO_WORKSPACE";
    case CUFFT_NOT_IMPLEMENTED: return "CUFFT_NOT_IMPLEMENTED";
    case CUFFT_NOT_SUPPORTED: return "CUFFT_NOT_SUPPORTED";
    default: return "cufftResult";
  }
}

// "cuda::cufft: <what>: CUFFT_X (n)", its kind from the result.
Error cufft_error(cufftResult r, const char* what) {
  std::string message = std::string("cuda::cufft: ") + what + ": " + cufft_result_name(r) + " (" +
                        std::to_string(static_cast<int>(r)) + ")";
  switch (r) {
    case CUFFT_ALLOC_FAILED:
      return Error::out_of_memory(message);
    case CUFFT_INVALID_DEVICE:
    case CUFFT_SETUP_FAILED:
      return Error::unavailable(message + "; is there a GPU?");
    case CUFFT_INVALID_SIZE:
    case CUFFT_NOT_IMPLEMENTED:
    case CUFFT_NOT_SUPPORTED:
      return Error::unimplemented(message);
    case CUFFT_INVALID_VALUE:
    case CUFFT_INVALID_TYPE:
      return Error::invalid_argument(message);
    default:
      return Error::internal(message);
  }
}

#define KILN_CUFFT(api, call, ...)                                   \
  do {                                                               \
    cufftResult kiln_cufft_result_ = (api).call(__VA_ARGS__);        \
    if (kiln_cufft_result_ != CUFFT_SUCCESS) {                       \
      return cufft_error(kiln_cufft_result_, #call);                 \
    }                                                                \
  } while (0)

cufftType cufft_type(const FftDesc& d) {
  switch (d.type) {
    case FftDesc::Type::kC2C:
      return d.f64 ? CUFFT_Z2Z : CUFFT_C2C;
    case FftDesc::Type::kR2C:
      return d.f64 ? CUFFT_D2Z : CUFFT_R2C;
    case FftDesc::Type::kC2R:
      break;
  }
  return d.f64 ? CUFFT_Z2D : CUFFT_C2R;
}

}  // namespace

struct FftPlan::Impl {
  std::shared_ptr<const Cufft> owner;  // keeps the library open
  const Cufft::Api* api = nullptr;
  cufftHandle handle = 0;
  bool made = false;
  FftDesc desc;

  ~Impl() {
    if (made) api->cufftDestroy(handle);
  }
};

FftPlan::FftPlan(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
FftPlan::~FftPlan() = default;

Status FftPlan::run(const void* in, void* out, CUstream stream) const {
  const Impl& p = *impl_;
  const Cufft::Api& api = *p.api;
  KILN_CUFFT(api, cufftSetStream, p.handle, reinterpret_cast<cudaStream_t>(stream));
  void* src = const_cast<void*>(in);
  const int direction = p.desc.inverse ? CUFFT_INVERSE : CUFFT_FORWARD;
  switch (cufft_type(p.desc)) {
    case CUFFT_C2C:
      KILN_CUFFT(api, cufftExecC2C, p.handle, static_cast<cufftComplex*>(src),
                 static_cast<cufftComplex*>(out), direction);
      break;
    case CUFFT_Z2Z:
      KILN_CUFFT(api, cufftExecZ2Z, p.handle, static_cast<cufftDoubleComplex*>(src),
                 static_cast<cufftDoubleComplex*>(out), direction);
      break;
    case CUFFT_R2C:
      KILN_CUFFT(api, cufftExecR2C, p.handle, static_cast<cufftReal*>(src),
                 static_cast<cufftComplex*>(out));
      break;
    case CUFFT_D2Z:
      KILN_CUFFT(api, cufftExecD2Z, p.handle, static_cast<cufftDoubleReal*>(src),
                 static_cast<cufftDoubleComplex*>(out));
      break;
    case CUFFT_C2R:
      KILN_CUFFT(api, cufftExecC2R, p.handle, static_cast<cufftComplex*>(src),
                 static_cast<cufftReal*>(out));
      break;
    case CUFFT_Z2D:
      KILN_CUFFT(api, cufftExecZ2D, p.handle, static_cast<cufftDoubleComplex*>(src),
                 static_cast<cufftDoubleReal*>(out));
      break;
    default:
      return Error::internal("cuda::cufft: an unknown transform type");
  }
  return ok_status();
}

Cufft::Cufft(SharedLibrary lib, std::unique_ptr<Api> api)
    : lib_(std::move(lib)), api_(std::move(api)) {}
Cufft::~Cufft() = default;

Expected<std::shared_ptr<const Cufft>> Cufft::load(const std::vector<std::string>& candidates) {
  KILN_TRY(SharedLibrary lib, SharedLibrary::open("cufft", "cuFFT", candidates));
  auto api = std::make_unique<Api>();
#define KILN_BIND(name) KILN_CHECK_OK(lib.bind(api->name, #name));
  KILN_CUFFT_FUNCTIONS(KILN_BIND)
#undef KILN_BIND
  return std::shared_ptr<const Cufft>(new Cufft(std::move(lib), std::move(api)));
}

Expected<std::shared_ptr<const Cufft>> Cufft::shared() {
  static std::once_flag once;
  static Expected<std::shared_ptr<const Cufft>> loaded = Error::internal("cuda: not loaded");
  std::call_once(once, [] {
    loaded = load(library_candidates("KILN_CUFFT_LIBRARY",
                                     {"libcufft.so.12", "libcufft.so.11", "libcufft.so"}));
  });
  return loaded;
}

std::string Cufft::version() const {
  int v = 0;
  if (api_->cufftGetVersion(&v) != CUFFT_SUCCESS) return "cuFFT ?";
  return "cuFFT " + std::to_string(v);
}

Expected<std::unique_ptr<FftPlan>> Cufft::plan(const FftDesc& desc) const {
  if (desc.n.empty() || desc.n.size() > 3 || desc.batch < 1) {
    return Error::invalid_argument("cuda::cufft: a transform needs 1 to 3 lengths and a batch");
  }
  for (int64_t n : desc.n) {
    if (n < 1) return Error::invalid_argument("cuda::cufft: a transform length below 1");
  }
  const bool advanced = !desc.inembed.empty();
  if (advanced && (desc.inembed.size() != desc.n.size() || desc.onembed.size() != desc.n.size())) {
    return Error::invalid_argument("cuda::cufft: embeddings need one entry per length");
  }
  // Without a GPU, say so before cuFFT's own failure.
  KILN_CHECK_OK(driver());
  auto impl = std::make_unique<FftPlan::Impl>();
  impl->owner = shared_from_this();
  impl->api = api_.get();
  impl->desc = desc;
  KILN_CUFFT(*api_, cufftCreate, &impl->handle);
  impl->made = true;
  std::vector<long long> n(desc.n.begin(), desc.n.end());
  std::vector<long long> inembed(desc.inembed.begin(), desc.inembed.end());
  std::vector<long long> onembed(desc.onembed.begin(), desc.onembed.end());
  size_t work = 0;
  KILN_CUFFT(*api_, cufftMakePlanMany64, impl->handle, static_cast<int>(n.size()), n.data(),
             advanced ? inembed.data() : nullptr, desc.istride, desc.idist,
             advanced ? onembed.data() : nullptr, desc.ostride, desc.odist, cufft_type(desc),
             desc.batch, &work);
  return std::unique_ptr<FftPlan>(new FftPlan(std::move(impl)));
}

}  // namespace kiln::cuda
