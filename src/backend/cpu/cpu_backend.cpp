// The cpu backend over the reference interpreter and its simulated process grid.
#include "backend/cpu/cpu_backend.h"

#include <fmt/format.h>

#include "interp/interpreter.h"
#include "interp/process_grid.h"
#include "ir/attribute.h"
#include "ir/ops/type_constraints.h"

namespace kiln::backend::cpu {

namespace {

class CpuExecutable final : public Executable {
 public:
  CpuExecutable(const ir::Module& module, const ir::Operation& entry, interp::Options grid)
      : module_(module), entry_(entry), grid_(grid) {
    name_ = entry.attr_as<ir::StringAttr>("sym_name")->value;
    const ir::Type& fn = entry.attr_as<ir::TypeAttr>("function_type")->type;
    inputs_ = fn.function_inputs();
    outputs_ = fn.function_results();
  }

  const std::string& entry() const override { return name_; }
  const std::vector<ir::Type>& input_types() const override { return inputs_; }
  const std::vector<ir::Type>& output_types() const override { return outputs_; }
  int64_t num_replicas() const override { return grid_.num_replicas; }
  int64_t num_partitions() const override { return grid_.num_partitions; }

  Expected<RunResults> run_each(const std::vector<std::vector<Buffer>>& inputs) const override;

 private:
  // The interpreter's arguments for one process, checked against the entry's types.
  Expected<std::vector<interp::RuntimeValue>> arguments(const std::vector<Buffer>& inputs) const;

  const ir::Module& module_;
  const ir::Operation& entry_;
  interp::Options grid_;
  std::string name_;
  std::vector<ir::Type> inputs_, outputs_;
};

Expected<std::vector<interp::RuntimeValue>> CpuExecutable::arguments(
    const std::vector<Buffer>& inputs) const {
  if (inputs.size() != inputs_.size()) {
    return Error::invalid_argument("kiln: @" + name_ + " takes " + std::to_string(inputs_.size()) +
                                   " input" + (inputs_.size() == 1 ? "" : "s") + " but " +
                                   std::to_string(inputs.size()) + " were given");
  }
  std::vector<interp::RuntimeValue> args;
  for (size_t i = 0; i < inputs.size(); ++i) {
    // A dynamic dimension takes any size (up to its bound): the interpreter runs on the
    // tensors' own shapes.
    if (inputs[i].type() != inputs_[i] &&
        !(inputs[i].type().is_static() && ir::types_compatible(inputs[i].type(), inputs_[i]))) {
      return Error::invalid_argument("kiln: input " + std::to_string(i) + " of @" + name_ + " is " +
                                     ir::to_string(inputs[i].type()) + " but @" + name_ +
                                     " takes " + ir::to_string(inputs_[i]));
    }
    KILN_TRY(auto value, to_runtime_value(inputs[i]));
    args.push_back(std::move(value));
  }
  return args;
}

Expected<RunResults> CpuExecutable::run_each(const std::vector<std::vector<Buffer>>& inputs) const {
  const auto processes = static_cast<size_t>(num_processes());
  if (inputs.size() != processes) {
    return Error::invalid_argument("kiln: the grid has " + std::to_string(processes) +
                                   " processes but inputs for " + std::to_string(inputs.size()) +
                                   " were given");
  }
  std::vector<std::vector<interp::RuntimeValue>> args;
  for (const auto& process_inputs : inputs) {
    KILN_TRY(auto a, arguments(process_inputs));
    args.push_back(std::move(a));
  }
  interp::Interpreter interpreter(module_, grid_);
  std::vector<std::vector<interp::RuntimeValue>> outputs;
  if (processes == 1) {
    KILN_TRY(auto out, interpreter.run(name_, std::move(args.front())));
    outputs.push_back(std::move(out));
  } else {
    // The grid's processes append their failed checks to `interpreter`.
    std::vector<const ir::Operation*> functions(processes, &entry_);
    KILN_TRY(outputs, interp::run_grid_functions(module_, functions, args, grid_, &interpreter));
  }
  RunResults results;
  for (const auto& process : outputs) {
    std::vector<Buffer> buffers;
    for (const auto& value : process) {
      KILN_TRY(auto b, to_buffer(value));
      buffers.push_back(std::move(b));
    }
    results.processes.push_back(std::move(buffers));
  }
  for (const auto& failure : interpreter.check_failures) {
    results.failed_checks.push_back(format_diagnostic(failure.loc, failure.message));
  }
  return results;
}

}  // namespace

Expected<std::unique_ptr<Executable>> CpuBackend::compile(const ir::Module& module,
                                                          const CompileOptions& options) const {
  KILN_TRY(const ir::Operation* entry, find_entry(module, options.entry));
  interp::Options grid;
  grid.num_replicas = grid_size(module, options.num_replicas, "mhlo.num_replicas");
  grid.num_partitions = grid_size(module, options.num_partitions, "mhlo.num_partitions");
  grid.time_limit = std::chrono::duration<double>(options.time_limit_seconds);
  // Each simulated process is a thread with its own interpreter and copy of the inputs.
  if (grid.num_replicas > kMaxSimulatedProcesses / grid.num_partitions) {
    return Error::invalid_argument(fmt::format(
        "kiln: a process grid of {} replicas x {} partitions is too large: the cpu backend "
        "simulates at most {} processes, one thread each",
        grid.num_replicas, grid.num_partitions, kMaxSimulatedProcesses));
  }
  return std::unique_ptr<Executable>(std::make_unique<CpuExecutable>(module, *entry, grid));
}

Expected<interp::RuntimeValue> to_runtime_value(const Buffer& buffer) {
  switch (buffer.kind()) {
    case Buffer::Kind::kTensor: {
      if (buffer.space() == MemorySpace::kDevice) {  // a device backend's: read it back
        KILN_TRY(Buffer host, buffer.to_host());
        return to_runtime_value(host);
      }
      KILN_TRY(auto t, interp::Tensor::from_storage(buffer.type(), buffer.host_storage()));
      return interp::RuntimeValue(std::move(t));
    }
    case Buffer::Kind::kToken:
      return interp::RuntimeValue(interp::Token{});
    case Buffer::Kind::kTuple:
      break;
  }
  interp::Tuple elements;
  for (const Buffer& e : buffer.elements()) {
    KILN_TRY(auto v, to_runtime_value(e));
    elements.push_back(std::move(v));
  }
  return interp::RuntimeValue(std::move(elements));
}

Expected<Buffer> to_buffer(const interp::RuntimeValue& value) {
  if (value.is_tensor()) {
    const interp::Tensor& t = value.tensor();
    if (t.storage()) return Buffer::host_tensor(t.type(), t.storage());
    return Buffer::host_copy(t.type(), {});  // an empty tensor
  }
  if (std::holds_alternative<interp::Token>(value.v)) return Buffer::token();
  std::vector<Buffer> elements;
  for (const auto& e : value.tuple()) {
    KILN_TRY(auto b, to_buffer(e));
    elements.push_back(std::move(b));
  }
  return Buffer::tuple(std::move(elements));
}

KILN_REGISTER_BACKEND(CpuBackend);

}  // namespace kiln::backend::cpu
