// fuse-silu: SiLU (swish), x * sigmoid(x) and x / (1 + exp(-x)) (pattern_match.h's match_silu),
// into kiln.silu.
#include "passes/pattern_match.h"

namespace kiln::passes {

namespace {

class FuseSilu : public Pass {
 public:
  std::string_view name() const override { return "fuse-silu"; }

  Expected<bool> run(ir::Module& module, PassContext& context) const override {
    ir::Rewriter rewriter(module.body());
    int64_t fused = 0;
    for (std::string_view root : {"stablehlo.multiply", "stablehlo.divide"}) {
      for (ir::Operation* op : ops_named(module, root)) {
        if (inside_kiln_op(*op)) continue;
        OpSet set;
        if (!match_silu(op->result(0), set)) continue;
        KILN_TRY(
            ir::Operation * fused_op,
            fuse_matched(set, {op->result(0)}, ir::KilnComposite::kSilu, {}, rewriter, context));
        if (fused_op) ++fused;
      }
    }
    context.count("silus fused", fused);
    return fused > 0;
  }
};

}  // namespace

KILN_REGISTER_PASS(FuseSilu, "fuse-silu",
                   "SiLU (x * sigmoid(x), x / (1 + exp(-x))) into kiln.silu");

}  // namespace kiln::passes
