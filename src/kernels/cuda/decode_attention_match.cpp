// decode_attention's match: a kiln.attention in the attention kernels' layout
// (flash_attention_match.h) with a short query, a long KV cache and the kernel's fixed scale.
#include "kernels/cuda/decode_attention_match.h"

#include <cmath>

#include "kernels/cuda/flash_attention_match.h"
#include "kernels/cuda/op_match.h"

namespace kiln::kernels {

std::optional<Problem> decode_attention_match(const KernelSpec& spec, const ir::Operation& op) {
  std::optional<AttentionInLayout> a = attention_in_layout(op, /*causal=*/false);
  if (!a) return std::nullopt;
  const int64_t sq = a->dims[3], skv = a->dims[4], d = a->dims[5];
  if (sq < 1 || sq > kDecodeMaxQueries || skv < kDecodeMinKeys) return std::nullopt;
  // The kernel scales by 1/sqrt(D) in f32. fuse-attention records the region's scale as a
  // double made from f32 constants (a multiply by 1/sqrt(D), a divide by sqrt(D)): equal to
  // the kernel's within a few f32 roundings.
  const double relative = a->scale * std::sqrt(static_cast<double>(d)) - 1.0;
  if (std::abs(relative) > 1e-6) return std::nullopt;
  return fitting_problem(spec, op, a->dims, a->dtype);
}

}  // namespace kiln::kernels
