// stablehlo.compare: element-wise comparison of two tensors of one type into a tensor of i1.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

constexpr uint32_t kComparable = kBoolElements | kIntegerElements | kFloatElements |
                                 kComplexElements | kQuantizedElements;

// The spec's (C1) lhs and rhs have one element type and (C2) the result is i1 of their shape.
// compare_type is not checked against the element type: the official verifier accepts any.
Status verify_compare(const Operation& op) {
  const Type& lhs = op.operand(0)->type();
  const Type& rhs = op.operand(1)->type();
  const Type& result = op.result(0)->type();
  KILN_CHECK_OK(expect_element_classes(op, lhs, kComparable, "lhs"));
  KILN_CHECK_OK(expect_element_classes(op, rhs, kComparable, "rhs"));
  KILN_CHECK_OK(expect_baseline_compatible_types(op, lhs, rhs, "lhs and rhs"));
  KILN_CHECK_OK(expect_element_classes(op, result, kBoolElements, "result"));
  return expect_same_shape(op, lhs, result, "operands and result");
}

std::vector<OpInfo> compare_ops() {
  return {
      {.name = "stablehlo.compare",
       .operands = {{"lhs"}, {"rhs"}},
       .results = {{"result"}},
       .attrs = {{"comparison_direction", AttrKind::kEnum, false,
                  EnumKind::kComparisonDirection},
                 {"compare_type", AttrKind::kEnum, true, EnumKind::kComparisonType}},
       .format = "$comparison_direction , $lhs , $rhs {? , $compare_type }? attr-dict : "
                 "functional-type",
       .verify = verify_compare},
  };
}

KILN_REGISTER_OPS(compare_ops);

}  // namespace

}  // namespace kiln::ir
