// `kiln run --validate`: a run's outputs against the cpu backend's (the interpreter's) on the
// same inputs, with the oracle's per-type tolerances (float outputs also by the
// promoted reference).
#include "api/impl.h"
#include "interp/tensor.h"
#include "oracle/compare.h"
#include "oracle/promoted.h"
#include "tools/kiln/commands.h"

namespace kiln::tools {

Expected<std::vector<interp::Tensor>> host_tensors_of(const std::vector<Value>& values) {
  std::vector<interp::Tensor> tensors;
  for (const Value& v : values) {
    if (!v.is_tensor()) continue;
    KILN_TRY(Value host, v.to_host());
    const backend::Buffer& b = api::ValueAccess::buffer(host);
    KILN_TRY(interp::Tensor t, interp::Tensor::from_storage(b.type(), b.host_storage()));
    tensors.push_back(std::move(t));
  }
  return tensors;
}

Expected<ValidateReport> validate_run(const RunArgs& args, const Module& module,
                                      const std::vector<Value>& inputs, const RunResult& result) {
  CompileOptions options;
  options.backend = "cpu";
  options.entry = args.entry;
  options.num_replicas = args.num_replicas;
  options.num_partitions = args.num_partitions;
  options.time_limit_seconds = args.timeout_seconds;
  options.autotune = args.autotune;
  options.dispatch = args.dispatch;
  options.opt_level = args.opt_level;
  KILN_TRY(Executable reference, compile(module, options));
  KILN_TRY(RunResult want, reference.run(inputs));
  if (want.processes.size() != result.processes.size()) {
    return Error::internal("kiln run --validate: the cpu backend ran " +
                           std::to_string(want.processes.size()) + " processes, the run " +
                           std::to_string(result.processes.size()));
  }
  ValidateReport report;
  for (size_t p = 0; p < want.processes.size(); ++p) {
    KILN_TRY(auto got_tensors, host_tensors_of(result.processes[p]));
    KILN_TRY(auto want_tensors, host_tensors_of(want.processes[p]));
    KILN_TRY(auto input_tensors, host_tensors_of(inputs));
    // Float outputs that differ may still come as close to the program computed in f64
    // as the interpreter's (oracle/promoted.h).
    oracle::ProgramVerdict verdict =
        oracle::judge_program_outputs(*module.impl().module, input_tensors, got_tensors,
                                      want_tensors, oracle::default_tolerance);
    const std::string label = want.processes.size() > 1 ? "p" + std::to_string(p) + ": " : "";
    if (!verdict.passed) return ValidateReport{false, label + verdict.message};
    if (p == 0) report.message = verdict.message;
  }
  return report;
}

}  // namespace kiln::tools
