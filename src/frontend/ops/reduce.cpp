// Parsing stablehlo.reduce: `(%x init: %c), ... [applies OP] across dimensions = [..]
// {attrs} : (..) -> .. [reducer(%a: T, %b: T) ... { body }]`.
#include "frontend/asm_parser.h"

namespace kiln::frontend {

namespace {

// `applies stablehlo.add` stands for a body of that op on the two arguments, returned.
bool build_compact_body(AsmParser& p, ir::Region& region, const std::string& op_name,
                        const ir::Type& type, size_t offset) {
  // An unknown name is kept; the verifier reports it at this location.
  ir::Block* block = region.add_block();
  ir::Value* a = block->add_argument(type);
  ir::Value* b = block->add_argument(type);
  auto inner = std::make_unique<ir::Operation>(op_name, p.location(offset));
  inner->add_operand(a);
  inner->add_operand(b);
  ir::Value* r = inner->add_result(type);
  block->append(std::move(inner));
  auto ret = std::make_unique<ir::Operation>("stablehlo.return", p.location(offset));
  ret->add_operand(r);
  block->append(std::move(ret));
  return true;
}

// `(%a: T, %b: T) (%c: U, %d: U) {...}`: argument i of each pair is block argument
// (pair index) + i * (number of pairs).
bool parse_reducer(AsmParser& p, ir::Region& region) {
  std::vector<std::pair<std::string, ir::Type>> firsts, seconds;
  while (p.consume_if(Tok::kLParen)) {
    for (int k = 0; k < 2; ++k) {
      if (k && !p.expect(Tok::kComma, "','")) return false;
      Token name = p.peek();
      ir::Type t;
      if (!p.expect(Tok::kValueId, "reducer argument") || !p.expect(Tok::kColon, "':'") ||
          !p.parse_type(t)) {
        return false;
      }
      (k ? seconds : firsts).emplace_back(std::string(name.text), t);
    }
    if (!p.expect(Tok::kRParen, "')'")) return false;
  }
  firsts.insert(firsts.end(), seconds.begin(), seconds.end());
  return p.parse_region(region, firsts);
}

bool parse_reduce(AsmParser& p, OpState& s, const std::vector<std::string>& args) {
  auto& inputs = s.operand_groups.at(0);
  auto& inits = s.operand_groups.at(1);
  do {
    ir::Value *x, *init;
    if (!p.expect(Tok::kLParen, "'('") || !p.parse_value_use(x) || !p.expect_keyword("init") ||
        !p.expect(Tok::kColon, "':'") || !p.parse_value_use(init) ||
        !p.expect(Tok::kRParen, "')'")) {
      return false;
    }
    inputs.push_back(x);
    inits.push_back(init);
  } while (p.consume_if(Tok::kComma));
  std::string applies;
  size_t applies_at = 0;
  if (p.consume_keyword_if("applies")) {
    applies_at = p.peek().offset;
    Token t = p.next();
    if (t.kind != Tok::kBareId) return p.fail(t.offset, "expected an operation name");
    applies = std::string(t.text);
  }
  ir::Attribute dims;
  if (!p.expect_keyword("across") || !p.expect_keyword("dimensions") ||
      !p.expect(Tok::kEqual, "'='") ||
      !p.parse_pretty_attr({"dimensions", ir::AttrKind::kDenseI64Array}, dims)) {
    return false;
  }
  s.op->set_attr(args.at(2), std::move(dims));
  if (p.peek().kind == Tok::kLBrace && !p.parse_attr_dict_into(*s.op)) return false;
  size_t type_at = p.peek().offset;
  std::vector<ir::Type> in_types, out_types;
  if (!p.expect(Tok::kColon, "':'") || !p.parse_function_type(in_types, out_types)) return false;
  std::vector<ir::Value*> operands = s.all_operands();
  if (in_types.size() != operands.size()) {
    return p.fail(type_at, "the type lists " + std::to_string(in_types.size()) +
                               " operands but the operation has " +
                               std::to_string(operands.size()));
  }
  for (size_t i = 0; i < operands.size(); ++i) {
    if (!p.check_operand_type(operands[i], in_types[i], type_at)) return false;
  }
  s.set_result_types(std::move(out_types));
  ir::Region& body = *s.op->add_region();
  if (!applies.empty()) {
    return build_compact_body(p, body, applies, inits[0]->type(), applies_at);
  }
  if (!p.expect_keyword("reducer")) return false;
  return parse_reducer(p, body);
}

}  // namespace

KILN_REGISTER_PARSE_DIRECTIVE("Reduce", parse_reduce);

}  // namespace kiln::frontend
