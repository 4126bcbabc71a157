// `kiln run`: run a program on inputs from .npy files (or random ones) and write, print or
// time its outputs; a client of the public API (kiln/kiln.h). --profile and --validate look
// further (profile_run.cpp, run_validate.cpp).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>
#include <nlohmann/json.hpp>

#include "kiln/kiln.h"
#include "tools/kiln/commands.h"

namespace kiln::tools {

namespace {

Expected<std::vector<Value>> gather_inputs(const RunArgs& args, const Executable& exe) {
  const size_t n = exe.input_types().size();
  if (!args.inputs.empty() && args.random_seed) {
    return Error::invalid_argument("kiln: give either --input files or --random-inputs, not both");
  }
  if (!args.random_seed && args.inputs.size() != n) {
    return Error::invalid_argument("kiln: @" + exe.entry() + " takes " + std::to_string(n) +
                                   " argument" + (n == 1 ? "" : "s") + " but " +
                                   std::to_string(args.inputs.size()) +
                                   " --input files were given (or use --random-inputs SEED)");
  }
  std::vector<Value> inputs;
  for (size_t i = 0; i < n; ++i) {
    KILN_TRY(Value v, args.random_seed ? exe.random_input(i, *args.random_seed)
                                       : exe.read_input(i, args.inputs[i]));
    inputs.push_back(std::move(v));
  }
  return inputs;
}

std::string describe_output(const Value& v) {
  return v.is_tensor() ? v.to_string() : "(token or tuple)";
}

// Writes (to `dir`, if not empty) and prints (with `print`) one process's outputs as
// dir/out<i>.npy and `<label>out<i> = ...`; returns their JSON descriptions.
Expected<nlohmann::json> report_process(const RunArgs& args, const std::vector<Value>& outputs,
                                        const std::string& dir, bool print,
                                        const std::string& label) {
  nlohmann::json described = nlohmann::json::array();
  if (!dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) return Error::invalid_argument("kiln: cannot create " + dir + ": " + ec.message());
  }
  for (size_t i = 0; i < outputs.size(); ++i) {
    const Value& v = outputs[i];
    nlohmann::json out;
    out["index"] = i;
    if (v.is_tensor()) out["type"] = v.type_string();
    if (!dir.empty() && v.is_tensor()) {
      std::string path = dir + "/out" + std::to_string(i) + ".npy";
      KILN_CHECK_OK(v.write_npy(path));
      out["file"] = path;
    }
    if (print && !args.json)
      std::cout << label << "out" << i << " = " << describe_output(v) << "\n";
    if (args.print && args.json) out["value"] = describe_output(v);
    described.push_back(out);
  }
  return described;
}

// Reports every process's outputs: process 0's as --out DIR/out<i>.npy and json["outputs"]
// (the single-process contract); on a grid of several processes, each process k's also as
// DIR/p<k>/out<i>.npy, printed as `p<k>/out<i> = ...`, and in json["processes"].
Status report_outputs(const RunArgs& args, const RunResult& result, int64_t num_partitions,
                      nlohmann::json& json) {
  const auto& processes = result.processes;
  const bool grid = processes.size() > 1;
  KILN_TRY(json["outputs"],
           report_process(args, processes[0], args.out_dir, args.print && !grid, ""));
  if (!grid) return ok_status();
  for (size_t k = 0; k < processes.size(); ++k) {
    std::string label = "p" + std::to_string(k);
    std::string dir = args.out_dir.empty() ? "" : args.out_dir + "/" + label;
    nlohmann::json process;
    process["process"] = k;
    process["replica"] = static_cast<int64_t>(k) / num_partitions;
    process["partition"] = static_cast<int64_t>(k) % num_partitions;
    KILN_TRY(process["outputs"], report_process(args, processes[k], dir, args.print, label + "/"));
    json["processes"].push_back(process);
  }
  return ok_status();
}

// Adds json[key] and, without --json, prints the time line `label: median ...`.
void report_time(const RunArgs& args, std::vector<double> times_ms, const char* key,
                 const char* label, nlohmann::json& json) {
  std::sort(times_ms.begin(), times_ms.end());
  const size_t n = times_ms.size();
  double median = n % 2 ? times_ms[n / 2] : (times_ms[n / 2 - 1] + times_ms[n / 2]) / 2;
  json[key] = {
      {"median", median}, {"min", times_ms.front()}, {"max", times_ms.back()}, {"n", n}};
  if (!args.json) {
    std::printf("%s: median %.3f ms, min %.3f ms, max %.3f ms, n %zu\n", label, median,
                times_ms.front(), times_ms.back(), n);
  }
}

// Runs `runs` times, keeping the last run's result and the times of the last `kept` runs.
template <class Run>
Status timed_runs(int runs, int kept, Run&& run, Expected<RunResult>& result,
                  std::vector<double>& times_ms) {
  for (int r = 0; r < runs; ++r) {
    auto start = std::chrono::steady_clock::now();
    result = run();
    auto stop = std::chrono::steady_clock::now();
    if (!result.ok()) return result.error();
    if (r >= runs - kept) {
      times_ms.push_back(std::chrono::duration<double, std::milli>(stop - start).count());
    }
  }
  return ok_status();
}

// With --time on a device backend: the runs again with the inputs uploaded once and the
// outputs left on the device, as a program inside an application runs (the first time
// line); `result` becomes the last of these runs, read back.
Status time_on_device(const RunArgs& args, const Executable& exe, const std::vector<Value>& inputs,
                      Expected<RunResult>& result, nlohmann::json& json) {
  std::vector<Value> on_device;
  for (const Value& v : inputs) {
    KILN_TRY(Value d, exe.to_device(v));
    on_device.push_back(std::move(d));
  }
  std::vector<double> times_ms;
  KILN_CHECK_OK(timed_runs(args.warmup + args.iters, args.iters,
                           [&] { return exe.run_on_device(on_device); }, result, times_ms));
  for (auto& process : result->processes) {
    for (Value& v : process) {
      KILN_TRY(v, v.to_host());
    }
  }
  report_time(args, std::move(times_ms), "time_ms", "time (inputs and outputs on the device)",
              json);
  return ok_status();
}

// Adds json["profile"] and, without --json, prints the steps by time (the 20 slowest) with
// their share of the total, bandwidth and (GEMMs) FLOP rate, and the total.
void report_profile(const RunArgs& args, std::vector<ProfileRow> rows, nlohmann::json& json) {
  std::stable_sort(rows.begin(), rows.end(),
                   [](const ProfileRow& a, const ProfileRow& b) { return a.ms > b.ms; });
  double total = 0;
  for (const ProfileRow& r : rows) total += r.ms;
  auto rate = [](double amount, double ms) { return ms > 0 ? amount / (ms * 1e-3) : 0.0; };
  for (const ProfileRow& r : rows) {
    json["profile"].push_back({{"what", r.what}, {"kind", r.kind}, {"calls", r.calls},
                               {"ms", r.ms}, {"bytes", r.bytes}, {"flops", r.flops}});
  }
  json["profile_total_ms"] = total;
  if (args.json) return;
  constexpr size_t kShown = 20;
  std::printf("profile: %zu steps, %.3f ms on the GPU%s\n", rows.size(), total,
              rows.size() > kShown ? " (the 20 slowest below)" : "");
  std::printf("%10s %6s %11s %13s %6s  %-6s  %s\n", "ms", "share", "GB/s", "TFLOP/s", "calls",
              "kind", "what");
  for (size_t i = 0; i < rows.size() && i < kShown; ++i) {
    const ProfileRow& r = rows[i];
    char flops[32] = "-";
    if (r.flops) std::snprintf(flops, sizeof flops, "%.2f", rate(r.flops, r.ms) * 1e-12);
    std::printf("%10.4f %5.1f%% %11.1f %13s %6lld  %-6s  %s\n", r.ms,
                total > 0 ? 100 * r.ms / total : 0.0, rate(r.bytes, r.ms) * 1e-9, flops,
                static_cast<long long>(r.calls), r.kind.c_str(), r.what.c_str());
  }
  std::printf("total: %.3f ms\n", total);
}

std::string backend_of(const RunArgs& args) {
  return args.backend.empty() ? default_backend() : args.backend;
}

// --profile's errors before anything is compiled: another backend, no GPU.
Status check_profile(const RunArgs& args) {
  if (!args.profile) return ok_status();
  if (std::string backend = backend_of(args); backend != "cuda") {
    return Error::invalid_argument("kiln run --profile: profiling is for the cuda backend (" +
                                   backend + " was " +
                                   (args.backend.empty() ? "chosen: no GPU here" : "asked for") +
                                   "); use --backend cuda on a machine with a GPU");
  }
  return profile_available();
}

// Compiles the program for --backend with the entry and grid asked for.
Expected<Executable> compile_program(const RunArgs& args, const Module& module) {
  if (auto entry = module.entry_function(args.entry); !entry.ok()) {
    if (!args.entry.empty()) return entry.take_error();
    return Error(entry.error().kind(), entry.error().message() + "; use --entry NAME");
  }
  CompileOptions options;
  options.backend = backend_of(args);
  options.entry = args.entry;
  options.num_replicas = args.num_replicas;
  options.num_partitions = args.num_partitions;
  options.time_limit_seconds = args.timeout_seconds;
  options.autotune = args.autotune;
  options.dispatch = args.dispatch;
  options.opt_level = args.opt_level;
  return compile(module, options);
}

// A saved executable (kiln compile --backend cuda -o): loaded, not compiled; the flags that
// choose how to compile must agree with how it was compiled or be left out.
Expected<Executable> load_saved(const RunArgs& args) {
  KILN_TRY(Executable exe, load_executable(args.program));
  if (!args.backend.empty() && args.backend != exe.backend()) {
    return Error::invalid_argument("kiln run: " + args.program + " was compiled for the " +
                                   exe.backend() + " backend; --backend " + args.backend +
                                   " needs the program's .mlir text");
  }
  if (!args.entry.empty() && args.entry != exe.entry()) {
    return Error::invalid_argument("kiln run: " + args.program + " runs @" + exe.entry() +
                                   "; --entry " + args.entry + " needs the program's .mlir text");
  }
  if (args.num_replicas > 1 || args.num_partitions > 1) {
    return Error::invalid_argument("kiln run: " + args.program +
                                   " is a saved executable of one process; a grid needs the "
                                   "program's .mlir text");
  }
  return exe;
}

}  // namespace

int run_run(const RunArgs& given) {
  auto fail = [](const Error& error) {
    std::cerr << error.message() << "\n";
    return 1;
  };
  if (Status s = check_profile(given); !s.ok()) return fail(s.error());
  RunArgs args = given;
  const bool saved = is_saved_executable(args.program);
  Expected<Executable> exe = Error::internal("not loaded");
  // What --validate runs on the cpu backend: the program text, or a saved executable's
  // program (already optimized: interpreted as it is).
  std::optional<Module> program;
  if (saved) {
    exe = load_saved(args);
    if (!exe.ok()) return fail(exe.error());
    program = exe->module();
    args.entry = exe->entry();
    args.opt_level = 0;
    args.backend = exe->backend();  // --validate=all compiles the saved program there again
  } else {
    auto module = load_file(args.program);
    if (!module.ok()) return fail(module.error());
    exe = compile_program(args, *module);
    if (!exe.ok()) return fail(exe.error());
    program = std::move(*module);
  }
  auto inputs = gather_inputs(args, *exe);
  if (!inputs.ok()) return fail(inputs.error());

  std::vector<double> times_ms;
  Expected<RunResult> result = RunResult{};
  const int runs = args.time ? args.warmup + args.iters : 1;
  if (Status s = timed_runs(runs, args.time ? args.iters : 1, [&] { return exe->run(*inputs); },
                            result, times_ms);
      !s.ok()) {
    return fail(s.error());
  }
  nlohmann::json json;
  json["program"] = args.program;
  json["entry"] = exe->entry();
  json["backend"] = exe->backend();
  // A device backend is timed twice: with the inputs and outputs in device memory (time_ms),
  // and end to end from and to host arrays (time_ms_host).
  const bool device_timing = args.time && exe->backend() != "cpu" && exe->num_processes() == 1;
  if (device_timing) {
    if (Status s = time_on_device(args, *exe, *inputs, result, json); !s.ok()) return fail(s.error());
    report_time(args, times_ms, "time_ms_host", "time (from and to host arrays)", json);
  }
  if (Status s = report_outputs(args, *result, exe->num_partitions(), json); !s.ok()) {
    return fail(s.error());
  }
  if (args.time && !device_timing) report_time(args, times_ms, "time_ms", "time", json);
  if (args.profile) {
    auto rows = profile_run(*exe, *inputs);
    if (!rows.ok()) return fail(rows.error());
    report_profile(args, std::move(*rows), json);
  }
  bool valid = true;
  if (!args.validate.empty()) {
    auto report = validate_run(args, *program, *inputs, *result);
    if (!report.ok()) return fail(report.error());
    valid = report->passed;
    json["validate"] = {{"passed", report->passed}, {"message", report->message}};
    if (!args.json) {
      std::cout << "validate against cpu: " << (valid ? "" : "MISMATCH: ") << report->message
                << "\n";
    }
  }
  if (args.validate == "all") {
    auto report = validate_fusions(args, *program, *inputs);
    if (!report.ok()) return fail(report.error());
    valid = valid && report->passed;
    json["validate_fusions"] = {{"passed", report->passed}, {"message", report->message}};
    if (!args.json) {
      std::cout << "validate every fusion: " << (report->passed ? "" : "MISMATCH: ")
                << report->message << "\n";
    }
  }
  if (args.json) std::cout << json.dump() << "\n";
  return valid ? 0 : 1;
}

}  // namespace kiln::tools
