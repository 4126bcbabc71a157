// stablehlo.composite: `"name" %a {composite_attributes = {...}, decomposition = @f,
// version = 1 : i32}`; the decomposition function must exist and match the op's type.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

Status verify_composite(const Operation& op) {
  const std::string& callee = op.attr_as<SymbolRefAttr>("decomposition")->name;
  const Operation* f = find_function(op, callee);
  if (!f) return verify_error(op, "decomposition @" + callee + " is not defined");
  const auto* fn = f->attr_as<TypeAttr>("function_type");
  if (!fn || !fn->type.is_function()) return ok_status();
  std::vector<Type> ins = value_types(op.operands()), outs;
  for (const auto& r : op.results()) outs.push_back(r->type());
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
