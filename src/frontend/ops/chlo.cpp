// Parsing chlo.constant's value, whose type is also the op's result type.
#include "frontend/asm_parser.h"

namespace kiln::frontend {

namespace {

bool parse_chlo_constant(AsmParser& p, OpState& s, const std::vector<std::string>&) {
  size_t at = p.peek().offset;
  ir::Attribute value;
  if (!p.parse_attribute(value)) return false;
  const auto* dense = value.get_if<ir::DenseElementsAttr>();
  if (!dense) return p.fail(at, "expected a dense<...> : tensor<...> value");
  s.set_result_types({dense->type});
  s.op->set_attr("value", std::move(value));
  return true;
}

}  // namespace

KILN_REGISTER_PARSE_DIRECTIVE("ChloConstant", parse_chlo_constant);

}  // namespace kiln::frontend
