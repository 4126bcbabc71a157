// `kiln compile`: parse, verify, run the optimizer (a pipeline O0..O3, or the passes named
// with --pass) and print the optimized module, with per-pass dumps, fusion explanations and
// statistics on request.
#include <fstream>
#include <iostream>

#include "api/impl.h"
#include "backend/backend.h"
#include "ir/printer.h"
#include "kiln/kiln.h"
#include "passes/module_stats.h"
#include "passes/pass_manager.h"
#include "passes/pipeline.h"
#include "oracle/compare.h"
#include "oracle/random.h"
#include "oracle/reference.h"
#include "tools/kiln/commands.h"

namespace kiln::tools {

namespace {

Expected<passes::PassManager> make_manager(const CompileArgs& args) {
  passes::PassManagerOptions options;
  options.pass_options.explain = args.explain_fusion;
  if (args.verify_each) options.verify_each = true;
  options.print_after_all = args.print_after_all;
  options.print_after.insert(args.print_after.begin(), args.print_after.end());
  options.printer = [generic = args.generic](const std::string& pass, const ir::Module& module) {
    ir::PrintOptions print;
    print.generic = generic;
    std::cerr << "// -----// IR Dump After " << pass << " //----- //\n"
              << ir::print_module(module, print);
  };
  if (args.passes.empty()) return passes::pipeline(args.opt_level, std::move(options));
  options.pass_options.opt_level = args.opt_level;
  options.pass_options.aggressive = args.opt_level >= 3;
  passes::PassManager manager(std::move(options));
  for (const std::string& name : args.passes) KILN_CHECK_OK(manager.add(name));
  return manager;
}

void print_stats(const ir::Module& module, const passes::PipelineReport& report) {
  passes::ModuleStats stats = passes::module_stats(module);
  std::cerr << "ops: " << stats.ops << "\nkernels: " << stats.kernels
            << "\nfusions: " << stats.fusions << "\n";
  for (const auto& [name, count] : stats.patterns) std::cerr << name << ": " << count << "\n";
  if (stats.peak_bytes) std::cerr << "peak memory: " << *stats.peak_bytes << " bytes\n";
  for (const passes::PassRecord& r : report.passes) {
    std::cerr << "pass " << r.pass << ": " << r.milliseconds << " ms"
              << (r.changed ? "" : " (no change)");
    for (const auto& [what, n] : r.statistics) {
      if (n) std::cerr << ", " << what << " " << n;
    }
    std::cerr << "\n";
  }
  std::cerr << "total: " << report.total_milliseconds() << " ms\n";
}

// Runs the entry of `before` and of `after` on the same random inputs (never zeros) and
// compares the outputs with the oracle's per-dtype tolerances.
Status validate(const ir::Module& before, const ir::Module& after, uint64_t seed) {
  KILN_TRY(const ir::Operation* entry, backend::find_entry(before, ""));
  const auto* type = entry->attr_as<ir::TypeAttr>("function_type");
  if (!type) return Error::invalid_argument("kiln compile --validate: the entry has no type");
  KILN_TRY(auto inputs, oracle::random_inputs(type->type.function_inputs(), seed));
  KILN_TRY(auto want, oracle::reference_run(before, inputs));
  KILN_TRY(auto got, oracle::reference_run(after, inputs));
  oracle::CompareReport report = oracle::compare_outputs(got, want);
  if (!report.passed) {
    return Error::internal("kiln compile --validate: the optimized program differs: " +
                           report.message());
  }
  std::cerr << "validate: " << report.message() << "\n";
  return ok_status();
}

// Optimizes one module and returns its text; `key` as compile_for_backend takes it.
Expected<std::string> compile_one(const CompileArgs& args, const Source& source,
                                  SourceRange range, const std::string& key) {
  KILN_TRY(Module module, source.parse(range));
  KILN_CHECK_OK(module.verify());
  std::unique_ptr<ir::Module> program = passes::clone_module(*module.impl().module);
  KILN_TRY(passes::PassManager manager, make_manager(args));
  KILN_TRY(passes::PipelineReport report, manager.run(*program));
  for (const std::string& line : report.explanations) std::cerr << line << "\n";
  if (args.stats) print_stats(*program, report);
  if (args.validate_seed) {
    KILN_CHECK_OK(validate(*module.impl().module, *program, *args.validate_seed));
  }
  if (!args.backend.empty()) {
    KILN_TRY(std::string emitted, compile_for_backend(args, *program, key));
    if (args.emit == "cuda") return emitted;
  }
  ir::PrintOptions print;
  print.generic = args.generic;
  return ir::print_module(*program, print);
}

}  // namespace

backend::CompileOptions backend_compile_options(const CompileArgs& args) {
  backend::CompileOptions options;
  options.opt_level = args.opt_level;
  options.autotune = args.autotune;
  options.dispatch = args.dispatch;
  return options;
}

bool saves_executable(const CompileArgs& args) {
  return args.backend == "cuda" && !args.output.empty() && args.output != "-" &&
         args.emit != "cuda";
}

int run_compile(const CompileArgs& args) {
  if (args.list_passes) {
    for (const passes::PassInfo& info : passes::registered_passes()) {
      std::cout << info.name << "\t" << info.summary << "\n";
    }
    return 0;
  }
  auto source = Source::read_file(args.file);
  if (!source.ok()) {
    std::cerr << source.error().message() << "\n";
    return 1;
  }
  std::vector<SourceRange> ranges = args.split ? source->chunks() : std::vector{source->whole()};
  std::string key;  // one program: keyed by its text (chunks of one file would share a key)
  if (!args.backend.empty()) {
    if (ranges.size() == 1) {
      key = backend::compile_key(source->text(), backend_compile_options(args));
    }
    // The backend's slow starts (the cuda backend's NVRTC workers) overlap parsing and the
    // pipeline.
    if (auto target = backend::find_backend(args.backend); target.ok()) (*target)->prepare(key);
  }
  if (saves_executable(args) && ranges.size() != 1) {
    std::cerr << "kiln compile: -o " << args.output << " saves one executable; --split-input-file "
              << "gives " << ranges.size() << " programs (compile each chunk alone)\n";
    return 1;
  }
  std::string out;
  int status = 0;
  for (size_t i = 0; i < ranges.size(); ++i) {
    if (i) out += "// -----\n";
    Expected<std::string> text = compile_one(args, *source, ranges[i], key);
    if (!text.ok()) {
      std::cerr << text.error().message() << "\n";
      status = 1;
      continue;
    }
    out += *text;
  }
  if (saves_executable(args)) return status;  // compile_for_backend wrote the executable
  if (args.output.empty() || args.output == "-") {
    std::cout << out;
  } else {
    std::ofstream file(args.output, std::ios::binary);
    file << out;
    if (!file.flush()) {
      std::cerr << "kiln: cannot write " << args.output << "\n";
      return 1;
    }
  }
  return status;
}

}  // namespace kiln::tools
