// fuse_groups: plan, then outline into kiln.fusion.
#include "passes/fusion_outline.h"

#include "ir/ops/kiln_ops.h"
#include "ir/rewriter.h"
#include "passes/outline.h"

namespace kiln::passes {

namespace {

bool worth_planning(const ir::Block& block,
                    const std::function<bool(const ir::Operation&)>& may_root) {
  if (!may_root) return true;
  for (const auto& op : block.operations()) {
    if (may_root(*op)) return true;
  }
  return false;
}

}  // namespace

Expected<int64_t> fuse_groups(ir::Module& module, PassContext& context, std::string_view kind,
                              const std::function<bool(const FusionGroup&)>& wanted,
                              const std::function<bool(const ir::Operation&)>& may_root) {
  FusionBudget budget = FusionBudget::for_options(context.options());
  ir::Rewriter rewriter(module.body());
  int64_t fusions = 0;
  for (ir::Block* block : fusion_blocks(module)) {
    int64_t copies = duplicate_cheap_producers(*block);
    context.count("cheap producers copied", copies);
    if (!worth_planning(*block, may_root)) continue;
    for (const FusionGroup& group : plan_fusions(*block, budget, context)) {
      if (!wanted(group)) continue;
      std::vector<ir::NamedAttribute> attrs = {{"kind", ir::StringAttr{std::string(kind)}}};
      KILN_TRY(ir::Operation * fusion,
               outline(group.ops, ir::kiln_fusion_id(), std::move(attrs), rewriter));
      if (kind == "loop" && fusion->num_results() > 1) {
        fusion->set_attr("kind", ir::StringAttr{"multi_output"});
      }
      ++fusions;
      context.count("ops fused", static_cast<int64_t>(group.ops.size()));
    }
  }
  context.count("fusions", fusions);
  return fusions;
}

}  // namespace kiln::passes
