// The element-wise binary StableHLO ops (add ... xor, and complex): table entries, the spec's
// element type and shape constraints, and the printing of complex's type.
#include <string_view>

#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"
#include "ir/printer.h"

namespace kiln::ir {

namespace {

struct BinaryOp {
  std::string_view name;
  uint32_t classes;  // of lhs, rhs and result, which all have one type
};

constexpr uint32_t kAnyElements = kBoolElements | kIntegerElements | kFloatElements |
                                  kComplexElements | kQuantizedElements;
constexpr uint32_t kArithmetic =
    kIntegerElements | kFloatElements | kComplexElements | kQuantizedElements;

// Per the spec's (I1)/(I2) constraints of each op.
constexpr BinaryOp kBinaryOps[] = {
    {"stablehlo.add", kAnyElements},
    {"stablehlo.and", kBoolElements | kIntegerElements},
    {"stablehlo.atan2", kFloatElements | kComplexElements | kQuantizedElements},
    {"stablehlo.divide", kArithmetic},
    {"stablehlo.maximum", kAnyElements},
    {"stablehlo.minimum", kAnyElements},
    {"stablehlo.multiply", kAnyElements},
    {"stablehlo.or", kBoolElements | kIntegerElements},
    {"stablehlo.power", kArithmetic},
    {"stablehlo.remainder", kArithmetic},
    {"stablehlo.shift_left", kIntegerElements},
    {"stablehlo.shift_right_arithmetic", kIntegerElements},
    {"stablehlo.shift_right_logical", kIntegerElements},
    {"stablehlo.subtract", kArithmetic},
    {"stablehlo.xor", kBoolElements | kIntegerElements},
};

Status verify_binary(const Operation& op) {
  uint32_t classes = kAnyElements;
  for (const BinaryOp& b : kBinaryOps) {
    if (b.name == op.name()) classes = b.classes;
  }
  const Type& lhs = op.operand(0)->type();
  const Type& rhs = op.operand(1)->type();
  const Type& result = op.result(0)->type();
  KILN_CHECK_OK(expect_element_classes(op, lhs, classes, "lhs"));
  KILN_CHECK_OK(expect_element_classes(op, rhs, classes, "rhs"));
  KILN_CHECK_OK(expect_tensor(op, result, "result"));
  KILN_CHECK_OK(expect_baseline_compatible_types(op, lhs, rhs, "lhs and rhs"));
  return expect_baseline_compatible_types(op, lhs, result, "operands and result");
}

// complex: lhs and rhs are f32 or f64 of one type, the result the complex type of them (C1-C3).
Status verify_complex(const Operation& op) {
  const Type& lhs = op.operand(0)->type();
  const Type& rhs = op.operand(1)->type();
  const Type& result = op.result(0)->type();
  KILN_CHECK_OK(expect_tensor(op, lhs, "lhs"));
  KILN_CHECK_OK(expect_tensor(op, rhs, "rhs"));
  KILN_CHECK_OK(expect_element_classes(op, result, kComplexElements, "result"));
  ElementKind part = lhs.element().kind();
  if (part != ElementKind::kF32 && part != ElementKind::kF64) {
    return verify_error(op, "lhs must be a tensor of f32 or f64, but is " + to_string(lhs));
  }
  KILN_CHECK_OK(expect_compatible_types(op, lhs, rhs, "lhs and rhs"));
  KILN_CHECK_OK(expect_same_shape(op, lhs, result, "operands and result"));
  if (result.element().complex_part() != lhs.element()) {
    return verify_error(op, "result element type must be complex<" + to_string(lhs.element()) +
                                ">, but is " + to_string(result.element()));
  }
  return ok_status();
}

// `: tensor<2xcomplex<f32>>` when both operands are the result's parts of the same shape,
// else the functional type.
void print_complex_op_type(AsmPrinter& p, const Operation& op, const std::vector<std::string>&) {
  const Type& lhs = op.operand(0)->type();
  const Type& rhs = op.operand(1)->type();
  const Type& result = op.result(0)->type();
  bool short_form = lhs == rhs && result.is_tensor() && result.element().is_complex() &&
                    lhs == result.with_element(result.element().complex_part());
  if (short_form) {
    p.type(result);
  } else {
    p.functional_type(op);
  }
}

KILN_REGISTER_PRINT_DIRECTIVE("ComplexOpType", print_complex_op_type);

std::vector<OpInfo> elementwise_binary_ops() {
  std::vector<OpInfo> ops;
  for (const BinaryOp& b : kBinaryOps) {
    ops.push_back({.name = b.name,
                   .operands = {{"lhs"}, {"rhs"}},
                   .results = {{"result"}},
                   .format = "$lhs , $rhs attr-dict : "
                             "custom<SameOperandsAndResultType>($lhs,$rhs,$result)",
                   .verify = verify_binary});
  }
  ops.push_back({.name = "stablehlo.complex",
                 .operands = {{"lhs"}, {"rhs"}},
                 .results = {{"result"}},
                 .format = "$lhs , $rhs attr-dict : custom<ComplexOpType>($lhs,$rhs,$result)",
                 .verify = verify_complex});
  return ops;
}

KILN_REGISTER_OPS(elementwise_binary_ops);

}  // namespace

}  // namespace kiln::ir
