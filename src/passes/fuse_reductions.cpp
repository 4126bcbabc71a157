// fuse-reductions: each reduction with its element-wise prologue (the ops computing what it
// reduces) and epilogue (the ops after it at the reduced shape) becomes one kiln.fusion of kind
// "input": one kernel that reads the inputs once and writes the reduced result.
#include "passes/fusion_ops.h"
#include "passes/fusion_outline.h"
#include "passes/pass.h"

namespace kiln::passes {

namespace {

class FuseReductions : public Pass {
 public:
  std::string_view name() const override { return "fuse-reductions"; }
  Expected<bool> run(ir::Module& module, PassContext& context) const override {
    // Only a block with a reduction can give a group with one: the others are left to
    // fuse-loops, which plans them anyway (planning every block here cost as much as
    // fuse-loops on programs with few reductions).
    KILN_TRY(int64_t n, fuse_groups(
                            module, context, "input",
                            [](const FusionGroup& group) { return group.reduce != nullptr; },
                            [](const ir::Operation& op) { return is_fusible_reduce(op); }));
    return n > 0;
  }
};

}  // namespace

KILN_REGISTER_PASS(FuseReductions, "fuse-reductions",
                   "wrap each reduction with its prologue and epilogue into a kiln.fusion");

}  // namespace kiln::passes
