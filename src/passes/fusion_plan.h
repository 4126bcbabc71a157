// The fusion planner and its cost model: which ops of a block go into one kernel. Groups grow
// from a consumer (the root) backwards into its producers; each decision is recorded so that
// `kiln compile --explain-fusion` can say why a candidate was fused or not.
#pragma once

#include <vector>

#include "ir/operation.h"
#include "passes/pass.h"

namespace kiln::passes {

// The cost model's limits on one fusion, which stand in for a kernel's registers and shared
// memory: how many ops its body may hold and how many distinct tensors it may read.
struct FusionBudget {
  size_t max_ops = 64;
  size_t max_inputs = 16;
  // The longest row a fusion may reduce and then broadcast back over (a normalisation: the
  // kernel keeps one row on chip while it reduces and rescales it).
  int64_t max_row_length = 8192;
  // A producer whose result is also used after the fusion may join it as an extra output
  // (multi-output fusion) instead of staying a kernel of its own.
  bool multi_output = false;
  // Without multi_output, a producer whose results hold at most this many elements each may
  // still join as an extra output: a kernel that small costs its launch, not its bytes, so
  // one kernel for a chain of tiny values (JAX's threefry rounds) beats one per value.
  int64_t small_multi_output_elements = 4096;
  // A fusion whose every op is that small may hold this many ops (when more than max_ops).
  size_t small_max_ops = 256;
  // The budget of an optimisation level's cost model: O3's is the aggressive one.
  static FusionBudget for_options(const PassOptions& options);
};

// One planned kernel: its ops (in no particular order), the op its growth started from, and
// the reduction it holds, if any (the ops feeding it are its prologue, the ones after it, at the
// reduced shape, its epilogue).
struct FusionGroup {
  std::vector<ir::Operation*> ops;
  ir::Operation* root = nullptr;
  ir::Operation* reduce = nullptr;
  // The row length when the group reduces rows and broadcasts them back (all its reductions
  // then reduce the same trailing dimensions of tensors of one shape); 0 otherwise.
  int64_t row_length = 0;
};

// Plans the fusions of `block` (its own ops only; nested blocks are planned on their own).
// A producer joins its consumer's group when it is fusible, every user of its results is in
// the group (nothing is computed twice: copy cheap producers into each user first with
// duplicate_cheap_producers; with budget.multi_output, users after the group's root may read it
// as an extra output), and the budget holds. A reduction joins a group as the producer of an
// epilogue at its own (reduced) shape, or, when it reduces rows no longer than
// budget.max_row_length, as part of a row fusion that broadcasts the reduced rows back over
// the same rows (softmax, layer norm: several reductions of the same rows may share it); any
// other reduction broadcast back would be recomputed per element. A transpose of the minor
// dimension does not join a reduction's prologue: the reduction would read it uncoalesced. Decisions go to
// context.explain. Groups of one op and groups without a reduction whose ops are all
// constants are dropped.
std::vector<FusionGroup> plan_fusions(ir::Block& block, const FusionBudget& budget,
                                      PassContext& context);

// Gives each fusible user of a cheap producer (is_cheap_to_duplicate) with several users its
// own copy, placed just before the user, so that each fusion can hold one. Returns the number
// of copies made.
int64_t duplicate_cheap_producers(ir::Block& block);

// The blocks fusion works on, outermost first: function bodies and the regions of while, if
// and case (not the combiner bodies of reductions, sorts and scatters, nor fusions).
std::vector<ir::Block*> fusion_blocks(ir::Module& module);

// "stablehlo.exponential at file:3:10" or "stablehlo.exponential (op #2 of @main)".
std::string describe_op(const ir::Operation& op);

}  // namespace kiln::passes
