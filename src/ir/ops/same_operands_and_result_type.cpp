// Printing custom<SameOperandsAndResultType>: one type when every operand and result has it,
// else the functional type `(T1, T2) -> R` (StableHLO's element-wise ops, clamp,
// reduce_precision and others that share it).
//
// Arguments name the operand and result groups the types belong to, in order (`$lhs,$rhs,
// $result`, with or without `type(...)` around each); no arguments means all operands and all
// results. The parse side is src/frontend/ops/same_operands_and_result_type.cpp.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/printer.h"

namespace kiln::ir {

namespace {

// `type($lhs)` or `$lhs` or `lhs` -> `lhs`.
std::string_view group_name(std::string_view arg) {
  if (arg.starts_with("type(") && arg.ends_with(")")) arg = arg.substr(5, arg.size() - 6);
  if (arg.starts_with("$")) arg.remove_prefix(1);
  return arg;
}

void collect_types(const Operation& op, const std::vector<std::string>& args,
                   std::vector<Type>& inputs, std::vector<Type>& results) {
  const OpInfo& info = *op.info();
  if (args.empty()) {
    for (Value* v : op.operands()) inputs.push_back(v->type());
    for (const auto& r : op.results()) results.push_back(r->type());
    return;
  }
  for (const std::string& arg : args) {
    std::string_view name = group_name(arg);
    if (int g = info.operand_group_index(name); g >= 0) {
      for (Value* v : operand_group(op, static_cast<size_t>(g))) inputs.push_back(v->type());
    } else if (int r = info.result_group_index(name); r >= 0) {
      for (const auto& v : result_group(op, static_cast<size_t>(r))) results.push_back(v->type());
    } else if (name == "operands") {
      for (Value* v : op.operands()) inputs.push_back(v->type());
    } else if (name == "results") {
      for (const auto& v : op.results()) results.push_back(v->type());
    }
  }
}

void print_type_list(AsmPrinter& p, const std::vector<Type>& types) {
  for (size_t i = 0; i < types.size(); ++i) {
    if (i) p.token(",");
    p.type(types[i]);
  }
}

void print_same_operands_and_result_type(AsmPrinter& p, const Operation& op,
                                         const std::vector<std::string>& args) {
  std::vector<Type> inputs, results;
  collect_types(op, args, inputs, results);
  bool all_equal = !results.empty();
  for (const Type& t : inputs) all_equal = all_equal && t == results.front();
  for (const Type& t : results) all_equal = all_equal && t == results.front();
  if (all_equal) {
    p.type(results.front());
    return;
  }
  p.token("(");
  print_type_list(p, inputs);
  p.token(")", true);
  p.token("->");
  if (results.size() == 1 && !results.front().is_tuple()) {
    p.type(results.front());
    return;
  }
  p.token("(");
  print_type_list(p, results);
  p.token(")", true);
}

}  // namespace

KILN_REGISTER_PRINT_DIRECTIVE("SameOperandsAndResultType", print_same_operands_and_result_type);

}  // namespace kiln::ir
