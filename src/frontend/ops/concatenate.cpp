// Parsing the VariadicOperandWithAttribute directive of stablehlo.concatenate (and
// stablehlo.dynamic_slice): operands, each followed by a comma, up to a keyword.
#include "frontend/asm_parser.h"

namespace kiln::frontend {

namespace {

bool parse_variadic_operand_with_attribute(AsmParser& p, OpState& s,
                                           const std::vector<std::string>& args) {
  int group = args.empty() ? -1 : s.op->info()->operand_group_index(args[0]);
  if (group < 0) return p.fail_here("kiln bug: VariadicOperandWithAttribute needs a group");
  auto& values = s.operand_groups[static_cast<size_t>(group)];
  while (p.peek().kind == Tok::kValueId) {
    ir::Value* v;
    if (!p.parse_value_use(v)) return false;
    values.push_back(v);
    if (!p.expect(Tok::kComma, "',' after the operand")) return false;
  }
  return true;
}

}  // namespace

KILN_REGISTER_PARSE_DIRECTIVE("VariadicOperandWithAttribute",
                              parse_variadic_operand_with_attribute);

}  // namespace kiln::frontend
