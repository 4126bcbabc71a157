// The rules of refine-shapes (internal to src/passes): what each rule file offers the driver
// (refine_shapes.cpp), which walks blocks in order so that an op's operands are refined
// before the op.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "ir/rewriter.h"
#include "passes/effects.h"
#include "passes/fold.h"
#include "passes/pass.h"

namespace kiln::passes::refine {

// The unimplemented error of an op that cannot be refined, located at it:
// "refine-shapes cannot refine 'NAME' (WHY)".
Error cannot_refine(const ir::Operation& op, std::string_view why);

// What the rules share: the rewriter, the folder for shape operands, the statistics.
// Not thread-safe.
class Refiner {
 public:
  Refiner(ir::Module& module, PassContext& context)
      : effects_(module),
        rewriter_(module.body()),
        folder_(effects_, rewriter_, context),
        context_(context) {}
  ir::Rewriter& rewriter() { return rewriter_; }
  PassContext& context() { return context_; }

  // The integers operand `i` of `op` holds, after folding the ops that compute it (each of
  // them on constants only: ConstantFolder); nullopt when it does not fold to a constant.
  Expected<std::optional<std::vector<int64_t>>> constant_ints(ir::Operation& op, size_t i);
  // Folds the op that defines operand `i` of `op`, and what it reads, into a constant when it
  // can; returns whether operand i is now a constant.
  Expected<bool> fold_operand(ir::Operation& op, size_t i);
  // Replaces `op` (one result) by `name` on `operands` with `attrs` and result `type`, built
  // before it at its location; checks that `type` fits the declared result type; counts
  // "dynamic ops made static".
  Status replace_by_twin(ir::Operation& op, std::string_view name,
                         const std::vector<ir::Value*>& operands, const ir::Type& type,
                         std::vector<ir::NamedAttribute> attrs);

 private:
  Expected<bool> fold_value(ir::Value* v, int depth);

  EffectAnalysis effects_;
  ir::Rewriter rewriter_;
  ConstantFolder folder_;
  PassContext& context_;
};

// Whether `op` is a dynamic-shape op that refine_dynamic_op rewrites (dynamic_broadcast_in_dim,
// dynamic_reshape, dynamic_iota, dynamic_pad, real_dynamic_slice, dynamic_gather,
// dynamic_conv, rng, get_dimension_size).
bool is_dynamic_shape_op(const ir::Operation& op);
// Rewrites such an op whose operands have static types into its static twin (op is erased;
// rng keeps its constant shape operand and gets a static type). Errors: cannot_refine when a
// shape operand does not fold to a constant.
Status refine_dynamic_op(ir::Operation& op, Refiner& refiner);

// Sets the types of op's results that are not static from its (static) operand types and
// attributes, by the op's shape rule (element-wise ops, reshape, transpose, broadcast_in_dim,
// slice, pad, concatenate, reduce, dot_general, gather, ...). Results it cannot refine stay as
// they were (the driver reports them).
void infer_result_types(ir::Operation& op);

// `declared` refined by `refined`: a tensor type of `refined`'s shape when the two agree
// (same rank, equal where `declared` is static), else nullopt.
std::optional<ir::Type> refine_type(const ir::Type& declared, const ir::Type& refined);

}  // namespace kiln::passes::refine
