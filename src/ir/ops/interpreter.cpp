// The `interpreter` test dialect (after StableHLO's reference interpreter): run_parallel,
// probe and print — table and verifiers.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

Status symbol_function(const Operation& op, const Attribute& a, std::string_view where,
                       const Operation*& out) {
  const auto* ref = a.get_if<SymbolRefAttr>();
  if (!ref) return verify_error(op, std::string(where) + " must hold symbol references (@f)");
  out = find_function(op, ref->name);
  if (!out)
    return verify_error(op, std::string(where) + " names @" + ref->name +
                                ", which is not a function of the module");
  return ok_status();
}

// `programs` is a num_replicas x num_partitions grid of functions; inputs and results are
// the programs' own, concatenated in row-major order.
Status verify_run_parallel(const Operation& op) {
  const auto& rows = op.attr_as<ArrayAttr>("programs")->elements;
  if (rows.empty()) return verify_error(op, "programs must not be empty");
  std::vector<Type> inputs, results;
  size_t width = 0;
  for (size_t r = 0; r < rows.size(); ++r) {
    const auto* row = rows[r].get_if<ArrayAttr>();
    if (!row || row->elements.empty()) {
      return verify_error(op, "programs must be a non-empty array of non-empty arrays");
    }
    if (r == 0) width = row->elements.size();
    if (row->elements.size() != width) {
      return verify_error(op, "programs row " + std::to_string(r) + " has " +
                                  std::to_string(row->elements.size()) +
                                  " programs but row 0 has " + std::to_string(width));
    }
    for (const Attribute& a : row->elements) {
      const Operation* f;
      KILN_CHECK_OK(symbol_function(op, a, "programs", f));
      const Type& fn = f->attr_as<TypeAttr>("function_type")->type;
      inputs.insert(inputs.end(), fn.function_inputs().begin(), fn.function_inputs().end());
      results.insert(results.end(), fn.function_results().begin(), fn.function_results().end());
    }
  }
  if (const auto* infeed = op.attr_as<ArrayAttr>("infeed")) {
    for (const Attribute& a : infeed->elements) {
      const Operation* f;
      KILN_CHECK_OK(symbol_function(op, a, "infeed", f));
    }
  }
  std::vector<Type> actual_in, actual_out;
  for (Value* v : op.operands()) actual_in.push_back(v->type());
  for (const auto& v : op.results()) actual_out.push_back(v->type());
  if (actual_in != inputs) {
    return verify_error(op, "has " + std::to_string(actual_in.size()) +
                                " inputs that do not match the " + std::to_string(inputs.size()) +
                                " inputs of its programs");
  }
  if (actual_out != results) {
    return verify_error(op, "has " + std::to_string(actual_out.size()) +
                                " results that do not match the " + std::to_string(results.size()) +
                                " results of its programs");
  }
  return ok_status();
}

Status verify_probe(const Operation& op) {
  KILN_CHECK_OK(expect_tensor(op, op.operand(0)->type(), "operand"));
  if (op.operand(0)->type() != op.result(0)->type()) {
    return verify_error(op, "result " + to_string(op.result(0)->type()) +
                                " must have the operand's type " +
                                to_string(op.operand(0)->type()));
  }
  if (op.attr_as<StringAttr>("probe_id")->value.empty()) {
    return verify_error(op, "probe_id must not be empty");
  }
  return ok_status();
}

Status verify_print(const Operation& op) {
  return expect_tensor(op, op.operand(0)->type(), "operand");
}

std::vector<OpInfo> interpreter_ops() {
  return {
      {.name = "interpreter.run_parallel",
       .operands = {{"inputs", Arity::kVariadic}},
       .results = {{"results", Arity::kVariadic}},
       .attrs = {{"infeed", AttrKind::kArray, true}, {"programs", AttrKind::kArray}},
       .verify = verify_run_parallel},
      {.name = "interpreter.probe",
       .operands = {{"operand"}},
       .results = {{"result"}},
       .attrs = {{"probe_id", AttrKind::kString}},
       .format = "$operand , probe_id = $probe_id attr-dict : type($result)",
       .verify = verify_probe},
      {.name = "interpreter.print",
       .operands = {{"operand"}},
       .format = "$operand attr-dict : type($operand)",
       .verify = verify_print},
  };
}

KILN_REGISTER_OPS(interpreter_ops);

}  // namespace

}  // namespace kiln::ir
