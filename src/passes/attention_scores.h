// The scores of an attention, shared by fuse-attention and fuse-attention-grad: the chain from
// the value a softmax reads down to the q·kᵀ dot_general (float converts, transposes, a constant
// scale, an additive or select mask, a causal mask recognised), and jnp.repeat's GQA widening.
#pragma once

#include <optional>
#include <string>

#include "passes/pattern_match.h"

namespace kiln::passes {

struct AttentionScores {
  OpSet set;  // the chain's ops, q·kᵀ and a mask computed from iotas / constants included
  double scale = 1;           // the product of the constant factors (1 when none)
  std::string mask = "none";  // none, additive, boolean, computed, causal
  ir::Operation* qk = nullptr;
  ir::Value *q = nullptr, *k = nullptr;  // q before a scale taken in (q·kᵀ its one reader)
};

// The scores chain from `s` (what the softmax reads) down to q·kᵀ, `axis` the softmax axis in
// s's layout, which must be a key dimension (a free dimension of k); nullopt where `s` is not
// one (a softmax over the queries included).
std::optional<AttentionScores> match_attention_scores(ir::Value* s, int64_t axis);

// GQA by jnp.repeat: `v` = reshape(broadcast_in_dim(kv)) inserting one dimension and merging
// it with the next (the kv heads repeated group times), read only by the product. Adds the two
// ops to `set` and returns true; the narrow kv is v->defining_op()->operand(0)'s operand.
bool take_repeat(ir::Value* v, OpSet& set);

}  // namespace kiln::passes
