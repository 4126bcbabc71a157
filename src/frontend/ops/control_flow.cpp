// Parsing stablehlo.while: `(%iterArg = %x, ...) : T, ... attributes {...} cond {...} do {...}`,
// where the loop-carried names are the arguments of both regions.
#include "frontend/asm_parser.h"

namespace kiln::frontend {

namespace {

bool parse_while(AsmParser& p, OpState& s, const std::vector<std::string>&) {
  auto& operands = s.operand_groups.at(0);
  std::vector<std::pair<std::string, ir::Type>> args;
  if (!p.expect(Tok::kLParen, "'('")) return false;
  if (!p.consume_if(Tok::kRParen)) {
    do {
      Token name = p.peek();
      ir::Value* v;
      if (!p.expect(Tok::kValueId, "loop variable name") || !p.expect(Tok::kEqual, "'='") ||
          !p.parse_value_use(v)) {
        return false;
      }
      args.emplace_back(std::string(name.text), v->type());
      operands.push_back(v);
    } while (p.consume_if(Tok::kComma));
    if (!p.expect(Tok::kRParen, "')'")) return false;
  }
  if (!operands.empty()) {
    if (!p.expect(Tok::kColon, "':' and the loop types")) return false;
    for (size_t i = 0; i < operands.size(); ++i) {
      size_t at = p.peek().offset;
      ir::Type t;
      if ((i && !p.expect(Tok::kComma, "','")) || !p.parse_type(t) ||
          !p.check_operand_type(operands[i], t, at)) {
        return false;
      }
    }
  }
  if (p.consume_keyword_if("attributes") && !p.parse_attr_dict_into(*s.op)) return false;
  std::vector<ir::Type> types;
  for (ir::Value* v : operands) types.push_back(v->type());
  s.set_result_types(types);
  return p.expect_keyword("cond") && p.parse_region(*s.op->add_region(), args) &&
         p.expect_keyword("do") && p.parse_region(*s.op->add_region(), args);
}

}  // namespace

KILN_REGISTER_PARSE_DIRECTIVE("While", parse_while);

}  // namespace kiln::frontend
