// stablehlo.reduce_window (generic form only): window attributes against the input rank,
// the reducer body, and the windowed result shape of the spec.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/reduction_body.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

Status verify_reduce_window(const Operation& op) {
  auto inputs = operand_group(op, 0);
  auto inits = operand_group(op, 1);
  if (inputs.empty()) return verify_error(op, "needs at least one input");
  if (op.num_results() != inputs.size()) {
    return verify_error(op, "has " + std::to_string(inputs.size()) + " inputs but " +
                                std::to_string(op.num_results()) + " results");
  }
  for (Value* v : inputs) {
    KILN_CHECK_OK(expect_tensor(op, v->type(), "input"));
    KILN_CHECK_OK(expect_same_shape(op, inputs[0]->type(), v->type(), "inputs"));
  }
  const Type& in = inputs[0]->type();
  KILN_TRY(Window w, read_window(op, in.rank(),
                                 {"window_dimensions", "window_strides", "base_dilations",
                                  "window_dilations", "padding"}));
  std::vector<Type> init_types = value_types(inits);
  KILN_CHECK_OK(expect_rank0_inits(op, init_types));  // (I2)
  KILN_TRY(std::vector<ElementType> body_elements,
           expect_reduction_body(op, op.region(0), element_types(value_types(inputs)),
                                 element_types(init_types)));  // (C13)
  std::vector<int64_t> shape = window_output_shape(in.shape(), w);
  for (size_t i = 0; i < inputs.size(); ++i) {
    Type expected = Type::tensor(shape, body_elements[i]);  // (C15), (C16)
    if (!types_compatible(expected, op.result(i)->type())) {
      return verify_error(op, "result " + std::to_string(i) + " has type " +
                                  to_string(op.result(i)->type()) + " but must be " +
                                  to_string(expected));
    }
  }
  return ok_status();
}

std::vector<OpInfo> reduce_window_ops() {
  return {
      {.name = "stablehlo.reduce_window",
       .operands = {{"inputs", Arity::kVariadic}, {"init_values", Arity::kVariadic}},
       .results = {{"results", Arity::kVariadic}},
       .attrs = {{"window_dimensions", AttrKind::kDenseI64Array},
                 {"window_strides", AttrKind::kDenseI64Array, true},
                 {"base_dilations", AttrKind::kDenseI64Array, true},
                 {"window_dilations", AttrKind::kDenseI64Array, true},
                 {"padding", AttrKind::kIntElements, true}},
       .regions = {"body"},
       .verify = verify_reduce_window},
  };
}

KILN_REGISTER_OPS(reduce_window_ops);

}  // namespace

}  // namespace kiln::ir
