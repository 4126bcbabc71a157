// stablehlo.broadcast (deprecated, still in the dialect): its table entry and verifier. The
// result is the operand repeated: its shape is broadcast_sizes followed by the operand's.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

// The same element type; non-negative sizes; result shape = broadcast_sizes ++ operand shape.
Status verify_broadcast(const Operation& op) {
  const Type& operand = op.operand(0)->type();
  const Type& result = op.result(0)->type();
  KILN_CHECK_OK(expect_tensor(op, operand, "operand"));
  KILN_CHECK_OK(expect_tensor(op, result, "result"));
  KILN_CHECK_OK(expect_same_element_type(op, operand, result, "operand and result"));
  const auto& sizes = op.attr_as<DenseArrayAttr>("broadcast_sizes")->ints;
  std::vector<int64_t> expected = sizes;
  for (int64_t s : sizes) {
    if (s < 0) return verify_error(op, "broadcast_sizes " + dims_string(sizes) + " must be >= 0");
  }
  for (int64_t i = 0; i < operand.rank(); ++i) expected.push_back(operand.dim(i));
  bool match = static_cast<int64_t>(expected.size()) == result.rank();
  for (int64_t i = 0; match && i < result.rank(); ++i) {
    match = dim_sizes_compatible(expected[static_cast<size_t>(i)], result.dim(i));
  }
  if (!match) {
    return verify_error(op, "result " + to_string(result) + " must have the shape " +
                                dims_string(expected) +
                                " (broadcast_sizes, then the operand's dimensions)");
  }
  return ok_status();
}

std::vector<OpInfo> broadcast_ops() {
  return {{.name = "stablehlo.broadcast",
           .operands = {{"operand"}},
           .results = {{"result"}},
           .attrs = {{"broadcast_sizes", AttrKind::kDenseI64Array}},
           .format = "$operand , sizes = $broadcast_sizes attr-dict : functional-type",
           .verify = verify_broadcast}};
}

KILN_REGISTER_OPS(broadcast_ops);

}  // namespace

}  // namespace kiln::ir
