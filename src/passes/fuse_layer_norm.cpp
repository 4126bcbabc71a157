// fuse-layer-norm: LayerNorm (jnp mean/var, Flax) into kiln.layer_norm; the residual add before it
// taken in (pattern_match.h's match_norm).
#include "passes/pattern_match.h"

namespace kiln::passes {

namespace {

class FuseLayerNorm : public Pass {
 public:
  std::string_view name() const override { return "fuse-layer-norm"; }

  Expected<bool> run(ir::Module& module, PassContext& context) const override {
    KILN_TRY(int64_t fused,
             fuse_norms(module, /*centered=*/true, ir::KilnComposite::kLayerNorm, context));
    context.count("norms fused", fused);
    return fused > 0;
  }
};

}  // namespace

KILN_REGISTER_PASS(FuseLayerNorm, "fuse-layer-norm",
                   "LayerNorm (jnp mean/var, Flax) into kiln.layer_norm");

}  // namespace kiln::passes
