// stablehlo.batch_norm_training, batch_norm_inference and batch_norm_grad (generic form
// only): the per-feature operands are 1-D of the feature dimension's size.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

// The listed operands and results are shaped like operand 0; the others are 1-D of the
// feature dimension's size.
Status verify_batch_norm(const Operation& op, std::vector<size_t> full_operands,
                         std::vector<size_t> full_results) {
  const Type& x = op.operand(0)->type();
  KILN_CHECK_OK(expect_tensor(op, x, "operand"));
  int64_t f = op.attr_as<IntegerAttr>("feature_index")->value;
  if (f < 0 || f >= x.rank()) {
    return verify_error(op, "feature_index " + std::to_string(f) + " is out of range for " +
                                to_string(x));
  }
  Type feature = Type::tensor({x.dim(f)}, x.element());
  auto check = [&](const Type& t, bool full, const std::string& what) -> Status {
    if (types_compatible(t, full ? x : feature)) return ok_status();
    return verify_error(op, what + " has type " + to_string(t) + " but must be " +
                                to_string(full ? x : feature));
  };
  auto listed = [](const std::vector<size_t>& list, size_t i) {
    for (size_t k : list) {
      if (k == i) return true;
    }
    return false;
  };
  for (size_t i = 1; i < op.num_operands(); ++i) {
    KILN_CHECK_OK(check(op.operand(i)->type(), listed(full_operands, i),
                        "operand " + std::to_string(i)));
  }
  for (size_t i = 0; i < op.num_results(); ++i) {
    KILN_CHECK_OK(
        check(op.result(i)->type(), listed(full_results, i), "result " + std::to_string(i)));
  }
  return ok_status();
}

// batch_norm_grad's grad_output (operand 4) is shaped like the operand.
Status verify_grad(const Operation& op) { return verify_batch_norm(op, {4}, {0}); }
Status verify_training(const Operation& op) { return verify_batch_norm(op, {}, {0}); }
Status verify_inference(const Operation& op) { return verify_batch_norm(op, {}, {0}); }

std::vector<AttrSpec> batch_norm_attrs() {
  return {{"epsilon", AttrKind::kF32}, {"feature_index", AttrKind::kI64}};
}

std::vector<OpInfo> batch_norm_ops() {
  return {
      {.name = "stablehlo.batch_norm_training",
       .operands = {{"operand"}, {"scale"}, {"offset"}},
       .results = {{"output"}, {"batch_mean"}, {"batch_var"}},
       .attrs = batch_norm_attrs(),
       .verify = verify_training},
      {.name = "stablehlo.batch_norm_inference",
       .operands = {{"operand"}, {"scale"}, {"offset"}, {"mean"}, {"variance"}},
       .results = {{"result"}},
       .attrs = batch_norm_attrs(),
       .verify = verify_inference},
      {.name = "stablehlo.batch_norm_grad",
       .operands = {{"operand"}, {"scale"}, {"mean"}, {"variance"}, {"grad_output"}},
       .results = {{"grad_operand"}, {"grad_scale"}, {"grad_offset"}},
       .attrs = batch_norm_attrs(),
       .verify = verify_grad},
  };
}

KILN_REGISTER_OPS(batch_norm_ops);

}  // namespace

}  // namespace kiln::ir
