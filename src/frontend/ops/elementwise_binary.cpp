// Parsing custom<ComplexOpType> of stablehlo.complex: the result type alone, from which both
// operand types follow (their parts), or the functional type.
#include "frontend/ops/same_operands_and_result_type.h"

namespace kiln::frontend {

namespace {

bool parse_complex_op_type(AsmParser& p, OpState& s, const std::vector<std::string>&) {
  std::vector<ir::Value*> operands = s.all_operands();
  size_t at = p.peek().offset;
  if (p.peek().kind == Tok::kLParen) return parse_functional_operand_types(p, s, operands);
  ir::Type result;
  if (!p.parse_type(result)) return false;
  if (!result.is_tensor() || !result.element().is_complex()) {
    return p.fail(at, "expected a tensor of complex type, but got '" + ir::to_string(result) +
                          "'");
  }
  ir::Type part = result.with_element(result.element().complex_part());
  for (ir::Value* v : operands) {
    if (!p.check_operand_type(v, part, at)) return false;
  }
  s.set_result_types({result});
  return true;
}

}  // namespace

KILN_REGISTER_PARSE_DIRECTIVE("ComplexOpType", parse_complex_op_type);

}  // namespace kiln::frontend
