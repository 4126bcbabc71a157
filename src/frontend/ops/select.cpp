// Parsing custom<SelectOpType> of stablehlo.select: `pred type, value type` (on_true, on_false
// and the result all have the value type) or the functional type.
#include "frontend/ops/same_operands_and_result_type.h"

namespace kiln::frontend {

namespace {

bool parse_select_op_type(AsmParser& p, OpState& s, const std::vector<std::string>&) {
  std::vector<ir::Value*> operands = s.all_operands();
  if (p.peek().kind == Tok::kLParen) return parse_functional_operand_types(p, s, operands);
  size_t at = p.peek().offset;
  ir::Type pred, value;
  if (!p.parse_type(pred)) return false;
  if (!operands.empty() && !p.check_operand_type(operands[0], pred, at)) return false;
  if (!p.expect(Tok::kComma, "',' between the predicate and the value types")) return false;
  at = p.peek().offset;
  if (!p.parse_type(value)) return false;
  for (size_t i = 1; i < operands.size(); ++i) {
    if (!p.check_operand_type(operands[i], value, at)) return false;
  }
  s.set_result_types({value});
  return true;
}

}  // namespace

KILN_REGISTER_PARSE_DIRECTIVE("SelectOpType", parse_select_op_type);

}  // namespace kiln::frontend
