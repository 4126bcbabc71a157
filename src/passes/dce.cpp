// dce: dead-code elimination. Erases ops whose results nothing uses and that have no effects
// (passes/effects.h), in every region, and private functions that nothing names.
#include "ir/rewriter.h"
#include "passes/effects.h"
#include "passes/pass.h"
#include "passes/symbols.h"

namespace kiln::passes {

namespace {

class Dce : public Pass {
 public:
  std::string_view name() const override { return "dce"; }

  Expected<bool> run(ir::Module& module, PassContext& context) const override {
    EffectAnalysis effects(module);
    ir::Rewriter rewriter(module.body());
    int64_t erased = 0;
    for (ir::Operation* f : module.functions()) {
      for (const auto& region : f->regions()) {
        for (const auto& block : region->blocks()) {
          KILN_TRY(int64_t n, sweep(*block, effects, rewriter));
          erased += n;
        }
      }
    }
    KILN_TRY(int64_t functions, erase_unnamed_functions(module, rewriter));
    context.count("ops erased", erased);
    context.count("functions erased", functions);
    return erased + functions > 0;
  }

 private:
  // Walks the block backwards, so that erasing a user makes its operands' definers dead in the
  // same sweep; nested regions are swept before the op that holds them is judged.
  static Expected<int64_t> sweep(ir::Block& block, EffectAnalysis& effects,
                                 ir::Rewriter& rewriter) {
    int64_t erased = 0;
    for (size_t i = block.operations().size(); i-- > 0;) {
      ir::Operation& op = *block.operations()[i];
      for (const auto& region : op.regions()) {
        for (const auto& inner : region->blocks()) {
          KILN_TRY(int64_t n, sweep(*inner, effects, rewriter));
          erased += n;
        }
      }
      if (!op.has_uses() && effects.removable_if_unused(op)) {
        KILN_CHECK_OK(rewriter.erase_op(op));
        ++erased;
      }
    }
    return erased;
  }

  // Private functions that no op names, until none is left (erasing one may orphan another).
  static Expected<int64_t> erase_unnamed_functions(ir::Module& module, ir::Rewriter& rewriter) {
    int64_t erased = 0;
    for (bool again = true; again;) {
      again = false;
      std::set<std::string> named = referenced_symbols(module.op());
      for (ir::Operation* f : module.functions()) {
        const auto* sym = f->attr_as<ir::StringAttr>("sym_name");
        if (!sym || !is_private_function(*f) || named.count(sym->value)) continue;
        KILN_CHECK_OK(rewriter.erase_op(*f));
        ++erased;
        again = true;
      }
    }
    return erased;
  }
};

}  // namespace

KILN_REGISTER_PASS(Dce, "dce", "erase unused ops without effects and unnamed private functions");

}  // namespace kiln::passes
