// inline: replaces each func.call by a copy of its callee's body, until no call is left (a
// call that is still there after kMaxRounds rounds is recursive and stays). Functions that
// become unused are left for dce.
#include <vector>

#include "ir/rewriter.h"
#include "passes/pass.h"

namespace kiln::passes {

namespace {

constexpr int kMaxRounds = 32;

class Inline : public Pass {
 public:
  std::string_view name() const override { return "inline"; }

  Expected<bool> run(ir::Module& module, PassContext& context) const override {
    ir::Rewriter rewriter(module.body());
    int64_t inlined = 0;
    for (int round = 0; round < kMaxRounds; ++round) {
      std::vector<ir::Operation*> calls;
      module.op().walk([&](ir::Operation& op) {
        if (op.id() == ir::ops::kFuncCall) calls.push_back(&op);
      });
      int64_t this_round = 0;
      for (ir::Operation* call : calls) {
        KILN_TRY(bool done, inline_call(module, *call, rewriter));
        this_round += done;
      }
      inlined += this_round;
      if (this_round == 0) break;
    }
    context.count("calls inlined", inlined);
    return inlined > 0;
  }

 private:
  // Copies the callee's body before `call` and rewires the call's results; false when the
  // callee is missing or is the function the call is in (left to the verifier / recursion).
  static Expected<bool> inline_call(ir::Module& module, ir::Operation& call,
                                    ir::Rewriter& rewriter) {
    const auto* callee_name = call.attr_as<ir::SymbolRefAttr>("callee");
    if (!callee_name) return false;
    ir::Operation* callee = module.lookup_function(callee_name->name);
    if (!callee || callee->is_ancestor_of(&call) || callee->num_regions() == 0 ||
        callee->region(0).empty()) {
      return false;
    }
    const ir::Block& body = callee->region(0).front();
    if (body.num_arguments() != call.num_operands()) return false;
    ir::ValueMap map;
    for (size_t i = 0; i < body.num_arguments(); ++i) map[body.argument(i)] = call.operand(i);
    KILN_CHECK_OK(rewriter.set_insertion_point_before(call));
    const ir::Operation* terminator = body.terminator();
    for (const auto& op : body.operations()) {
      if (op.get() != terminator) rewriter.clone(*op, map);
    }
    std::vector<ir::Value*> results;
    for (ir::Value* v : terminator->operands()) {
      auto it = map.find(v);
      results.push_back(it != map.end() ? it->second : v);
    }
    KILN_CHECK_OK(rewriter.replace_op(call, results));
    return true;
  }
};

}  // namespace

KILN_REGISTER_PASS(Inline, "inline", "replace func.call by the callee's body");

}  // namespace kiln::passes
