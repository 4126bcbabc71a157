// cuBLASLt's fp8 GEMM as the baseline of gemm_fp8 and gemm_fp8_f32 (src/kernels/cuda/gemm_fp8.cpp:
// A [M, K] and B [N, K] of e4m3 or e5m2, f32 scales sa and sb, C [M, N] = (A sa) (B sb)^T in
// bf16 or f32), with f32 compute, the scales through CUBLASLT_MATMUL_DESC_A/B_SCALE_POINTER
// and the algorithm cuBLASLt's heuristics pick. cuBLASLt takes fp8 only as "TN": row-major
// C = A B^T is column-major C^T [N, M] = op_T(B as [K, N], ld K) (A as [K, M], ld K), so its
// A is our B (scaled by sb) and its B our A (scaled by sa). Its fp8 kernels want 16-byte
// aligned leading dimensions: K and N not multiples of 16 are UNSUPPORTED, as are the
// per-row scales of gemm_fp8_rowwise (no entry), which Hopper's cuBLASLt does not take.
#include <algorithm>
#include <memory>
#include <string>

#include "cublaslt_call.h"

namespace kiln::baselines {
namespace {

Status prepare_gemm_fp8(const KilnBaselineCall& call, std::unique_ptr<Baseline>& out) {
  if (call.rank != 3 || call.num_inputs != 4) {
    return Status::error(std::string("cublaslt: ") + call.kernel +
                         " wants the shape [M, N, K] and four inputs");
  }
  const int64_t m = call.shape[0], n = call.shape[1], k = call.shape[2];
  if (k % 16 != 0 || n % 16 != 0) return Status::unsupported();
  const int out_dtype = call.outputs[0].dtype;
  cuda::GemmDesc g;
  g.type = call.dtype == KILN_BASELINE_F8E5M2 ? cuda::GemmType::kF8E5M2 : cuda::GemmType::kF8E4M3;
  g.result_type = out_dtype == KILN_BASELINE_F32 ? cuda::GemmType::kF32 : cuda::GemmType::kBF16;
  g.scales = true;
  g.transpose_a = true;
  g.m = n;
  g.n = m;
  g.k = k;
  g.lda = std::max<int64_t>(1, k);
  g.ldb = std::max<int64_t>(1, k);
  g.ldc = std::max<int64_t>(1, n);
  const size_t out_bytes = static_cast<size_t>(m * n) * (out_dtype == KILN_BASELINE_F32 ? 4 : 2);
  auto baseline = std::make_unique<LtCall>();
  Status s = baseline->prepare(g, 1, 0, out_bytes, {.scale_a = 3, .scale_b = 2});
  if (s.ok()) out = std::move(baseline);
  return s;
}

}  // namespace

std::vector<Entry> cublaslt_fp8_entries() {
  if (!cuda::CublasLt::shared().ok()) return {};  // no cuBLASLt: UNSUPPORTED
  const char* matmul = "cublasLtMatmul (fp8, scale pointers)";
  constexpr unsigned kFp8 = dtype_bit(KILN_BASELINE_F8E4M3) | dtype_bit(KILN_BASELINE_F8E5M2);
  return {
      {"gemm_fp8", kFp8, 4, 1, matmul, prepare_gemm_fp8},
      {"gemm_fp8_f32", kFp8, 4, 1, matmul, prepare_gemm_fp8},
  };
}

}  // namespace kiln::baselines
