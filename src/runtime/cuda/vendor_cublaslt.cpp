// cuBLASLt loaded at run time: its function table, GEMM descriptors and heuristics.
#include "runtime/cuda/vendor_cublaslt.h"

#include <cublasLt.h>

#include <mutex>

#include "runtime/cuda/driver.h"

namespace kiln::cuda {

#define KILN_CUBLASLT_FUNCTIONS(X)                                                       \
  X(cublasLtGetVersion) X(cublasLtGetStatusName) X(cublasLtGetStatusString)             \
  X(cublasLtCreate) X(cublasLtDestroy) X(cublasLtMatmulDescCreate)                      \
  X(cublasLtMatmulDescDestroy) X(cublasLtMatmulDescSetAttribute)                        \
  X(cublasLtMatrixLayoutCreate) X(cublasLtMatrixLayoutDestroy)                          \
  X(cublasLtMatrixLayoutSetAttribute)                                                   \
  X(cublasLtMatmulPreferenceCreate) X(cublasLtMatmulPreferenceDestroy)                  \
  X(cublasLtMatmulPreferenceSetAttribute) X(cublasLtMatmulAlgoGetHeuristic) X(cublasLtMatmul)

struct CublasLt::Api {
#define KILN_DECLARE(name) decltype(&::name) name = nullptr;
  KILN_CUBLASLT_FUNCTIONS(KILN_DECLARE)
#undef KILN_DECLARE
};

namespace {

// "cuda::cublaslt: <what>: CUBLAS_STATUS_X (message)", its kind from the status.
Error lt_error(const CublasLt::Api& api, cublasStatus_t s, const char* what) {
  std::string message = std::string("cuda::cublaslt: ") + what + ": " +
                        api.cublasLtGetStatusName(s) + " (" + api.cublasLtGetStatusString(s) + ")";
  switch (s) {
    case CUBLAS_STATUS_NOT_INITIALIZED:
      return Error::unavailable(message + "; is there a GPU?");
    case CUBLAS_STATUS_ALLOC_FAILED:
      return Error::out_of_memory(message);
    case CUBLAS_STATUS_NOT_SUPPORTED:
    case CUBLAS_STATUS_ARCH_MISMATCH:
      return Error::unimplemented(message);
    case CUBLAS_STATUS_INVALID_VALUE:
      return Error::invalid_argument(message);
    default:
      return Error::internal(message);
  }
}

#define KILN_LT(api, call, ...)                                                   \
  do {                                                                            \
    cublasStatus_t kiln_lt_status_ = (api).call(__VA_ARGS__);                     \
    if (kiln_lt_status_ != CUBLAS_STATUS_SUCCESS) {                               \
      return lt_error((api), kiln_lt_status_, #call);                             \
    }                                                                             \
  } while (0)

cudaDataType_t lt_data_type(FloatType t) {
  switch (t) {
    case FloatType::kF16:
      return CUDA_R_16F;
    case FloatType::kBF16:
      return CUDA_R_16BF;
    case FloatType::kF32:
      break;
  }
  return CUDA_R_32F;
}

}  // namespace

struct LtGemm::Impl {
  std::shared_ptr<const CublasLt> owner;  // keeps the library open
  const CublasLt::Api* api = nullptr;
  cublasLtHandle_t handle = nullptr;
  cublasLtMatmulDesc_t op = nullptr;
  cublasLtMatrixLayout_t a = nullptr, b = nullptr, c = nullptr;
  cublasLtMatmulAlgo_t algo{};
  size_t workspace_bytes = 0;
  uint32_t alignment = 256;  // of every pointer, in bytes (GemmDesc::alignment)

  ~Impl() {
    if (c != nullptr) api->cublasLtMatrixLayoutDestroy(c);
    if (b != nullptr) api->cublasLtMatrixLayoutDestroy(b);
    if (a != nullptr) api->cublasLtMatrixLayoutDestroy(a);
    if (op != nullptr) api->cublasLtMatmulDescDestroy(op);
    if (handle != nullptr) api->cublasLtDestroy(handle);
  }

  Status describe(const GemmDesc& d) {
    KILN_LT(*api, cublasLtCreate, &handle);
    KILN_LT(*api, cublasLtMatmulDescCreate, &op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
    const cublasOperation_t ta = d.transpose_a ? CUBLAS_OP_T : CUBLAS_OP_N;
    const cublasOperation_t tb = d.transpose_b ? CUBLAS_OP_T : CUBLAS_OP_N;
    KILN_LT(*api, cublasLtMatmulDescSetAttribute, op, CUBLASLT_MATMUL_DESC_TRANSA, &ta, sizeof(ta));
    KILN_LT(*api, cublasLtMatmulDescSetAttribute, op, CUBLASLT_MATMUL_DESC_TRANSB, &tb, sizeof(tb));
    alignment = static_cast<uint32_t>(d.alignment);
    const cudaDataType_t t = lt_data_type(d.type);
    // Stored shapes: A is m x k (k x m when transposed), B k x n (n x k), C m x n.
    KILN_LT(*api, cublasLtMatrixLayoutCreate, &a, t, d.transpose_a ? d.k : d.m,
            d.transpose_a ? d.m : d.k, d.lda);
    KILN_LT(*api, cublasLtMatrixLayoutCreate, &b, t, d.transpose_b ? d.n : d.k,
            d.transpose_b ? d.k : d.n, d.ldb);
    KILN_LT(*api, cublasLtMatrixLayoutCreate, &c, lt_data_type(d.result_type.value_or(d.type)),
            d.m, d.n, d.ldc);
    if (d.batch > 1) {
      const int32_t count = static_cast<int32_t>(d.batch);
      const std::pair<cublasLtMatrixLayout_t, int64_t> layouts[] = {
          {a, d.stride_a}, {b, d.stride_b}, {c, d.stride_c}};
      for (const auto& [layout, stride] : layouts) {
        KILN_LT(*api, cublasLtMatrixLayoutSetAttribute, layout, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT,
                &count, sizeof(count));
        KILN_LT(*api, cublasLtMatrixLayoutSetAttribute, layout,
                CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &stride, sizeof(stride));
      }
    }
    return ok_status();
  }

  Status choose_algorithm() {
    cublasLtMatmulPreference_t pref = nullptr;
    KILN_LT(*api, cublasLtMatmulPreferenceCreate, &pref);
    cublasLtMatmulHeuristicResult_t result{};
    int found = 0;
    cublasStatus_t s = api->cublasLtMatmulPreferenceSetAttribute(
        pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &workspace_bytes, sizeof(workspace_bytes));
    for (cublasLtMatmulPreferenceAttributes_t a :
         {CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES,
          CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES}) {
      if (s == CUBLAS_STATUS_SUCCESS) {
        s = api->cublasLtMatmulPreferenceSetAttribute(pref, a, &alignment, sizeof(alignment));
      }
    }
    if (s == CUBLAS_STATUS_SUCCESS) {
      s = api->cublasLtMatmulAlgoGetHeuristic(handle, op, a, b, c, c, pref, 1, &result, &found);
    }
    api->cublasLtMatmulPreferenceDestroy(pref);
    if (s != CUBLAS_STATUS_SUCCESS) return lt_error(*api, s, "cublasLtMatmulAlgoGetHeuristic");
    if (found == 0) {
      return Error::unimplemented("cuda::cublaslt: no algorithm for this product");
    }
    algo = result.algo;
    return ok_status();
  }
};

LtGemm::LtGemm(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
LtGemm::~LtGemm() = default;

Status LtGemm::run(const void* a, const void* b, void* c, void* workspace,
                   CUstream stream) const {
  const float alpha = 1.0f, beta = 0.0f;
  const Impl& g = *impl_;
  KILN_LT(*g.api, cublasLtMatmul, g.handle, g.op, &alpha, a, g.a, b, g.b, &beta, c, g.c, c, g.c,
          &g.algo, workspace, g.workspace_bytes, stream);
  return ok_status();
}

CublasLt::CublasLt(SharedLibrary lib, std::unique_ptr<Api> api)
    : lib_(std::move(lib)), api_(std::move(api)) {}
CublasLt::~CublasLt() = default;

Expected<std::shared_ptr<const CublasLt>> CublasLt::load(
    const std::vector<std::string>& candidates) {
  KILN_TRY(SharedLibrary lib, SharedLibrary::open("cublaslt", "cuBLASLt", candidates));
  auto api = std::make_unique<Api>();
#define KILN_BIND(name) KILN_CHECK_OK(lib.bind(api->name, #name));
  KILN_CUBLASLT_FUNCTIONS(KILN_BIND)
#undef KILN_BIND
  return std::shared_ptr<const CublasLt>(new CublasLt(std::move(lib), std::move(api)));
}

Expected<std::shared_ptr<const CublasLt>> CublasLt::shared() {
  static std::once_flag once;
  static Expected<std::shared_ptr<const CublasLt>> loaded = Error::internal("cuda: not loaded");
  std::call_once(once, [] {
    loaded = load(library_candidates(
        "KILN_CUBLASLT_LIBRARY", {"libcublasLt.so.13", "libcublasLt.so.12", "libcublasLt.so"}));
  });
  return loaded;
}

std::string CublasLt::version() const {
  size_t v = api_->cublasLtGetVersion();  // major * 10000 + minor * 100 + patch
  return "cuBLASLt " + std::to_string(v / 10000) + "." + std::to_string(v % 10000 / 100) + "." +
         std::to_string(v % 100);
}

Expected<std::unique_ptr<LtGemm>> CublasLt::prepare_gemm(const GemmDesc& desc,
                                                         size_t workspace_bytes) const {
  if (desc.m < 1 || desc.n < 1 || desc.k < 1) {
    return Error::invalid_argument("cuda::cublaslt: a product needs m, n and k of at least 1");
  }
  if (desc.result_type && *desc.result_type != desc.type &&
      (*desc.result_type != FloatType::kF32 || desc.type == FloatType::kF32)) {
    return Error::invalid_argument(
        "cuda::cublaslt: a product's result differs from its operands only as f32 from f16 or bf16");
  }
  if (desc.alignment < 1 || desc.alignment > 256 || (desc.alignment & (desc.alignment - 1)) != 0) {
    return Error::invalid_argument("cuda::cublaslt: alignment must be a power of two up to 256");
  }
  // Without a GPU, say so before cuBLASLt's own failure (which leaks what it had allocated).
  KILN_CHECK_OK(driver());
  auto impl = std::make_unique<LtGemm::Impl>();
  impl->owner = shared_from_this();
  impl->api = api_.get();
  impl->workspace_bytes = workspace_bytes;
  KILN_CHECK_OK(impl->describe(desc));
  KILN_CHECK_OK(impl->choose_algorithm());
  return std::unique_ptr<LtGemm>(new LtGemm(std::move(impl)));
}

}  // namespace kiln::cuda
