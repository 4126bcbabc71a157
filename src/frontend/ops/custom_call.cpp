// Parsing custom_call's target `@name` (or `@"name"`) into its call_target_name string.
#include "frontend/asm_parser.h"

namespace kiln::frontend {

namespace {

bool parse_target(AsmParser& p, OpState& s, const std::vector<std::string>& args) {
  std::string name;
  if (!p.parse_symbol(name)) return false;
  s.op->set_attr(args.at(0), ir::StringAttr{std::move(name)});
  return true;
}

}  // namespace

KILN_REGISTER_PARSE_DIRECTIVE("CustomCallTarget", parse_target);

}  // namespace kiln::frontend
