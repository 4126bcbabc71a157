// The compiler's query for decode_attention: which kiln.attention composites (fuse-attention)
// are a few query tokens over a long KV cache, and the problem of each.
#pragma once

#include <cstdint>
#include <optional>

#include "ir/operation.h"
#include "kernels/cuda/spec.h"

namespace kiln::kernels {

// The most query tokens (Sq) decode_attention takes: its problem's limit.
inline constexpr int64_t kDecodeMaxQueries = 16;
// The fewest keys (Skv) for which a composite goes to decode_attention: below it the
// attention is short enough for the general kernels (cuDNN, flash_attention, the region).
inline constexpr int64_t kDecodeMinKeys = 256;

// The problem [B, Hq, Hkv, Sq, Skv, D] of `op`, a kiln.attention, on the decode_attention spec
// `spec`, or nullopt. Taken: what flash_attention_match takes with mask "none" (the kernel
// lets every query token attend every key; fuse-attention's "causal" is top-left, which for
// Sq < Skv hides keys a decode step reads), Sq in [1, kDecodeMaxQueries], Skv at least
// kDecodeMinKeys, and the config's scale 1/sqrt(D) within 1e-6 (the kernel's, fixed).
std::optional<Problem> decode_attention_match(const KernelSpec& spec, const ir::Operation& op);

}  // namespace kiln::kernels
