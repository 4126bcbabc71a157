// Parsing custom<SameOperandsAndResultType>: either one type, which every named operand must
// have and every result gets, or a functional type `(T1, T2) -> R`. The arguments follow the
// print side (src/ir/ops/same_operands_and_result_type.cpp): operand and result group names,
// or none for all operands and results.
#include "frontend/ops/same_operands_and_result_type.h"

namespace kiln::frontend {

namespace {

std::string_view group_name(std::string_view arg) {
  if (arg.starts_with("type(") && arg.ends_with(")")) arg = arg.substr(5, arg.size() - 6);
  if (arg.starts_with("$")) arg.remove_prefix(1);
  return arg;
}

// The operands whose types the directive spells, in order.
std::vector<ir::Value*> named_operands(const OpState& s, const std::vector<std::string>& args) {
  if (args.empty()) return s.all_operands();
  const ir::OpInfo& info = *s.op->info();
  std::vector<ir::Value*> out;
  for (const std::string& arg : args) {
    std::string_view name = group_name(arg);
    if (int g = info.operand_group_index(name); g >= 0) {
      const auto& group = s.operand_groups[static_cast<size_t>(g)];
      out.insert(out.end(), group.begin(), group.end());
    } else if (name == "operands") {
      std::vector<ir::Value*> all = s.all_operands();
      out.insert(out.end(), all.begin(), all.end());
    }
  }
  return out;
}

// How many results the single-type form gives: one per named single result group, what the
// `%a, %b =` list says for a variadic one.
size_t named_result_count(const OpState& s, const std::vector<std::string>& args) {
  const ir::OpInfo& info = *s.op->info();
  size_t count = 0;
  auto add_group = [&](size_t r) {
    count += info.results[r].arity == ir::Arity::kOne ? 1 : s.num_results;
  };
  if (args.empty()) {
    for (size_t r = 0; r < info.results.size(); ++r) add_group(r);
  }
  for (const std::string& arg : args) {
    std::string_view name = group_name(arg);
    if (int r = info.result_group_index(name); r >= 0) add_group(static_cast<size_t>(r));
    if (name == "results") count = s.num_results;
  }
  return count;
}

bool parse_same_operands_and_result_type(AsmParser& p, OpState& s,
                                         const std::vector<std::string>& args) {
  std::vector<ir::Value*> operands = named_operands(s, args);
  size_t at = p.peek().offset;
  if (p.peek().kind == Tok::kLParen) return parse_functional_operand_types(p, s, operands);
  ir::Type type;
  if (!p.parse_type(type)) return false;
  for (ir::Value* v : operands) {
    if (!p.check_operand_type(v, type, at)) return false;
  }
  s.set_result_types(std::vector<ir::Type>(named_result_count(s, args), type));
  return true;
}

}  // namespace

bool parse_functional_operand_types(AsmParser& p, OpState& s,
                                    const std::vector<ir::Value*>& operands) {
  size_t at = p.peek().offset;
  std::vector<ir::Type> inputs, results;
  if (!p.parse_function_type(inputs, results)) return false;
  if (inputs.size() != operands.size()) {
    return p.fail(at, "the type lists " + std::to_string(inputs.size()) +
                          " operands but the operation has " + std::to_string(operands.size()));
  }
  for (size_t i = 0; i < operands.size(); ++i) {
    if (!p.check_operand_type(operands[i], inputs[i], at)) return false;
  }
  s.set_result_types(std::move(results));
  return true;
}

KILN_REGISTER_PARSE_DIRECTIVE("SameOperandsAndResultType", parse_same_operands_and_result_type);

}  // namespace kiln::frontend
