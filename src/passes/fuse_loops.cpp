// fuse-loops: producer-consumer fusion of element-wise and data-movement ops (broadcasts,
// reshapes, transposes, slices, concatenates, pads, iota, converts, selects, compares) into
// kiln.fusion ops of kind "loop": one kernel per group, each element computed once.
#include "passes/fusion_outline.h"
#include "passes/pass.h"

namespace kiln::passes {

namespace {

class FuseLoops : public Pass {
 public:
  std::string_view name() const override { return "fuse-loops"; }
  Expected<bool> run(ir::Module& module, PassContext& context) const override {
    KILN_TRY(int64_t n, fuse_groups(module, context, "loop", [](const FusionGroup& group) {
               return group.reduce == nullptr;
             }));
    return n > 0;
  }
};

}  // namespace

KILN_REGISTER_PASS(FuseLoops, "fuse-loops",
                   "wrap producer-consumer chains of element-wise and data-movement ops into "
                   "kiln.fusion ops");

}  // namespace kiln::passes
