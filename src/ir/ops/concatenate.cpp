// stablehlo.concatenate: its table entry and verifier, and the VariadicOperandWithAttribute
// directive (`%a, %b, ` before a keyword) that stablehlo.dynamic_slice shares.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"
#include "ir/printer.h"

namespace kiln::ir {

namespace {

// Spec C1-C6: at least one input; same element types; same shapes except at `dimension`,
// which is in range; the result's size there is the sum of the inputs' sizes.
Status verify_concatenate(const Operation& op) {
  const Type& result = op.result(0)->type();
  KILN_CHECK_OK(expect_tensor(op, result, "result"));
  if (op.num_operands() == 0) return verify_error(op, "must have at least one input");
  for (size_t i = 0; i < op.num_operands(); ++i) {
    KILN_CHECK_OK(expect_tensor(op, op.operand(i)->type(), "input " + std::to_string(i)));
  }
  const Type& first = op.operand(0)->type();
  int64_t dim = op.attr_as<IntegerAttr>("dimension")->value;
  if (dim < 0 || dim >= first.rank()) {
    return verify_error(op, "dimension " + std::to_string(dim) + " is out of range [0, " +
                                std::to_string(first.rank()) + ") of the inputs");
  }
  if (result.rank() != first.rank()) {
    return verify_error(op, "result " + to_string(result) + " must have the rank of the inputs");
  }
  int64_t total = 0;
  for (Value* v : op.operands()) {
    const Type& t = v->type();
    KILN_CHECK_OK(expect_same_element_type(op, t, result, "inputs and result"));
    if (t.rank() != first.rank()) {
      return verify_error(op, "inputs " + to_string(first) + " and " + to_string(t) +
                                  " must have the same rank");
    }
    for (int64_t d = 0; d < t.rank(); ++d) {
      if (d == dim) continue;
      if (!dim_sizes_compatible(t.dim(d), first.dim(d)) ||
          !dim_sizes_compatible(t.dim(d), result.dim(d))) {
        return verify_error(op, "inputs and result must agree in dimension " +
                                    std::to_string(d) + ", but " + to_string(t) + " and " +
                                    to_string(result) + " differ");
      }
    }
    total = (total == kDynamic || t.dim(dim) == kDynamic) ? kDynamic : total + t.dim(dim);
  }
  if (!dim_sizes_compatible(total, result.dim(dim))) {
    return verify_error(op, "result dimension " + std::to_string(dim) + " has size " +
                                dim_size_string(result.dim(dim)) +
                                " but the inputs' sizes add up to " + std::to_string(total));
  }
  return ok_status();
}

// Each operand of the group followed by a comma: `%a, %b,` (none for an empty group).
void print_variadic_operand_with_attribute(AsmPrinter& p, const Operation& op,
                                           const std::vector<std::string>& args) {
  int group = args.empty() ? -1 : op.info()->operand_group_index(args[0]);
  if (group < 0) return;
  for (Value* v : operand_group(op, static_cast<size_t>(group))) {
    p.value(v);
    p.token(",");
  }
}

KILN_REGISTER_PRINT_DIRECTIVE("VariadicOperandWithAttribute",
                              print_variadic_operand_with_attribute);

std::vector<OpInfo> concatenate_ops() {
  return {
      {.name = "stablehlo.concatenate",
       .operands = {{"inputs", Arity::kVariadic}},
       .results = {{"result"}},
       .attrs = {{"dimension", AttrKind::kI64}},
       .format = "custom<VariadicOperandWithAttribute>($inputs) dim = $dimension attr-dict : "
                 "functional-type",
       .verify = verify_concatenate},
  };
}

KILN_REGISTER_OPS(concatenate_ops);

}  // namespace

}  // namespace kiln::ir
