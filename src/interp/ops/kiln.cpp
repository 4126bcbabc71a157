// The kiln dialect (kiln.fusion and the named composites): each runs its one region on its
// operands; the region is the op's meaning, whatever kernel a backend would use instead.
#include "interp/ops/op_helpers.h"
#include "ir/ops/kiln_ops.h"

namespace kiln::interp {

namespace {

Expected<std::vector<RuntimeValue>> kiln_region_op(Interpreter& in, const ir::Operation& op,
                                                   std::span<const RuntimeValue> operands) {
  // The verifier guarantees one region of one block; an unverified module may not have it.
  if (op.num_regions() != 1 || op.region(0).empty()) {
    return op_error(op, "needs one region holding its body");
  }
  KILN_CHECK_OK(in.check_time_limit(op));
  return in.run_region(op.region(0), operands);
}

// One registration per name of kiln_ops.h (a registration takes effect when constructed).
[[maybe_unused]] const bool kKilnOpsRegistered = [] {
  InterpRegistration fusion(ir::kKilnFusionName, kiln_region_op);
  for (std::string_view name : ir::kKilnCompositeNames) {
    InterpRegistration composite(name, kiln_region_op);
  }
  return true;
}();

}  // namespace

}  // namespace kiln::interp
