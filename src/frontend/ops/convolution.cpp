// Parsing convolution's window: `stride = [..], pad = [[lo, hi], ..], lhs_dilate = [..],
// rhs_dilate = [..], reverse = [true, false]`, each entry optional, inside `{}`.
#include <cstring>

#include "frontend/asm_parser.h"

namespace kiln::frontend {

namespace {

// `[[0, 1], [2, 3]]` as a tensor<Nx2xi64> dense elements attribute.
bool parse_padding(AsmParser& p, ir::Attribute& out) {
  std::vector<int64_t> values;
  if (!p.expect(Tok::kLSquare, "'['")) return false;
  if (!p.consume_if(Tok::kRSquare)) {
    do {
      std::vector<int64_t> pair;
      size_t at = p.peek().offset;
      if (!p.parse_int_list(pair)) return false;
      if (pair.size() != 2) return p.fail(at, "expected [low, high] padding");
      values.insert(values.end(), pair.begin(), pair.end());
    } while (p.consume_if(Tok::kComma));
    if (!p.expect(Tok::kRSquare, "']'")) return false;
  }
  auto data = std::make_shared<std::vector<uint8_t>>(values.size() * 8);
  for (size_t i = 0; i < values.size(); ++i) {
    uint64_t v = static_cast<uint64_t>(values[i]);
    for (int b = 0; b < 8; ++b) (*data)[i * 8 + b] = static_cast<uint8_t>(v >> (8 * b));
  }
  ir::DenseElementsAttr attr;
  attr.type = ir::Type::tensor({static_cast<int64_t>(values.size() / 2), 2},
                               ir::ElementKind::kSI64);
  attr.data = std::move(data);
  out = std::move(attr);
  return true;
}

bool parse_window(AsmParser& p, OpState& s, const std::vector<std::string>& args) {
  static const char* kKeys[] = {"stride", "pad", "lhs_dilate", "rhs_dilate", "reverse"};
  if (p.peek().kind == Tok::kRBrace) return true;
  do {
    Token key = p.next();
    size_t i = 0;
    while (i < 5 && !key.is_keyword(kKeys[i])) ++i;
    if (i == 5 || i >= args.size()) {
      return p.fail(key.offset, "expected stride, pad, lhs_dilate, rhs_dilate or reverse");
    }
    if (s.op->attr(args[i])) return p.fail(key.offset, "window entry given twice");
    if (!p.expect(Tok::kEqual, "'='")) return false;
    ir::Attribute a;
    ir::AttrSpec spec{"", i == 4 ? ir::AttrKind::kDenseBoolArray : ir::AttrKind::kDenseI64Array};
    if (!(i == 1 ? parse_padding(p, a) : p.parse_pretty_attr(spec, a))) return false;
    s.op->set_attr(args[i], std::move(a));
  } while (p.consume_if(Tok::kComma));
  return true;
}

}  // namespace

KILN_REGISTER_PARSE_DIRECTIVE("WindowAttributes", parse_window);

}  // namespace kiln::frontend
