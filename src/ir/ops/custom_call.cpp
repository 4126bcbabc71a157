// stablehlo.custom_call: `@target(%a, %b) {backend_config = ..., api_version = 2 : i32, ...}`.
// Any further attribute (mhlo.*, sdy.*, layouts) is kept; the table checks the declared ones.
#include <cctype>

#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/printer.h"

namespace kiln::ir {

namespace {

// MLIR prints a symbol bare when it is a bare identifier, else quoted.
bool is_bare_identifier(std::string_view s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  for (char c : s) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.')) {
      return false;
    }
  }
  return true;
}

void print_target(AsmPrinter& p, const Operation& op, const std::vector<std::string>& args) {
  const auto* name = op.attr_as<StringAttr>(args.at(0));
  if (!name) return;
  p.word(is_bare_identifier(name->value) ? "@" + name->value : "@\"" + name->value + "\"");
}

Status verify_custom_call(const Operation& op) {
  if (const auto* v = op.attr_as<IntegerAttr>("api_version")) {
    if (v->value < 0 || v->value > 4) {
      return verify_error(op, "api_version must be 0 to 4, but is " + std::to_string(v->value));
    }
    if (v->value == 4 && op.attr("backend_config") &&
        !op.attr("backend_config")->is<DictionaryAttr>()) {
      return verify_error(op, "backend_config must be a dictionary for api_version 4");
    }
  }
  if (const Attribute* b = op.attr("backend_config")) {
    if (!b->is<StringAttr>() && !b->is<DictionaryAttr>()) {
      return verify_error(op, "backend_config must be a string or a dictionary, but is " +
                                  to_string(*b));
    }
  }
  return ok_status();
}

KILN_REGISTER_PRINT_DIRECTIVE("CustomCallTarget", print_target);

std::vector<OpInfo> custom_call_ops() {
  return {
      {.name = "stablehlo.custom_call",
       .operands = {{"inputs", Arity::kVariadic}},
       .results = {{"results", Arity::kVariadic}},
       .attrs = {{"call_target_name", AttrKind::kString},
                 {"has_side_effect", AttrKind::kBool, true},
                 {"backend_config", AttrKind::kAny, true},
                 {"api_version", AttrKind::kI32, true},
                 {"called_computations", AttrKind::kArray, true},
                 {"operand_layouts", AttrKind::kArray, true},
                 {"result_layouts", AttrKind::kArray, true},
                 {"output_operand_aliases", AttrKind::kOutputOperandAliases, true}},
       .format = "custom<CustomCallTarget>($call_target_name) ^( $inputs ) attr-dict : "
                 "functional-type",
       .verify = verify_custom_call,
       },
  };
}

KILN_REGISTER_OPS(custom_call_ops);

}  // namespace

}  // namespace kiln::ir
