// The StableHLO text the flash attention specs' definitions share (flash_attention.cpp,
// forward; flash_attention_grad.cpp, backward): the scaled and masked scores of a problem
// [B, Hq, Hkv, Sq, Skv, D] (the {D0}..{D5} placeholders) with q, k, v the inputs %q, %k, %v.
#pragma once

#include <string>

namespace kiln::kernels {

// Function-body lines defining, in f32: %qf [B, Hq, Sq, D], %kw and %vw (K and V broadcast
// over the {D1/D2} query heads of each KV head and reshaped to Hq heads, jnp.repeat's order:
// [B, Hq, Skv, D]), %s = %qf %kwᵀ [B, Hq, Sq, Skv], %c (the {SCALE} splat of %s's type) and
// %x = %s %c, with `causal` -inf where key j > query i + Skv - Sq (the bottom-right diagonal).
std::string attention_scores_definition(bool causal);

}  // namespace kiln::kernels
