// stablehlo.while, stablehlo.if and stablehlo.case: their regions run by the interpreter
// (the regions' stablehlo.return is handled by the driver).
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

// The value of a rank-0 i1 tensor; anything else (which the verifier would reject) is an
// error rather than a read of whatever bytes the tensor holds, or of none.
Expected<bool> truth(const ir::Operation& op, const RuntimeValue& v, std::string_view what) {
  if (!v.is_tensor() || v.tensor().rank() != 0 ||
      !v.tensor().element().is_bool()) {
    return op_error(op, std::string(what) + " must be a tensor<i1>");
  }
  return v.tensor().data<bool>()[0];
}

// Spec: while cond(results...) is true, results... = body(results...).
Expected<std::vector<RuntimeValue>> while_op(Interpreter& in, const ir::Operation& op,
                                             std::span<const RuntimeValue> operands) {
  std::vector<RuntimeValue> values(operands.begin(), operands.end());
  for (;;) {
    KILN_CHECK_OK(in.check_time_limit(op));
    KILN_TRY(auto cond, in.run_region(op.region(0), values));
    if (cond.size() != 1) return op_error(op, "cond must return one i1");
    KILN_TRY(const bool go_on, truth(op, cond[0], "the value cond returns"));
    if (!go_on) return values;
    KILN_TRY(values, in.run_region(op.region(1), values));
  }
}

Expected<std::vector<RuntimeValue>> if_op(Interpreter& in, const ir::Operation& op,
                                          std::span<const RuntimeValue> operands) {
  KILN_TRY(const bool pred, truth(op, operands[0], "pred"));
  return in.run_region(op.region(pred ? 0 : 1), {});
}

// Spec: an index outside [0, number of branches) selects the last branch.
Expected<std::vector<RuntimeValue>> case_op(Interpreter& in, const ir::Operation& op,
                                            std::span<const RuntimeValue> operands) {
  int64_t n = static_cast<int64_t>(op.num_regions());
  // Spec (C1): at least one branch; an unverified case may have none.
  if (n == 0) return op_error(op, "has no branches; it needs at least one");
  if (!operands[0].is_tensor() || operands[0].tensor().num_elements() != 1) {
    return op_error(op, "index must be a tensor<i32>");
  }
  int64_t index = int_element(operands[0].tensor(), 0);
  if (index < 0 || index >= n) index = n - 1;
  return in.run_region(op.region(static_cast<size_t>(index)), {});
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.while", while_op);
KILN_REGISTER_INTERP("stablehlo.if", if_op);
KILN_REGISTER_INTERP("stablehlo.case", case_op);

}  // namespace kiln::interp
