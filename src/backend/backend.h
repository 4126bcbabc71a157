// The backend interface: compile a module for a target, run the Executable on Buffers; and the
// registry that finds a backend by name ("cpu", later "cuda" and "metal").
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "backend/buffer.h"
#include "ir/operation.h"
#include "support/error.h"

namespace kiln::backend {

struct SavedExecutable;

// How to compile a module.
struct CompileOptions {
  // The function a run starts in; empty: @main, else the module's only function.
  std::string entry;
  // The process grid for collectives; 0 takes the module's mhlo.num_replicas /
  // mhlo.num_partitions attribute, else 1.
  int64_t num_replicas = 0;
  int64_t num_partitions = 0;
  // The optimisation level, 0 to 3 (the pass pipeline's O0..O3); backends without passes
  // ignore it.
  int opt_level = 0;
  // A run longer than this many seconds stops with an unavailable error; 0: no limit. The cpu
  // backend only: the cuda backend refuses a limit (unimplemented), as it cannot stop a device
  // loop.
  double time_limit_seconds = 0;
  // GPU backends: time the vendor library's candidate algorithms (cuBLASLt's GEMMs) at the
  // first run and keep the fastest, remembered beside the kernel cache; others ignore it.
  bool autotune = false;
  // GPU backends: which implementation computes ops both a vendor library and the kernel
  // library compute ("auto": measured choices; "vendor" or "library" forces one side; "":
  // $KILN_DISPATCH, else auto). The cuda backend: backend/cuda/dispatch.h.
  std::string dispatch;
  // compile_key() of the program and these options, or empty: the same key the backend's
  // prepare() got. The cuda backend marks it warm in its kernel cache once compiled, so that
  // the next compile of the same key starts no NVRTC workers.
  std::string key;
};

// A key naming one compile: a hash of the program's text and of the options that change what
// is compiled (entry, grid, optimisation level, autotuning, dispatch), in hex.
std::string compile_key(std::string_view program_text, const CompileOptions& options);

// What one run gives back.
struct RunResults {
  // Each process's outputs in flat process order (process (r, p) is r * num_partitions + p);
  // one entry without a grid.
  std::vector<std::vector<Buffer>> processes;
  // The failed expectations of check-dialect ops (`file:line:col: error: ...`), every process's
  // in process order: a program in the check dialect runs to its end and reports each one.
  std::vector<std::string> failed_checks;

  const std::vector<Buffer>& outputs() const { return processes.front(); }
};

// A module compiled for one backend, ready to run any number of times.
class Executable {
 public:
  virtual ~Executable() = default;

  // The entry function's name (without '@'), the types it takes and returns, and its grid.
  virtual const std::string& entry() const = 0;
  virtual const std::vector<ir::Type>& input_types() const = 0;
  virtual const std::vector<ir::Type>& output_types() const = 0;
  virtual int64_t num_replicas() const = 0;
  virtual int64_t num_partitions() const = 0;
  int64_t num_processes() const { return num_replicas() * num_partitions(); }

  // Runs the entry on every process of the grid, process k on inputs[k]; inputs must hold
  // one list per process, each matching input_types() (count, then type, in order). Errors:
  // invalid_argument for inputs that do not match (naming the input), and whatever the
  // program's run fails with (a process's error, the first one to fail). The inputs are read
  // only and may share bytes. Runs of one Executable may overlap on several threads.
  virtual Expected<RunResults> run_each(const std::vector<std::vector<Buffer>>& inputs) const = 0;
  // The same with `inputs` given to every process.
  Expected<RunResults> run(const std::vector<Buffer>& inputs) const;

  // Device backends: whether run_each and run_on_device take inputs in this backend's device
  // memory (Buffer::device_tensor); callers read other device buffers back to the host first.
  virtual bool takes_device_buffers() const { return false; }
  // A copy of `buffer` where this executable computes (device memory for a device backend,
  // which inputs then need no upload); host backends give `buffer` back. Errors: the device's.
  virtual Expected<Buffer> to_device(const Buffer& buffer) const { return buffer; }
  // run() with the outputs left where the executable computed them: device buffers on a
  // device backend (read back with Buffer::to_host), host buffers otherwise.
  virtual Expected<RunResults> run_on_device(const std::vector<Buffer>& inputs) const {
    return run(inputs);
  }

  // Writes this executable to `path` (saved_executable.h: the envelope, with the program it
  // was compiled from, around the backend's payload) for Backend::load to run later, on
  // another machine of the same kind, without compiling. Errors: unimplemented for a backend
  // that cannot save ("kiln: the cpu backend cannot save an executable ..."), or for a program
  // the backend cannot save (naming the op); invalid_argument when the file cannot be written.
  virtual Status save(const std::string& path) const;
};

// A compilation target.
class Backend {
 public:
  virtual ~Backend() = default;
  // The name users pick it by: "cpu".
  virtual std::string_view name() const = 0;
  // Whether this machine can run what the backend compiles (a GPU for "cuda"); compiling
  // works either way. Thread-safe.
  virtual bool available() const { return true; }
  // A hint that a compile follows: starts, without waiting for it, what can be made ready
  // while the caller parses and optimizes (the cuda backend's NVRTC workers, unless `key` —
  // compile_key() of that compile, or empty where unknown — compiled with a warm cache
  // before). Any number of calls; thread-safe.
  virtual void prepare(std::string_view key = {}) const { (void)key; }
  // Compiles the verified `module` (callers verify first). The Executable may refer to
  // `module`, which must outlive it and stay unchanged. Errors: not_found when the entry is
  // missing (find_entry), invalid_argument for a bad grid, unimplemented for what the backend
  // cannot compile (naming the op). Thread-safe.
  virtual Expected<std::unique_ptr<Executable>> compile(const ir::Module& module,
                                                        const CompileOptions& options) const = 0;
  // An executable that an Executable of this backend saved (`saved`, its envelope read by
  // decode_saved_executable), running `module` — saved.program_text parsed and verified — which
  // must outlive it and stay unchanged. Errors (invalid_argument, naming saved.name): a payload
  // that is truncated or does not match `module`, one built for another GPU than this
  // machine's (naming both); unimplemented for a backend that cannot load ("kiln: the cpu
  // backend cannot load a saved executable"). Thread-safe.
  virtual Expected<std::unique_ptr<Executable>> load(const SavedExecutable& saved,
                                                     const ir::Module& module) const;
};

// Adds `backend` to the registry under its name (at static initialisation, through
// KILN_REGISTER_BACKEND, or at any time before the first lookup). A second backend of the same
// name replaces the first. Not thread-safe against concurrent lookups.
void register_backend(std::unique_ptr<Backend> backend);
// The backend named `name`. Errors (not_found): "kiln: no backend 'metal'; known backends:
// cpu". The backend lives as long as the program. Thread-safe after registration.
Expected<const Backend*> find_backend(std::string_view name);
// The names of the registered backends, sorted.
std::vector<std::string> backend_names();

// The entry function: @`name`, or when `name` is empty @main, else the only function.
// Errors: not_found "kiln: no function @NAME in FILE" (FILE: the module's source, else "the
// module"); invalid_argument "kiln: the module has no @main and several functions".
Expected<const ir::Operation*> find_entry(const ir::Module& module, std::string_view name);
// Whether every argument of the function `entry` (each tensor of a tuple too) has a static
// type. One that takes dynamic shapes is specialized per signature of input shapes by a
// backend that compiles (cuda), and is optimized then, not before (kiln::compile).
bool takes_static_inputs(const ir::Operation& entry);
// The size of one dimension of the grid: `requested` if positive, else the module's attribute
// `attr` (mhlo.num_replicas, mhlo.num_partitions), else 1.
int64_t grid_size(const ir::Module& module, int64_t requested, const char* attr);

// Registers a backend at static initialisation: KILN_REGISTER_BACKEND(CpuBackend).
struct BackendRegistration {
  explicit BackendRegistration(std::unique_ptr<Backend> backend);
};

}  // namespace kiln::backend

#define KILN_REGISTER_BACKEND(type)                              \
  static const ::kiln::backend::BackendRegistration KILN_CONCAT( \
      kiln_backend_reg_, __COUNTER__)(std::make_unique<type>())
