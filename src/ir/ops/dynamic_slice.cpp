// stablehlo.dynamic_slice: its table entry and verifier.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

// Spec C1-C5: same element type; sizes within the operand; result shape = slice_sizes.
Status verify_dynamic_slice(const Operation& op) {
  const Type& operand = op.operand(0)->type();
  const Type& result = op.result(0)->type();
  KILN_CHECK_OK(expect_tensor(op, operand, "operand"));
  KILN_CHECK_OK(expect_tensor(op, result, "result"));
  KILN_CHECK_OK(expect_same_element_type(op, operand, result, "operand and result"));
  KILN_CHECK_OK(expect_start_indices(op, operand_group(op, 1), operand.rank()));
  const auto& sizes = op.attr_as<DenseArrayAttr>("slice_sizes")->ints;
  if (static_cast<int64_t>(sizes.size()) != operand.rank()) {
    return verify_error(op, "slice_sizes " + dims_string(sizes) + " must have " +
                                std::to_string(operand.rank()) + " entries, the operand's rank");
  }
  for (int64_t i = 0; i < operand.rank(); ++i) {
    int64_t size = sizes[static_cast<size_t>(i)];
    if (size < 0 || (operand.dim(i) != kDynamic && size > operand.dim(i))) {
      return verify_error(op, "slice size " + std::to_string(size) + " in dimension " +
                                  std::to_string(i) + " must be in [0, " +
                                  dim_size_string(operand.dim(i)) + "]");
    }
  }
  if (!shapes_compatible(result, Type::tensor(sizes, result.element()))) {
    return verify_error(op, "result " + to_string(result) + " must have the shape " +
                                dims_string(sizes) + " of slice_sizes");
  }
  return ok_status();
}

std::vector<OpInfo> dynamic_slice_ops() {
  return {
      {.name = "stablehlo.dynamic_slice",
       .operands = {{"operand"}, {"start_indices", Arity::kVariadic}},
       .results = {{"result"}},
       .attrs = {{"slice_sizes", AttrKind::kDenseI64Array}},
       .format = "$operand , custom<VariadicOperandWithAttribute>($start_indices) sizes = "
                 "$slice_sizes attr-dict : functional-type",
       .verify = verify_dynamic_slice},
  };
}

KILN_REGISTER_OPS(dynamic_slice_ops);

}  // namespace

}  // namespace kiln::ir
