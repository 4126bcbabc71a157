// `kiln run --validate=all`: every fusion's output compared, not only the program's: the
// optimized program with the results of each kiln op (fusions and named composites) at the
// entry's top level added to its results, run on the backend and on the cpu backend (the
// interpreter running each fusion's region) on the same inputs; the first that differs, in
// program order, is named with its location.
#include <fmt/format.h>

#include "api/impl.h"
#include "ir/attribute.h"
#include "oracle/compare.h"
#include "oracle/promoted.h"
#include "passes/fusion_plan.h"
#include "tools/kiln/commands.h"

namespace kiln::tools {

namespace {

// Adds the tensor results of every kiln op at the top level of `entry` to its results;
// returns those ops, one per added result, in program order.
std::vector<const ir::Operation*> expose_fusions(ir::Operation& entry) {
  ir::Block& body = entry.region(0).front();
  ir::Operation* ret = body.terminator();
  std::vector<const ir::Operation*> exposed;
  for (const auto& op : body.operations()) {
    if (op.get() == ret || !op->name().starts_with("kiln.")) continue;
    for (const auto& r : op->results()) {
      if (!r->type().is_tensor()) continue;
      ret->insert_operand(ret->num_operands(), r.get());
      exposed.push_back(op.get());
    }
  }
  const ir::Type& fn = entry.attr_as<ir::TypeAttr>("function_type")->type;
  std::vector<ir::Type> results;
  for (const ir::Value* v : ret->operands()) results.push_back(v->type());
  entry.set_attr("function_type", ir::TypeAttr{ir::Type::function(fn.function_inputs(), results)});
  entry.remove_attr("res_attrs");
  return exposed;
}

}  // namespace

Expected<ValidateReport> validate_fusions(const RunArgs& args, const Module& module,
                                          const std::vector<Value>& inputs) {
  KILN_TRY(Module optimized, optimize(module, args.opt_level));
  ir::Module& ir = *optimized.impl().module;
  KILN_TRY(const ir::Operation* found, backend::find_entry(ir, args.entry));
  const size_t program_outputs = found->attr_as<ir::TypeAttr>("function_type")->type.function_results().size();
  const std::vector<const ir::Operation*> exposed =
      expose_fusions(const_cast<ir::Operation&>(*found));
  if (exposed.empty()) {
    return ValidateReport{true, "no fusion at the top level of @" + std::string(
                                    found->attr_as<ir::StringAttr>("sym_name")->value) +
                                    " (--validate=all compares the outputs only)"};
  }
  CompileOptions options;
  options.entry = args.entry;
  options.num_replicas = args.num_replicas;
  options.num_partitions = args.num_partitions;
  options.time_limit_seconds = args.timeout_seconds;
  options.opt_level = 0;  // optimized already: the kernels as the run compiled them
  options.backend = args.backend.empty() ? default_backend() : args.backend;
  KILN_TRY(Executable run, compile(optimized, options));
  options.backend = "cpu";
  KILN_TRY(Executable reference, compile(optimized, options));
  KILN_TRY(RunResult got, run.run(inputs));
  KILN_TRY(RunResult want, reference.run(inputs));
  KILN_TRY(auto got_tensors, host_tensors_of(got.outputs()));
  KILN_TRY(auto want_tensors, host_tensors_of(want.outputs()));
  KILN_TRY(auto input_tensors, host_tensors_of(inputs));
  if (got_tensors.size() != program_outputs + exposed.size() ||
      want_tensors.size() != got_tensors.size()) {
    return Error::internal(fmt::format(
        "kiln run --validate=all: {} and {} outputs, for {} program outputs and {} fusions "
        "(tuple or token outputs are not compared)",
        got_tensors.size(), want_tensors.size(), program_outputs, exposed.size()));
  }
  // The promoted reference (oracle/promoted.h), computed once where a bf16 or f16 value
  // leaves the tolerance.
  std::optional<std::vector<interp::Tensor>> exact;
  for (size_t k = 0; k < exposed.size(); ++k) {
    const size_t i = program_outputs + k;
    oracle::CompareReport strict = oracle::compare(got_tensors[i], want_tensors[i],
                                                   oracle::default_tolerance(want_tensors[i].element()));
    if (strict.passed) continue;
    std::string message = strict.message();
    if (oracle::is_promoted_type(want_tensors[i].element())) {
      if (!exact) {
        KILN_TRY(auto run_exact, oracle::promoted_reference_run(ir, input_tensors));
        exact = std::move(run_exact);
      }
      oracle::PromotedReport promoted = oracle::compare_with_promoted(
          {got_tensors[i]}, {want_tensors[i]}, {(*exact)[i]}, oracle::default_tolerance);
      if (promoted.passed) continue;
      message += "; by the promoted reference: " + promoted.message();
    }
    return ValidateReport{false, fmt::format("the first fusion that differs ({} of {}): {}: {}",
                                             k + 1, exposed.size(),
                                             passes::describe_op(*exposed[k]), message)};
  }
  return ValidateReport{true, fmt::format("all {} fusion outputs match", exposed.size())};
}

}  // namespace kiln::tools
