// SpecializingExecutable: one compiled CudaExecutable per signature of input shapes, made at
// its first run and cached.
#include "backend/cuda/specializing_executable.h"

#include <fmt/format.h>

#include "backend/cuda/cuda_backend.h"
#include "ir/ops/type_constraints.h"

namespace kiln::backend::cuda {

SpecializingExecutable::SpecializingExecutable(const ir::Module& module, const ir::Operation& entry,
                                               CompileOptions options)
    : module_(module),
      entry_(entry.attr_as<ir::StringAttr>("sym_name")->value),
      options_(std::move(options)) {
  const ir::Type& fn = entry.attr_as<ir::TypeAttr>("function_type")->type;
  input_types_ = fn.function_inputs();
  output_types_ = fn.function_results();
  options_.entry = entry_;
  replicas_ = grid_size(module, options_.num_replicas, "mhlo.num_replicas");
  partitions_ = grid_size(module, options_.num_partitions, "mhlo.num_partitions");
}

Expected<const CudaExecutable*> SpecializingExecutable::specialization(
    const std::vector<ir::Type>& inputs) const {
  std::string key;
  for (const ir::Type& t : inputs) key += ir::to_string(t) + ";";
  std::shared_ptr<Specialization> s;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    std::shared_ptr<Specialization>& slot = specializations_[key];
    if (!slot) slot = std::make_shared<Specialization>();
    s = slot;
  }
  std::lock_guard<std::mutex> lock(s->mutex);
  if (!s->done) {
    s->result = compile_cuda(module_, options_, inputs);
    s->done = true;
  }
  if (!s->result.ok()) return s->result.error();
  return s->result->get();
}

size_t SpecializingExecutable::num_specializations() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return specializations_.size();
}

Expected<RunResults> SpecializingExecutable::run_each(
    const std::vector<std::vector<Buffer>>& inputs) const {
  if (inputs.size() != static_cast<size_t>(num_processes())) {
    return Error::invalid_argument(fmt::format(
        "kiln: @{} runs on {} process{} but inputs for {} were given", entry_, num_processes(),
        num_processes() == 1 ? "" : "es", inputs.size()));
  }
  const std::vector<Buffer>& in = inputs.front();
  if (in.size() != input_types_.size()) {
    return Error::invalid_argument(fmt::format("kiln: @{} takes {} input{} but {} were given",
                                               entry_, input_types_.size(),
                                               input_types_.size() == 1 ? "" : "s", in.size()));
  }
  std::vector<ir::Type> types;
  for (const Buffer& b : in) types.push_back(b.type());
  // One specialization runs the whole grid: every process's inputs of the same types.
  for (size_t k = 1; k < inputs.size(); ++k) {
    for (size_t i = 0; i < inputs[k].size() && i < types.size(); ++i) {
      if (inputs[k][i].type() != types[i]) {
        return Error::invalid_argument(fmt::format(
            "kiln: input {} of process {} is {} but process 0's is {}: one compile serves the "
            "grid",
            i, k, ir::to_string(inputs[k][i].type()), ir::to_string(types[i])));
      }
    }
  }
  KILN_TRY(const CudaExecutable* exe, specialization(types));
  return exe->run_each(inputs);
}

Status SpecializingExecutable::save(const std::string&) const {
  return Error::unimplemented(fmt::format(
      "kiln: the cuda backend cannot save @{}: it takes dynamic shapes {} and compiles at run "
      "time for each signature of input shapes; save a program with static argument types",
      entry_, ir::types_string(input_types_)));
}

}  // namespace kiln::backend::cuda
