// Parsing dot_general's `batching_dims = [0] x [0], contracting_dims = [2] x [1]` and the
// `, precision = [...]`, `, algorithm = <...>` tail shared with stablehlo.dot.
#include "frontend/asm_parser.h"

namespace kiln::frontend {

namespace {

bool parse_dims_pair(AsmParser& p, std::string_view keyword, std::vector<int64_t>& lhs,
                     std::vector<int64_t>& rhs) {
  return p.expect_keyword(keyword) && p.expect(Tok::kEqual, "'='") && p.parse_int_list(lhs) &&
         p.expect_keyword("x") && p.parse_int_list(rhs);
}

bool parse_dot_dims(AsmParser& p, OpState& s, const std::vector<std::string>& args) {
  ir::DotDimsAttr d;
  if (p.peek().is_keyword("batching_dims")) {
    if (!parse_dims_pair(p, "batching_dims", d.lhs_batching, d.rhs_batching)) return false;
    if (!p.expect(Tok::kComma, "',' after the batching dimensions")) return false;
  }
  if (!parse_dims_pair(p, "contracting_dims", d.lhs_contracting, d.rhs_contracting)) {
    return false;
  }
  s.op->set_attr(args.at(0), std::move(d));
  return true;
}

// The pretty algorithm is the generic `#stablehlo.dot_algorithm<...>` without its prefix;
// it is read back through the generic attribute parser.
bool parse_algorithm(AsmParser& p, ir::Attribute& out) {
  size_t at = p.peek().offset;
  std::string body;
  if (!p.parse_balanced(body)) return false;
  auto buffer = std::make_shared<const SourceBuffer>("algorithm", "#stablehlo.dot_algorithm" + body);
  AsmParser sub(buffer, 0, buffer->text().size());
  if (!sub.parse_attribute(out) || !out.is<ir::DotAlgorithmAttr>()) {
    return p.fail(at, "expected a dot algorithm <lhs_precision_type = ..., ...>");
  }
  return true;
}

bool parse_precision_algorithm(AsmParser& p, OpState& s, const std::vector<std::string>& args) {
  while (p.consume_if(Tok::kComma)) {
    if (p.consume_keyword_if("precision")) {
      ir::Attribute a;
      ir::AttrSpec spec{"precision_config", ir::AttrKind::kPrecisionConfig};
      if (!p.expect(Tok::kEqual, "'='") || !p.parse_pretty_attr(spec, a)) return false;
      s.op->set_attr(args.at(0), std::move(a));
    } else if (args.size() > 1 && p.consume_keyword_if("algorithm")) {
      ir::Attribute a;
      if (!p.expect(Tok::kEqual, "'='") || !parse_algorithm(p, a)) return false;
      s.op->set_attr(args[1], std::move(a));
    } else {
      return p.fail_here(args.size() > 1 ? "expected 'precision' or 'algorithm'"
                                         : "expected 'precision'");
    }
  }
  return true;
}

}  // namespace

KILN_REGISTER_PARSE_DIRECTIVE("DotDimensionNumbers", parse_dot_dims);
KILN_REGISTER_PARSE_DIRECTIVE("PrecisionConfigAndAlgorithm", parse_precision_algorithm);

}  // namespace kiln::frontend
