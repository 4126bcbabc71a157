// PyTorch eager versions of the mixture-of-experts grouped GEMM moe_gemm and moe_gemm_nt
// (shape [E, T, N, K]; X [T, K], W [E, K, N] or [E, N, K], int32 group_sizes [E] -> out
// [T, N]; rows past the groups 0). bf16 with 16-byte aligned rows (K and N multiples of 8)
// takes torch._grouped_mm (PyTorch 2.8 and later: one launch, the group ends as a device
// cumsum of the sizes clamped to T, no synchronisation), then the rows past the groups zeroed
// through torch.where into out (one extra pass over out, in the time). Other cases take what
// model code without a grouped kernel writes: the sizes copied to the host (a
// synchronisation, in the time), then torch.mm per expert into its rows of out.
#include <torch/version.h>

#include <algorithm>

#include "torch_baselines.h"

namespace kiln::baselines {
namespace {

#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 8)
#define KILN_TORCH_GROUPED_MM 1
#else
#define KILN_TORCH_GROUPED_MM 0
#endif

// Expert e's weights as the [K, N] operand of x_e @ w_e.
at::Tensor moe_expert_weights(const at::Tensor& w, int64_t e, bool nt) {
  return nt ? w.select(0, e).t() : w.select(0, e);
}

void moe_expert_loop(TorchArgs& a, bool nt) {
  const at::Tensor &x = a.in[0], &w = a.in[1];
  at::Tensor& out = a.out[0];
  const int64_t t = x.size(0);
  const at::Tensor sizes = a.in[2].to(at::kCPU);  // synchronises, as .tolist() does
  const int32_t* s = sizes.data_ptr<int32_t>();
  int64_t start = 0;
  for (int64_t e = 0; e < sizes.size(0); ++e) {
    const int64_t end = std::min<int64_t>(t, start + std::max<int32_t>(s[e], 0));
    if (end > start) {
      at::Tensor rows = out.narrow(0, start, end - start);
      at::mm_out(rows, x.narrow(0, start, end - start), moe_expert_weights(w, e, nt));
    }
    start = end;
  }
  if (start < t) out.narrow(0, start, t - start).zero_();
}

#if KILN_TORCH_GROUPED_MM
bool moe_grouped_mm_takes(const TorchArgs& a) {
  const at::Tensor &x = a.in[0], &w = a.in[1];
  const int64_t k = x.size(1), n = a.out[0].size(1);
  return x.scalar_type() == at::kBFloat16 && w.size(0) > 0 && x.size(0) > 0 && k > 0 && n > 0 &&
         k % 8 == 0 && n % 8 == 0;
}

void moe_grouped_mm(TorchArgs& a, bool nt) {
  const at::Tensor &x = a.in[0], &w = a.in[1];
  at::Tensor& out = a.out[0];
  const int64_t t = x.size(0);
  const at::Tensor ends = a.in[2].clamp_min(0).cumsum(0, at::kInt).clamp_max(t);
  const at::Tensor r = at::_grouped_mm(x, nt ? w.transpose(1, 2) : w, ends);
  const at::Tensor inside = at::arange(t, ends.options()).lt(ends.select(0, -1)).unsqueeze(1);
  at::where_out(out, inside, r, at::zeros({}, r.options()));
}
#endif

void moe_gemm_torch(TorchArgs& a, bool nt) {
#if KILN_TORCH_GROUPED_MM
  if (moe_grouped_mm_takes(a)) {
    moe_grouped_mm(a, nt);
    return;
  }
#endif
  moe_expert_loop(a, nt);
}

}  // namespace

std::vector<TorchKernel> torch_moe_kernels() {
#if KILN_TORCH_GROUPED_MM
  const char* what =
      "torch._grouped_mm (bf16, K and N multiples of 8) + torch.where; else sizes to the host "
      "and torch.mm per expert";
#else
  const char* what = "sizes to the host and torch.mm per expert";
#endif
  return {
      {"moe_gemm", 3, 1, what, [](TorchArgs& a) { moe_gemm_torch(a, false); }, {}, kHalfDTypes},
      {"moe_gemm_nt", 3, 1, what, [](TorchArgs& a) { moe_gemm_torch(a, true); }, {}, kHalfDTypes},
  };
}

}  // namespace kiln::baselines
