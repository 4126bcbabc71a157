// What cuDNN's fused attention accepts (checked without a GPU or cuDNN) and the plan key.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "runtime/cuda/vendor_cudnn_attention.h"

namespace kiln::cuda {

namespace {

std::string tensor_text(const AttentionTensor& t) {
  return fmt::format("[{}]/[{}]", fmt::join(t.dims, ","), fmt::join(t.strides, ","));
}

}  // namespace

std::string AttentionDesc::key() const {
  std::string s =
      fmt::format("{} q{} k{} v{} o{} scale {} causal {}", float_type_name(type), tensor_text(q),
                  tensor_text(k), tensor_text(v), tensor_text(o), scale, causal);
  if (has_bias) s += " bias" + tensor_text(bias);
  if (pass == AttentionPass::kForwardStats) s += " stats";
  if (pass == AttentionPass::kBackward) {
    s += fmt::format(" backward dO{} dq{} dk{} dv{}", tensor_text(d_o), tensor_text(d_q),
                     tensor_text(d_k), tensor_text(d_v));
  }
  return s;
}

AttentionDesc AttentionDesc::forward_of() const {
  AttentionDesc f = *this;
  f.pass = AttentionPass::kForwardStats;
  f.d_o = f.d_q = f.d_k = f.d_v = AttentionTensor{};
  return f;
}

int64_t attention_stats_bytes(const AttentionDesc& d) {
  return d.q.dims[0] * d.q.dims[1] * d.q.dims[2] * int64_t{sizeof(float)};
}

namespace {

// Why the backward cannot take `d` (whose forward part cuDNN accepts), or "".
std::string backward_unsupported_reason(const AttentionDesc& d) {
  if (d.k.dims[1] != d.q.dims[1]) return "the backward of GQA";
  const std::pair<const char*, std::pair<const AttentionTensor*, const AttentionTensor*>> grads[] =
      {{"dO", {&d.d_o, &d.o}},
       {"dq", {&d.d_q, &d.q}},
       {"dk", {&d.d_k, &d.k}},
       {"dv", {&d.d_v, &d.v}}};
  for (const auto& [name, pair] : grads) {
    if (pair.first->dims != pair.second->dims) return fmt::format("{}'s shape", name);
    if (pair.first->strides[3] != 1) return fmt::format("{}'s head dim is not contiguous", name);
  }
  return "";
}

}  // namespace

std::string attention_unsupported_reason(const AttentionDesc& d) {
  if (d.type == FloatType::kF32) return "f32 (cuDNN's attention takes f16 and bf16)";
  const int64_t b = d.q.dims[0], h = d.q.dims[1], s_q = d.q.dims[2], d_qk = d.q.dims[3];
  const int64_t h_kv = d.k.dims[1], s_kv = d.k.dims[2], d_v = d.v.dims[3];
  if (d.k.dims[0] != b || d.v.dims[0] != b || d.o.dims[0] != b) return "batch sizes differ";
  if (d.k.dims[3] != d_qk) return "q and k head dims differ";
  if (d.v.dims[1] != h_kv || d.v.dims[2] != s_kv) return "k and v differ in heads or length";
  if (d.o.dims != std::array<int64_t, 4>{b, h, s_q, d_v}) return "the output's shape";
  if (h_kv <= 0 || h % h_kv != 0) return fmt::format("kv heads {} do not divide {}", h_kv, h);
  for (int64_t hd : {d_qk, d_v}) {
    if (hd % 8 != 0 || hd > 256) {
      return fmt::format("head dim {} (cuDNN: a multiple of 8, at most 256)", hd);
    }
  }
  if (b == 0 || h == 0 || s_q == 0 || s_kv == 0 || d_qk == 0) return "an empty tensor";
  const std::pair<const char*, const AttentionTensor*> tensors[] = {
      {"q", &d.q}, {"k", &d.k}, {"v", &d.v}, {"the output", &d.o}};
  for (const auto& [name, t] : tensors) {
    if (t->strides[3] != 1) return fmt::format("{}'s head dim is not contiguous", name);
  }
  if (d.has_bias) {
    const auto& bd = d.bias.dims;
    if ((bd[0] != 1 && bd[0] != b) || (bd[1] != 1 && bd[1] != h) || bd[2] != s_q || bd[3] != s_kv) {
      return fmt::format("bias dims [{}] (cuDNN: [b or 1, h or 1, s_q, s_kv])", fmt::join(bd, ","));
    }
  }
  if (d.pass == AttentionPass::kBackward) return backward_unsupported_reason(d);
  return "";
}

}  // namespace kiln::cuda
