// kiln's public C++ API: load a StableHLO program, verify it, compile it for a backend, run it
// on host values and read its outputs. Errors are values (kiln/error.h), never exceptions.
//
//   auto module = kiln::load_file("model.mlir");              // parse and verify
//   auto exe = kiln::compile(*module, {.backend = "cpu"});    // kiln::Executable
//   auto inputs = exe->random_inputs(42);                     // or Value::read_npy / tensor
//   auto results = exe->run(*inputs);                         // results->outputs()[0] ...
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "kiln/error.h"
#include "kiln/value.h"

namespace kiln {

class SourceBuffer;

// A byte range of a Source: the whole text, or one `// -----` chunk.
struct SourceRange {
  size_t begin = 0, end = 0;
};

class Module;

namespace api {
struct ExecutableAccess;  // the implementation's door to an executable's backend object
}

// Program text in memory, named for messages (the file's path, "<stdin>"). Cheap to copy.
class Source {
 public:
  // Reads `path` ('-': standard input). Errors: not_found "kiln: cannot open FILE: reason".
  static Expected<Source> read_file(const std::string& path);
  static Source from_text(std::string text, std::string name = "<string>");

  const std::string& name() const;
  const std::string& text() const;
  // The whole text, and its chunks between lines `// -----` (mlir-opt's --split-input-file;
  // one chunk covering everything when there is none).
  SourceRange whole() const;
  std::vector<SourceRange> chunks() const;
  // "FILE:LINE" of a byte offset.
  std::string where(size_t offset) const;

  // Parses `range` as one module; does not verify. Errors (invalid_argument) are
  // `FILE:LINE:COL: error: ...` with the source line and a caret.
  Expected<Module> parse(SourceRange range) const;
  Expected<Module> parse() const;

 private:
  explicit Source(std::shared_ptr<const SourceBuffer> buffer) : buffer_(std::move(buffer)) {}
  std::shared_ptr<const SourceBuffer> buffer_;
};

// How print() writes a module.
struct PrintOptions {
  bool generic = false;    // every op in the generic "stablehlo.op"(...) form
  bool locations = false;  // keep loc(...) source locations
};

// A parsed program. Copies share it; it is never changed, so it may be compiled from several
// threads at once.
class Module {
 public:
  // Runs the verifier. Errors (invalid_argument): `FILE:LINE:COL: error: ...`.
  Status verify() const;
  // The module as StableHLO text.
  std::string print(const PrintOptions& options = {}) const;
  // The entry function's name: `name`, or when empty @main, else the only function. Errors:
  // not_found "kiln: no function @NAME in FILE"; invalid_argument "kiln: the module has no
  // @main and several functions".
  Expected<std::string> entry_function(std::string_view name = "") const;

  struct Impl;
  explicit Module(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}
  const Impl& impl() const { return *impl_; }

 private:
  std::shared_ptr<const Impl> impl_;
};

// Reads, parses and verifies a program file ('-': standard input), or text named `name`.
Expected<Module> load_file(const std::string& path);
Expected<Module> load_text(std::string text, std::string name = "<string>");

// How to compile a module.
struct CompileOptions {
  std::string backend = "cpu";  // a registered backend (backends())
  std::string entry;            // empty: @main, else the only function
  // The process grid for collectives; 0 takes the module's mhlo.num_replicas /
  // mhlo.num_partitions, else 1.
  int64_t num_replicas = 0;
  int64_t num_partitions = 0;
  // The optimizer's pipeline (O0..O3, `kiln compile`) run on a copy of the module before the
  // backend compiles it; 0 compiles the program as written.
  int opt_level = 2;
  // A run that takes longer than this many seconds stops with an unavailable error (the cpu
  // backend checks at each loop iteration: a `while` may never end); 0: no limit.
  double time_limit_seconds = 0;
  // The cuda backend: at the first run, time cuBLASLt's top candidate algorithms for each GEMM
  // without a cached choice and keep the fastest; choices persist in $KILN_CACHE_DIR (and are
  // reused without this flag too). Other backends ignore it.
  bool autotune = false;
  // The cuda backend: which implementation computes a dot_general or an attention that both
  // the vendor libraries (cuBLASLt, cuDNN) and kiln's own kernels compute: "auto" (measured
  // choices per shape; the vendor where none is measured), "vendor" or "library" (kiln's gemm
  // and flash_attention wherever they can); "" reads $KILN_DISPATCH, else auto.
  std::string dispatch;
};

// The names of the registered backends, sorted ("cpu").
std::vector<std::string> backends();
// The backend a program runs on when none is named: "cuda" where it is built and a GPU is
// present, else "cpu".
std::string default_backend();

// What a run gives back.
struct RunResult {
  // Each process's outputs, process (r, p) at r * num_partitions + p; one entry without a grid.
  std::vector<std::vector<Value>> processes;
  // The failed expectations of check-dialect ops, `FILE:LINE:COL: error: ...`, in order.
  std::vector<std::string> failed_checks;
  const std::vector<Value>& outputs() const { return processes.front(); }
};

// A module compiled for a backend. Keeps its module alive; runs may overlap on several threads.
class Executable {
 public:
  const std::string& backend() const;
  // The program it runs: the module compiled (after the optimizer), or a saved executable's.
  const Module& module() const;
  // The entry function's name (no '@') and "FILE:LINE" where it is defined ("?" if unknown).
  const std::string& entry() const;
  std::string entry_location() const;
  int64_t num_replicas() const;
  int64_t num_partitions() const;
  int64_t num_processes() const { return num_replicas() * num_partitions(); }
  // The entry's argument types as MLIR spells them ("tensor<16x32xf32>", "!stablehlo.token").
  std::vector<std::string> input_types() const;

  // Input `i` read from a .npy file, or drawn at random as `kiln run --random-inputs SEED`
  // draws it (the oracle's generator, never zeros, input i from seed * 1000003 + i). Errors
  // name the argument: "kiln: argument 0 (tensor<16x32xf32>): ..."; an argument that is not a
  // tensor "... is not a tensor; it cannot be read".
  Expected<Value> read_input(size_t i, const std::string& npy_path) const;
  Expected<Value> random_input(size_t i, uint64_t seed) const;
  Expected<std::vector<Value>> random_inputs(uint64_t seed) const;

  // Runs the entry with `inputs` on every process. Errors: invalid_argument for inputs that do
  // not match the entry's types (naming the input), and the program's own failures.
  Expected<RunResult> run(const std::vector<Value>& inputs) const;
  // The same with one list of inputs per process (num_processes() lists).
  Expected<RunResult> run_each(const std::vector<std::vector<Value>>& inputs) const;

  // Device memory (the cuda backend; on the cpu backend both are the host calls): a copy of
  // `value` in the memory of the executable's device, which later runs take without an
  // upload; and a run whose outputs stay in device memory (Value::to_host reads them back).
  // Inputs may be host or device values; a device value of another executable of the same
  // backend is used in place. Errors: run's, and the device's.
  Expected<Value> to_device(const Value& value) const;
  Expected<RunResult> run_on_device(const std::vector<Value>& inputs) const;

  // Writes the executable to `path` (replacing it), to be run later by load_executable without
  // the program text or a compiler: the cuda backend's saves every kernel's cubin (for the GPU
  // architecture it was compiled for: the GPU's, "sm_90a" on a machine without one) and the
  // program it was compiled from. No GPU needed. Errors: unimplemented for the cpu backend;
  // invalid_argument when the file cannot be written.
  Status save(const std::string& path) const;

  struct Impl;
  explicit Executable(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}

 private:
  friend struct api::ExecutableAccess;
  std::shared_ptr<const Impl> impl_;
};

// Compiles `module` (verified) for `options.backend`. Errors: not_found "kiln: no backend
// 'metal'; known backends: cpu", the entry lookup's (Module::entry_function), and the
// backend's own.
Expected<Executable> compile(const Module& module, const CompileOptions& options = {});

// Whether `path` is a file that Executable::save wrote (by its first bytes).
bool is_saved_executable(const std::string& path);
// Reads an executable that Executable::save wrote, ready to run; module() of it is the program
// it was compiled from (after the optimizer), parsed from the file. Errors, starting "kiln:
// PATH: ": not_found when the file cannot be read; invalid_argument when it is not a saved
// executable, is truncated or corrupted, was written by another kiln version or file format
// (named: compile again), or built for another GPU architecture than this machine's (both
// named); not_found when its backend is not built into this kiln.
Expected<Executable> load_executable(const std::string& path);

// The module after the optimizer's pipeline at `opt_level` (0..3), as a new module; the
// original is unchanged. Errors: invalid_argument for a level outside 0..3, and a pass's
// error ("passes: NAME: ...").
Expected<Module> optimize(const Module& module, int opt_level = 2);

}  // namespace kiln
