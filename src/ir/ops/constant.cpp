// stablehlo.constant: its table entry, verifier, and the printing of `dense<...> : type`.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"
#include "ir/printer.h"

namespace kiln::ir {

namespace {

// Spec C1: type(value) = type(output).
Status verify_constant(const Operation& op) {
  const Type& result = op.result(0)->type();
  KILN_CHECK_OK(expect_tensor(op, result, "result"));
  const auto& value = op.attr("value")->get<DenseElementsAttr>();
  if (value.type != result) {
    return verify_error(op, "value has type " + to_string(value.type) +
                                " but the result has type " + to_string(result));
  }
  return ok_status();
}

// `{attrs} dense<...> : tensor<...>`: the value carries the result type, as in MLIR's
// printer; other attributes come first.
void print_constant_value(AsmPrinter& p, const Operation& op, const std::vector<std::string>&) {
  p.attr_dict(op, {"value"});
  p.attr(*op.attr("value"));
}

KILN_REGISTER_PRINT_DIRECTIVE("ConstantValue", print_constant_value);

std::vector<OpInfo> constant_ops() {
  return {
      {.name = "stablehlo.constant",
       .results = {{"output"}},
       .attrs = {{"value", AttrKind::kElements}},
       .format = "custom<ConstantValue>($value)",
       .verify = verify_constant,
       },
  };
}

KILN_REGISTER_OPS(constant_ops);

}  // namespace

}  // namespace kiln::ir
