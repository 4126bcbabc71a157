// PyTorch eager versions of the normalisations and rotary embeddings, as model code writes
// them: torch.nn.functional.rms_norm / layer_norm (fused kernels with f32 statistics, then a
// copy_ into the output, since they have no out= variant), vLLM's add-then-norm order for
// rms_norm_residual, and Hugging Face's rotate-half RoPE in the model's dtype.
#include <cmath>

#include "torch_baselines.h"

namespace kiln::baselines {
namespace {

constexpr double kRmsEps = 1e-6;
constexpr double kLayerNormEps = 1e-5;

std::vector<TorchKernel> norm_kernels() {
  return {
      {"rms_norm", 2, 1, "torch.nn.functional.rms_norm + copy_",
       [](TorchArgs& a) {
         const at::Tensor& x = a.in[0];
         assign(a.out[0], at::rms_norm(x, {x.size(-1)}, a.in[1], kRmsEps));
       }},
      // out = rms_norm(x + residual) * weight, residual_out = x + residual (rounded to the
      // dtype first, as vLLM's fused_add_rms_norm and eager model code both do).
      {"rms_norm_residual", 3, 2, "torch.add + torch.nn.functional.rms_norm + copy_",
       [](TorchArgs& a) {
         at::Tensor& sum = a.out[1];
         at::add_out(sum, a.in[0], a.in[1]);
         assign(a.out[0], at::rms_norm(sum, {sum.size(-1)}, a.in[2], kRmsEps));
       }},
      {"rms_norm_gated", 3, 1,
       "torch.nn.functional.rms_norm(x * torch.nn.functional.silu(z)) + copy_",
       [](TorchArgs& a) {
         at::Tensor gated = at::mul(a.in[0], at::silu(a.in[1]));
         assign(a.out[0], at::rms_norm(gated, {gated.size(-1)}, a.in[2], kRmsEps));
       }},
      {"layer_norm", 3, 1, "torch.nn.functional.layer_norm + copy_",
       [](TorchArgs& a) {
         const at::Tensor& x = a.in[0];
         assign(a.out[0], at::layer_norm(x, {x.size(-1)}, a.in[1], a.in[2], kLayerNormEps));
       }},
  };
}

// inv_freq[k] for k < D/2 in the spec's f32 operations (rope.cpp): exp((2k / D) * f32(-ln
// theta)), then Llama 3.1's scaling. exp is rounded from double, as the reference interpreter
// computes it: one ulp of inv_freq moves an angle of 8192 rad by 5e-4. Model code computes the
// frequencies once at load time; so does setup.
std::vector<float> inverse_frequencies(int64_t dim, double theta, bool llama3) {
  const float neg_log = static_cast<float>(-std::log(theta));
  std::vector<float> inv(static_cast<size_t>(dim / 2));
  for (size_t k = 0; k < inv.size(); ++k) {
    float e = (2.0f * static_cast<float>(k)) / static_cast<float>(dim);
    float f = static_cast<float>(std::exp(static_cast<double>(e * neg_log)));
    if (llama3) {
      const float wavelen = 6.283185482025146484375f / f;  // 2 pi in f32
      const float smooth = (8192.0f / wavelen - 1.0f) / 3.0f;
      const float mid = (1.0f - smooth) * f / 8.0f + smooth * f;
      f = wavelen > 8192.0f ? f / 8.0f : (wavelen < 2048.0f ? f : mid);
    }
    inv[k] = f;
  }
  return inv;
}

TorchSetup rope_setup(double theta, bool llama3) {
  return [theta, llama3](const TorchArgs& a) -> std::vector<at::Tensor> {
    std::vector<float> inv = inverse_frequencies(a.in[0].size(3), theta, llama3);
    at::Tensor host = at::from_blob(inv.data(), {static_cast<int64_t>(inv.size())}, at::kFloat);
    return {host.to(a.in[0].device())};
  };
}

// Hugging Face's LlamaRotaryEmbedding + apply_rotary_pos_emb (unsqueeze_dim=2 for the
// [B, S, H, D] layout): cos and sin of cat(freqs, freqs) in the model's dtype, then
// x * cos + rotate_half(x) * sin.
void rope(TorchArgs& a) {
  const at::Tensor& x = a.in[0];
  const int64_t seq = x.size(1), dim = x.size(3), half = dim / 2;
  at::Tensor freqs = at::outer(a.in[1].to(at::kFloat), a.prepared[0]);
  at::Tensor emb = at::cat({freqs, freqs}, -1);
  at::Tensor cos = emb.cos().to(x.scalar_type()).view({1, seq, 1, dim});
  at::Tensor sin = emb.sin().to(x.scalar_type()).view({1, seq, 1, dim});
  at::Tensor rotated = at::cat({-x.narrow(-1, half, half), x.narrow(-1, 0, half)}, -1);
  at::add_out(a.out[0], x * cos, rotated * sin);
}

}  // namespace

std::vector<TorchKernel> torch_norm_kernels() {
  std::vector<TorchKernel> kernels = norm_kernels();
  const char* hf = "Hugging Face rotate-half RoPE (cos/sin, cat, mul, add)";
  kernels.push_back({"rope", 2, 1, hf, rope, rope_setup(10000.0, false)});
  kernels.push_back({"rope_llama3", 2, 1, hf, rope, rope_setup(500000.0, true)});
  return kernels;
}

}  // namespace kiln::baselines
