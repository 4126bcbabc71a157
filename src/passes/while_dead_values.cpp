// while-dead-values: removes the carried values of a stablehlo.while that nothing needs. A
// carried value the body returns unchanged is the while's operand throughout: its uses (in
// cond, body and after the loop) read the operand instead. A carried value is live when its
// result is used after the loop, cond reads it, or the body computes a live carried value or
// an op with effects from it; the others go, with the body ops that computed them.
#include <unordered_set>
#include <vector>

#include "ir/rewriter.h"
#include "passes/effects.h"
#include "passes/pass.h"

// A namespace of its own: unity builds compile the passes in one translation unit.
namespace kiln::passes::while_dead_values {

namespace {

using ir::Operation;
using ir::Value;

// Removing values from an outer loop can leave an inner loop's result unused; a few rounds
// reach the fixpoint of any program seen in practice.
constexpr int kMaxRounds = 4;

bool is_while(const Operation& op) { return op.name() == "stablehlo.while"; }

// A while whose regions, arguments, results and body return agree in count.
bool well_formed(const Operation& loop) {
  if (loop.num_regions() != 2 || loop.region(0).empty() || loop.region(1).empty()) return false;
  size_t n = loop.num_operands();
  const ir::Block& cond = loop.region(0).front();
  const ir::Block& body = loop.region(1).front();
  return loop.num_results() == n && cond.num_arguments() == n && body.num_arguments() == n &&
         body.terminator() && body.terminator()->num_operands() == n;
}

// Which carried values of a loop are live (see the file comment).
class Liveness {
 public:
  Liveness(const Operation& loop, EffectAnalysis& effects)
      : body_(loop.region(1).front()), live_(loop.num_operands(), false) {
    const ir::Block& cond = loop.region(0).front();
    for (size_t i = 0; i < live_.size(); ++i) {
      if (loop.result(i)->has_uses() || cond.argument(i)->has_uses()) mark(i);
    }
    for (const auto& op : body_.operations()) {
      if (op.get() != body_.terminator() && !effects.removable_if_unused(*op)) trace_op(*op);
    }
  }
  bool live(size_t i) const { return live_[i]; }

 private:
  void mark(size_t i) {
    if (live_[i]) return;
    live_[i] = true;
    trace(body_.terminator()->operand(i));
  }
  // Marks the carried values v is computed from.
  void trace(const Value* v) {
    if (!v || !seen_.insert(v).second) return;
    if (v->owner_block() == &body_) return mark(v->index());
    const Operation* def = v->defining_op();
    if (def && def->parent_block() == &body_) trace_op(*def);
  }
  // Marks the carried values an op of the body reads, inside its regions too.
  void trace_op(const Operation& op) {
    op.walk([&](const Operation& inner) {
      for (const Value* v : inner.operands()) trace(v);
    });
  }

  const ir::Block& body_;
  std::vector<bool> live_;
  std::unordered_set<const Value*> seen_;
};

class WhileDeadValues : public Pass {
 public:
  std::string_view name() const override { return "while-dead-values"; }

  Expected<bool> run(ir::Module& module, PassContext& context) const override {
    EffectAnalysis effects(module);
    ir::Rewriter rw(module.body());
    int64_t forwarded = 0, removed = 0;
    for (int round = 0; round < kMaxRounds; ++round) {
      std::vector<Operation*> loops;
      module.op().walk([&](Operation& op) {
        if (is_while(op)) loops.push_back(&op);
      });
      int64_t changes = 0;
      // Inner loops first (backwards through pre-order): the body cleanup of an outer loop may
      // erase them, but never before they were visited.
      for (size_t i = loops.size(); i-- > 0;) {
        if (!well_formed(*loops[i])) continue;
        int64_t f = forward(*loops[i]);
        KILN_TRY(int64_t r, remove_dead(*loops[i], effects, rw));
        forwarded += f;
        removed += r;
        changes += f + r;
      }
      if (changes == 0) break;
    }
    context.count("carried values forwarded", forwarded);
    context.count("carried values removed", removed);
    return forwarded + removed > 0;
  }

 private:
  // Rewires the uses of each carried value the body returns unchanged to the loop's operand;
  // returns how many such values had uses.
  static int64_t forward(Operation& loop) {
    ir::Block& cond = loop.region(0).front();
    ir::Block& body = loop.region(1).front();
    Operation* ret = body.terminator();
    int64_t forwarded = 0;
    for (size_t i = 0; i < loop.num_operands(); ++i) {
      Value* arg = body.argument(i);
      Value* init = loop.operand(i);
      if (ret->operand(i) != arg) continue;
      // The uses must accept the operand's type: `?` sizes could differ.
      if (arg->type() != init->type() || cond.argument(i)->type() != init->type() ||
          loop.result(i)->type() != init->type()) {
        continue;
      }
      bool used = arg->num_uses() > 1 || cond.argument(i)->has_uses() || loop.result(i)->has_uses();
      if (!used) continue;
      arg->replace_uses_if(init, [&](const ir::Use& u) {
        return u.user != ret || u.operand_index != i;
      });
      cond.argument(i)->replace_all_uses_with(init);
      loop.result(i)->replace_all_uses_with(init);
      ++forwarded;
    }
    return forwarded;
  }

  // Rebuilds the loop without its dead carried values; returns how many went.
  static Expected<int64_t> remove_dead(Operation& loop, EffectAnalysis& effects,
                                       ir::Rewriter& rw) {
    Liveness liveness(loop, effects);
    std::vector<size_t> dead;
    for (size_t i = 0; i < loop.num_operands(); ++i) {
      if (!liveness.live(i)) dead.push_back(i);
    }
    if (dead.empty()) return 0;
    ir::Block& cond = loop.region(0).front();
    ir::Block& body = loop.region(1).front();
    Operation* ret = body.terminator();
    for (size_t k = dead.size(); k-- > 0;) ret->erase_operand(dead[k]);
    KILN_CHECK_OK(erase_unused(body, effects, rw));
    for (size_t k = dead.size(); k-- > 0;) {
      // Nothing left reads a dead value: its readers fed only dead values and were erased.
      KILN_CHECK_OK(cond.erase_argument(dead[k]));
      KILN_CHECK_OK(body.erase_argument(dead[k]));
    }
    std::vector<Value*> operands;
    std::vector<ir::Type> types;
    for (size_t i = 0, k = 0; i < loop.num_operands(); ++i) {
      if (k < dead.size() && dead[k] == i) {
        ++k;
        continue;
      }
      operands.push_back(loop.operand(i));
      types.push_back(loop.result(i)->type());
    }
    KILN_CHECK_OK(rw.set_insertion_point_before(loop));
    Operation* rebuilt =
        rw.create(loop.id(), operands, types, loop.attributes(), 2, loop.location());
    rebuilt->set_source_loc(loop.source_loc());
    for (size_t r = 0; r < 2; ++r) rebuilt->region(r).take_blocks_from(loop.region(r));
    std::vector<Value*> results;
    for (size_t i = 0, kept = 0; i < loop.num_results(); ++i) {
      // A dead result has no uses; its operand stands in for it in the replacement list.
      results.push_back(liveness.live(i) ? rebuilt->result(kept++) : loop.operand(i));
    }
    KILN_CHECK_OK(rw.replace_op(loop, results));
    return static_cast<int64_t>(dead.size());
  }

  // Erases the body's ops without effects whose results nothing uses, last to first, so that
  // erasing a user frees its operands' definers in the same sweep.
  static Status erase_unused(ir::Block& block, EffectAnalysis& effects, ir::Rewriter& rw) {
    for (size_t i = block.operations().size(); i-- > 0;) {
      Operation& op = *block.operations()[i];
      if (!op.has_uses() && effects.removable_if_unused(op)) KILN_CHECK_OK(rw.erase_op(op));
    }
    return ok_status();
  }
};

}  // namespace

KILN_REGISTER_PASS(WhileDeadValues, "while-dead-values",
                   "drop the carried values of stablehlo.while loops that nothing needs");

}  // namespace kiln::passes::while_dead_values
