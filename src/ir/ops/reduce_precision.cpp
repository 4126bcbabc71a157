// stablehlo.reduce_precision: rounds floats to a narrower format given by its exponent and
// mantissa bit counts, spelled `format = e5m10`.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"
#include "ir/printer.h"

namespace kiln::ir {

namespace {

// (I1) a float operand, (C1) a result of its type, (C2) exponent_bits >= 1, (C3)
// mantissa_bits >= 0.
Status verify_reduce_precision(const Operation& op) {
  const Type& operand = op.operand(0)->type();
  KILN_CHECK_OK(
      expect_element_classes(op, operand, kFloatElements | kQuantizedElements, "operand"));
  KILN_CHECK_OK(expect_compatible_types(op, operand, op.result(0)->type(), "operand and output"));
  int64_t exponent = op.attr_as<IntegerAttr>("exponent_bits")->value;
  int64_t mantissa = op.attr_as<IntegerAttr>("mantissa_bits")->value;
  if (exponent < 1) {
    return verify_error(op, "exponent_bits must be at least 1, but is " +
                                std::to_string(exponent));
  }
  if (mantissa < 0) {
    return verify_error(op, "mantissa_bits must be at least 0, but is " +
                                std::to_string(mantissa));
  }
  return ok_status();
}

// `e5m10`: exponent and mantissa bits as one keyword.
void print_exponent_mantissa(AsmPrinter& p, const Operation& op,
                             const std::vector<std::string>& args) {
  const auto* exponent = op.attr_as<IntegerAttr>(args.at(0));
  const auto* mantissa = op.attr_as<IntegerAttr>(args.at(1));
  if (!exponent || !mantissa) {
    p.word("<<missing " + args[0] + " or " + args[1] + ">>");
    return;
  }
  p.word("e" + std::to_string(exponent->value) + "m" + std::to_string(mantissa->value));
}

KILN_REGISTER_PRINT_DIRECTIVE("ExponentMantissa", print_exponent_mantissa);

std::vector<OpInfo> reduce_precision_ops() {
  return {
      {.name = "stablehlo.reduce_precision",
       .operands = {{"operand"}},
       .results = {{"output"}},
       .attrs = {{"exponent_bits", AttrKind::kI32}, {"mantissa_bits", AttrKind::kI32}},
       .format = "$operand , format = custom<ExponentMantissa>($exponent_bits,$mantissa_bits) "
                 "attr-dict : custom<SameOperandsAndResultType>($operand,$output)",
       .verify = verify_reduce_precision},
  };
}

KILN_REGISTER_OPS(reduce_precision_ops);

}  // namespace

}  // namespace kiln::ir
