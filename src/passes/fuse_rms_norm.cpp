// fuse-rms-norm: RMSNorm (rsqrt or / sqrt, Flax, LLaMA bf16) into kiln.rms_norm; the residual add
// before it taken in (pattern_match.h's match_norm).
#include "passes/pattern_match.h"

namespace kiln::passes {

namespace {

class FuseRmsNorm : public Pass {
 public:
  std::string_view name() const override { return "fuse-rms-norm"; }

  Expected<bool> run(ir::Module& module, PassContext& context) const override {
    KILN_TRY(int64_t fused,
             fuse_norms(module, /*centered=*/false, ir::KilnComposite::kRmsNorm, context));
    context.count("norms fused", fused);
    return fused > 0;
  }
};

}  // namespace

KILN_REGISTER_PASS(FuseRmsNorm, "fuse-rms-norm",
                   "RMSNorm (rsqrt or / sqrt, Flax, LLaMA bf16) into kiln.rms_norm");

}  // namespace kiln::passes
