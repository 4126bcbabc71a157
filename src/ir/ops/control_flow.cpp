// The control-flow ops stablehlo.while, stablehlo.if and stablehlo.case: table entries, the
// spec's rules on their regions, and the printing of `while(%iterArg = %x) : T cond {} do {}`.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"
#include "ir/printer.h"

namespace kiln::ir {

namespace {

Status verify_while(const Operation& op) {
  std::vector<Type> types = value_types(op.operands());
  std::vector<Type> results;
  for (const auto& r : op.results()) results.push_back(r->type());
  // (C3) results have the operands' types, where `?` matches any size.
  if (!all_compatible(results, types)) {
    return verify_error(op, "results " + types_string(results) +
                                " must have the operands' types " + types_string(types));
  }
  KILN_CHECK_OK(expect_region_args(op, op.region(0), types, "cond"));  // (C1)
  KILN_CHECK_OK(expect_region_returns(op, op.region(0), {Type::tensor({}, ElementKind::kI1)},
                                      "cond"));
  KILN_CHECK_OK(expect_region_args(op, op.region(1), types, "body"));  // (C2)
  return expect_region_returns(op, op.region(1), types, "body");
}

// Every branch takes no arguments and returns the op's result types.
Status verify_branches(const Operation& op) {
  std::vector<Type> results;
  for (const auto& r : op.results()) results.push_back(r->type());
  for (size_t i = 0; i < op.num_regions(); ++i) {
    std::string what = "branch " + std::to_string(i);
    KILN_CHECK_OK(expect_region_args(op, op.region(i), {}, what));
    KILN_CHECK_OK(expect_region_returns(op, op.region(i), results, what));
  }
  return ok_status();
}

Status verify_if(const Operation& op) {
  const Type& pred = op.operand(0)->type();
  if (!pred.is_tensor() || pred.rank() != 0 || !pred.element().is_bool()) {
    return verify_error(op, "pred must be tensor<i1>, but is " + to_string(pred));
  }
  return verify_branches(op);
}

Status verify_case(const Operation& op) {
  const Type& index = op.operand(0)->type();
  if (!index.is_tensor() || index.rank() != 0 || index.element().kind() != ElementKind::kSI32) {
    return verify_error(op, "index must be tensor<i32>, but is " + to_string(index));
  }
  // (C1) 0 < size(branches).
  if (op.num_regions() == 0) return verify_error(op, "needs at least one branch");
  return verify_branches(op);
}

void print_while(AsmPrinter& p, const Operation& op, const std::vector<std::string>&) {
  std::string& out = p.out();
  // The loop-carried values share one name in both regions, as the official printer does.
  std::vector<std::string> names;
  for (size_t i = 0; i < op.num_operands(); ++i) names.push_back(p.new_arg_name());
  out += "(";
  for (size_t i = 0; i < op.num_operands(); ++i) {
    out += (i ? ", " : "") + names[i] + " = " + p.name_of(op.operand(i));
  }
  out += ")";
  if (op.num_operands() > 0) {
    p.token(":");
    p.types(op.operands());
  }
  p.attr_dict(op, {}, /*with_keyword=*/true);
  for (size_t r = 0; r < op.num_regions() && r < 2; ++r) {
    if (op.region(r).empty()) continue;
    p.bind_block_args(op.region(r).front(), names);
  }
  out += "\n" + std::string(static_cast<size_t>(p.indent) * 2, ' ') + "cond";
  if (op.num_regions() == 2) {
    p.region(op.region(0), false);
    p.word("do");
    p.region(op.region(1), false);
  }
}

// The pretty form states the loop types once, as the operands' types, and the parser gives
// them to the results and to both regions' arguments; a loop whose results or region
// arguments differ (a `?` where the operand is static, or the reverse) prints generically.
bool while_fits(const Operation& op) {
  std::vector<Type> types = value_types(op.operands());
  for (size_t i = 0; i < op.num_results(); ++i) {
    if (i >= types.size() || op.result(i)->type() != types[i]) return false;
  }
  for (size_t r = 0; r < op.num_regions(); ++r) {
    if (op.region(r).empty()) continue;
    const Block& entry = op.region(r).front();
    if (entry.num_arguments() != types.size()) return false;
    for (size_t i = 0; i < types.size(); ++i) {
      if (entry.argument(i)->type() != types[i]) return false;
    }
  }
  return op.num_results() == types.size();
}

KILN_REGISTER_PRINT_DIRECTIVE("While", print_while, while_fits);


std::vector<OpInfo> control_flow_ops() {
  return {
      {.name = "stablehlo.while",
       .operands = {{"operand", Arity::kVariadic}},
       .results = {{"results", Arity::kVariadic}},
       .regions = {"cond", "body"},
       .format = "custom<While>($operand)",
       .verify = verify_while,
       },
      {.name = "stablehlo.if",
       .operands = {{"pred"}},
       .results = {{"results", Arity::kVariadic}},
       .regions = {"true_branch", "false_branch"},
       .verify = verify_if},
      // A variable number of branches: the table lists none and the verifier counts them.
      {.name = "stablehlo.case",
       .operands = {{"index"}},
       .results = {{"results", Arity::kVariadic}},
       .verify = verify_case,
       .traits = kVariadicRegions},
  };
}

KILN_REGISTER_OPS(control_flow_ops);

}  // namespace

}  // namespace kiln::ir
