// stablehlo.broadcast_in_dim: its table entry and verifier.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

// Spec C1-C5: same element type; one result dimension per operand dimension, unique and in
// range; each operand dimension is 1 or the size of the result dimension it maps to.
Status verify_broadcast_in_dim(const Operation& op) {
  const Type& operand = op.operand(0)->type();
  const Type& result = op.result(0)->type();
  KILN_CHECK_OK(expect_tensor(op, operand, "operand"));
  KILN_CHECK_OK(expect_tensor(op, result, "result"));
  KILN_CHECK_OK(expect_same_element_type(op, operand, result, "operand and result"));
  if (!is_static_or_one_bounded(result)) {  // dynamic results take dynamic_broadcast_in_dim
    return verify_error(op, "result " + to_string(result) +
                                " must have a static shape or one bounded dynamic dimension; "
                                "use stablehlo.dynamic_broadcast_in_dim");
  }
  const auto& dims = op.attr_as<DenseArrayAttr>("broadcast_dimensions")->ints;
  if (static_cast<int64_t>(dims.size()) != operand.rank()) {
    return verify_error(op, "broadcast_dimensions " + dims_string(dims) + " has " +
                                std::to_string(dims.size()) + " entries but the operand " +
                                to_string(operand) + " has rank " +
                                std::to_string(operand.rank()));
  }
  KILN_CHECK_OK(expect_dims_in_range(op, dims, result.rank(), "broadcast_dimensions"));
  for (int64_t i = 0; i < operand.rank(); ++i) {
    int64_t from = operand.dim(i), to = result.dim(dims[static_cast<size_t>(i)]);
    if (from != 1 && !dim_sizes_compatible(from, to)) {
      return verify_error(op, "operand dimension " + std::to_string(i) + " of size " +
                                  dim_size_string(from) + " must be 1 or match result dimension " +
                                  std::to_string(dims[static_cast<size_t>(i)]) + " of size " +
                                  dim_size_string(to));
    }
  }
  return ok_status();
}

std::vector<OpInfo> broadcast_in_dim_ops() {
  return {
      {.name = "stablehlo.broadcast_in_dim",
       .operands = {{"operand"}},
       .results = {{"result"}},
       .attrs = {{"broadcast_dimensions", AttrKind::kDenseI64Array}},
       .format = "$operand , dims = $broadcast_dimensions attr-dict : functional-type",
       .verify = verify_broadcast_in_dim},
  };
}

KILN_REGISTER_OPS(broadcast_in_dim_ops);

}  // namespace

}  // namespace kiln::ir
