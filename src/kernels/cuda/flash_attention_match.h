// The compiler's query for flash_attention: which kiln.attention composites (fuse-attention)
// the kernel computes, and the problem of each.
#pragma once

#include <optional>

#include "ir/operation.h"
#include "kernels/cuda/spec.h"

namespace kiln::kernels {

// A kiln.attention whose operands and region are laid out as the library's attention kernels
// read them (below): the sizes [B, Hq, Hkv, Sq, Skv, D], q's element type, the config's scale.
struct AttentionInLayout {
  Shape dims;
  ElementType dtype = ElementKind::kF32;
  double scale = 0;
};

// What flash_attention_match checks before the spec's own problem: `op` in the kernels'
// layout with mask "none" (causal: "causal", Sq = Skv); nullopt otherwise. Shared with
// decode_attention_match.
std::optional<AttentionInLayout> attention_in_layout(const ir::Operation& op, bool causal);

// The problem of `op`, a kiln.attention, on the flash_attention (causal: _causal) spec `spec`,
// or nullopt. Taken: operands q, k, v in that order (config q = 0, k = 1, v = 2) laid out as
// the kernel reads them, q [B, Hq, Sq, D], k and v [B, Hkv, Skv, D] (Hkv < Hq through the
// region's jnp.repeat, kv_repeated) and the result [B, Hq, Sq, D], all of one of the spec's
// types; the region's products in that layout (q·kᵀ batching [0, 1] and contracting [3] x [3],
// P·V contracting [3] x [2], no transposes; a scale on q taken in); mask "none", or "causal"
// where Sq = Skv (fuse-attention's causal is top-left, the kernel's bottom-right). The
// problem's scale is the config's.
std::optional<Problem> flash_attention_match(const KernelSpec& spec, const ir::Operation& op,
                                             bool causal);

}  // namespace kiln::kernels
