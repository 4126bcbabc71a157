// Parsing the unsigned and f64 attributes of the `check` test dialect, written bare
// (`max_ulp_difference = 3`, `tolerance = 1.0e-03`) in their pretty forms.
#include "frontend/asm_parser.h"

namespace kiln::frontend {

namespace {

bool parse_unsigned(AsmParser& p, OpState& s, const std::string& name, ir::ElementKind kind) {
  size_t at = p.peek().offset;
  int64_t v;
  if (!p.parse_int(v)) return false;
  if (v < 0) return p.fail(at, "'" + name + "' must not be negative");
  if (kind == ir::ElementKind::kUI32 && v > 0xFFFFFFFFll) {
    return p.fail(at, "'" + name + "' does not fit in ui32");
  }
  s.op->set_attr(name, ir::IntegerAttr{v, kind});
  return true;
}

bool parse_u64(AsmParser& p, OpState& s, const std::vector<std::string>& args) {
  return parse_unsigned(p, s, args[0], ir::ElementKind::kUI64);
}

bool parse_u32(AsmParser& p, OpState& s, const std::vector<std::string>& args) {
  return parse_unsigned(p, s, args[0], ir::ElementKind::kUI32);
}

bool parse_f64(AsmParser& p, OpState& s, const std::vector<std::string>& args) {
  double v;
  if (!p.parse_float(v)) return false;
  s.op->set_attr(args[0], ir::FloatAttr{v, ir::ElementKind::kF64});
  return true;
}

}  // namespace

KILN_REGISTER_PARSE_DIRECTIVE("CheckU64", parse_u64);
KILN_REGISTER_PARSE_DIRECTIVE("CheckU32", parse_u32);
KILN_REGISTER_PARSE_DIRECTIVE("CheckF64", parse_f64);

}  // namespace kiln::frontend
