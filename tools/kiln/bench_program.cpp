// `kiln bench --program FILE.mlir`: a whole program as the bench's third set beside single
// kernels and fused patterns — checked against the interpreter on random inputs, timed on the
// cuda backend with its inputs and outputs in device memory, reported and kept in the result
// files and the leaderboard like a kernel ("program.NAME").
#include <fmt/format.h>

#include <chrono>
#include <filesystem>
#include <iostream>

#include "api/impl.h"
#include "bench/report.h"
#include "bench/results.h"
#include "interp/tensor.h"
#include "oracle/compare.h"
#include "oracle/promoted.h"
#include "oracle/tolerance.h"
#include "tools/kiln/commands.h"
#include "tune/file_lock.h"

namespace kiln::tools {

namespace {

// The cuda backend's outputs against the interpreter's on the same random inputs, with the
// oracle's whole-program tolerances: one check case.
Expected<bench::CheckResult> check_program(const Module& module, const Executable& gpu,
                                           const BenchArgs& a, uint64_t seed) {
  CompileOptions options;
  options.backend = "cpu";
  options.opt_level = a.opt_level;
  KILN_TRY(Executable cpu, compile(module, options));
  KILN_TRY(std::vector<Value> inputs, cpu.random_inputs(seed));
  KILN_TRY(RunResult want, cpu.run(inputs));
  KILN_TRY(RunResult got, gpu.run(inputs));
  KILN_TRY(auto got_tensors, host_tensors_of(got.outputs()));
  KILN_TRY(auto want_tensors, host_tensors_of(want.outputs()));
  KILN_TRY(auto input_tensors, host_tensors_of(inputs));
  oracle::ProgramVerdict verdict =
      oracle::judge_program_outputs(*module.impl().module, input_tensors, got_tensors,
                                    want_tensors, oracle::program_tolerance);
  bench::CheckResult check;
  check.cases = 1;
  check.failed = verdict.passed ? 0 : 1;
  if (!verdict.passed) check.failures.push_back(verdict.message);
  return check;
}

int64_t tensor_bytes(const Value& v) {
  const TensorType t = v.tensor_type();
  auto internal = api::internal_type(t);
  if (!internal.ok() || !internal->num_elements()) return 0;
  return *internal->num_elements() * internal->element().storage_bytes();
}

}  // namespace

int run_bench_program(const BenchArgs& a) {
  auto fail = [](const Error& e) {
    std::cerr << "kiln bench: " << e.message() << "\n";
    return 2;
  };
  auto module = load_file(a.program);
  if (!module.ok()) return fail(module.error());
  CompileOptions options;
  options.backend = "cuda";
  options.opt_level = a.opt_level;
  auto compile_start = std::chrono::steady_clock::now();
  auto gpu = compile(*module, options);
  const double compile_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - compile_start).count();
  if (!gpu.ok()) return fail(gpu.error());
  // Timing waits for other kiln processes that time the GPU (kiln tune, another kiln bench).
  auto gpu_lock = tune::lock_gpu_unless_held();
  if (!gpu_lock.ok()) return fail(gpu_lock.error());
  auto device = cuda::Device::open(0);
  if (!device.ok()) return fail(device.error());
  const auto& props = device->properties();
  std::vector<std::unique_ptr<bench::BaselinePlugin>> no_plugins;
  auto ceilings = bench::device_ceilings(*device, no_plugins, a.refresh_ceilings);
  if (!ceilings.ok()) return fail(ceilings.error());

  const uint64_t seed = a.seed ? a.seed
                               : static_cast<uint64_t>(
                                     std::chrono::steady_clock::now().time_since_epoch().count());
  bench::KernelReport r;
  r.kernel = "program." + std::filesystem::path(a.program).stem().string();
  r.group = "program";
  r.impl = fmt::format("cuda backend, -O{}", a.opt_level);
  r.seed = seed;
  if (!a.no_check) {
    auto check = check_program(*module, *gpu, a, seed);
    if (!check.ok()) return fail(check.error());
    r.kiln.check = std::move(*check);
  }
  // The inputs once in device memory, the outputs left there: the program's own time.
  auto inputs = gpu->random_inputs(seed);
  if (!inputs.ok()) return fail(inputs.error());
  std::vector<Value> on_device;
  for (const Value& v : *inputs) {
    auto d = gpu->to_device(v);
    if (!d.ok()) return fail(d.error());
    r.bytes += static_cast<double>(tensor_bytes(v));
    on_device.push_back(std::move(*d));
  }
  if (!inputs->empty() && inputs->front().is_tensor()) {
    r.dtype = api::internal_type(inputs->front().tensor_type())->element();
    r.shape = inputs->front().tensor_type().shape;
  }
  std::vector<double> samples;
  for (int i = 0; i < a.warmup + a.iters; ++i) {
    auto start = std::chrono::steady_clock::now();
    auto result = gpu->run_on_device(on_device);
    auto stop = std::chrono::steady_clock::now();
    if (!result.ok()) return fail(result.error());
    if (i == 0) {
      for (const Value& v : result->outputs()) r.bytes += static_cast<double>(tensor_bytes(v));
    }
    if (i >= a.warmup) samples.push_back(std::chrono::duration<double, std::milli>(stop - start).count());
  }
  r.kiln.who = "kiln";
  r.kiln.library = "kiln";
  r.kiln.stats = bench::summarize(std::move(samples));
  r.ceilings = *ceilings;

  nlohmann::json j = bench::report_json(r, props);
  j["compile_seconds"] = compile_s;
  if (!a.results.empty()) {
    Status s = bench::append_result(a.results, props.arch(), r.kernel, j);
    auto board = bench::update_leaderboard(a.results, props.arch(), r, props.name);
    if (!s.ok()) std::cerr << "kiln bench: " << s.error().message() << "\n";
    if (!board.ok()) std::cerr << "kiln bench: " << board.error().message() << "\n";
    if (board.ok() && !board->empty() && !a.json) fmt::print("{}\n", *board);
  }
  if (a.json) {
    std::cout << j.dump(1) << "\n";
  } else {
    fmt::print("device: {}\n", bench::device_line(props));
    fmt::print("{}", bench::format_report(r, props, a.target));
    fmt::print("compile: {:.3f} s (optimizer, lowering, kernels)\n", compile_s);
  }
  return r.failed() ? 1 : 0;
}

}  // namespace kiln::tools
