// cuBLASLt loaded at run time: its function table, GEMM descriptors and heuristics.
#include "runtime/cuda/vendor_cublaslt.h"

#include <cublasLt.h>
#include <fmt/format.h>

#include <complex>
#include <cstring>
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

cudaDataType_t lt_data_type(GemmType t) {
  switch (t) {
    case GemmType::kF16: return CUDA_R_16F;
    case GemmType::kBF16: return CUDA_R_16BF;
    case GemmType::kF32: return CUDA_R_32F;
    case GemmType::kF64: return CUDA_R_64F;
    case GemmType::kC64: return CUDA_C_32F;
    case GemmType::kC128: return CUDA_C_64F;
    case GemmType::kI8: return CUDA_R_8I;
    case GemmType::kI32: return CUDA_R_32I;
    case GemmType::kF8E4M3: return CUDA_R_8F_E4M3;
    case GemmType::kF8E5M2: return CUDA_R_8F_E5M2;
  }
  return CUDA_R_32F;
}

bool is_f8(GemmType t) { return t == GemmType::kF8E4M3 || t == GemmType::kF8E5M2; }
bool is_16_or_32(GemmType t) {
  return t == GemmType::kF32 || t == GemmType::kF16 || t == GemmType::kBF16;
}

// The compute type and the type of alpha and beta (and the scale's bytes), from A's type.
struct Compute {
  cublasComputeType_t compute;
  cudaDataType_t scale;
};
Compute compute_of(GemmType a) {
  switch (a) {
    case GemmType::kF64: return {CUBLAS_COMPUTE_64F, CUDA_R_64F};
    case GemmType::kC64: return {CUBLAS_COMPUTE_32F, CUDA_C_32F};
    case GemmType::kC128: return {CUBLAS_COMPUTE_64F, CUDA_C_64F};
    case GemmType::kI8:
    case GemmType::kI32: return {CUBLAS_COMPUTE_32I, CUDA_R_32I};
    default: return {CUBLAS_COMPUTE_32F, CUDA_R_32F};
  }
}

// alpha = `one` and beta = `one` or 0 in the scale type's representation.
void scale_bytes(cudaDataType_t scale, bool one, unsigned char (&out)[16]) {
  std::memset(out, 0, sizeof out);
  if (!one) return;
  switch (scale) {
    case CUDA_R_64F:
    case CUDA_C_64F: {
      const double v = 1.0;
      std::memcpy(out, &v, sizeof v);
      break;
    }
    case CUDA_R_32I: {
      const int32_t v = 1;
      std::memcpy(out, &v, sizeof v);
      break;
    }
    default: {  // CUDA_R_32F, CUDA_C_32F: the real part first
      const float v = 1.0f;
      std::memcpy(out, &v, sizeof v);
    }
  }
}

uint64_t fingerprint_of(const cublasLtMatmulAlgo_t& algo) {
  uint64_t h = 1469598103934665603ull;  // FNV-1a over the opaque bytes
  const auto* p = reinterpret_cast<const unsigned char*>(&algo);
  for (size_t i = 0; i < sizeof algo; ++i) h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

}  // namespace

const char* gemm_type_name(GemmType t) {
  switch (t) {
    case GemmType::kF32: return "f32";
    case GemmType::kF16: return "f16";
    case GemmType::kBF16: return "bf16";
    case GemmType::kF64: return "f64";
    case GemmType::kC64: return "c64";
    case GemmType::kC128: return "c128";
    case GemmType::kI8: return "i8";
    case GemmType::kI32: return "i32";
    case GemmType::kF8E4M3: return "f8e4m3";
    case GemmType::kF8E5M2: return "f8e5m2";
  }
  return "?";
}

std::string gemm_desc_key(const GemmDesc& d) {
  const char* epilogue = d.epilogue == GemmEpilogue::kRelu       ? "relu"
                         : d.epilogue == GemmEpilogue::kGeluTanh ? "gelu_tanh"
                                                                 : "none";
  return fmt::format(
      "{}>{} {}{} m={} n={} k={} lda={} ldb={} ldc={} align={} batch={} strides={},{},{} "
      "epilogue={} bias={} accumulate={}{}",
      gemm_type_name(d.type), gemm_type_name(d.result_type.value_or(d.type)),
      d.transpose_a ? 'T' : 'N', d.transpose_b ? 'T' : 'N', d.m, d.n, d.k, d.lda, d.ldb, d.ldc,
      d.alignment, d.batch, d.stride_a, d.stride_b, d.stride_c, epilogue, d.bias ? 1 : 0,
      d.accumulate ? 1 : 0, d.scales ? " scales=1" : "");
}

Status check_gemm_desc(const GemmDesc& d) {
  auto bad = [&](const std::string& why) {
    return Error::invalid_argument("cuda::cublaslt: " + why + " (" + gemm_desc_key(d) + ")");
  };
  if (d.m < 1 || d.n < 1 || d.k < 1) return bad("a product needs m, n and k of at least 1");
  if (d.alignment < 1 || d.alignment > 256 || (d.alignment & (d.alignment - 1)) != 0) {
    return bad("alignment must be a power of two up to 256");
  }
  const GemmType r = d.result_type.value_or(d.type);
  bool mix_ok = r == d.type;
  if (d.type == GemmType::kF16 || d.type == GemmType::kBF16) mix_ok = mix_ok || r == GemmType::kF32;
  if (d.type == GemmType::kI8) mix_ok = r == GemmType::kI32;
  if (d.type == GemmType::kI32) mix_ok = false;
  if (is_f8(d.type)) mix_ok = is_16_or_32(r);
  if (!mix_ok) {
    return bad(fmt::format("no product of {} operands into {} results", gemm_type_name(d.type),
                           gemm_type_name(r)));
  }
  const bool has_epilogue = d.epilogue != GemmEpilogue::kNone || d.bias;
  if (has_epilogue && !(is_16_or_32(d.type) && is_16_or_32(r))) {
    return bad("epilogues are for f32, f16 and bf16 products only");
  }
  if (d.accumulate && (d.epilogue != GemmEpilogue::kNone || d.type == GemmType::kI8 || is_f8(d.type))) {
    return bad("C is added only without an activation, to float or complex products");
  }
  if (d.scales && !is_f8(d.type)) return bad("scale pointers are for fp8 operands only");
  return ok_status();
}

struct LtGemm::Impl {
  std::shared_ptr<const CublasLt> owner;  // keeps the library open
  const CublasLt::Api* api = nullptr;
  cublasLtHandle_t handle = nullptr;
  cublasLtMatmulDesc_t op = nullptr;
  cublasLtMatrixLayout_t a = nullptr, b = nullptr, c = nullptr, out = nullptr;  // out: D's
  std::vector<cublasLtMatmulAlgo_t> algos;  // the heuristics' candidates, best first
  int chosen = 0;
  size_t workspace_bytes = 0;
  uint32_t alignment = 256;  // of every pointer, in bytes (GemmDesc::alignment)
  bool bias = false, accumulate = false, scales = false;
  unsigned char one[16], zero[16];  // alpha, and beta without C, in the scale type

  ~Impl() {
    if (out != nullptr) api->cublasLtMatrixLayoutDestroy(out);
    if (c != nullptr) api->cublasLtMatrixLayoutDestroy(c);
    if (b != nullptr) api->cublasLtMatrixLayoutDestroy(b);
    if (a != nullptr) api->cublasLtMatrixLayoutDestroy(a);
    if (op != nullptr) api->cublasLtMatmulDescDestroy(op);
    if (handle != nullptr) api->cublasLtDestroy(handle);
  }

  Status describe(const GemmDesc& d) {
    KILN_LT(*api, cublasLtCreate, &handle);
    const Compute compute = compute_of(d.type);
    scale_bytes(compute.scale, true, one);
    scale_bytes(compute.scale, false, zero);
    KILN_LT(*api, cublasLtMatmulDescCreate, &op, compute.compute, compute.scale);
    const cublasOperation_t ta = d.transpose_a ? CUBLAS_OP_T : CUBLAS_OP_N;
    const cublasOperation_t tb = d.transpose_b ? CUBLAS_OP_T : CUBLAS_OP_N;
    KILN_LT(*api, cublasLtMatmulDescSetAttribute, op, CUBLASLT_MATMUL_DESC_TRANSA, &ta, sizeof(ta));
    KILN_LT(*api, cublasLtMatmulDescSetAttribute, op, CUBLASLT_MATMUL_DESC_TRANSB, &tb, sizeof(tb));
    alignment = static_cast<uint32_t>(d.alignment);
    KILN_CHECK_OK(describe_epilogue(d));
    const cudaDataType_t t = lt_data_type(d.type);
    // Stored shapes: A is m x k (k x m when transposed), B k x n (n x k), C m x n.
    KILN_LT(*api, cublasLtMatrixLayoutCreate, &a, t, d.transpose_a ? d.k : d.m,
            d.transpose_a ? d.m : d.k, d.lda);
    KILN_LT(*api, cublasLtMatrixLayoutCreate, &b, t, d.transpose_b ? d.n : d.k,
            d.transpose_b ? d.k : d.n, d.ldb);
    const cudaDataType_t rt = lt_data_type(d.result_type.value_or(d.type));
    KILN_LT(*api, cublasLtMatrixLayoutCreate, &c, rt, d.m, d.n, d.ldc);
    KILN_LT(*api, cublasLtMatrixLayoutCreate, &out, rt, d.m, d.n, d.ldc);
    if (d.batch > 1) {
      const int32_t count = static_cast<int32_t>(d.batch);
      const std::pair<cublasLtMatrixLayout_t, int64_t> layouts[] = {
          {a, d.stride_a}, {b, d.stride_b}, {c, d.stride_c}, {out, d.stride_c}};
      for (const auto& [layout, stride] : layouts) {
        KILN_LT(*api, cublasLtMatrixLayoutSetAttribute, layout, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT,
                &count, sizeof(count));
        KILN_LT(*api, cublasLtMatrixLayoutSetAttribute, layout,
                CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &stride, sizeof(stride));
      }
    }
    return ok_status();
  }

  // The epilogue, and a stand-in bias pointer of the promised alignment: the heuristics read
  // its value for the alignment only; run() sets the real one.
  Status describe_epilogue(const GemmDesc& d) {
    bias = d.bias;
    accumulate = d.accumulate;
    scales = d.scales;
    uint32_t e = CUBLASLT_EPILOGUE_DEFAULT;
    if (d.epilogue == GemmEpilogue::kRelu) e = d.bias ? CUBLASLT_EPILOGUE_RELU_BIAS : CUBLASLT_EPILOGUE_RELU;
    if (d.epilogue == GemmEpilogue::kGeluTanh) {
      e = d.bias ? CUBLASLT_EPILOGUE_GELU_BIAS : CUBLASLT_EPILOGUE_GELU;
    }
    if (d.epilogue == GemmEpilogue::kNone && d.bias) e = CUBLASLT_EPILOGUE_BIAS;
    if (e == CUBLASLT_EPILOGUE_DEFAULT) return ok_status();
    KILN_LT(*api, cublasLtMatmulDescSetAttribute, op, CUBLASLT_MATMUL_DESC_EPILOGUE, &e, sizeof(e));
    if (d.bias) {
      const int32_t bias_type = lt_data_type(d.result_type.value_or(d.type));
      KILN_LT(*api, cublasLtMatmulDescSetAttribute, op, CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE,
              &bias_type, sizeof(bias_type));
      const void* stand_in = reinterpret_cast<const void*>(static_cast<uintptr_t>(d.alignment));
      KILN_LT(*api, cublasLtMatmulDescSetAttribute, op, CUBLASLT_MATMUL_DESC_BIAS_POINTER,
              &stand_in, sizeof(stand_in));
    }
    return ok_status();
  }

  Status choose_algorithm(int candidates) {
    cublasLtMatmulPreference_t pref = nullptr;
    KILN_LT(*api, cublasLtMatmulPreferenceCreate, &pref);
    std::vector<cublasLtMatmulHeuristicResult_t> results(static_cast<size_t>(std::max(1, candidates)));
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
      s = api->cublasLtMatmulAlgoGetHeuristic(handle, op, a, b, c, out, pref,
                                              static_cast<int>(results.size()), results.data(),
                                              &found);
    }
    api->cublasLtMatmulPreferenceDestroy(pref);
    if (s != CUBLAS_STATUS_SUCCESS) return lt_error(*api, s, "cublasLtMatmulAlgoGetHeuristic");
    if (found == 0) {
      return Error::unimplemented("cuda::cublaslt: no algorithm for this product");
    }
    for (int i = 0; i < found; ++i) {
      if (results[static_cast<size_t>(i)].state == CUBLAS_STATUS_SUCCESS) {
        algos.push_back(results[static_cast<size_t>(i)].algo);
      }
    }
    if (algos.empty()) return Error::unimplemented("cuda::cublaslt: no algorithm for this product");
    return ok_status();
  }
};

LtGemm::LtGemm(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
LtGemm::~LtGemm() = default;

Status LtGemm::run(const void* a, const void* b, void* c, void* workspace,
                   CUstream stream) const {
  return run(GemmPointers{a, b, c, nullptr, nullptr}, workspace, stream);
}

Status LtGemm::run(const GemmPointers& p, void* workspace, CUstream stream) const {
  const Impl& g = *impl_;
  if ((g.bias && p.bias == nullptr) || (g.accumulate && p.c == nullptr) ||
      (g.scales && (p.scale_a == nullptr || p.scale_b == nullptr))) {
    return Error::invalid_argument(
        "cuda::cublaslt: this product needs its bias, C and scale pointers");
  }
  if (g.scales) {
    KILN_LT(*g.api, cublasLtMatmulDescSetAttribute, g.op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER,
            &p.scale_a, sizeof(p.scale_a));
    KILN_LT(*g.api, cublasLtMatmulDescSetAttribute, g.op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER,
            &p.scale_b, sizeof(p.scale_b));
  }
  if (g.bias) {
    KILN_LT(*g.api, cublasLtMatmulDescSetAttribute, g.op, CUBLASLT_MATMUL_DESC_BIAS_POINTER,
            &p.bias, sizeof(p.bias));
  }
  const void* c = g.accumulate ? p.c : p.d;
  KILN_LT(*g.api, cublasLtMatmul, g.handle, g.op, g.one, p.a, g.a, p.b, g.b,
          g.accumulate ? g.one : g.zero, c, g.c, p.d, g.out, &g.algos[static_cast<size_t>(g.chosen)],
          workspace, g.workspace_bytes, stream);
  return ok_status();
}

int LtGemm::algorithm_count() const { return static_cast<int>(impl_->algos.size()); }
int LtGemm::algorithm() const { return impl_->chosen; }

Status LtGemm::use_algorithm(int i) {
  if (i < 0 || i >= algorithm_count()) {
    return Error::invalid_argument(fmt::format("cuda::cublaslt: no candidate algorithm {} of {}", i,
                                               algorithm_count()));
  }
  impl_->chosen = i;
  return ok_status();
}

uint64_t LtGemm::algorithm_fingerprint(int i) const {
  if (i < 0 || i >= algorithm_count()) return 0;
  return fingerprint_of(impl_->algos[static_cast<size_t>(i)]);
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
                                                         size_t workspace_bytes,
                                                         int candidates) const {
  KILN_CHECK_OK(check_gemm_desc(desc));
  // Without a GPU, say so before cuBLASLt's own failure (which leaks what it had allocated).
  KILN_CHECK_OK(driver());
  auto impl = std::make_unique<LtGemm::Impl>();
  impl->owner = shared_from_this();
  impl->api = api_.get();
  impl->workspace_bytes = workspace_bytes;
  KILN_CHECK_OK(impl->describe(desc));
  KILN_CHECK_OK(impl->choose_algorithm(candidates));
  return std::unique_ptr<LtGemm>(new LtGemm(std::move(impl)));
}

}  // namespace kiln::cuda
