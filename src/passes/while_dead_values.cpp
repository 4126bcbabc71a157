// while-dead-values: removes the carried values of a stablehlo.while that nothing needs. A
// carried value the body returns unchanged is the while's operand throughout: its uses (in
// cond, body and after the loop) read the operand instead. A carried value is live when its
// result is used after the loop, cond reads it, or the body computes a live carried value or
// an op with effects from it (a nested while result by result); the others go, with the body
// ops that computed them.
#include <functional>
#include <memory>
#include <unordered_map>
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

// Whether `v` is defined inside `op`'s regions (a nested result or block argument).
bool defined_inside(const Value* v, const Operation& op) {
  if (const Operation* def = v->defining_op()) return def != &op && op.is_ancestor_of(def);
  const ir::Block* block = v->owner_block();
  const Operation* parent = block ? block->parent_op() : nullptr;
  return parent && op.is_ancestor_of(parent);
}

// Which carried values of a loop are live (see the file comment). A nested well-formed while
// is seen result by result: its result k needs the inner carried values k depends on (and
// those its cond reads), so an outer value that reaches only inner values nothing needs is
// not live through it. Values from outside the loop that live values are computed from go
// to `outside`.
class Liveness {
 public:
  using Sink = std::function<void(const Value*)>;

  Liveness(const Operation& loop, EffectAnalysis& effects, Sink outside)
      : loop_(loop),
        body_(loop.region(1).front()),
        effects_(effects),
        outside_(std::move(outside)),
        live_(loop.num_operands(), false) {}

  // What the loop needs whatever its results feed: everything cond reads (it decides the
  // trip count) and the operands of the body's ops with effects (or that cannot be erased).
  void seed_needs() {
    const ir::Block& cond = loop_.region(0).front();
    for (size_t i = 0; i < live_.size(); ++i) {
      if (cond.argument(i)->has_uses()) mark(i);
    }
    for (const auto& op : cond.operations()) trace_op(*op);
    for (const auto& op : body_.operations()) {
      if (op.get() != body_.terminator() && !effects_.removable_if_unused(*op)) trace_op(*op);
    }
  }
  // Carried value i is live: so are its initial value and what the body computes it from.
  void mark(size_t i) {
    if (live_[i]) return;
    live_[i] = true;
    outside_(loop_.operand(i));
    trace(body_.terminator()->operand(i));
  }
  bool live(size_t i) const { return live_[i]; }

 private:
  // Marks what v is computed from.
  void trace(const Value* v) {
    if (!v || !seen_.insert(v).second) return;
    if (!defined_inside(v, loop_)) return outside_(v);
    if (v->owner_block() == &body_) return mark(v->index());
    const Operation* def = v->defining_op();
    if (!def || def->parent_block() != &body_) return;  // nested: its op's walk reaches it
    if (def->name() == "stablehlo.while" && well_formed(*def)) return nested(*def).mark(v->index());
    trace_op(*def);
  }
  // Marks what an op reads, inside its regions too.
  void trace_op(const Operation& op) {
    op.walk([&](const Operation& inner) {
      for (const Value* v : inner.operands()) trace(v);
    });
  }
  Liveness& nested(const Operation& inner) {
    std::unique_ptr<Liveness>& slot = nested_[&inner];
    if (!slot) {
      slot = std::make_unique<Liveness>(inner, effects_, [this](const Value* v) { trace(v); });
      slot->seed_needs();
    }
    return *slot;
  }

  const Operation& loop_;
  const ir::Block& body_;
  EffectAnalysis& effects_;
  Sink outside_;
  std::vector<bool> live_;
  std::unordered_set<const Value*> seen_;
  std::unordered_map<const Operation*, std::unique_ptr<Liveness>> nested_;
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
    Liveness liveness(loop, effects, [](const Value*) {});
    liveness.seed_needs();
    for (size_t i = 0; i < loop.num_results(); ++i) {
      if (loop.result(i)->has_uses()) liveness.mark(i);
    }
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
    // Inner loops whose results lost their readers drop those values now, and with them
    // their reads of this loop's dead values.
    std::vector<Operation*> inner;
    for (const auto& op : body.operations()) {
      if (is_while(*op) && well_formed(*op)) inner.push_back(op.get());
    }
    for (Operation* loop_inside : inner) {
      forward(*loop_inside);
      KILN_TRY(int64_t n, remove_dead(*loop_inside, effects, rw));
      (void)n;
    }
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
