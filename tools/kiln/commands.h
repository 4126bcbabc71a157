// The subcommands of the kiln command line, one function each.
#pragma once

#include "backend/backend.h"
#include "interp/tensor.h"
#include "ir/operation.h"
#include "kiln/kiln.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kiln::tools {

std::string version_string();

struct PrintArgs {
  std::string file;
  bool split = false;
  bool generic = false;
  bool locations = false;
  bool no_verify = false;
};
// Parses, verifies and prints FILE; errors go to stderr. Returns the exit status.
int run_print(const PrintArgs& args);

struct RunArgs {
  std::string program;  // .mlir text, or an executable `kiln compile --backend cuda -o` saved
  std::string entry;
  std::vector<std::string> inputs;
  std::optional<uint64_t> random_seed;
  std::string out_dir;
  bool print = false;
  std::string backend;  // empty: kiln::default_backend()
  bool time = false;
  int warmup = 3;
  int iters = 10;
  bool json = false;
  // The simulated grid for collectives; 0 means the module's mhlo.num_replicas /
  // mhlo.num_partitions attribute, else 1.
  int64_t num_replicas = 0;
  int64_t num_partitions = 0;
  double timeout_seconds = 0;  // 0: no limit
  int opt_level = 2;           // the pipeline run before compiling for the backend
  bool profile = false;        // time each step (cuda backend)
  // --validate: "outputs" compares the outputs with the cpu backend's, "all" every fusion's
  // output too; empty: no validation.
  std::string validate;
  bool autotune = false;       // time cuBLASLt's candidates per GEMM at the first run (cuda)
  std::string dispatch;        // --dispatch: auto, vendor or library ("": $KILN_DISPATCH)
};
// Runs a program's entry function; see README.md for the contract.
int run_run(const RunArgs& args);

// One step of a profiled run (`kiln run --profile`).
struct ProfileRow {
  std::string what;  // the op and its location
  std::string kind;  // "kernel", "gemm", "copy"
  int64_t calls = 0;
  double ms = 0;      // summed over calls
  int64_t bytes = 0;  // read + written, summed over calls
  int64_t flops = 0;  // GEMMs only
};
// Whether --profile can run here: an error naming why not (no GPU, a build without CUDA).
// profile_run.cpp, or profile_run_stub.cpp without CUDA.
Status profile_available();
// `executable` (the cuda backend's: compiled as args asks, or a saved one) profiled on
// `inputs`: each device step's time, in the order the steps first ran. Errors:
// invalid_argument for another backend's executable; the run's.
Expected<std::vector<ProfileRow>> profile_run(const Executable& executable,
                                              const std::vector<Value>& inputs);

// The tensors among `values` as the interpreter holds them (device values read back first;
// host values share their bytes). Tuples and tokens are left out. run_validate.cpp.
Expected<std::vector<interp::Tensor>> host_tensors_of(const std::vector<Value>& values);

// What `kiln run --validate` found (run_validate.cpp, validate_fusions.cpp).
struct ValidateReport {
  bool passed = true;
  std::string message;  // one line: "outputs match (...)" or the worst mismatch
};
// `result` (of `module` run on `inputs`) against the cpu backend's run of the same program
// on the same inputs, every process's tensors compared with the oracle's per-type tolerances
// (float outputs also by the promoted reference: oracle/promoted.h).
Expected<ValidateReport> validate_run(const RunArgs& args, const Module& module,
                                      const std::vector<Value>& inputs, const RunResult& result);
// `kiln run --validate=all`: `module` optimized as args asks, the results of every kiln op
// (fusions, named composites) at its entry's top level added to its outputs, run on args'
// backend and on the cpu backend on `inputs`; the first fusion output (in program order) that
// leaves the per-type tolerance (floats: and the promoted reference's) is named with its
// location. Fusions inside loops and branches are checked through their op's results.
Expected<ValidateReport> validate_fusions(const RunArgs& args, const Module& module,
                                          const std::vector<Value>& inputs);

struct CompileArgs {
  std::string file;
  int opt_level = 2;
  std::string emit = "optimized";
  std::vector<std::string> passes;  // run these in order instead of the pipeline
  std::vector<std::string> print_after;
  bool print_after_all = false;
  bool explain_fusion = false;
  bool stats = false;
  bool verify_each = false;
  bool generic = false;
  bool split = false;
  bool list_passes = false;
  // Run the program before and after on random inputs from this seed and compare.
  std::optional<uint64_t> validate_seed;
  std::string output;  // empty or '-': standard output
  // "cuda": also compile the optimized module for the GPU (every kernel through NVRTC, no GPU
  // needed) and report it; with --emit=cuda print the generated CUDA C++ instead.
  std::string backend;
  // With --backend cuda: run once on random inputs (a GPU needed) timing cuBLASLt's candidate
  // algorithms for each GEMM, so that later runs find the choices cached.
  bool autotune = false;
  std::string dispatch;  // --dispatch: auto, vendor or library ("": $KILN_DISPATCH)
};
// Optimizes a program and prints it; see README.md. Returns 0, or 1 on any error.
// The backend's options of `kiln compile --backend` (the key left empty).
backend::CompileOptions backend_compile_options(const CompileArgs& args);
// The optimized `module` compiled for args.backend (compile_backend.cpp), keyed `key`
// (backend::compile_key of the program's text, or empty); returns the text --emit asks for
// ("" unless --emit=cuda).
Expected<std::string> compile_for_backend(const CompileArgs& args, const ir::Module& module,
                                          const std::string& key);
int run_compile(const CompileArgs& args);
// Whether `kiln compile` writes the compiled executable to args.output (--backend cuda with
// -o FILE, unless --emit=cuda) rather than text.
bool saves_executable(const CompileArgs& args);

struct CheckArgs {
  std::string file;
  bool split = false;
  int opt_level = 2;  // the pass pipeline run before each test function
  std::string backend = "cpu";
};
// Runs the check-dialect test functions of a file; prints PASS/FAIL per function and
// `N passed, M failed`. Returns 0 only if all passed.
int run_check(const CheckArgs& args);

struct BenchArgs {
  std::string name;
  bool all = false, list = false;
  std::string group;                // with --all: only this group
  std::vector<std::string> dtypes;  // default: every dtype of the kernel
  std::vector<std::string> shapes;  // default: the largest bench shape; "all": every one
  std::string baseline = "all";     // vendor | torch | all | none
  std::string target = "balanced";  // speed | memory | compute | stable | balanced
  int iters = 100, warmup = 10;
  bool cold_start = false, json = false, no_check = false, refresh_ceilings = false;
  std::vector<std::string> knobs;   // NAME=VALUE
  std::string results = "results";  // "" writes no result files
  uint64_t seed = 0;                // 0: fresh inputs every run
  bool compile_only = false;        // fill the kernel cache for `arch`; needs no GPU
  std::string arch = "sm_90a";
  std::string tuning;       // a tuning table to plan with in place of the embedded one
  std::string save_tuning;  // write the tuning table with the sweep's best configs here
  std::string program;      // --program: a whole program in place of a kernel
  int opt_level = 2;        // with --program: the optimizer's level
};
// Checks and times library kernels against their baselines; see README.md. Returns 0 when
// every kernel run was correct, 1 when one was not, 2 on errors.
int run_bench(const BenchArgs& args);
// `kiln bench --program FILE`: the program on the cuda backend against the interpreter, timed
// with its inputs and outputs in device memory, reported and kept in the result files like a
// kernel (bench_program.cpp).
int run_bench_program(const BenchArgs& args);

struct ReportArgs {
  std::string results = "results";     // kiln bench's --results folder (tune/ inside it)
  std::string output = "report.html";  // '-': standard output
};
// Writes the leaderboard page of args.results (src/report/report_page.h). Returns 0, or 1 on a
// malformed results file (named on stderr) or an unwritable output.
int run_report(const ReportArgs& args);
struct TuneArgs {
  std::string names;                // NAME[,NAME...]
  std::string dtype, shape;         // "": the kernel's first dtype, its largest bench shape
  int rounds = 8;
  double budget_minutes = 10;       // per kernel
  int parallel = 1;                 // kernels tuned at once (GPU work still one at a time)
  int retries = 2;                  // further tries after a failed candidate, per round
  std::string proposer = "search";  // or a shell command (README: the external proposer)
  double proposer_timeout = 300;    // seconds an external proposer may take per reply
  std::string results = "results";  // history under <results>/tune/<gpu-slug>/
  std::string baseline = "all";     // vendor | torch | all | none
  int iters = 100, verify_iters = 400;
  uint64_t seed = 1;
  bool no_ncu = false;
  std::string save_tuning;          // write the tuning table with the kept knobs here
  std::string history;              // --history KERNEL: print the fastest kept attempts
  size_t top = 10;
  std::string gpu;                  // with --history: the GPU slug (default: the only one, else this GPU's)
  std::string start = "current";    // or "neutral": a new lineage from neutral knobs
  std::string new_name;             // --new NAME: a kernel generated from --definition
  std::string definition;           // --definition DEF.mlir
  std::string save_source;          // write kept sources as DIR/<kernel>.<sm_XX>.cu variants
};
// `kiln tune`: the closed tuning loop over library kernels, or (--history) the fastest kept
// attempts of one kernel. Returns 0, 1 when a kernel could not be tuned, 2 on usage errors or
// when there is no GPU to time on.
int run_tune(const TuneArgs& args);

}  // namespace kiln::tools
