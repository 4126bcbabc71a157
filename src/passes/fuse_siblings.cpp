// fuse-siblings (O3): multi-output fusion of siblings. Fusions that read the same tensor and
// compute over the same elements (loop fusions of one result shape, or reduction fusions whose
// reductions reduce the same dimensions of tensors of one shape) and do not depend on each
// other become one kiln.fusion of kind "multi_output": one kernel that reads the shared input
// once and writes every output (the mean and the mean of squares of a tensor, the forward
// activation and its derivative).
#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "ir/ops/kiln_ops.h"
#include "ir/rewriter.h"
#include "passes/fusion_plan.h"
#include "passes/outline.h"
#include "passes/pass.h"

namespace kiln::passes::siblings {

// What a fusion iterates over: its result shape (loop) or its reductions' operand shape and
// dimensions (input); two siblings with the same space run as one kernel without re-indexing.
std::string iteration_space(const ir::Operation& fusion) {
  std::string space;
  fusion.walk([&](const ir::Operation& op) {
    if (op.name() != "stablehlo.reduce") return;
    space += ir::to_string(op.operand(0)->type());
    if (const auto* dims = op.attr_as<ir::DenseArrayAttr>("dimensions")) {
      for (int64_t d : dims->ints) space += "," + std::to_string(d);
    }
    space += ";";
  });
  if (!space.empty()) return "input:" + space;
  return fusion.num_results() ? "loop:" + ir::to_string(fusion.result(0)->type()) : "";
}

bool is_candidate(const ir::Operation& op) {
  if (!ir::is_kiln_fusion(op.id())) return false;
  auto kind = ir::fusion_kind_of(op);
  return kind && (*kind == ir::FusionKind::kLoop || *kind == ir::FusionKind::kInput ||
                  *kind == ir::FusionKind::kMultiOutput);
}

size_t body_ops(const ir::Operation& fusion) { return fusion.region(0).front().operations().size(); }

// Replaces each kiln.fusion directly in `outer`'s body by its own body's ops.
Status flatten(ir::Operation& outer, ir::Rewriter& rewriter) {
  ir::Block& body = outer.region(0).front();
  std::vector<ir::Operation*> inner;
  for (const auto& op : body.operations()) {
    if (ir::is_kiln_fusion(op->id())) inner.push_back(op.get());
  }
  for (ir::Operation* f : inner) {
    const ir::Block& fb = f->region(0).front();
    ir::ValueMap map;
    for (size_t i = 0; i < fb.num_arguments(); ++i) map[fb.argument(i)] = f->operand(i);
    KILN_CHECK_OK(rewriter.set_insertion_point_before(*f));
    for (const auto& op : fb.operations()) {
      if (op.get() != fb.terminator()) rewriter.clone(*op, map);
    }
    std::vector<ir::Value*> results;
    for (ir::Value* v : fb.terminator()->operands()) {
      auto it = map.find(v);
      results.push_back(it != map.end() ? it->second : v);
    }
    KILN_CHECK_OK(rewriter.replace_op(*f, results));
  }
  return ok_status();
}

class FuseSiblings : public Pass {
 public:
  std::string_view name() const override { return "fuse-siblings"; }

  Expected<bool> run(ir::Module& module, PassContext& context) const override {
    FusionBudget budget = FusionBudget::for_options(context.options());
    ir::Rewriter rewriter(module.body());
    int64_t made = 0;
    for (ir::Block* block : fusion_blocks(module)) {
      for (bool again = true; again;) {
        again = false;
        KILN_TRY(bool merged, merge_one(*block, budget, context, rewriter));
        if (merged) {
          ++made;
          again = true;
        }
      }
    }
    context.count("sibling fusions", made);
    return made > 0;
  }

 private:
  // Finds two sibling fusions in `block` and merges them; false when there are none.
  static Expected<bool> merge_one(ir::Block& block, const FusionBudget& budget,
                                  PassContext& context, ir::Rewriter& rewriter) {
    std::unordered_map<const ir::Value*, std::vector<ir::Operation*>> readers;
    for (const auto& op : block.operations()) {
      if (!is_candidate(*op)) continue;
      std::unordered_set<const ir::Value*> seen;
      for (const ir::Value* v : op->operands()) {
        if (seen.insert(v).second) readers[v].push_back(op.get());
      }
    }
    for (const auto& op : block.operations()) {
      if (!is_candidate(*op)) continue;
      for (const ir::Value* v : op->operands()) {
        for (ir::Operation* other : readers[v]) {
          if (other == op.get() || !mergeable(*op, *other, budget)) continue;
          std::vector<ir::Operation*> pair = {op.get(), other};
          if (!can_outline(pair)) continue;
          context.explain("fused siblings: " + describe_op(*op) + " and " + describe_op(*other) +
                          " read the same tensor over the same elements");
          std::vector<ir::NamedAttribute> attrs = {{"kind", ir::StringAttr{"multi_output"}}};
          KILN_TRY(ir::Operation * merged,
                   outline(pair, ir::kiln_fusion_id(), std::move(attrs), rewriter));
          KILN_CHECK_OK(flatten(*merged, rewriter));
          return true;
        }
      }
    }
    return false;
  }

  static bool mergeable(const ir::Operation& a, const ir::Operation& b,
                        const FusionBudget& budget) {
    for (const ir::Value* v : b.operands()) {
      if (v->defining_op() == &a) return false;  // a producer and its consumer, not siblings
    }
    for (const ir::Value* v : a.operands()) {
      if (v->defining_op() == &b) return false;
    }
    if (body_ops(a) + body_ops(b) > budget.max_ops) return false;
    std::string space = iteration_space(a);
    return !space.empty() && space == iteration_space(b);
  }
};

}  // namespace kiln::passes::siblings

namespace kiln::passes {
KILN_REGISTER_PASS(siblings::FuseSiblings, "fuse-siblings",
                   "merge fusions reading one tensor over the same elements into one (O3)");
}  // namespace kiln::passes
