// Symbol references: a walk over every attribute of every op.
#include "passes/symbols.h"

namespace kiln::passes {

namespace {

void collect(const ir::Attribute& attr, std::set<std::string>& out) {
  if (const auto* ref = attr.get_if<ir::SymbolRefAttr>()) {
    out.insert(ref->name);
  } else if (const auto* array = attr.get_if<ir::ArrayAttr>()) {
    for (const ir::Attribute& e : array->elements) collect(e, out);
  } else if (const auto* dict = attr.get_if<ir::DictionaryAttr>()) {
    for (const ir::NamedAttribute& e : dict->entries) collect(e.value, out);
  }
}

}  // namespace

std::set<std::string> referenced_symbols(const ir::Operation& root) {
  std::set<std::string> out;
  root.walk([&](const ir::Operation& op) {
    for (const ir::NamedAttribute& a : op.attributes()) collect(a.value, out);
  });
  return out;
}

bool is_private_function(const ir::Operation& func) {
  const auto* visibility = func.attr_as<ir::StringAttr>("sym_visibility");
  return visibility && visibility->value == "private";
}

}  // namespace kiln::passes
