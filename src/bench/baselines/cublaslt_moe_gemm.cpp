// cuBLASLt as the baseline of the mixture-of-experts grouped GEMM moe_gemm and moe_gemm_nt
// (shape [E, T, N, K]; X [T, K], W [E, K, N] or [E, N, K], int32 group_sizes [E] -> out
// [T, N]): what a framework without a grouped kernel runs, a loop of one cublasLtMatmul per
// expert over its rows, f32 compute, and a memset of the rows past the groups. The loop needs
// the group sizes on the host: prepare reads them from the device once (not timed), the loop's
// best case (a real layer copies them back and synchronises every step); the bench's rotated
// input sets keep prepare's sizes (about the same work: their sums are all near T).
// Row-major out_e [rows, N] = X_e W_e is column-major out_e^T [N, rows] = W_e^T X_e^T: cuBLASLt's
// A is W_e ([K, N] row-major = column-major [N, K], ld N; moe_gemm_nt's [N, K] = column-major
// [K, N], ld K, transposed), its B is X_e (column-major [K, rows], ld K).
#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "runtime/cuda/vendor_cublaslt.h"
#include "vendor_baselines.h"

namespace kiln::baselines {
namespace {

// The largest power of two (at most 256) that divides `bytes`.
int64_t alignment_of(int64_t bytes) {
  int64_t a = 256;
  while (a > 1 && bytes % a != 0) a /= 2;
  return a;
}

class ExpertLoop : public Baseline {
 public:
  Status prepare(const KilnBaselineCall& call, bool nt) {
    if (call.rank != 4 || call.num_inputs != 3 || call.inputs[2].dtype != KILN_BASELINE_I32) {
      return Status::error(std::string("cublaslt: ") + call.kernel +
                           " wants the shape [E, T, N, K] and int32 group sizes");
    }
    const int64_t e = call.shape[0], t = call.shape[1];
    n_ = call.shape[2];
    k_ = call.shape[3];
    elem_ = call.dtype == KILN_BASELINE_F32 ? 4 : 2;
    std::vector<int32_t> sizes(static_cast<size_t>(e));
    if (e > 0) {
      Status s = cuda_status(cudaMemcpy(sizes.data(), call.inputs[2].data, sizes.size() * 4,
                                        cudaMemcpyDeviceToHost),
                             "cudaMemcpy");
      if (!s.ok()) return s;
    }
    // The groups' rows as the spec reads them: running sums clamped to T, negative sizes 0.
    int64_t start = 0;
    for (int64_t i = 0; i < e; ++i) {
      const int64_t end = std::min(t, start + std::max<int32_t>(sizes[static_cast<size_t>(i)], 0));
      if (end > start) groups_.push_back({i, start, end - start});
      start = end;
    }
    tail_row_ = start;
    tail_bytes_ = static_cast<size_t>((t - start) * n_ * elem_);
    if (n_ == 0 || k_ == 0 || groups_.empty()) {
      // Nothing for cuBLASLt: every row of out is 0.
      tail_row_ = 0;
      tail_bytes_ = static_cast<size_t>(t * n_ * elem_);
      groups_.clear();
      return {};
    }
    auto lt = cuda::CublasLt::shared();
    if (!lt.ok()) return from_error(lt.error());
    constexpr size_t kWorkspaceBytes = size_t{32} << 20;  // as PyTorch sets one up on Hopper
    Status s = workspace_.allocate(kWorkspaceBytes);
    if (!s.ok()) return s;
    for (const Group& g : groups_) {
      cuda::GemmDesc d;
      d.type = cuda::gemm_type(float_type(call.dtype));
      d.transpose_a = nt;
      d.m = n_;
      d.n = g.rows;
      d.k = k_;
      d.lda = nt ? k_ : n_;
      d.ldb = k_;
      d.ldc = n_;
      // Each expert's slices start where the rows before them end.
      d.alignment = std::min({alignment_of(g.expert * n_ * k_ * elem_),
                              alignment_of(g.start * k_ * elem_), alignment_of(g.start * n_ * elem_)});
      const std::string key = cuda::gemm_desc_key(d);
      if (gemms_.count(key) == 0) {
        auto gemm = (*lt)->prepare_gemm(d, kWorkspaceBytes);
        if (!gemm.ok()) return from_error(gemm.error());
        gemms_.emplace(key, std::move(*gemm));
      }
      plans_.push_back(gemms_.at(key).get());
    }
    return {};
  }

  Status run(const KilnBaselineCall& call) override {
    const auto* x = static_cast<const char*>(call.inputs[0].data);
    const auto* w = static_cast<const char*>(call.inputs[1].data);
    auto* out = static_cast<char*>(call.outputs[0].data);
    for (size_t i = 0; i < groups_.size(); ++i) {
      const Group& g = groups_[i];
      auto r = plans_[i]->run(w + g.expert * n_ * k_ * elem_, x + g.start * k_ * elem_,
                              out + g.start * n_ * elem_, workspace_.get(),
                              static_cast<CUstream>(call.stream));
      if (!r.ok()) return from_error(r.error());
    }
    if (tail_bytes_ == 0) return {};
    return cuda_status(cudaMemsetAsync(out + tail_row_ * n_ * elem_, 0, tail_bytes_,
                                       stream_of(call)),
                       "cudaMemsetAsync");
  }

 private:
  struct Group {
    int64_t expert, start, rows;
  };
  std::vector<Group> groups_;
  std::map<std::string, std::unique_ptr<cuda::LtGemm>> gemms_;  // by description
  std::vector<const cuda::LtGemm*> plans_;                      // per group
  DeviceBuffer workspace_;
  int64_t n_ = 0, k_ = 0, elem_ = 2, tail_row_ = 0;
  size_t tail_bytes_ = 0;
};

Prepare expert_loop(bool nt) {
  return [nt](const KilnBaselineCall& call, std::unique_ptr<Baseline>& out) {
    auto baseline = std::make_unique<ExpertLoop>();
    Status s = baseline->prepare(call, nt);
    if (s.ok()) out = std::move(baseline);
    return s;
  };
}

}  // namespace

std::vector<Entry> cublaslt_moe_entries() {
  if (!cuda::CublasLt::shared().ok()) return {};  // no cuBLASLt: UNSUPPORTED
  const char* what = "cublasLtMatmul per expert";
  return {
      {"moe_gemm", kHalfDTypes, 3, 1, what, expert_loop(false)},
      {"moe_gemm_nt", kHalfDTypes, 3, 1, what, expert_loop(true)},
  };
}

}  // namespace kiln::baselines
