// stablehlo.uniform_quantize and stablehlo.uniform_dequantize: `%x : (T) -> U`, converting
// between float tensors and `!quant.uniform` tensors of the same shape.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

Status verify_uniform_quantize(const Operation& op) {
  const Type& in = op.operand(0)->type();
  const Type& out = op.result(0)->type();
  KILN_CHECK_OK(expect_same_shape(op, in, out, "operand and result"));
  if (!in.element().is_float() && !in.element().is_quantized()) {
    return verify_error(op, "operand must be a float or quantized tensor, but is " +
                                to_string(in));
  }
  if (!out.element().is_quantized()) {
    return verify_error(op, "result must be a quantized tensor, but is " + to_string(out));
  }
  return ok_status();
}

Status verify_uniform_dequantize(const Operation& op) {
  const Type& in = op.operand(0)->type();
  const Type& out = op.result(0)->type();
  KILN_CHECK_OK(expect_same_shape(op, in, out, "operand and result"));
  if (!in.element().is_quantized()) {
    return verify_error(op, "operand must be a quantized tensor, but is " + to_string(in));
  }
  if (out.element() != in.element().quant().expressed) {
    return verify_error(op, "result element type must be the expressed type " +
                                to_string(ElementType(in.element().quant().expressed)) +
                                ", but the result is " + to_string(out));
  }
  return ok_status();
}

std::vector<OpInfo> uniform_quantize_ops() {
  return {
      {.name = "stablehlo.uniform_quantize",
       .operands = {{"operand"}},
       .results = {{"result"}},
       .format = "$operand attr-dict : functional-type",
       .verify = verify_uniform_quantize},
      {.name = "stablehlo.uniform_dequantize",
       .operands = {{"operand"}},
       .results = {{"result"}},
       .format = "$operand attr-dict : functional-type",
       .verify = verify_uniform_dequantize},
  };
}

KILN_REGISTER_OPS(uniform_quantize_ops);

}  // namespace

}  // namespace kiln::ir
