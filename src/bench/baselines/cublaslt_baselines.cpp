// cuBLASLt as baselines, through the runtime's service (runtime/cuda/vendor_cublaslt.h):
// gemv (A [M, K] row-major, x [K] -> y [M] = A x), gemv_t (A [M, K], x [M] -> y [K] = A^T x),
// ceiling_gemm (A [M, K], B [K, N] -> C [M, N] = A B, the bench's GEMM ceiling), gemm (the
// same, batched or not), gemm_nt (B [N, K] -> C = A B^T) and the fused gemm_bias (+ bias [N]),
// gemm_bias_gelu (cuBLASLt's GELU_BIAS, the tanh approximation) and gemm_bias_residual (+ bias,
// + R [M, N] as cuBLASLt's C with beta = 1), all with f32 compute and the algorithm cuBLASLt's
// heuristics pick. cuBLASLt is column-major: a
// row-major [M, K] matrix is the column-major [K, M] matrix A^T with leading dimension K.
#include <algorithm>
#include <memory>
#include <string>

#include "cublaslt_call.h"

namespace kiln::baselines {
namespace {

size_t dtype_size(int dtype) { return dtype == KILN_BASELINE_F32 ? 4 : 2; }

// `transposed`: gemv_t. A row-major [M, K] is column-major A^T [K, M] (lda = K): y = A x is
// op = T on it (m = M, k = K), y = A^T x is op = N (m = K, k = M).
Status prepare_gemv(const KilnBaselineCall& call, std::unique_ptr<Baseline>& out, bool transposed) {
  const KilnBaselineTensor& a = call.inputs[0];
  if (a.rank != 2) {
    return Status::error(std::string("cublaslt: ") + call.kernel + " wants A [M, K]");
  }
  const int64_t rows = a.shape[0], cols = a.shape[1];
  cuda::GemmDesc g;
  g.type = cuda::gemm_type(float_type(call.dtype));
  g.transpose_a = !transposed;
  g.m = transposed ? cols : rows;
  g.k = transposed ? rows : cols;
  g.n = 1;
  g.lda = std::max<int64_t>(1, cols);
  g.ldb = std::max<int64_t>(1, g.k);
  g.ldc = std::max<int64_t>(1, g.m);
  auto baseline = std::make_unique<LtCall>();
  Status s = baseline->prepare(g, 0, 1, static_cast<size_t>(g.m) * dtype_size(call.dtype));
  if (s.ok()) out = std::move(baseline);
  return s;
}

// Row-major C = A B is column-major C^T = B^T A^T: cuBLASLt's A is our B and its B is our A
// ([M, K] row-major = column-major [K, M], ld K); m = N, n = M. Our B [K, N] (row-major =
// column-major [N, K], ld N) is cuBLASLt's A as it is; gemm_nt's B [N, K] (column-major
// [K, N], ld K) is cuBLASLt's A transposed. A leading batch dimension of `shape` ([B, M, N, K])
// is a strided batch. Our bias [N] is cuBLASLt's, one per row of its column-major D [N, M];
// our R [M, N] its C, laid out as D.
struct LtEpilogue {
  cuda::GemmEpilogue activation = cuda::GemmEpilogue::kNone;
  bool bias = false, residual = false;
};

Status prepare_gemm(const KilnBaselineCall& call, std::unique_ptr<Baseline>& out, bool nt,
                    LtEpilogue epilogue = {}) {
  if (call.rank != 3 && call.rank != 4) {
    return Status::error(std::string("cublaslt: ") + call.kernel +
                         " wants the shape [M, N, K] or [B, M, N, K]");
  }
  const int o = call.rank - 3;
  const int64_t batches = o == 1 ? call.shape[0] : 1;
  const int64_t m = call.shape[o], n = call.shape[o + 1], k = call.shape[o + 2];
  cuda::GemmDesc g;
  g.type = cuda::gemm_type(float_type(call.dtype));
  g.transpose_a = nt;
  g.m = n;
  g.n = m;
  g.k = k;
  g.lda = std::max<int64_t>(1, nt ? k : n);
  g.ldb = std::max<int64_t>(1, k);
  g.ldc = std::max<int64_t>(1, n);
  g.epilogue = epilogue.activation;
  g.bias = epilogue.bias;
  g.accumulate = epilogue.residual;
  if (batches > 1) {
    g.batch = batches;
    g.stride_a = k * n;
    g.stride_b = m * k;
    g.stride_c = m * n;
    // Each matrix of a batch starts where the one before it ends: as aligned as its size allows.
    const auto bytes = static_cast<int64_t>(dtype_size(call.dtype));
    for (int64_t size : {g.stride_a * bytes, g.stride_b * bytes, g.stride_c * bytes}) {
      while (size % g.alignment != 0) g.alignment /= 2;
    }
  }
  auto baseline = std::make_unique<LtCall>();
  Status s =
      baseline->prepare(g, 1, 0, static_cast<size_t>(batches * m * n) * dtype_size(call.dtype),
                        {.bias = epilogue.bias ? 2 : -1, .residual = epilogue.residual ? 3 : -1});
  if (s.ok()) out = std::move(baseline);
  return s;
}

Prepare gemm(bool nt, LtEpilogue epilogue = {}) {
  return [nt, epilogue](const KilnBaselineCall& call, std::unique_ptr<Baseline>& out) {
    return prepare_gemm(call, out, nt, epilogue);
  };
}

Prepare gemv(bool transposed) {
  return [transposed](const KilnBaselineCall& call, std::unique_ptr<Baseline>& out) {
    return prepare_gemv(call, out, transposed);
  };
}

}  // namespace

std::string cublaslt_version() {
  auto lt = cuda::CublasLt::shared();
  return lt.ok() ? (*lt)->version() : std::string();
}

std::vector<Entry> cublaslt_entries() {
  if (!cuda::CublasLt::shared().ok()) return {};  // no cuBLASLt: its kernels are UNSUPPORTED
  const char* matmul = "cublasLtMatmul";
  return {
      {"gemv", kFloatDTypes, 2, 1, matmul, gemv(false)},
      {"gemv_t", kFloatDTypes, 2, 1, matmul, gemv(true)},
      {"ceiling_gemm", kFloatDTypes, 2, 1, matmul, gemm(false)},
      {"gemm", kHalfDTypes, 2, 1, matmul, gemm(false)},
      {"gemm_nt", kHalfDTypes, 2, 1, matmul, gemm(true)},
      {"gemm_bias", kHalfDTypes, 3, 1, matmul, gemm(false, {cuda::GemmEpilogue::kNone, true})},
      {"gemm_bias_gelu", kHalfDTypes, 3, 1, matmul,
       gemm(false, {cuda::GemmEpilogue::kGeluTanh, true})},
      {"gemm_bias_residual", kHalfDTypes, 4, 1, matmul,
       gemm(false, {cuda::GemmEpilogue::kNone, true, true})},
  };
}

}  // namespace kiln::baselines
