// The structural ops: builtin.module, func.func, func.return, func.call — their table
// entries, verifiers and the printing of module and function headers.
#include <string_view>
#include <unordered_set>

#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/printer.h"

namespace kiln::ir {

namespace {

const Operation* enclosing_function(const Operation& op) {
  for (const Operation* p = op.parent_op(); p; p = p->parent_op()) {
    if (p->id() == ops::kFunc) return p;
  }
  return nullptr;
}

const Operation* enclosing_module(const Operation& op) {
  for (const Operation* p = op.parent_op(); p; p = p->parent_op()) {
    if (p->id() == ops::kModule) return p;
  }
  return nullptr;
}

std::string type_list(const std::vector<Type>& types) {
  std::string s;
  for (size_t i = 0; i < types.size(); ++i) s += (i ? ", " : "") + to_string(types[i]);
  return "(" + s + ")";
}

Status verify_module(const Operation& op) {
  for (const auto& nested : op.region(0).front().operations()) {
    // Shardy meshes are module-level declarations that functions' shardings refer to.
    if (nested->id() != ops::kFunc && nested->name() != "sdy.mesh") {
      return verify_error(*nested, "is not allowed at module level; expected func.func");
    }
  }
  // Function names are unique (a hash set: modules of many thousand functions stay linear).
  std::unordered_set<std::string_view> names;
  for (const auto& nested : op.region(0).front().operations()) {
    const auto* sym = nested->attr_as<StringAttr>("sym_name");
    if (sym && !names.insert(sym->value).second) {
      return verify_error(*nested, "redefines function @" + sym->value);
    }
  }
  return ok_status();
}

Status verify_func(const Operation& op) {
  const Type& fn = op.attr_as<TypeAttr>("function_type")->type;
  if (!fn.is_function()) return verify_error(op, "function_type must be a function type");
  const Block& body = op.region(0).front();
  if (body.num_arguments() != fn.function_inputs().size()) {
    return verify_error(op, "has " + std::to_string(body.num_arguments()) +
                                " arguments but its type lists " +
                                std::to_string(fn.function_inputs().size()));
  }
  for (size_t i = 0; i < body.num_arguments(); ++i) {
    if (body.argument(i)->type() != fn.function_inputs()[i]) {
      return verify_error(op, "argument " + std::to_string(i) + " has type " +
                                  to_string(body.argument(i)->type()) + " but the signature says " +
                                  to_string(fn.function_inputs()[i]));
    }
  }
  if (body.terminator()->id() != ops::kFuncReturn) {
    return verify_error(*body.terminator(), "cannot end a function; expected func.return");
  }
  for (const char* name : {"arg_attrs", "res_attrs"}) {
    const auto* arr = op.attr_as<ArrayAttr>(name);
    size_t expected = std::string_view(name) == "arg_attrs" ? fn.function_inputs().size()
                                                            : fn.function_results().size();
    if (arr && arr->elements.size() != expected) {
      return verify_error(op, std::string(name) + " must have one dictionary per " +
                                  (expected == fn.function_inputs().size() ? "argument" : "result"));
    }
  }
  return ok_status();
}

Status verify_return(const Operation& op) {
  const Operation* parent = op.parent_op();
  if (!parent || parent->id() != ops::kFunc) {
    return verify_error(op, "must end a func.func body; regions of StableHLO ops end with "
                            "stablehlo.return");
  }
  const auto* fn = parent->attr_as<TypeAttr>("function_type");
  if (!fn || !fn->type.is_function()) return ok_status();
  std::vector<Type> actual;
  for (Value* v : op.operands()) actual.push_back(v->type());
  if (actual != fn->type.function_results()) {
    return verify_error(op, "returns " + type_list(actual) + " but the function returns " +
                                type_list(fn->type.function_results()));
  }
  return ok_status();
}

Status verify_call(const Operation& op) {
  const Operation* module = enclosing_module(op);
  const std::string& callee = op.attr_as<SymbolRefAttr>("callee")->name;
  const Operation* target = module ? module->region(0).front().find_function(callee) : nullptr;
  if (!target) return verify_error(op, "calls @" + callee + ", which is not defined");
  const auto* fn = target->attr_as<TypeAttr>("function_type");
  if (!fn || !fn->type.is_function()) return ok_status();
  std::vector<Type> ins, outs;
  for (Value* v : op.operands()) ins.push_back(v->type());
  for (const auto& r : op.results()) outs.push_back(r->type());
  if (ins != fn->type.function_inputs() || outs != fn->type.function_results()) {
    return verify_error(op, "has type " + type_list(ins) + " -> " + type_list(outs) + " but @" +
                                callee + " has type " + to_string(fn->type));
  }
  (void)enclosing_function;
  return ok_status();
}

void print_module_op(AsmPrinter& p, const Operation& op, const std::vector<std::string>&) {
  p.word("module");
  if (const auto* name = op.attr_as<StringAttr>("sym_name")) p.word("@" + name->value);
  p.attr_dict(op, {"sym_name"}, /*with_keyword=*/true);
  p.region(op.region(0), false);
}

void print_func_op(AsmPrinter& p, const Operation& op, const std::vector<std::string>&) {
  p.word("func.func");
  if (const auto* vis = op.attr_as<StringAttr>("sym_visibility")) p.word(vis->value);
  p.word("@" + op.attr_as<StringAttr>("sym_name")->value);
  const Type& fn = op.attr_as<TypeAttr>("function_type")->type;
  const Block& body = op.region(0).front();
  const auto* arg_attrs = op.attr_as<ArrayAttr>("arg_attrs");
  const auto* res_attrs = op.attr_as<ArrayAttr>("res_attrs");
  auto dict_suffix = [](const ArrayAttr* attrs, size_t i) -> std::string {
    if (!attrs || i >= attrs->elements.size()) return "";
    const auto* d = attrs->elements[i].get_if<DictionaryAttr>();
    if (!d || d->entries.empty()) return "";
    return " " + to_string(attrs->elements[i]);
  };
  p.bind_block_args(body);
  std::string& out = p.out();
  out += "(";
  for (size_t i = 0; i < body.num_arguments(); ++i) {
    if (i) out += ", ";
    out += p.name_of(body.argument(i)) + ": " + to_string(body.argument(i)->type()) +
           dict_suffix(arg_attrs, i);
  }
  out += ")";
  const auto& results = fn.function_results();
  if (!results.empty()) {
    out += " -> ";
    bool simple = results.size() == 1 && dict_suffix(res_attrs, 0).empty() &&
                  !results[0].is_function();
    if (!simple) out += "(";
    for (size_t i = 0; i < results.size(); ++i) {
      if (i) out += ", ";
      out += to_string(results[i]) + dict_suffix(res_attrs, i);
    }
    if (!simple) out += ")";
  }
  p.attr_dict(op, {"sym_name", "sym_visibility", "function_type", "arg_attrs", "res_attrs"},
              /*with_keyword=*/true);
  p.region(op.region(0), false);
}

KILN_REGISTER_PRINT_DIRECTIVE("ModuleOp", print_module_op);
KILN_REGISTER_PRINT_DIRECTIVE("FuncOp", print_func_op);

std::vector<OpInfo> func_ops() {
  return {
      {.name = "builtin.module",
       .attrs = {{"sym_name", AttrKind::kString, true}},
       .regions = {"body"},
       .format = "custom<ModuleOp>",
       .verify = verify_module,
       .traits = kIsolatedFromAbove | kNoTerminator},
      {.name = "func.func",
       .attrs = {{"sym_name", AttrKind::kString},
                 {"function_type", AttrKind::kType},
                 {"sym_visibility", AttrKind::kString, true},
                 {"arg_attrs", AttrKind::kArray, true},
                 {"res_attrs", AttrKind::kArray, true}},
       .regions = {"body"},
       .format = "custom<FuncOp>",
       .verify = verify_func,
       .traits = kIsolatedFromAbove},
      {.name = "func.return",
       .operands = {{"operands", Arity::kVariadic}},
       .format = "attr-dict {? $operands : type($operands) }?",
       .verify = verify_return,
       .traits = kTerminator},
      {.name = "func.call",
       .operands = {{"operands", Arity::kVariadic}},
       .results = {{"results", Arity::kVariadic}},
       .attrs = {{"callee", AttrKind::kSymbol}},
       .format = "$callee ^( $operands ) attr-dict : functional-type",
       .verify = verify_call},
  };
}

KILN_REGISTER_OPS(func_ops);

}  // namespace

}  // namespace kiln::ir
