// The constant folder: one op on constants replaced by the constants the interpreter computes.
// The fold pass runs it over a module; simplify runs it between its rules, so that the rules
// see the constants folding makes (as MLIR's canonicalizer folds between its patterns).
#pragma once

#include <unordered_set>

#include "ir/rewriter.h"
#include "passes/effects.h"
#include "passes/pass.h"

namespace kiln::passes {

// Borrows the analysis, rewriter and context for its lifetime. Not thread-safe.
class ConstantFolder {
 public:
  ConstantFolder(EffectAnalysis& effects, ir::Rewriter& rewriter, PassContext& context)
      : effects_(effects), rewriter_(rewriter), context_(context) {}

  // Replaces `op` by stablehlo.constant ops holding its results, placed before it, when it can
  // be folded (fold.cpp and src/passes/README.md say when: no effects, every value it reads a
  // constant, results within PassOptions::fold_max_elements, ...); counts "ops folded".
  // Returns whether it did; op is then erased. An op whose evaluation fails stays.
  Expected<bool> fold(ir::Operation& op);
  // Forgets which ops were evaluated without a fold, so that they are tried again (call it when
  // ops may have been erased and their addresses reused).
  void forget() { tried_.clear(); }

 private:
  bool candidate(const ir::Operation& op);

  EffectAnalysis& effects_;
  ir::Rewriter& rewriter_;
  PassContext& context_;
  std::unordered_set<const ir::Operation*> tried_;  // evaluated without a fold: not again
};

}  // namespace kiln::passes
