// Parsing the Shardy ops' pretty forms: `@mesh = <...>` and `%x <@mesh, [...]> : type`.
#include "frontend/asm_parser.h"

namespace kiln::frontend {

namespace {

// `<...>` kept as the text of the generic attribute `#sdy.<kind><...>`.
bool parse_prefixed(AsmParser& p, OpState& s, const std::string& name, std::string prefix) {
  if (p.peek().kind != Tok::kLess) return p.fail_here("expected '<' to begin a Shardy attribute");
  std::string body;
  if (!p.parse_balanced(body)) return false;
  s.op->set_attr(name, ir::OpaqueAttr{std::move(prefix) + body});
  return true;
}

bool parse_sdy_mesh_attr(AsmParser& p, OpState& s, const std::vector<std::string>& a) {
  return parse_prefixed(p, s, a.at(0), "#sdy.mesh");
}
bool parse_sdy_sharding_attr(AsmParser& p, OpState& s, const std::vector<std::string>& a) {
  return parse_prefixed(p, s, a.at(0), "#sdy.sharding");
}
bool parse_sdy_mesh_name(AsmParser& p, OpState& s, const std::vector<std::string>& a) {
  std::string name;
  if (!p.parse_symbol(name)) return false;
  s.op->set_attr(a.at(0), ir::StringAttr{std::move(name)});
  return true;
}

}  // namespace

KILN_REGISTER_PARSE_DIRECTIVE("SdyMeshAttr", parse_sdy_mesh_attr);
KILN_REGISTER_PARSE_DIRECTIVE("SdyShardingAttr", parse_sdy_sharding_attr);
KILN_REGISTER_PARSE_DIRECTIVE("SdyMeshName", parse_sdy_mesh_name);

}  // namespace kiln::frontend
