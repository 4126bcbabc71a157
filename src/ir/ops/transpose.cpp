// stablehlo.transpose: its table entry and verifier.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

// Spec C1-C3: same element type; permutation is a permutation of the operand's dimensions;
// result dimension i is operand dimension permutation[i].
Status verify_transpose(const Operation& op) {
  const Type& operand = op.operand(0)->type();
  const Type& result = op.result(0)->type();
  KILN_CHECK_OK(expect_tensor(op, operand, "operand"));
  KILN_CHECK_OK(expect_tensor(op, result, "result"));
  KILN_CHECK_OK(expect_same_element_type(op, operand, result, "operand and result"));
  const auto& perm = op.attr_as<DenseArrayAttr>("permutation")->ints;
  if (static_cast<int64_t>(perm.size()) != operand.rank()) {
    return verify_error(op, "permutation " + dims_string(perm) + " must have " +
                                std::to_string(operand.rank()) +
                                " entries, the rank of the operand " + to_string(operand));
  }
  KILN_CHECK_OK(expect_dims_in_range(op, perm, operand.rank(), "permutation"));
  if (result.rank() != operand.rank()) {
    return verify_error(op, "result " + to_string(result) + " must have the rank of the operand " +
                                to_string(operand));
  }
  for (int64_t i = 0; i < result.rank(); ++i) {
    int64_t expected = operand.dim(perm[static_cast<size_t>(i)]);
    if (!dim_sizes_compatible(result.dim(i), expected)) {
      return verify_error(op, "result dimension " + std::to_string(i) + " has size " +
                                  dim_size_string(result.dim(i)) + " but operand dimension " +
                                  std::to_string(perm[static_cast<size_t>(i)]) + " has size " +
                                  dim_size_string(expected));
    }
  }
  return ok_status();
}

std::vector<OpInfo> transpose_ops() {
  return {
      {.name = "stablehlo.transpose",
       .operands = {{"operand"}},
       .results = {{"result"}},
       .attrs = {{"permutation", AttrKind::kDenseI64Array}},
       .format = "$operand , dims = $permutation attr-dict : functional-type",
       .verify = verify_transpose},
  };
}

KILN_REGISTER_OPS(transpose_ops);

}  // namespace

}  // namespace kiln::ir
