// licm: loop-invariant code motion. An op of a stablehlo.while's cond or body that has no
// effects and reads only values defined outside the loop (its regions included), or carried
// values the body returns unchanged, moves before the loop; loops are visited innermost first,
// so an op leaves as many loops as it can.
// Ops whose results are larger than their operands (constants, iota, broadcasts) move only
// together with an invariant op that reads them (src/passes/README.md says why).
#include <unordered_set>
#include <vector>

#include "ir/rewriter.h"
#include "passes/effects.h"
#include "passes/pass.h"

// A namespace of its own: unity builds compile the passes in one translation unit.
namespace kiln::passes::licm {

namespace {

using ir::Operation;
using ir::Value;

bool is_while(const Operation& op) { return op.name() == "stablehlo.while"; }

// Whether `v` is defined within `op` (a result of a nested op or an argument of one of its
// blocks), or by op itself.
bool defined_within(const Value* v, const Operation& op) {
  if (const Operation* def = v->defining_op()) return op.is_ancestor_of(def);
  const ir::Block* block = v->owner_block();
  const Operation* parent = block ? block->parent_op() : nullptr;
  return parent && op.is_ancestor_of(parent);
}

// Calls fn on every value op reads from outside itself: its operands and the values its
// regions capture.
template <class Fn>
void for_each_used_value(const Operation& op, Fn&& fn) {
  op.walk([&](const Operation& inner) {
    for (Value* v : inner.operands()) {
      if (v && (&inner == &op || !defined_within(v, op))) fn(v);
    }
  });
}

// Bytes of a value's static tensor type, or -1 when it has none.
int64_t static_bytes(const Value* v) {
  const ir::Type& t = v->type();
  if (!t.is_tensor() || !t.is_static()) return -1;
  return *t.num_elements() * t.element().storage_bytes();
}

// Whether op's results take more memory than its operands (or may: unknown sizes count as
// more). Such an op is cheap to recompute next to its users and costly to keep alive through
// the loop, and fusion would fold it into its users inside the loop.
bool inflates(const Operation& op) {
  if (op.num_operands() == 0) return true;
  int64_t in = 0, out = 0;
  for (const Value* v : op.operands()) {
    int64_t b = static_bytes(v);
    if (b < 0) return true;
    in += b;
  }
  for (const auto& r : op.results()) {
    int64_t b = static_bytes(r.get());
    if (b < 0) return true;
    out += b;
  }
  return out > in;
}

// The loop's operand that a block argument of its cond or body always holds, when the body
// returns that argument unchanged (JAX carries its loop-invariant inputs so); else nullptr.
Value* forwarded_operand(const Value* v, const Operation& loop) {
  const ir::Block* block = v->owner_block();
  if (!block || block->parent_op() != &loop || loop.num_regions() != 2 ||
      loop.region(1).empty()) {
    return nullptr;
  }
  const ir::Block& body = loop.region(1).front();
  const Operation* ret = body.terminator();
  size_t i = v->index();
  if (!ret || i >= ret->num_operands() || i >= loop.num_operands() ||
      ret->operand(i) != body.argument(i) || v->type() != loop.operand(i)->type()) {
    return nullptr;
  }
  return loop.operand(i);
}

class Licm : public Pass {
 public:
  std::string_view name() const override { return "licm"; }

  Expected<bool> run(ir::Module& module, PassContext& context) const override {
    EffectAnalysis effects(module);
    ir::Rewriter rw(module.body());
    std::vector<Operation*> loops;
    module.op().walk([&](Operation& op) {
      if (is_while(op)) loops.push_back(&op);
    });
    int64_t hoisted = 0;
    // Pre-order lists a loop before the loops inside it: backwards, inner loops come first,
    // and what leaves them lands in the outer loop's block in time to be looked at again.
    for (size_t i = loops.size(); i-- > 0;) {
      for (const auto& region : loops[i]->regions()) {
        for (const auto& block : region->blocks()) {
          KILN_TRY(int64_t n, hoist_from(*block, *loops[i], effects, rw));
          hoisted += n;
        }
      }
    }
    context.count("ops hoisted", hoisted);
    return hoisted > 0;
  }

 private:
  // The invariant ops that wait for a user to carry them out of the loop.
  using Deferred = std::unordered_set<Operation*>;

  static Expected<int64_t> hoist_from(ir::Block& block, Operation& loop, EffectAnalysis& effects,
                                      ir::Rewriter& rw) {
    Deferred deferred;
    int64_t hoisted = 0;
    for (size_t i = 0; i < block.operations().size();) {
      Operation& op = *block.operations()[i];
      if (!effects.removable_if_unused(op) || !invariant(op, loop, deferred)) {
        ++i;
        continue;
      }
      if (inflates(op)) {
        deferred.insert(&op);
        ++i;
        continue;
      }
      // Ops before op may move with it; the op after it (the terminator at the latest) stays.
      Operation* next = block.operations()[i + 1].get();
      KILN_TRY(int64_t n, hoist(op, loop, deferred, rw));
      hoisted += n;
      i = block.index_of(next);
    }
    return hoisted;
  }

  // Every value op reads is defined outside the loop, is a carried value the body forwards
  // unchanged, or comes from an invariant op waiting to move.
  static bool invariant(const Operation& op, const Operation& loop, const Deferred& deferred) {
    bool ok = true;
    for_each_used_value(op, [&](const Value* v) {
      if (defined_within(v, loop) && !deferred.count(v->defining_op()) &&
          !forwarded_operand(v, loop)) {
        ok = false;
      }
    });
    return ok;
  }

  // Moves op before the loop, after the deferred ops it reads (which move first).
  static Expected<int64_t> hoist(Operation& op, Operation& loop, Deferred& deferred,
                                 ir::Rewriter& rw) {
    int64_t moved = 0;
    std::vector<Operation*> inputs;
    for_each_used_value(op, [&](const Value* v) {
      Operation* def = v->defining_op();
      if (def && deferred.count(def)) inputs.push_back(def);
    });
    for (Operation* def : inputs) {
      if (!deferred.erase(def)) continue;  // moved already, through another operand
      KILN_TRY(int64_t n, hoist(*def, loop, deferred, rw));
      moved += n;
    }
    // Forwarded carried values read the loop's operand instead, which is visible before it.
    op.walk([&](Operation& inner) {
      for (size_t i = 0; i < inner.num_operands(); ++i) {
        Value* v = inner.operand(i);
        if (!v || (&inner != &op && defined_within(v, op))) continue;
        if (Value* outer = forwarded_operand(v, loop)) inner.set_operand(i, outer);
      }
    });
    KILN_CHECK_OK(rw.move_before(op, loop));
    return moved + 1;
  }
};

}  // namespace

KILN_REGISTER_PASS(Licm, "licm", "move loop-invariant ops out of stablehlo.while loops");

}  // namespace kiln::passes::licm
