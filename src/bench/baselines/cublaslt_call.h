// One prepared cuBLASLt product as the vendor plugin's baselines run it (cublaslt_baselines.cpp,
// cublaslt_fp8_baselines.cpp): the runtime service's LtGemm with a workspace of its own, and
// which of the call's inputs are cuBLASLt's A, B, the epilogue's bias and C, and (fp8) scales.
#pragma once

#include <memory>
#include <string>

#include "runtime/cuda/vendor_cublaslt.h"
#include "vendor_baselines.h"

namespace kiln::baselines {

// The workspace PyTorch sets up on Hopper (32 MiB), so that cuBLASLt allocates nothing while
// timed. An empty product (m, n or k of 0) prepares nothing: run() writes the zeros the specs'
// sums over nothing give (K = 0) or nothing at all.
// The call's inputs that are the product's optional operands (-1: none): the epilogue's bias
// and C (the residual, beta = 1), and A's and B's scales where `desc.scales`.
struct LtOperands {
  int bias = -1, residual = -1, scale_a = -1, scale_b = -1;
};

class LtCall : public Baseline {
 public:
  // `a`, `b`: the inputs that are cuBLASLt's A and B.
  Status prepare(const cuda::GemmDesc& desc, int a, int b, size_t output_bytes,
                 LtOperands more = {}) {
    a_ = a;
    b_ = b;
    more_ = more;
    output_bytes_ = output_bytes;
    k_ = desc.k;
    if (desc.m == 0 || desc.n == 0 || desc.k == 0) return {};  // nothing for cuBLASLt to do
    auto lt = cuda::CublasLt::shared();
    if (!lt.ok()) return from_error(lt.error());
    constexpr size_t kWorkspaceBytes = size_t{32} << 20;
    Status s = workspace_.allocate(kWorkspaceBytes);
    if (!s.ok()) return s;
    auto gemm = (*lt)->prepare_gemm(desc, kWorkspaceBytes);
    if (!gemm.ok()) return from_error(gemm.error());
    gemm_ = std::move(*gemm);
    return {};
  }

  Status run(const KilnBaselineCall& call) override {
    void* c = call.outputs[0].data;
    if (output_bytes_ == 0) return {};
    // The spec's sum over an empty dimension is 0.
    if (k_ == 0) {
      if (more_.bias >= 0) {
        return Status::error(std::string("cublaslt: ") + call.kernel +
                             ": cuBLASLt has no product over an empty K to apply an epilogue to");
      }
      return cuda_status(cudaMemsetAsync(c, 0, output_bytes_, stream_of(call)), "cudaMemsetAsync");
    }
    cuda::GemmPointers p;
    p.a = call.inputs[a_].data;
    p.b = call.inputs[b_].data;
    p.d = c;
    if (more_.bias >= 0) p.bias = call.inputs[more_.bias].data;
    if (more_.residual >= 0) p.c = call.inputs[more_.residual].data;
    if (more_.scale_a >= 0) p.scale_a = call.inputs[more_.scale_a].data;
    if (more_.scale_b >= 0) p.scale_b = call.inputs[more_.scale_b].data;
    auto s = gemm_->run(p, workspace_.get(), static_cast<CUstream>(call.stream));
    return s.ok() ? Status{} : from_error(s.error());
  }

 private:
  std::unique_ptr<cuda::LtGemm> gemm_;
  DeviceBuffer workspace_;
  int a_ = 0, b_ = 1;
  LtOperands more_;
  int64_t k_ = 0;
  size_t output_bytes_ = 0;
};

}  // namespace kiln::baselines
