// kiln::compile and kiln::Executable over the backend interface.
#include "api/impl.h"
#include "backend/saved_executable.h"
#include "backend/cpu/cpu_backend.h"
#include "interp/npy.h"
#include "oracle/random.h"

namespace kiln {

std::vector<std::string> backends() { return backend::backend_names(); }

std::string default_backend() {
  Expected<const backend::Backend*> cuda = backend::find_backend("cuda");
  return cuda.ok() && (*cuda)->available() ? "cuda" : "cpu";
}

Expected<Executable> compile(const Module& module, const CompileOptions& options) {
  KILN_TRY(const backend::Backend* target, backend::find_backend(options.backend));
  backend::CompileOptions internal;
  internal.entry = options.entry;
  internal.num_replicas = options.num_replicas;
  internal.num_partitions = options.num_partitions;
  internal.time_limit_seconds = options.time_limit_seconds;
  internal.autotune = options.autotune;
  internal.dispatch = options.dispatch;
  internal.opt_level = options.opt_level;
  // A module parsed from text is keyed by it (a built one has no text to key by).
  if (const auto& source = module.impl().source) {
    internal.key = backend::compile_key(source->text(), internal);
  }
  target->prepare(internal.key);  // while the pipeline runs
  Module program = module;
  // An entry that takes dynamic shapes is optimized by the backend for each signature of input
  // shapes once they are static (backend/cuda/specializing_executable.h): the pipeline run now
  // would fuse its shape computations before their sizes are known.
  KILN_TRY(const ir::Operation* entry, backend::find_entry(*module.impl().module, options.entry));
  if (options.opt_level != 0 && backend::takes_static_inputs(*entry)) {
    KILN_TRY(program, optimize(module, options.opt_level));
  }
  KILN_TRY(auto executable, target->compile(*program.impl().module, internal));
  return Executable(std::make_shared<const Executable::Impl>(
      Executable::Impl{program, options.backend, std::move(executable)}));
}

const std::string& Executable::backend() const { return impl_->backend; }
const Module& Executable::module() const { return impl_->module; }

Status Executable::save(const std::string& path) const { return impl_->executable->save(path); }

bool is_saved_executable(const std::string& path) {
  return backend::is_saved_executable_file(path);
}

Expected<Executable> load_executable(const std::string& path) {
  KILN_TRY(std::string bytes, backend::read_file_bytes(path));
  KILN_TRY(backend::SavedExecutable saved, backend::decode_saved_executable(bytes, path));
  Expected<const backend::Backend*> target = backend::find_backend(saved.backend);
  if (!target.ok()) {
    return target.error().with_prefix("kiln: " + path + ": saved by the " + saved.backend +
                                      " backend, which this kiln lacks: ");
  }
  Expected<Module> module = load_text(saved.program_text, path + " (its program)");
  if (!module.ok()) {
    return module.error().with_prefix("kiln: " + path + ": its program does not load: ");
  }
  KILN_TRY(auto executable, (*target)->load(saved, *module->impl().module));
  return Executable(std::make_shared<const Executable::Impl>(
      Executable::Impl{*module, saved.backend, std::move(executable)}));
}
const std::string& Executable::entry() const { return impl_->executable->entry(); }
int64_t Executable::num_replicas() const { return impl_->executable->num_replicas(); }
int64_t Executable::num_partitions() const { return impl_->executable->num_partitions(); }

std::string Executable::entry_location() const {
  const ir::Operation* f = impl_->module.impl().module->lookup_function(entry());
  if (!f || !f->location().known()) return "?";
  const Location& loc = f->location();
  return loc.buffer->name() + ":" + std::to_string(loc.buffer->line_col(loc.offset).first);
}

std::vector<std::string> Executable::input_types() const {
  std::vector<std::string> out;
  for (const ir::Type& t : impl_->executable->input_types()) out.push_back(ir::to_string(t));
  return out;
}

namespace {

// Makes input `i` of `types` with `make(type)`; errors name the argument.
template <class Make>
Expected<Value> make_input(const std::vector<ir::Type>& types, size_t i, Make make) {
  if (i >= types.size()) {
    return Error::invalid_argument("kiln: no argument " + std::to_string(i) + "; the entry takes " +
                                   std::to_string(types.size()));
  }
  const ir::Type& type = types[i];
  std::string what = "argument " + std::to_string(i) + " (" + ir::to_string(type) + ")";
  if (!type.is_tensor()) {
    return Error::invalid_argument("kiln: " + what + " is not a tensor; it cannot be read");
  }
  Expected<interp::Tensor> t = make(type);
  if (!t.ok()) return t.error().with_prefix(what + ": ");
  KILN_TRY(auto buffer, backend::cpu::to_buffer(*t));
  return api::ValueAccess::make(std::move(buffer));
}

}  // namespace

Expected<Value> Executable::read_input(size_t i, const std::string& npy_path) const {
  return make_input(impl_->executable->input_types(), i,
                    [&](const ir::Type& type) { return interp::read_npy(npy_path, type); });
}

Expected<Value> Executable::random_input(size_t i, uint64_t seed) const {
  return make_input(impl_->executable->input_types(), i, [&](const ir::Type& type) {
    return oracle::random_tensor(type, oracle::input_seed(seed, i));
  });
}

Expected<std::vector<Value>> Executable::random_inputs(uint64_t seed) const {
  std::vector<Value> out;
  for (size_t i = 0; i < impl_->executable->input_types().size(); ++i) {
    KILN_TRY(Value v, random_input(i, seed));
    out.push_back(std::move(v));
  }
  return out;
}

Expected<RunResult> Executable::run(const std::vector<Value>& inputs) const {
  return run_each(std::vector<std::vector<Value>>(static_cast<size_t>(num_processes()), inputs));
}

namespace {

// A value's buffer as `executable` takes it: device tensors of another backend (or any, for a
// host backend) read back to the host first.
Expected<backend::Buffer> input_buffer(const backend::Executable& executable,
                                       const std::string& backend, const Value& v) {
  const backend::Buffer& b = api::ValueAccess::buffer(v);
  if (b.space() == backend::MemorySpace::kDevice &&
      (!executable.takes_device_buffers() || b.device_storage()->backend() != backend)) {
    return b.to_host();
  }
  return b;
}

RunResult run_result(backend::RunResults results) {
  RunResult out;
  for (auto& process : results.processes) {
    std::vector<Value> values;
    for (auto& b : process) values.push_back(api::ValueAccess::make(std::move(b)));
    out.processes.push_back(std::move(values));
  }
  out.failed_checks = std::move(results.failed_checks);
  return out;
}

}  // namespace

Expected<Value> Executable::to_device(const Value& value) const {
  KILN_TRY(backend::Buffer b, input_buffer(*impl_->executable, impl_->backend, value));
  KILN_TRY(backend::Buffer d, impl_->executable->to_device(b));
  return api::ValueAccess::make(std::move(d));
}

Expected<RunResult> Executable::run_on_device(const std::vector<Value>& inputs) const {
  std::vector<backend::Buffer> buffers;
  for (const Value& v : inputs) {
    KILN_TRY(backend::Buffer b, input_buffer(*impl_->executable, impl_->backend, v));
    buffers.push_back(std::move(b));
  }
  KILN_TRY(backend::RunResults results, impl_->executable->run_on_device(buffers));
  return run_result(std::move(results));
}

Expected<RunResult> Executable::run_each(const std::vector<std::vector<Value>>& inputs) const {
  std::vector<std::vector<backend::Buffer>> buffers;
  for (const auto& process : inputs) {
    std::vector<backend::Buffer> b;
    for (const Value& v : process) {
      KILN_TRY(backend::Buffer in, input_buffer(*impl_->executable, impl_->backend, v));
      b.push_back(std::move(in));
    }
    buffers.push_back(std::move(b));
  }
  KILN_TRY(backend::RunResults results, impl_->executable->run_each(buffers));
  return run_result(std::move(results));
}

}  // namespace kiln
