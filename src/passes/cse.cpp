// cse: common-subexpression elimination. An op without effects that computes what an earlier
// op visible from it computes (passes/op_equivalence.h) is replaced by that op's results;
// regions are searched too, and see the ops of the blocks around them unless they are
// isolated from above.
#include <unordered_map>
#include <vector>

#include "ir/op_info.h"
#include "ir/rewriter.h"
#include "passes/effects.h"
#include "passes/op_equivalence.h"
#include "passes/pass.h"

namespace kiln::passes {

namespace {

// The ops available at a point, by hash; scopes nest with the regions.
class ScopedTable {
 public:
  ir::Operation* find(const ir::Operation& op, size_t hash) const {
    auto it = table_.find(hash);
    if (it == table_.end()) return nullptr;
    for (ir::Operation* candidate : it->second) {
      if (equivalent_ops(*candidate, op)) return candidate;
    }
    return nullptr;
  }
  void insert(ir::Operation* op, size_t hash) {
    table_[hash].push_back(op);
    scopes_.back().push_back(hash);
  }
  void push() { scopes_.emplace_back(); }
  void pop() {
    for (size_t hash : scopes_.back()) {
      auto it = table_.find(hash);
      it->second.pop_back();
      if (it->second.empty()) table_.erase(it);
    }
    scopes_.pop_back();
  }

 private:
  std::unordered_map<size_t, std::vector<ir::Operation*>> table_;
  std::vector<std::vector<size_t>> scopes_;
};

class Cse : public Pass {
 public:
  std::string_view name() const override { return "cse"; }

  Expected<bool> run(ir::Module& module, PassContext& context) const override {
    EffectAnalysis effects(module);
    ir::Rewriter rewriter(module.body());
    int64_t merged = 0;
    for (ir::Operation* f : module.functions()) {
      ScopedTable table;
      KILN_TRY(int64_t n, visit_regions(*f, table, effects, rewriter));
      merged += n;
    }
    context.count("ops merged", merged);
    return merged > 0;
  }

 private:
  static Expected<int64_t> visit_regions(ir::Operation& op, ScopedTable& outer,
                                         EffectAnalysis& effects, ir::Rewriter& rewriter) {
    int64_t merged = 0;
    bool isolated = op.info() && (op.info()->traits & ir::kIsolatedFromAbove);
    ScopedTable fresh;
    ScopedTable& table = isolated ? fresh : outer;
    for (const auto& region : op.regions()) {
      for (const auto& block : region->blocks()) {
        table.push();
        Expected<int64_t> n = visit_block(*block, table, effects, rewriter);
        table.pop();
        if (!n.ok()) return n.take_error();
        merged += *n;
      }
    }
    return merged;
  }

  static Expected<int64_t> visit_block(ir::Block& block, ScopedTable& table,
                                       EffectAnalysis& effects, ir::Rewriter& rewriter) {
    int64_t merged = 0;
    for (size_t i = 0; i < block.operations().size();) {
      ir::Operation& op = *block.operations()[i];
      KILN_TRY(int64_t inner, visit_regions(op, table, effects, rewriter));
      merged += inner;
      if (!effects.removable_if_unused(op)) {
        ++i;
        continue;
      }
      size_t hash = op_hash(op);
      if (ir::Operation* earlier = table.find(op, hash)) {
        std::vector<ir::Value*> values;
        for (const auto& r : earlier->results()) values.push_back(r.get());
        KILN_CHECK_OK(rewriter.replace_op(op, values));
        ++merged;
        continue;  // the next op moved into position i
      }
      table.insert(&op, hash);
      ++i;
    }
    return merged;
  }
};

}  // namespace

KILN_REGISTER_PASS(Cse, "cse", "merge ops that compute the same thing (regions included)");

}  // namespace kiln::passes
