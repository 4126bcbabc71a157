// Parsing the headers of builtin.module and func.func.
#include "frontend/asm_parser.h"

namespace kiln::frontend {

namespace {

bool parse_module_op(AsmParser& p, OpState& s, const std::vector<std::string>&) {
  ir::Operation& op = *s.op;
  if (p.peek().kind == Tok::kSymbol) {
    std::string name;
    if (!p.parse_symbol(name)) return false;
    op.set_attr("sym_name", ir::StringAttr{name});
  }
  if (p.consume_keyword_if("attributes") && !p.parse_attr_dict_into(op)) return false;
  return p.parse_region(*op.add_region());
}

bool parse_func_op(AsmParser& p, OpState& s, const std::vector<std::string>&) {
  ir::Operation& op = *s.op;
  Token t = p.peek();
  if (t.is_keyword("public") || t.is_keyword("private") || t.is_keyword("nested")) {
    p.next();
    op.set_attr("sym_visibility", ir::StringAttr{std::string(t.text)});
  }
  std::string name;
  size_t name_offset = p.peek().offset;
  if (!p.parse_symbol(name)) return false;
  op.set_attr("sym_name", ir::StringAttr{name});
  if (!p.expect(Tok::kLParen, "'(' to begin the argument list")) return false;
  std::vector<std::pair<std::string, ir::Type>> args;
  std::vector<ir::Type> inputs, results;
  ir::ArrayAttr arg_attrs, res_attrs;
  bool any_arg_attrs = false, any_res_attrs = false;
  // A declaration lists its argument types without names: `@f(tensor<2xf32>) -> ...`.
  bool declaration = p.peek().kind != Tok::kValueId && p.peek().kind != Tok::kRParen;
  if (declaration) {
    std::vector<ir::Type> types;
    if (!p.parse_type_list_any(types)) return false;
    if (!p.expect(Tok::kRParen, "')' to end the argument list")) return false;
  } else if (!p.consume_if(Tok::kRParen)) {
    do {
      Token name_tok = p.peek();
      if (!p.expect(Tok::kValueId, "argument name")) return false;
      for (const auto& [n, ty] : args) {
        if (n == name_tok.text) {
          return p.fail(name_tok.offset, "redefinition of argument '" + n + "'");
        }
      }
      if (!p.expect(Tok::kColon, "':' after the argument name")) return false;
      ir::Type type;
      if (!p.parse_type(type)) return false;
      ir::DictionaryAttr dict;
      if (p.peek().kind == Tok::kLBrace) {
        if (!p.parse_attr_dict(dict.entries)) return false;
        any_arg_attrs = any_arg_attrs || !dict.entries.empty();
      }
      if (p.peek().is_keyword("loc")) {
        std::string loc;
        if (!p.parse_location(loc)) return false;
      }
      args.emplace_back(std::string(name_tok.text), type);
      inputs.push_back(type);
      arg_attrs.elements.push_back(std::move(dict));
    } while (p.consume_if(Tok::kComma));
    if (!p.expect(Tok::kRParen, "')' to end the argument list")) return false;
  }
  if (p.consume_if(Tok::kArrow)) {
    // Result attributes only appear inside parentheses: after a bare type, '{' is the body.
    auto result = [&](bool parenthesized) {
      ir::Type type;
      if (!p.parse_type(type)) return false;
      ir::DictionaryAttr dict;
      if (parenthesized && p.peek().kind == Tok::kLBrace) {
        if (!p.parse_attr_dict(dict.entries)) return false;
        any_res_attrs = any_res_attrs || !dict.entries.empty();
      }
      results.push_back(type);
      res_attrs.elements.push_back(std::move(dict));
      return true;
    };
    if (p.consume_if(Tok::kLParen)) {
      if (!p.consume_if(Tok::kRParen)) {
        do {
          if (!result(true)) return false;
        } while (p.consume_if(Tok::kComma));
        if (!p.expect(Tok::kRParen, "')' to end the result list")) return false;
      }
    } else if (!result(false)) {
      return false;
    }
  }
  op.set_attr("function_type", ir::TypeAttr{ir::Type::function(inputs, results)});
  if (any_arg_attrs) op.set_attr("arg_attrs", std::move(arg_attrs));
  if (any_res_attrs) op.set_attr("res_attrs", std::move(res_attrs));
  if (p.consume_keyword_if("attributes") && !p.parse_attr_dict_into(op)) return false;
  if (declaration || p.peek().kind != Tok::kLBrace) {
    // MLIR allows declarations (external functions); kiln runs only functions it can see.
    return p.fail(name_offset, "unsupported: function declaration @" + name +
                                   " has no body (kiln needs the body of every function)");
  }
  return p.parse_region(*op.add_region(), args);
}

}  // namespace

KILN_REGISTER_PARSE_DIRECTIVE("ModuleOp", parse_module_op);
KILN_REGISTER_PARSE_DIRECTIVE("FuncOp", parse_func_op);

}  // namespace kiln::frontend
