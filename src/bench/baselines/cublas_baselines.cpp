// cuBLAS as baselines: gemv (A [M, K] row-major, x [K] -> y [M] = A x), gemv_t (A [M, K],
// x [M] -> y [K] = A^T x) and ceiling_gemm (A [M, K], B [K, N] -> C [M, N] = A B, the bench's
// GEMM ceiling), all with f32 compute. cuBLAS is column-major: a row-major [M, K] matrix is the
// column-major [K, M] matrix A^T with leading dimension K.
#include <cublas_v2.h>

#include <algorithm>
#include <climits>
#include <string>

#include "vendor_baselines.h"

namespace kiln::baselines {
namespace {

Status cublas_status(cublasStatus_t s, const char* what) {
  if (s == CUBLAS_STATUS_SUCCESS) return {};
  return Status::error(std::string("cublas: ") + what + ": " + cublasGetStatusName(s) + " (" +
                       cublasGetStatusString(s) + ")");
}

cudaDataType_t cuda_type(int dtype) {
  switch (dtype) {
    case KILN_BASELINE_F16:
      return CUDA_R_16F;
    case KILN_BASELINE_BF16:
      return CUDA_R_16BF;
    default:
      return CUDA_R_32F;
  }
}

size_t dtype_size(int dtype) { return dtype == KILN_BASELINE_F32 ? 4 : 2; }

// What one product needs: op(A) is m x k, op(B) k x n, C m x n, all column-major.
struct Gemm {
  cublasOperation_t op_a = CUBLAS_OP_N;
  int m = 0, n = 0, k = 0, lda = 1, ldb = 1, ldc = 1;
  int a = 0, b = 1;  // which inputs are cuBLAS's A and B
};

// A handle on the call's stream with a workspace of its own, as PyTorch sets one up (32 MiB
// on Hopper), so that cuBLAS allocates nothing while timed.
class CublasCall : public Baseline {
 public:
  ~CublasCall() override {
    if (handle_ != nullptr) cublasDestroy(handle_);
  }

  Status prepare(const KilnBaselineCall& call, const Gemm& gemm, size_t output_bytes) {
    gemm_ = gemm;
    dtype_ = call.dtype;
    output_bytes_ = output_bytes;
    constexpr size_t kWorkspaceBytes = size_t{32} << 20;
    Status s = cublas_status(cublasCreate(&handle_), "cublasCreate");
    if (s.ok()) s = workspace_.allocate(kWorkspaceBytes);
    if (s.ok()) {
      s = cublas_status(cublasSetWorkspace(handle_, workspace_.get(), kWorkspaceBytes),
                        "cublasSetWorkspace");
    }
    if (s.ok()) s = cublas_status(cublasSetStream(handle_, stream_of(call)), "cublasSetStream");
    return s;
  }

  Status run(const KilnBaselineCall& call) override {
    Status s = cublas_status(cublasSetStream(handle_, stream_of(call)), "cublasSetStream");
    if (!s.ok()) return s;
    void* c = call.outputs[0].data;
    // cuBLAS returns early on an empty product, leaving C unwritten; the spec's sum is 0.
    if (gemm_.k == 0) {
      return cuda_status(cudaMemsetAsync(c, 0, output_bytes_, stream_of(call)), "cudaMemsetAsync");
    }
    const float alpha = 1.0f, beta = 0.0f;
    const void* a = call.inputs[gemm_.a].data;
    const void* b = call.inputs[gemm_.b].data;
    if (dtype_ == KILN_BASELINE_F32 && gemm_.n == 1) {
      // y = op(A) x: cublasSgemv's m and n are the rows and columns of A before op.
      int rows = gemm_.op_a == CUBLAS_OP_N ? gemm_.m : gemm_.k;
      int cols = gemm_.op_a == CUBLAS_OP_N ? gemm_.k : gemm_.m;
      return cublas_status(
          cublasSgemv(handle_, gemm_.op_a, rows, cols, &alpha, static_cast<const float*>(a),
                      gemm_.lda, static_cast<const float*>(b), 1, &beta, static_cast<float*>(c), 1),
          "cublasSgemv");
    }
    cudaDataType_t t = cuda_type(dtype_);
    return cublas_status(cublasGemmEx(handle_, gemm_.op_a, CUBLAS_OP_N, gemm_.m, gemm_.n, gemm_.k,
                                      &alpha, a, t, gemm_.lda, b, t, gemm_.ldb, &beta, c, t,
                                      gemm_.ldc, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT),
                         "cublasGemmEx");
  }

 private:
  cublasHandle_t handle_ = nullptr;
  DeviceBuffer workspace_;
  Gemm gemm_;
  int dtype_ = KILN_BASELINE_F32;
  size_t output_bytes_ = 0;
};

Status check_dims(const KilnBaselineCall& call, std::initializer_list<int64_t> dims) {
  for (int64_t d : dims) {
    if (d > INT_MAX) {
      return Status::error(std::string("cublas: ") + call.kernel + ": dimension " +
                           std::to_string(d) + " does not fit cuBLAS's int");
    }
  }
  return {};
}

// `transposed`: gemv_t. A row-major [M, K] is column-major A^T [K, M] (lda = K): y = A x is
// op = T on it (m = M, k = K), y = A^T x is op = N (m = K, k = M).
Status prepare_gemv(const KilnBaselineCall& call, std::unique_ptr<Baseline>& out, bool transposed) {
  const KilnBaselineTensor& a = call.inputs[0];
  if (a.rank != 2) return Status::error(std::string("cublas: ") + call.kernel + " wants A [M, K]");
  const int64_t rows = a.shape[0], cols = a.shape[1];
  Status s = check_dims(call, {rows, cols});
  if (!s.ok()) return s;
  Gemm g;
  g.op_a = transposed ? CUBLAS_OP_N : CUBLAS_OP_T;
  g.m = static_cast<int>(transposed ? cols : rows);
  g.k = static_cast<int>(transposed ? rows : cols);
  g.n = 1;
  g.lda = std::max(1, static_cast<int>(cols));
  g.ldb = std::max(1, g.k);
  g.ldc = std::max(1, g.m);
  auto baseline = std::make_unique<CublasCall>();
  s = baseline->prepare(call, g, static_cast<size_t>(g.m) * dtype_size(call.dtype));
  if (s.ok()) out = std::move(baseline);
  return s;
}

// Row-major C = A B is column-major C^T = B^T A^T: cuBLAS's A is our B ([K, N] row-major =
// column-major [N, K], ld N) and its B is our A (ld K); m = N, n = M.
Status prepare_ceiling_gemm(const KilnBaselineCall& call, std::unique_ptr<Baseline>& out) {
  if (call.rank != 3) return Status::error("cublas: ceiling_gemm wants the shape [M, N, K]");
  const int64_t m = call.shape[0], n = call.shape[1], k = call.shape[2];
  Status s = check_dims(call, {m, n, k});
  if (!s.ok()) return s;
  Gemm g;
  g.m = static_cast<int>(n);
  g.n = static_cast<int>(m);
  g.k = static_cast<int>(k);
  g.a = 1;
  g.b = 0;
  g.lda = std::max(1, g.m);
  g.ldb = std::max(1, g.k);
  g.ldc = std::max(1, g.m);
  auto baseline = std::make_unique<CublasCall>();
  s = baseline->prepare(call, g, static_cast<size_t>(m * n) * dtype_size(call.dtype));
  if (s.ok()) out = std::move(baseline);
  return s;
}

Prepare gemv(bool transposed) {
  return [transposed](const KilnBaselineCall& call, std::unique_ptr<Baseline>& out) {
    return prepare_gemv(call, out, transposed);
  };
}

}  // namespace

std::string cublas_version() {
  int major = 0, minor = 0, patch = 0;
  cublasGetProperty(MAJOR_VERSION, &major);
  cublasGetProperty(MINOR_VERSION, &minor);
  cublasGetProperty(PATCH_LEVEL, &patch);
  return "cuBLAS " + std::to_string(major) + "." + std::to_string(minor) + "." +
         std::to_string(patch);
}

std::vector<Entry> cublas_entries() {
  const unsigned f32 = dtype_bit(KILN_BASELINE_F32);
  return {
      {"gemv", f32, 2, 1, "cublasSgemv", gemv(false)},
      {"gemv", kHalfDTypes, 2, 1, "cublasGemmEx", gemv(false)},
      {"gemv_t", f32, 2, 1, "cublasSgemv", gemv(true)},
      {"gemv_t", kHalfDTypes, 2, 1, "cublasGemmEx", gemv(true)},
      {"ceiling_gemm", kFloatDTypes, 2, 1, "cublasGemmEx", prepare_ceiling_gemm},
  };
}

}  // namespace kiln::baselines
