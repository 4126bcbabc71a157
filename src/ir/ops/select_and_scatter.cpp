// stablehlo.select_and_scatter (generic form only): `select` picks one element per window
// of `operand`, `scatter` accumulates `source` into it; the result has the operand's type.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/reduction_body.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

Status verify_select_and_scatter(const Operation& op) {
  const Type& operand = op.operand(0)->type();
  const Type& source = op.operand(1)->type();
  const Type& init = op.operand(2)->type();
  KILN_CHECK_OK(expect_tensor(op, operand, "operand"));
  KILN_CHECK_OK(expect_tensor(op, source, "source"));
  KILN_TRY(Window w, read_window(op, operand.rank(),
                                 {"window_dimensions", "window_strides", "", "", "padding"}));
  // (C1) the source has the operand's element type and (C2) its windowed shape.
  Type expected_source = Type::tensor(window_output_shape(operand.shape(), w), operand.element());
  if (!types_compatible(expected_source, source)) {
    return verify_error(op, "source type " + to_string(source) + " must have the windowed "
                            "shape and the element type of the operand, " + to_string(expected_source));
  }
  Type scalar = Type::tensor({}, operand.element());
  KILN_CHECK_OK(expect_region_args(op, op.region(0), {scalar, scalar}, "select"));
  KILN_CHECK_OK(expect_region_returns(op, op.region(0), {Type::tensor({}, ElementKind::kI1)},
                                      "select"));
  KILN_CHECK_OK(expect_rank0_inits(op, {init}));  // (I3)
  KILN_TRY(std::vector<ElementType> body_elements,
           expect_reduction_body(op, op.region(1), {source.element()}, {init.element()},
                                 {"scatter", "init value", "source"}));  // (C10)
  Type expected = Type::tensor(operand.shape(), body_elements[0]);  // (C11), (C12)
  if (!types_compatible(expected, op.result(0)->type())) {
    return verify_error(op, "result type " + to_string(op.result(0)->type()) + " must be " +
                                to_string(expected));
  }
  return ok_status();
}

std::vector<OpInfo> select_and_scatter_ops() {
  return {
      {.name = "stablehlo.select_and_scatter",
       .operands = {{"operand"}, {"source"}, {"init_value"}},
       .results = {{"result"}},
       .attrs = {{"window_dimensions", AttrKind::kDenseI64Array, true},
                 {"window_strides", AttrKind::kDenseI64Array, true},
                 {"padding", AttrKind::kIntElements, true}},
       .regions = {"select", "scatter"},
       .verify = verify_select_and_scatter},
  };
}

KILN_REGISTER_OPS(select_and_scatter_ops);

}  // namespace

}  // namespace kiln::ir
