// fuse-gelu: GELU, tanh and erf forms (pattern_match.h's match_gelu), into kiln.gelu.
#include "passes/pattern_match.h"

namespace kiln::passes {

namespace {

class FuseGelu : public Pass {
 public:
  std::string_view name() const override { return "fuse-gelu"; }

  Expected<bool> run(ir::Module& module, PassContext& context) const override {
    ir::Rewriter rewriter(module.body());
    int64_t fused = 0;
    for (ir::Operation* op : ops_named(module, "stablehlo.multiply")) {
      if (inside_kiln_op(*op)) continue;
      OpSet set;
      std::optional<Gelu> gelu = match_gelu(op->result(0), set);
      if (!gelu) continue;
      std::vector<ir::NamedAttribute> config = {config_bool("approximate", gelu->approximate)};
      KILN_TRY(ir::Operation * fused_op,
               fuse_matched(set, {op->result(0)}, ir::KilnComposite::kGelu, std::move(config),
                            rewriter, context));
      if (fused_op) ++fused;
    }
    context.count("gelus fused", fused);
    return fused > 0;
  }
};

}  // namespace

KILN_REGISTER_PASS(FuseGelu, "fuse-gelu", "GELU (tanh and erf forms) into kiln.gelu");

}  // namespace kiln::passes
