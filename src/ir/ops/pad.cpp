// stablehlo.pad: its table entry and verifier.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

// Spec C1-C4: one element type; a rank-0 padding value; one low, high and interior padding
// per dimension, interior non-negative; result dim = low + dim + max(dim - 1, 0) * interior
// + high.
Status verify_pad(const Operation& op) {
  const Type& operand = op.operand(0)->type();
  const Type& value = op.operand(1)->type();
  const Type& result = op.result(0)->type();
  KILN_CHECK_OK(expect_tensor(op, operand, "operand"));
  KILN_CHECK_OK(expect_tensor(op, value, "padding_value"));
  KILN_CHECK_OK(expect_tensor(op, result, "result"));
  KILN_CHECK_OK(expect_same_element_type(op, operand, value, "operand and padding_value"));
  KILN_CHECK_OK(expect_same_element_type(op, operand, result, "operand and result"));
  if (value.rank() != 0) {
    return verify_error(op, "padding_value must be a rank-0 tensor, but is " + to_string(value));
  }
  const auto& low = op.attr_as<DenseArrayAttr>("edge_padding_low")->ints;
  const auto& high = op.attr_as<DenseArrayAttr>("edge_padding_high")->ints;
  const auto& interior = op.attr_as<DenseArrayAttr>("interior_padding")->ints;
  KILN_CHECK_OK(expect_entry_per_dim(op, {low, high, interior}, "low, high and interior padding",
                                     operand, result));
  auto rank = static_cast<size_t>(operand.rank());
  for (size_t i = 0; i < rank; ++i) {
    if (interior[i] < 0) {
      return verify_error(op, "interior padding " + std::to_string(interior[i]) +
                                  " in dimension " + std::to_string(i) + " must not be negative");
    }
    int64_t dim = operand.dim(static_cast<int64_t>(i));
    if (dim == kDynamic) continue;
    int64_t expected = low[i] + dim + std::max<int64_t>(dim - 1, 0) * interior[i] + high[i];
    if (!dim_sizes_compatible(result.dim(static_cast<int64_t>(i)), expected)) {
      return verify_error(op, "result " + to_string(result) + " must have size " +
                                  std::to_string(expected) + " in dimension " +
                                  std::to_string(i));
    }
  }
  return ok_status();
}

std::vector<OpInfo> pad_ops() {
  return {
      {.name = "stablehlo.pad",
       .operands = {{"operand"}, {"padding_value"}},
       .results = {{"result"}},
       .attrs = {{"edge_padding_low", AttrKind::kDenseI64Array},
                 {"edge_padding_high", AttrKind::kDenseI64Array},
                 {"interior_padding", AttrKind::kDenseI64Array}},
       .format = "$operand , $padding_value , low = $edge_padding_low , high = "
                 "$edge_padding_high , interior = $interior_padding attr-dict : functional-type",
       .verify = verify_pad},
  };
}

KILN_REGISTER_OPS(pad_ops);

}  // namespace

}  // namespace kiln::ir
