// stablehlo.composite: `"name" %a {composite_attributes = {...}, decomposition = @f,
// version = 1 : i32}`; the decomposition function must exist and match the op's type.
#include <cctype>

#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

// The spec's is_namespaced_op_name: a letter, then letters, digits or '_' (the namespace),
// then one or more `.` parts of letters, digits, '_' or '$' (`my_namespace.my_op`).
bool is_namespaced_op_name(std::string_view name) {
  auto alnum = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  if (name.empty() || !std::isalpha(static_cast<unsigned char>(name[0]))) return false;
  size_t i = 1;
  while (i < name.size() && alnum(name[i])) ++i;
  if (i == name.size()) return false;  // no `.` part
  while (i < name.size()) {
    if (name[i++] != '.') return false;
    size_t start = i;
    while (i < name.size() && (alnum(name[i]) || name[i] == '$')) ++i;
    if (i == start) return false;  // an empty part
  }
  return true;
}

Status verify_composite(const Operation& op) {
  const std::string& name = op.attr_as<StringAttr>("name")->value;
  if (!is_namespaced_op_name(name)) {  // (C1)
    return verify_error(op, "name \"" + name + "\" must be a namespaced op name, like "
                                "\"my_namespace.my_op\"");
  }
  const std::string& callee = op.attr_as<SymbolRefAttr>("decomposition")->name;
  const Operation* f = find_function(op, callee);
  if (!f) return verify_error(op, "decomposition @" + callee + " is not defined");  // (C2)
  const auto* fn = f->attr_as<TypeAttr>("function_type");
  if (!fn || !fn->type.is_function()) return ok_status();
  std::vector<Type> ins = value_types(op.operands()), outs;
  for (const auto& r : op.results()) outs.push_back(r->type());
  // (C3)-(C4)
  if (ins != fn->type.function_inputs() || outs != fn->type.function_results()) {
    return verify_error(op, "has type " + types_string(ins) + " -> " + types_string(outs) +
                                " but its decomposition @" + callee + " has type " +
                                to_string(fn->type));
  }
  return ok_status();
}

std::vector<OpInfo> composite_ops() {
  return {
      {.name = "stablehlo.composite",
       .operands = {{"inputs", Arity::kVariadic}},
       .results = {{"results", Arity::kVariadic}},
       .attrs = {{"name", AttrKind::kString},
                 {"composite_attributes", AttrKind::kDictionary, true},
                 {"decomposition", AttrKind::kSymbol},
                 {"version", AttrKind::kI32, true}},
       .format = "$name $inputs attr-dict : functional-type",
       .verify = verify_composite},
  };
}

KILN_REGISTER_OPS(composite_ops);

}  // namespace

}  // namespace kiln::ir
