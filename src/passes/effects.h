// What passes may assume about an op: whether running it does anything besides computing its
// results, so that it can be removed when unused, merged with an equal op, or moved.
#pragma once

#include <string_view>
#include <unordered_map>

#include "ir/operation.h"

namespace kiln::passes {

// Answers "does this op have effects?" for the ops of one module, remembering the answers
// for functions. An op has effects when it talks to the outside or to other processes
// (infeed/outfeed/send/recv, collectives, custom_call with has_side_effect), draws from the
// interpreter's random state (stablehlo.rng), is a check.* / interpreter.* op, or holds or
// calls (func.call, composite decompositions) an op that has. Not thread-safe.
class EffectAnalysis {
 public:
  explicit EffectAnalysis(const ir::Module& module) : module_(module) {}
  bool has_effects(const ir::Operation& op);
  // Whether op can be erased when its results are unused: it has results and no effects.
  bool removable_if_unused(const ir::Operation& op);

 private:
  bool function_has_effects(std::string_view name);
  const ir::Module& module_;
  // Function name to its answer; `true` while a recursive call is being worked out.
  std::unordered_map<std::string, bool> functions_;
};

}  // namespace kiln::passes
