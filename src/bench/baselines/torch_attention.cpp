// PyTorch's scaled_dot_product_attention as flash_attention's baseline: q [B, Hq, Sq, D], k
// and v [B, Hkv, Skv, D] as the spec lays them out, scale 1/sqrt(D), enable_gqa where Hkv <
// Hq, then a copy_ into the output (SDPA has no out= variant). PyTorch's is_causal keeps the
// top-left diagonal, the kernel's causal the bottom-right one: they agree where Sq = Skv, and
// elsewhere the causal baseline passes an explicit bottom-right boolean mask (made once, not
// timed), which steers PyTorch off its flash backend. Which backend PyTorch picks
// (at::_fused_sdp_choice) is printed once per prepared shape to stderr.
#include <cmath>
#include <cstdio>
#include <optional>
#include <vector>

#include "torch_baselines.h"

namespace kiln::baselines {
namespace {

// PyTorch's sdp::SDPBackend, as _fused_sdp_choice returns it.
const char* backend_name(int64_t choice) {
  switch (choice) {
    case 0:
      return "math";
    case 1:
      return "flash_attention";
    case 2:
      return "efficient_attention";
    case 3:
      return "cudnn_attention";
    case 4:
      return "overrideable";
    default:
      return "error (no backend)";
  }
}

// The bottom-right causal mask where Sq != Skv (key j kept for query i where j <= i + Skv -
// Sq), as a [Sq, Skv] boolean tensor; none where the two agree (is_causal serves).
std::vector<at::Tensor> causal_setup(const TorchArgs& a) {
  const int64_t sq = a.in[0].size(2), skv = a.in[1].size(2);
  if (sq == skv) return {};
  auto opts = at::TensorOptions().device(a.in[0].device());
  at::Tensor i = at::arange(sq, opts.dtype(at::kLong)).unsqueeze(1);
  at::Tensor j = at::arange(skv, opts.dtype(at::kLong)).unsqueeze(0);
  return {at::le(j, i + (skv - sq))};
}

void attention(TorchArgs& a, bool causal) {
  const at::Tensor &q = a.in[0], &k = a.in[1], &v = a.in[2];
  const double scale = 1.0 / std::sqrt(static_cast<double>(q.size(3)));
  const bool gqa = k.size(1) != q.size(1);
  std::optional<at::Tensor> mask;
  if (causal && !a.prepared.empty()) mask = a.prepared[0];
  const bool is_causal = causal && !mask;
  static thread_local std::vector<int64_t> reported;
  std::vector<int64_t> key = q.sizes().vec();
  key.insert(key.end(), {k.size(1), k.size(2), causal ? 1 : 0});
  if (reported != key) {
    reported = key;
    const int64_t choice = at::_fused_sdp_choice(q, k, v, mask, 0.0, is_causal, scale, gqa);
    std::fprintf(stderr, "torch: scaled_dot_product_attention picks %s\n", backend_name(choice));
  }
  assign(a.out[0], at::scaled_dot_product_attention(q, k, v, mask, 0.0, is_causal, scale, gqa));
}

}  // namespace

std::vector<TorchKernel> torch_attention_kernels() {
  const char* sdpa = "torch.nn.functional.scaled_dot_product_attention + copy_";
  return {
      {"flash_attention", 3, 1, sdpa, [](TorchArgs& a) { attention(a, false); }, {}, kHalfDTypes},
      {"flash_attention_causal", 3, 1, sdpa, [](TorchArgs& a) { attention(a, true); }, causal_setup,
       kHalfDTypes},
  };
}

}  // namespace kiln::baselines
