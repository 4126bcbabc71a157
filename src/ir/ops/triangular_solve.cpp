// stablehlo.triangular_solve (generic form only): solves op(a) x = b or x op(a) = b for a
// batch of triangular matrices a; the result has b's type.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

bool sizes_match(int64_t a, int64_t b) { return a == kDynamic || b == kDynamic || a == b; }

Status verify_triangular_solve(const Operation& op) {
  const Type& a = op.operand(0)->type();
  const Type& b = op.operand(1)->type();
  KILN_CHECK_OK(expect_tensor(op, a, "a"));
  KILN_CHECK_OK(expect_tensor(op, b, "b"));
  if (a.rank() < 2 || b.rank() != a.rank()) {
    return verify_error(op, "a and b must have the same rank, 2 or more, but are " +
                                to_string(a) + " and " + to_string(b));
  }
  int64_t r = a.rank();
  if (!sizes_match(a.dim(r - 2), a.dim(r - 1))) {
    return verify_error(op, "a must be a batch of square matrices, but is " + to_string(a));
  }
  for (int64_t d = 0; d < r - 2; ++d) {
    if (!sizes_match(a.dim(d), b.dim(d))) {
      return verify_error(op, "batch dimension " + std::to_string(d) + " of a and b differ: " +
                                  to_string(a) + " and " + to_string(b));
    }
  }
  bool left = op.attr_as<BoolAttr>("left_side")->value;
  int64_t bd = left ? r - 2 : r - 1;
  if (!sizes_match(a.dim(r - 1), b.dim(bd))) {
    return verify_error(op, std::string("b dimension ") + std::to_string(bd) +
                                " must match a's size " + std::to_string(a.dim(r - 1)) +
                                (left ? " (left_side)" : " (right side)"));
  }
  if (op.attr_as<EnumAttr>("transpose_a")->value == 0) {
    return verify_error(op, "transpose_a must not be TRANSPOSE_INVALID");
  }
  if (!types_compatible(b, op.result(0)->type())) {
    return verify_error(op, "result type " + to_string(op.result(0)->type()) +
                                " must equal b's type " + to_string(b));
  }
  return ok_status();
}

std::vector<OpInfo> triangular_solve_ops() {
  return {
      {.name = "stablehlo.triangular_solve",
       .operands = {{"a"}, {"b"}},
       .results = {{"result"}},
       .attrs = {{"left_side", AttrKind::kBool},
                 {"lower", AttrKind::kBool},
                 {"unit_diagonal", AttrKind::kBool},
                 {"transpose_a", AttrKind::kEnum, false, EnumKind::kTranspose}},
       .verify = verify_triangular_solve},
  };
}

KILN_REGISTER_OPS(triangular_solve_ops);

}  // namespace

}  // namespace kiln::ir
