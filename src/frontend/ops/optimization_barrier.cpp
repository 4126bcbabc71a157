// Parsing stablehlo.optimization_barrier's operands: `()` when there are none, otherwise
// `%a, %b : ta, tb` (MLIR's PairwiseOpType: each result has its operand's type).
#include "frontend/asm_parser.h"

namespace kiln::frontend {

namespace {

bool parse_barrier_operands(AsmParser& p, OpState& s, const std::vector<std::string>&) {
  if (p.consume_if(Tok::kLParen)) return p.expect(Tok::kRParen, "')' after '('");
  std::vector<ir::Value*>& operands = s.operand_groups[0];
  if (!p.parse_value_list(operands)) return false;
  if (operands.empty()) return p.fail_here("expected operands, or '()' for none");
  if (!p.expect(Tok::kColon, "':' and the operand types")) return false;
  std::vector<ir::Type> types;
  for (size_t i = 0; i < operands.size(); ++i) {
    if (i && !p.expect(Tok::kComma, "',' between types")) return false;
    size_t at = p.peek().offset;
    ir::Type t;
    if (!p.parse_type(t) || !p.check_operand_type(operands[i], t, at)) return false;
    types.push_back(t);
  }
  s.set_result_types(std::move(types));
  return true;
}

}  // namespace

KILN_REGISTER_PARSE_DIRECTIVE("BarrierOperands", parse_barrier_operands);

}  // namespace kiln::frontend
