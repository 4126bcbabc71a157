// stablehlo.cholesky: `%a, lower = true : tensor<NxNxf32>`; the operand is a batch of square
// float or complex matrices and the result has its type.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

Status verify_cholesky(const Operation& op) {
  const Type& a = op.operand(0)->type();
  KILN_CHECK_OK(expect_tensor(op, a, "a"));
  if (a.rank() < 2) return verify_error(op, "a must have rank 2 or more, but is " + to_string(a));
  int64_t m = a.dim(a.rank() - 2), n = a.dim(a.rank() - 1);
  if (m != kDynamic && n != kDynamic && m != n) {
    return verify_error(op, "a must be a batch of square matrices, but is " + to_string(a));
  }
  if (!a.element().is_float() && !a.element().is_complex()) {
    return verify_error(op, "a must have a float or complex element type, but is " +
                                to_string(a));
  }
  if (!types_compatible(a, op.result(0)->type())) {
    return verify_error(op, "result type " + to_string(op.result(0)->type()) +
                                " must equal the operand type " + to_string(a));
  }
  return ok_status();
}

std::vector<OpInfo> cholesky_ops() {
  return {
      {.name = "stablehlo.cholesky",
       .operands = {{"a"}},
       .results = {{"result"}},
       .attrs = {{"lower", AttrKind::kBool, true}},
       .format = "$a {? , lower = $lower }? attr-dict : custom<SameOperandsAndResultType>",
       .verify = verify_cholesky},
  };
}

KILN_REGISTER_OPS(cholesky_ops);

}  // namespace

}  // namespace kiln::ir
