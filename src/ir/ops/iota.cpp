// stablehlo.iota: its table entry and verifier.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

// Spec C1: 0 <= iota_dimension < rank(output); the output holds numbers.
Status verify_iota(const Operation& op) {
  const Type& result = op.result(0)->type();
  KILN_CHECK_OK(expect_tensor(op, result, "result"));
  if (!result.is_static()) {  // dynamic results take dynamic_iota
    return verify_error(op, "result " + to_string(result) +
                                " must have a static shape; use stablehlo.dynamic_iota");
  }
  if (result.element().is_bool() || result.element().is_index()) {
    return verify_error(op, "result must hold integers, floats or complex numbers, but is " +
                                to_string(result));
  }
  int64_t dim = op.attr_as<IntegerAttr>("iota_dimension")->value;
  if (dim < 0 || dim >= result.rank()) {
    return verify_error(op, "iota_dimension " + std::to_string(dim) +
                                " is out of range [0, " + std::to_string(result.rank()) +
                                ") of the result " + to_string(result));
  }
  return ok_status();
}

std::vector<OpInfo> iota_ops() {
  return {
      {.name = "stablehlo.iota",
       .results = {{"output"}},
       .attrs = {{"iota_dimension", AttrKind::kI64}},
       .format = "dim = $iota_dimension attr-dict : type($output)",
       .verify = verify_iota},
  };
}

KILN_REGISTER_OPS(iota_ops);

}  // namespace

}  // namespace kiln::ir
