// Parsing stablehlo.constant: `{attrs} dense<...> : type`, or `() {value = ...} : () -> type`.
#include "frontend/ops/constant.h"

namespace kiln::frontend {

namespace {

// The parenthesized form that MLIR's constant parser also accepts.
bool parse_constant_with_parens(AsmParser& p, OpState& s) {
  if (!p.expect(Tok::kRParen, "')'")) return false;
  if (p.peek().kind == Tok::kLBrace && !p.parse_attr_dict_into(*s.op)) return false;
  if (!p.expect(Tok::kColon, "':' and the constant's type")) return false;
  size_t at = p.peek().offset;
  std::vector<ir::Type> inputs, results;
  if (!p.parse_function_type(inputs, results)) return false;
  if (!inputs.empty() || results.size() != 1) {
    return p.fail(at, "stablehlo.constant must have the type () -> tensor<...>");
  }
  s.set_result_types(std::move(results));
  return true;
}

bool parse_constant_value(AsmParser& p, OpState& s, const std::vector<std::string>&) {
  if (p.consume_if(Tok::kLParen)) return parse_constant_with_parens(p, s);
  if (p.peek().kind == Tok::kLBrace && !p.parse_attr_dict_into(*s.op)) return false;
  return parse_dense_constant_value(p, s);
}

}  // namespace

bool parse_dense_constant_value(AsmParser& p, OpState& s) {
  size_t at = p.peek().offset;
  ir::Attribute value;
  if (!p.parse_attribute(value)) return false;
  const auto* dense = value.get_if<ir::DenseElementsAttr>();
  if (!dense) return p.fail(at, "expected a dense<...> : tensor<...> value");
  s.set_result_types({dense->type});
  s.op->set_attr("value", std::move(value));
  return true;
}

KILN_REGISTER_PARSE_DIRECTIVE("ConstantValue", parse_constant_value);

}  // namespace kiln::frontend
