// cuBLASLt as the baseline of the weight-only quantized products gemv_w4 and gemv_w8 (shape
// [M, N, K, group]; x [M, K], W's codes, scales, zero points -> y [M, N]): what a user without
// a fused kernel runs, dequantize_weights into a dense W [N, K] of x's type
// (quant_gemv_dequant.cu), then cublasLtMatmul with f32 compute, both timed. Row-major
// y = x W^T is column-major y^T [N, M] = op_T(W as [K, N], ld K) x^T ([K, M], ld K).
#include <memory>
#include <string>

#include "runtime/cuda/vendor_cublaslt.h"
#include "vendor_baselines.h"

namespace kiln::baselines {
namespace {

class DequantLtCall : public Baseline {
 public:
  Status prepare(const KilnBaselineCall& call, int bits) {
    if (call.rank != 4 || call.num_inputs != 4) {
      return Status::error(std::string("cublaslt: ") + call.kernel +
                           " wants the shape [M, N, K, group] and four inputs");
    }
    const int64_t m = call.shape[0], n = call.shape[1], k = call.shape[2];
    q_ = {bits, call.dtype, n, k, call.shape[3]};
    output_bytes_ = static_cast<size_t>(m * n) * 2;
    if (m == 0 || n == 0 || k == 0) return {};  // nothing for cuBLASLt to do
    auto lt = cuda::CublasLt::shared();
    if (!lt.ok()) return from_error(lt.error());
    Status s = weights_.allocate(static_cast<size_t>(n * k) * 2);
    if (!s.ok()) return s;
    // As PyTorch sets one up on Hopper, so that cuBLASLt allocates nothing while timed.
    constexpr size_t kWorkspaceBytes = size_t{32} << 20;
    s = workspace_.allocate(kWorkspaceBytes);
    if (!s.ok()) return s;
    cuda::GemmDesc g;
    g.type = cuda::gemm_type(float_type(call.dtype));
    g.transpose_a = true;
    g.m = n;
    g.n = m;
    g.k = k;
    g.lda = k;
    g.ldb = k;
    g.ldc = n;
    auto gemm = (*lt)->prepare_gemm(g, kWorkspaceBytes);
    if (!gemm.ok()) return from_error(gemm.error());
    gemm_ = std::move(*gemm);
    return {};
  }

  Status run(const KilnBaselineCall& call) override {
    if (output_bytes_ == 0) return {};
    void* y = call.outputs[0].data;
    if (!gemm_) {  // K = 0: the spec's sum over nothing is 0
      return cuda_status(cudaMemsetAsync(y, 0, output_bytes_, stream_of(call)), "cudaMemsetAsync");
    }
    QuantWeights q = q_;
    q.words = call.inputs[1].data;
    q.scales = call.inputs[2].data;
    q.zeros = call.inputs[3].data;
    Status s = dequantize_weights(q, weights_.get(), stream_of(call));
    if (!s.ok()) return s;
    auto r = gemm_->run(weights_.get(), call.inputs[0].data, y, workspace_.get(),
                        static_cast<CUstream>(call.stream));
    return r.ok() ? Status{} : from_error(r.error());
  }

 private:
  QuantWeights q_;
  DeviceBuffer weights_, workspace_;
  std::unique_ptr<cuda::LtGemm> gemm_;
  size_t output_bytes_ = 0;
};

Prepare dequant_gemm(int bits) {
  return [bits](const KilnBaselineCall& call, std::unique_ptr<Baseline>& out) {
    auto baseline = std::make_unique<DequantLtCall>();
    Status s = baseline->prepare(call, bits);
    if (s.ok()) out = std::move(baseline);
    return s;
  };
}

}  // namespace

std::vector<Entry> cublaslt_quant_entries() {
  if (!cuda::CublasLt::shared().ok()) return {};  // no cuBLASLt: UNSUPPORTED
  const char* what = "dequantize kernel + cublasLtMatmul";
  return {
      {"gemv_w4", kHalfDTypes, 4, 1, what, dequant_gemm(4)},
      {"gemv_w8", kHalfDTypes, 4, 1, what, dequant_gemm(8)},
  };
}

}  // namespace kiln::baselines
