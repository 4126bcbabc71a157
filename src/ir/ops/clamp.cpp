// stablehlo.clamp: clamps every element of operand between min and max, which are scalars or
// tensors of the operand's shape.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

constexpr uint32_t kClampable = kBoolElements | kIntegerElements | kFloatElements |
                                kComplexElements | kQuantizedElements;

// (C1) min and max are rank 0 or of the operand's shape; (C2) all three have one element
// type; (C3) the result has the operand's type.
Status verify_clamp(const Operation& op) {
  const Type& min = op.operand(0)->type();
  const Type& operand = op.operand(1)->type();
  const Type& max = op.operand(2)->type();
  KILN_CHECK_OK(expect_element_classes(op, operand, kClampable, "operand"));
  for (auto [bound, what] : {std::pair{&min, "min"}, std::pair{&max, "max"}}) {
    KILN_CHECK_OK(expect_tensor(op, *bound, what));
    if (bound->rank() != 0 && !shapes_compatible(*bound, operand)) {
      return verify_error(op, std::string(what) + " must be a scalar or have the operand's "
                                  "shape, but is " + to_string(*bound) + " for an operand of "
                                  "type " + to_string(operand));
    }
    if (bound->element() != operand.element()) {
      return verify_error(op, std::string(what) + " must have the element type of the operand, " +
                                  to_string(operand.element()) + ", but is " +
                                  to_string(*bound));
    }
  }
  return expect_baseline_compatible_types(op, operand, op.result(0)->type(), "operand and result");
}

std::vector<OpInfo> clamp_ops() {
  return {
      {.name = "stablehlo.clamp",
       .operands = {{"min"}, {"operand"}, {"max"}},
       .results = {{"result"}},
       .format = "$min , $operand , $max attr-dict : "
                 "custom<SameOperandsAndResultType>($min,$operand,$max,$result)",
       .verify = verify_clamp},
  };
}

KILN_REGISTER_OPS(clamp_ops);

}  // namespace

}  // namespace kiln::ir
