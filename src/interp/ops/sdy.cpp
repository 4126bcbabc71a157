// Shardy annotations on one device: a sharding constraint or reshard leaves the value as it
// is (each shard is the whole tensor); a sharding group has no results.
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

Expected<std::vector<RuntimeValue>> pass_through(Interpreter&, const ir::Operation&,
                                                 std::span<const RuntimeValue> operands) {
  return std::vector<RuntimeValue>{operands[0]};
}

Expected<std::vector<RuntimeValue>> no_results(Interpreter&, const ir::Operation&,
                                               std::span<const RuntimeValue>) {
  return std::vector<RuntimeValue>{};
}

}  // namespace

KILN_REGISTER_INTERP("sdy.sharding_constraint", pass_through);
KILN_REGISTER_INTERP("sdy.reshard", pass_through);
KILN_REGISTER_INTERP("sdy.sharding_group", no_results);

}  // namespace kiln::interp
