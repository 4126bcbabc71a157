// The backend registry, entry lookup and grid sizing shared by every backend.
#include "backend/backend.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "backend/saved_executable.h"
#include "ir/attribute.h"
#include "support/hash.h"

namespace kiln::backend {

namespace {

std::map<std::string, std::unique_ptr<Backend>, std::less<>>& registry() {
  static std::map<std::string, std::unique_ptr<Backend>, std::less<>> backends;
  return backends;
}

}  // namespace

Expected<RunResults> Executable::run(const std::vector<Buffer>& inputs) const {
  return run_each(std::vector<std::vector<Buffer>>(static_cast<size_t>(num_processes()), inputs));
}

Status Executable::save(const std::string&) const {
  return Error::unimplemented("kiln: this backend cannot save an executable (the cuda backend "
                              "can); run the program from its .mlir text instead");
}

Expected<std::unique_ptr<Executable>> Backend::load(const SavedExecutable& saved,
                                                    const ir::Module&) const {
  return Error::unimplemented("kiln: " + saved.name + ": the " + std::string(name()) +
                              " backend cannot load a saved executable");
}

std::string compile_key(std::string_view program_text, const CompileOptions& options) {
  std::string material(program_text);
  for (const std::string& part :
       {options.entry, std::to_string(options.num_replicas), std::to_string(options.num_partitions),
        std::to_string(options.opt_level), std::string(options.autotune ? "autotune" : ""),
        options.dispatch}) {
    material += '\0' + part;
  }
  return fmt::format("{:016x}", fnv1a64(material));
}

void register_backend(std::unique_ptr<Backend> backend) {
  std::string name(backend->name());
  registry()[name] = std::move(backend);
}

BackendRegistration::BackendRegistration(std::unique_ptr<Backend> backend) {
  register_backend(std::move(backend));
}

Expected<const Backend*> find_backend(std::string_view name) {
  auto it = registry().find(name);
  if (it != registry().end()) return static_cast<const Backend*>(it->second.get());
  std::string known;
  for (const std::string& n : backend_names()) known += (known.empty() ? "" : ", ") + n;
  return Error::not_found("kiln: no backend '" + std::string(name) +
                          "'; known backends: " + (known.empty() ? "none" : known));
}

std::vector<std::string> backend_names() {
  std::vector<std::string> names;
  for (const auto& [name, backend] : registry()) names.push_back(name);
  return names;
}

Expected<const ir::Operation*> find_entry(const ir::Module& module, std::string_view name) {
  if (!name.empty()) {
    if (const ir::Operation* f = module.lookup_function(name)) return f;
    const Location& loc = module.op().location();
    std::string where = loc.known() ? loc.buffer->name() : "the module";
    return Error::not_found("kiln: no function @" + std::string(name) + " in " + where);
  }
  if (const ir::Operation* f = module.lookup_function("main")) return f;
  std::vector<ir::Operation*> functions = module.functions();
  if (functions.size() == 1) return static_cast<const ir::Operation*>(functions.front());
  return Error::invalid_argument("kiln: the module has no @main and several functions");
}

int64_t grid_size(const ir::Module& module, int64_t requested, const char* attr) {
  if (requested > 0) return requested;
  if (const auto* a = module.op().attr_as<ir::IntegerAttr>(attr)) {
    return std::max<int64_t>(1, a->value);
  }
  return 1;
}

namespace {

bool static_leaves(const ir::Type& t) {
  if (t.is_tuple()) {
    for (const ir::Type& e : t.tuple_elements()) {
      if (!static_leaves(e)) return false;
    }
    return true;
  }
  return !t.is_tensor() || t.is_static();
}

}  // namespace

bool takes_static_inputs(const ir::Operation& entry) {
  const auto* fn = entry.attr_as<ir::TypeAttr>("function_type");
  if (!fn) return true;
  for (const ir::Type& t : fn->type.function_inputs()) {
    if (!static_leaves(t)) return false;
  }
  return true;
}

}  // namespace kiln::backend
