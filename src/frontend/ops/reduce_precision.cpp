// Parsing custom<ExponentMantissa> of stablehlo.reduce_precision: `e5m10` into the i32
// attributes named by the directive's two arguments.
#include <charconv>

#include "frontend/asm_parser.h"

namespace kiln::frontend {

namespace {

bool parse_bits(std::string_view digits, int64_t& out) {
  if (digits.empty()) return false;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), out);
  return ec == std::errc() && end == digits.data() + digits.size();
}

bool parse_exponent_mantissa(AsmParser& p, OpState& s, const std::vector<std::string>& args) {
  Token t = p.peek();
  std::string_view text = t.text;
  size_t m = text.find('m');
  int64_t exponent = 0, mantissa = 0;
  if (t.kind != Tok::kBareId || !text.starts_with("e") || m == std::string_view::npos ||
      !parse_bits(text.substr(1, m - 1), exponent) ||
      !parse_bits(text.substr(m + 1), mantissa) || args.size() != 2) {
    return p.fail_here("expected a format like 'e5m10' (exponent and mantissa bits)");
  }
  p.next();
  s.op->set_attr(args[0], ir::IntegerAttr{exponent, ir::ElementKind::kSI32});
  s.op->set_attr(args[1], ir::IntegerAttr{mantissa, ir::ElementKind::kSI32});
  return true;
}

}  // namespace

KILN_REGISTER_PARSE_DIRECTIVE("ExponentMantissa", parse_exponent_mantissa);

}  // namespace kiln::frontend
