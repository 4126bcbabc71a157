// The Shardy (sdy) ops that JAX's exports carry on one device: sdy.mesh at module level,
// and sharding annotations on values. kiln keeps them (their attributes as text) so that
// programs print back unchanged; on one device they do not change any value.
#include "ir/ops/type_constraints.h"
#include "ir/printer.h"

namespace kiln::ir {

namespace {

// The pretty form writes `<...>` where the generic form writes `#sdy.mesh<...>` or
// `#sdy.sharding<...>`: print the attribute's text without its dialect prefix.
void print_without_prefix(AsmPrinter& p, const Operation& op, const std::string& name,
                          std::string_view prefix) {
  const auto* a = op.attr_as<OpaqueAttr>(name);
  if (!a) return;
  std::string_view text = a->text;
  if (text.starts_with(prefix)) text.remove_prefix(prefix.size());
  p.word(text);
}

void print_sdy_mesh_attr(AsmPrinter& p, const Operation& op, const std::vector<std::string>& a) {
  print_without_prefix(p, op, a.at(0), "#sdy.mesh");
}
void print_sdy_sharding_attr(AsmPrinter& p, const Operation& op,
                             const std::vector<std::string>& a) {
  print_without_prefix(p, op, a.at(0), "#sdy.sharding");
}

KILN_REGISTER_PRINT_DIRECTIVE("SdyMeshAttr", print_sdy_mesh_attr);
KILN_REGISTER_PRINT_DIRECTIVE("SdyShardingAttr", print_sdy_sharding_attr);

Status verify_same_type(const Operation& op) {
  if (op.operand(0)->type() != op.result(0)->type()) {
    return verify_error(op, "result type " + to_string(op.result(0)->type()) +
                                " differs from the operand's " + to_string(op.operand(0)->type()));
  }
  return ok_status();
}

OpInfo annotation(std::string_view name, std::string_view format) {
  return {.name = name,
          .operands = {{"input"}},
          .results = {{"result"}},
          .attrs = {{"sharding", AttrKind::kAny}},
          .format = format,
          .verify = verify_same_type};
}

std::vector<OpInfo> sdy_ops() {
  return {
      {.name = "sdy.mesh",
       .attrs = {{"sym_name", AttrKind::kString}, {"mesh", AttrKind::kAny}},
       .format = "custom<SdyMeshName>($sym_name) = custom<SdyMeshAttr>($mesh) attr-dict"},
      annotation("sdy.sharding_constraint",
                 "$input custom<SdyShardingAttr>($sharding) attr-dict : type($result)"),
      annotation("sdy.reshard",
                 "$input custom<SdyShardingAttr>($sharding) attr-dict : type($result)"),
      {.name = "sdy.sharding_group",
       .operands = {{"input"}},
       .attrs = {{"group_id", AttrKind::kI64}},
       .format = "$input group_id = $group_id attr-dict : type($input)"},
  };
}

void print_sdy_mesh_name(AsmPrinter& p, const Operation& op, const std::vector<std::string>& a) {
  p.word("@" + op.attr_as<StringAttr>(a.at(0))->value);
}
KILN_REGISTER_PRINT_DIRECTIVE("SdyMeshName", print_sdy_mesh_name);

KILN_REGISTER_OPS(sdy_ops);

}  // namespace

}  // namespace kiln::ir
