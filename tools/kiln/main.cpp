// The kiln command line: `kiln run`, `check`, `print`, `bench`, `tune`, `report`, `--version`,
// `--help`.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdlib>
#include <iostream>

#include "interp/blas_core.h"
#include "kiln/kiln.h"
#include "tools/kiln/commands.h"
#include "tools/kiln/flags.h"

int main(int argc, char** argv) {
  // OpenBLAS chose generic kernels for a CPU it does not know: start again with the right
  // ones (interp/blas_core.h). The variable is then set, so this happens once.
  if (auto core = kiln::interp::blas_core_override()) {
    setenv("OPENBLAS_CORETYPE", core->c_str(), 1);
    execv("/proc/self/exe", argv);  // returns only on failure: go on with the slow kernels
  }
  CLI::App app{"kiln: a compiler and runtime for StableHLO programs"};
  app.set_version_flag("--version", kiln::tools::version_string());
  app.require_subcommand(0, 1);
  kiln::tools::PrintArgs print_args;
  CLI::App* print = app.add_subcommand("print", "Parse, verify and print a StableHLO program");
  print->add_option("file", print_args.file, "The .mlir file ('-' reads standard input)")
      ->required();
  print->add_flag("--split-input-file", print_args.split,
                  "Treat lines '// -----' as separators between independent modules");
  print->add_flag("--generic", print_args.generic, "Print every op in the generic form");
  print->add_flag("--locations", print_args.locations, "Print loc(...) source locations");
  print->add_flag("--no-verify", print_args.no_verify, "Skip the verifier");

  kiln::tools::RunArgs run_args;
  CLI::App* run = app.add_subcommand("run", "Run a program's entry function");
  run->add_option("program", run_args.program,
                  "The .mlir program ('-' reads standard input), or an executable saved by "
                  "`kiln compile --backend cuda -o FILE`")
      ->required();
  run->add_option("--entry", run_args.entry, "The function to run (default: main)");
  run->add_option("--input", run_args.inputs, "A .npy file per argument, in order");
  run->add_option("--random-inputs", run_args.random_seed,
                  "Run on random inputs (never zeros) drawn from this seed")
      ->check(kiln::tools::unsigned_number());
  run->add_option("--out", run_args.out_dir,
                  "Write outputs as DIR/out0.npy, out1.npy, ...; on a grid of several processes "
                  "also each process k's as DIR/p<k>/out0.npy, ...")
      ->check(kiln::tools::non_empty("a folder"));
  run->add_flag("--print", run_args.print, "Print the outputs");
  std::string known_backends;
  for (const std::string& name : kiln::backends()) {
    known_backends += (known_backends.empty() ? "" : ", ") + name;
  }
  run->add_option("--backend", run_args.backend,
                  "A registered backend: " + known_backends +
                      " (cpu: the reference interpreter; default: cuda where a GPU is "
                      "present, else cpu)");
  run->add_flag("--time", run_args.time, "Time the run (median of --iters after --warmup)");
  run->add_option("--warmup", run_args.warmup, "Untimed runs before timing")
      ->check(kiln::tools::whole_number(0, kiln::tools::kMaxRuns));
  run->add_option("--iters", run_args.iters, "Timed runs")
      ->check(kiln::tools::whole_number(1, kiln::tools::kMaxRuns));
  run->add_option("--timeout", run_args.timeout_seconds,
                  "Stop a run that takes longer than this many seconds (exit status 1)")
      ->check(kiln::tools::seconds_up_to(kiln::tools::kMaxTimeoutSeconds));
  run->add_flag("--json", run_args.json, "Print the facts as one JSON object");
  run->add_flag("--profile", run_args.profile,
                "Time each step on the GPU (cuda backend): the 20 slowest with their share, "
                "bandwidth and FLOP rate, and the total");
  run->add_flag("--validate{outputs}", run_args.validate,
                "Run the program on the cpu backend (the interpreter) too and compare the "
                "outputs with the oracle's per-type tolerances (exit status 1 on a mismatch); "
                "--validate=all compares every fusion's output too and names the first that "
                "differs")
      ->check(CLI::IsMember({"outputs", "all"}));
  run->add_flag("--autotune", run_args.autotune,
                "cuda backend: at the first run, time cuBLASLt's top candidate algorithms for "
                "each GEMM and keep the fastest (cached in $KILN_CACHE_DIR for later runs)");
  run->add_option("--dispatch", run_args.dispatch,
                  "cuda backend: dot_general and attention on the vendor library or kiln's own "
                  "gemm / flash_attention: auto (measured choices per shape, else the vendor), "
                  "vendor or library (default: $KILN_DISPATCH, else auto)")
      ->check(CLI::IsMember({"auto", "vendor", "library"}));
  run->add_option("--num-replicas", run_args.num_replicas,
                  "Replicas of the simulated process grid (default: mhlo.num_replicas, else 1)")
      ->check(kiln::tools::whole_number(1, kiln::tools::kMaxProcesses));
  run->add_option("--num-partitions", run_args.num_partitions,
                  "Partitions of the simulated grid (default: mhlo.num_partitions, else 1)")
      ->check(kiln::tools::whole_number(1, kiln::tools::kMaxProcesses));

  run->add_option("-O", run_args.opt_level,
                  "Optimisation level 0..3 of the pass pipeline run first (default 2; -O0 runs "
                  "the program as written)")
      ->check(kiln::tools::whole_number(0, 3));

  kiln::tools::CompileArgs compile_args;
  CLI::App* compile =
      app.add_subcommand("compile", "Optimize a program and print it (the pass pipeline O0..O3)");
  compile->add_option("file", compile_args.file, "The .mlir program ('-' reads standard input)");
  compile->add_option("-O", compile_args.opt_level, "Optimisation level 0..3 (default 2)")
      ->check(kiln::tools::whole_number(0, 3));
  compile->add_option("--emit", compile_args.emit,
                      "What to print: the optimized module, or (with --backend cuda) the CUDA C++")
      ->check(CLI::IsMember({"optimized", "cuda"}));
  compile->add_option("--pass", compile_args.passes,
                      "Run these passes in order instead of the pipeline (NAME,NAME,...; "
                      "see --list-passes)")
      ->delimiter(',')
      ->allow_extra_args(false);
  compile->add_option("--print-after", compile_args.print_after,
                      "Print the module to standard error after this pass (repeatable)")
      ->delimiter(',')
      ->allow_extra_args(false);
  compile->add_flag("--print-after-all", compile_args.print_after_all,
                    "Print the module to standard error after every pass");
  compile->add_flag("--explain-fusion", compile_args.explain_fusion,
                    "Print why each fusion candidate was fused or not (standard error)");
  compile->add_flag("--stats", compile_args.stats,
                    "Print op, kernel and fusion counts, peak memory and each pass's time "
                    "(standard error)");
  compile->add_flag("--verify-each", compile_args.verify_each,
                    "Verify after every pass (always on in debug builds)");
  compile->add_flag("--generic", compile_args.generic, "Print every op in the generic form");
  compile->add_flag("--split-input-file", compile_args.split,
                    "Treat lines '// -----' as separators between independent modules");
  compile->add_option("--validate", compile_args.validate_seed,
                      "Run the program as written and as optimized on random inputs from this "
                      "seed (never zeros) and fail unless the outputs agree within the oracle's "
                      "per-type tolerances")
      ->check(kiln::tools::unsigned_number());
  compile->add_flag("--list-passes", compile_args.list_passes, "List the passes and exit");
  CLI::Option* compile_backend =
      compile->add_option("--backend", compile_args.backend,
                          "Also compile for this backend ('cuda': every kernel, no GPU needed)");
  compile
      ->add_flag("--autotune", compile_args.autotune,
                 "With --backend cuda: run once on random inputs (needs a GPU), timing "
                 "cuBLASLt's top candidates for each GEMM; the choices are cached for later runs")
      ->needs(compile_backend);
  compile
      ->add_option("--dispatch", compile_args.dispatch,
                   "With --backend cuda: dot_general and attention on the vendor library or "
                   "kiln's own kernels: auto, vendor or library (default: $KILN_DISPATCH, else "
                   "auto)")
      ->check(CLI::IsMember({"auto", "vendor", "library"}))
      ->needs(compile_backend);
  compile->add_option("-o", compile_args.output,
                      "Write the module here (default: standard output); with --backend cuda, "
                      "the compiled executable (for `kiln run FILE`) unless --emit=cuda");

  kiln::tools::CheckArgs check_args;
  CLI::App* check = app.add_subcommand("check", "Run check-dialect tests (PASS/FAIL per function)");
  check->add_option("file", check_args.file, "The .mlir test file")->required();
  check->add_option("-O", check_args.opt_level,
                    "Optimisation level 0..3 of the pass pipeline run first (default 2)")
      ->check(kiln::tools::whole_number(0, 3));
  check->add_option("--backend", check_args.backend, "The backend the tests run on (default cpu)");
  check->add_flag("--split-input-file", check_args.split,
                  "Treat lines '// -----' as separators between independent modules");

  kiln::tools::BenchArgs bench_args;
  CLI::App* bench = app.add_subcommand("bench", "Check and time library kernels against baselines");
  bench->add_option("name", bench_args.name, "The kernel (see --list), or several: exp,tanh");
  bench->add_option("--program", bench_args.program,
                    "A whole program (.mlir) on the cuda backend instead of a kernel");
  bench->add_option("-O", bench_args.opt_level, "With --program: optimisation level 0..3 (default 2)")
      ->check(CLI::Range(0, 3));
  bench->add_flag("--all", bench_args.all, "Every registered kernel");
  bench->add_flag("--list", bench_args.list, "List the registered kernels");
  bench->add_option("--group", bench_args.group, "With --all: only this group");
  bench->add_option("--dtype", bench_args.dtypes, "f32, f16, bf16 (repeatable; default: all)");
  bench->add_option("--shape", bench_args.shapes,
                    "A problem shape like 4096x4096 (repeatable; 'all': every bench shape)");
  bench->add_option("--baseline", bench_args.baseline, "Which baselines to time")
      ->check(CLI::IsMember({"vendor", "torch", "all", "none"}));
  bench->add_option("--target", bench_args.target, "The score to report")
      ->check(CLI::IsMember({"speed", "memory", "compute", "stable", "balanced"}));
  bench->add_option("--iters", bench_args.iters, "Timed runs")
      ->check(kiln::tools::whole_number(1, kiln::tools::kMaxRuns));
  bench->add_option("--warmup", bench_args.warmup, "Untimed runs first")
      ->check(kiln::tools::whole_number(0, kiln::tools::kMaxRuns));
  bench->add_flag("--cold-start", bench_args.cold_start, "Flush L2 before each run, no warm-up");
  bench->add_flag("--json", bench_args.json, "Print the reports as JSON");
  bench->add_option("--knob", bench_args.knobs,
                    "Set a knob, NAME=VALUE, or sweep it, NAME=V1,V2,... (repeatable)");
  bench->add_option("--results", bench_args.results,
                    "Folder for result files and the leaderboard ('' for none)");
  bench->add_flag("--no-check", bench_args.no_check, "Skip the interpreter checks");
  bench->add_flag("--refresh-ceilings", bench_args.refresh_ceilings,
                  "Measure the copy and GEMM ceilings again");
  bench->add_option("--seed", bench_args.seed, "Input seed (default: fresh every run)")
      ->check(kiln::tools::unsigned_number());
  bench->add_flag("--compile-only", bench_args.compile_only,
                  "Compile the kernels (every check and bench shape) into the cache; no GPU needed");
  bench->add_option("--arch", bench_args.arch, "With --compile-only: the target (sm_90a)");
  bench->add_option("--tuning", bench_args.tuning,
                    "Plan with this tuning table (JSON) instead of the built-in one for its arch");
  bench->add_option("--save-tuning", bench_args.save_tuning,
                    "Write the device's tuning table, with the fastest correct config of each "
                    "--knob sweep first (an entry for this device alone), to this file");

  kiln::tools::ReportArgs report_args;
  CLI::App* report = app.add_subcommand(
      "report", "The leaderboard as one static HTML page, from kiln bench and kiln tune results");
  report->add_option("--results", report_args.results,
                     "The results folder (kiln bench --results; kiln tune writes tune/ in it)");
  report->add_option("-o,--output", report_args.output, "The page to write ('-': standard output)")
      ->check(kiln::tools::non_empty("a file"));

  kiln::tools::TuneArgs tune_args;
  CLI::App* tune = app.add_subcommand(
      "tune", "Make library kernels faster: propose, check, time, keep or revert (closed loop)");
  tune->add_option("names", tune_args.names, "The kernels, NAME[,NAME...] (see kiln bench --list)");
  tune->add_option("--dtype", tune_args.dtype, "f32, f16 or bf16 (default: the kernel's first)");
  tune->add_option("--shape", tune_args.shape, "The problem shape (default: the largest bench shape)");
  tune->add_option("--rounds", tune_args.rounds, "Rounds per kernel (a kept or slower candidate each)")
      ->check(kiln::tools::whole_number(1, kiln::tools::kMaxRuns));
  tune->add_option("--budget", tune_args.budget_minutes,
                   "Minutes per kernel; no new candidate starts after them")
      ->check(CLI::PositiveNumber);
  tune->add_option("--parallel", tune_args.parallel,
                   "Kernels tuned at once (their GPU work still takes turns)")
      ->check(kiln::tools::whole_number(1, 64));
  tune->add_option("--retries", tune_args.retries,
                   "Further tries after a failed candidate, with the failure given back")
      ->check(kiln::tools::whole_number(0, 100));
  tune->add_option("--proposer", tune_args.proposer,
                   "'search' (the built-in search over the knobs) or a shell command that reads "
                   "a JSON document on stdin and answers one on stdout (src/tune/README.md)")
      ->check(kiln::tools::non_empty("a proposer"));
  tune->add_option("--proposer-timeout", tune_args.proposer_timeout,
                   "Seconds an external proposer may take per reply (default 300)")
      ->check(CLI::PositiveNumber);
  tune->add_option("--results", tune_args.results,
                   "Folder of the histories: DIR/tune/<gpu>/<kernel>.jsonl (default results)")
      ->check(kiln::tools::non_empty("a folder"));
  tune->add_option("--baseline", tune_args.baseline, "Which baselines the gate times")
      ->check(CLI::IsMember({"vendor", "torch", "all", "none"}));
  tune->add_option("--iters", tune_args.iters, "Timed runs of the gate")
      ->check(kiln::tools::whole_number(1, kiln::tools::kMaxRuns));
  tune->add_option("--verify-iters", tune_args.verify_iters, "Timed runs of the verification")
      ->check(kiln::tools::whole_number(1, kiln::tools::kMaxRuns));
  tune->add_option("--seed", tune_args.seed, "The search's seed (default 1)")
      ->check(kiln::tools::unsigned_number());
  tune->add_flag("--no-ncu", tune_args.no_ncu, "Do not profile with Nsight Compute");
  tune->add_option("--save-tuning", tune_args.save_tuning,
                   "Write the device's tuning table with the kept knobs first (an entry for this "
                   "device alone) to this file");
  tune->add_option("--history", tune_args.history,
                   "Print the fastest kept attempts of KERNEL (no GPU needed)");
  tune->add_option("--top", tune_args.top, "With --history: how many (default 10)")
      ->check(kiln::tools::whole_number(1, 1000000));
  tune->add_option("--gpu", tune_args.gpu,
                   "With --history: the GPU's slug, e.g. nvidia-h100-80gb-hbm3 (default: the only "
                   "one with histories, else this machine's GPU)");
  tune->add_option("--start", tune_args.start,
                   "Where a new lineage starts: 'current' (the tuning table's and declared "
                   "defaults) or 'neutral' (every knob's neutral value, in the lineage "
                   "KERNEL.neutral; the hand-tuned default is timed beside it)")
      ->check(CLI::IsMember({"current", "neutral"}));
  tune->add_option("--new", tune_args.new_name,
                   "Create kernel NAME from --definition (the cuda backend's generated code) "
                   "and tune it")
      ->check(kiln::tools::non_empty("a kernel name"));
  tune->add_option("--definition", tune_args.definition,
                   "With --new: the StableHLO definition (@main; {D0}.. {T} placeholders for "
                   "the shape and dtype)")
      ->check(kiln::tools::non_empty("a file"));
  tune->add_option("--save-source", tune_args.save_source,
                   "Also write kept sources as DIR/<kernel>.<sm_XX>.cu: the kernel library's "
                   "variants (src/kernels/cuda/variants), picked on that architecture");

  CLI11_PARSE(app, argc, argv);
  if (*report) return kiln::tools::run_report(report_args);
  if (*tune) return kiln::tools::run_tune(tune_args);
  if (*bench) return kiln::tools::run_bench(bench_args);
  if (*print) return kiln::tools::run_print(print_args);
  if (*run) return kiln::tools::run_run(run_args);
  if (*compile) {
    if (compile_args.file.empty() && !compile_args.list_passes) {
      std::cerr << "kiln compile: a program file is required\n";
      return 1;
    }
    return kiln::tools::run_compile(compile_args);
  }
  if (*check) return kiln::tools::run_check(check_args);
  std::cout << app.help();
  return 0;
}
