// PyTorch eager versions of the decode attention kernels: scaled_dot_product_attention over
// the contiguous cache (GQA by enable_gqa where PyTorch has it, else K and V repeated per
// query head), and for the paged cache the pages gathered through the block table into a
// contiguous cache first (index_select), the keys past each sequence's length masked, which is
// what model code without a paged kernel does; the gather is in the time. PyTorch picks the
// SDPA backend (flash, memory-efficient, cuDNN or math) by its own rules.
#include <torch/version.h>

#include "torch_baselines.h"

namespace kiln::baselines {
namespace {

// scaled_dot_product_attention's enable_gqa came in PyTorch 2.5.
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 5)
#define KILN_TORCH_SDPA_GQA 1
#else
#define KILN_TORCH_SDPA_GQA 0
#endif

// softmax(q k^T / sqrt(D)) v for q [B, Hq, Sq, D], k and v [B, Hkv, S, D], into out; keys
// where `mask` (when given) is false are dropped.
void sdpa_into(at::Tensor& out, const at::Tensor& q, at::Tensor k, at::Tensor v,
               const at::Tensor* mask) {
  const int64_t group = q.size(1) / k.size(1);
  const c10::optional<at::Tensor> m =
      mask ? c10::optional<at::Tensor>(*mask) : c10::optional<at::Tensor>();
#if KILN_TORCH_SDPA_GQA
  assign(out, at::scaled_dot_product_attention(q, k, v, m, 0.0, false, c10::optional<double>(),
                                               /*enable_gqa=*/group > 1));
#else
  if (group > 1) {
    k = k.repeat_interleave(group, 1);
    v = v.repeat_interleave(group, 1);
  }
  assign(out, at::scaled_dot_product_attention(q, k, v, m, 0.0, false));
#endif
}

// Pages [P, Hkv, page_size, D] through table [B, max_pages] into [B, Hkv, max_pages *
// page_size, D].
at::Tensor gather_pages(const at::Tensor& pages, const at::Tensor& table) {
  const int64_t b = table.size(0), n = table.size(1);
  at::Tensor g = pages.index_select(0, table.reshape({-1}).to(at::kLong));
  g = g.view({b, n, pages.size(1), pages.size(2), pages.size(3)}).permute({0, 2, 1, 3, 4});
  return g.reshape({b, pages.size(1), n * pages.size(2), pages.size(3)});
}

std::vector<TorchKernel> decode_attention_kernels() {
  return {
      {"decode_attention",
       3,
       1,
       "torch.nn.functional.scaled_dot_product_attention(enable_gqa=True) + copy_",
       [](TorchArgs& a) { sdpa_into(a.out[0], a.in[0], a.in[1], a.in[2], nullptr); },
       {},
       kHalfDTypes},
      {"decode_attention_paged",
       5,
       1,
       "index_select of the pages + scaled_dot_product_attention(mask = keys below each "
       "length, enable_gqa=True) + copy_",
       [](TorchArgs& a) {
         at::Tensor k = gather_pages(a.in[1], a.in[3]), v = gather_pages(a.in[2], a.in[3]);
         at::Tensor pos = at::arange(k.size(2), a.in[4].options());
         at::Tensor mask = pos.view({1, 1, 1, -1}) < a.in[4].view({-1, 1, 1, 1});
         sdpa_into(a.out[0], a.in[0], k, v, &mask);
       },
       {},
       kHalfDTypes},
  };
}

}  // namespace

std::vector<TorchKernel> torch_decode_attention_kernels() { return decode_attention_kernels(); }

}  // namespace kiln::baselines
