// stablehlo.return: the terminator of every StableHLO region (reduce bodies, while and if
// branches, sort comparators...). What it must return is checked by the op owning the region.
#include "ir/op_info.h"
#include "ir/operation.h"

namespace kiln::ir {

namespace {

Status verify_region_return(const Operation& op) {
  const Operation* parent = op.parent_op();
  if (!parent || parent->id() == ops::kFunc || parent->id() == ops::kModule) {
    return verify_error(op, "must end the region of a StableHLO op; functions end with "
                            "func.return");
  }
  return ok_status();
}

std::vector<OpInfo> return_ops() {
  return {
      {.name = "stablehlo.return",
       .operands = {{"operands", Arity::kVariadic}},
       .format = "attr-dict {? $operands : type($operands) }?",
       .verify = verify_region_return,
       .traits = kTerminator},
  };
}

KILN_REGISTER_OPS(return_ops);

}  // namespace

}  // namespace kiln::ir
