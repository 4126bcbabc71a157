// Parsing stablehlo.tuple's type `: tuple<...>`, which gives the operand types too.
#include "frontend/asm_parser.h"

namespace kiln::frontend {

namespace {

bool parse_tuple_op_type(AsmParser& p, OpState& s, const std::vector<std::string>&) {
  size_t at = p.peek().offset;
  ir::Type type;
  if (!p.parse_type(type)) return false;
  std::vector<ir::Value*> operands = s.all_operands();
  if (!type.is_tuple() || type.tuple_elements().size() != operands.size()) {
    return p.fail(at, "expected a tuple type of " + std::to_string(operands.size()) +
                          " elements, one per operand");
  }
  for (size_t i = 0; i < operands.size(); ++i) {
    if (!p.check_operand_type(operands[i], type.tuple_elements()[i], at)) return false;
  }
  s.set_result_types({type});
  return true;
}

}  // namespace

KILN_REGISTER_PARSE_DIRECTIVE("TupleOpType", parse_tuple_op_type);

}  // namespace kiln::frontend
