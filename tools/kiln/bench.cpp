// `kiln bench`: checks and times library kernels against their baselines (see README.md).
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <mutex>
#include <thread>

#include "bench/baseline_plugin.h"
#include "bench/bench_kernel.h"
#include "bench/knob_sweep.h"
#include "bench/report.h"
#include "bench/results.h"
#include "bench/sweep_tuning.h"
#include "kernels/cuda/plan.h"
#include "kernels/cuda/registry.h"
#include "tools/kiln/commands.h"
#include "tune/file_lock.h"

namespace kiln::tools {

namespace {

int list_kernels() {
  fmt::print("{:<20} {:<18} {:<15} {:<26} {:<13} {}\n", "kernel", "group", "dtypes", "impl",
             "baselines", "what");
  for (const kernels::KernelSpec* s : kernels::all_kernels()) {
    std::vector<std::string> dtypes;
    for (auto d : s->dtypes) dtypes.push_back(kernels::dtype_name(d));
    fmt::print("{:<20} {:<18} {:<15} {:<26} {:<13} {}\n", s->name, s->group,
               fmt::format("{}", fmt::join(dtypes, ",")), s->impl,
               fmt::format("{}", fmt::join(s->baselines, ",")), s->summary);
  }
  return 0;
}

// One planned run: a kernel, a dtype, a shape, knob settings (the rest at their defaults).
struct Job {
  const kernels::KernelSpec* spec;
  ir::ElementType dtype;
  kernels::Shape shape;
  kernels::Config knobs;
};

// "softmax,rms_norm" -> {"softmax", "rms_norm"}.
std::vector<std::string> split_names(const std::string& names) {
  std::vector<std::string> out;
  for (size_t start = 0;;) {
    size_t comma = names.find(',', start);
    out.push_back(names.substr(start, comma == std::string::npos ? comma : comma - start));
    if (comma == std::string::npos) return out;
    start = comma + 1;
  }
}

Expected<std::vector<Job>> plan_jobs(const BenchArgs& a) {
  std::vector<const kernels::KernelSpec*> specs;
  if (a.all) {
    for (const auto* s : kernels::all_kernels()) {
      if (a.group.empty() || s->group == a.group) specs.push_back(s);
    }
  } else {
    for (const auto& name : split_names(a.name)) {
      KILN_TRY(const kernels::KernelSpec* s, kernels::find_kernel(name));
      specs.push_back(s);
    }
  }
  KILN_TRY(auto configs, bench::parse_knob_sweep(a.knobs));
  std::vector<Job> jobs;
  for (const auto* s : specs) {
    std::vector<ir::ElementType> dtypes;
    for (const auto& d : a.dtypes) {
      auto t = kernels::parse_dtype(d);
      if (!t) return Error::invalid_argument(fmt::format("unknown dtype '{}' (f32, f16, bf16)", d));
      if (std::find(s->dtypes.begin(), s->dtypes.end(), *t) != s->dtypes.end()) {
        dtypes.push_back(*t);
      } else if (!a.all && specs.size() == 1) {  // else each kernel runs the dtypes it has
        return Error::invalid_argument(fmt::format("kernel '{}' has no {} version", s->name, d));
      }
    }
    if (a.dtypes.empty()) dtypes = s->dtypes;
    std::vector<kernels::Shape> shapes;
    for (const auto& text : a.shapes) {
      if (text == "all") {
        shapes.insert(shapes.end(), s->bench_shapes.begin(), s->bench_shapes.end());
        continue;
      }
      KILN_TRY(auto shape, kernels::parse_shape(text));
      shapes.push_back(shape);
    }
    // By default the largest bench shape: the targets are about large sizes.
    if (shapes.empty()) {
      auto smaller = [](const kernels::Shape& x, const kernels::Shape& y) {
        return kernels::num_elements(x) < kernels::num_elements(y);
      };
      shapes.push_back(*std::max_element(s->bench_shapes.begin(), s->bench_shapes.end(), smaller));
    }
    for (auto d : dtypes) {
      for (const auto& shape : shapes) {
        for (const auto& knobs : configs) jobs.push_back({s, d, shape, knobs});
      }
    }
  }
  return jobs;
}

// Compiles every kernel, dtype and shape (check shapes and bench shapes) with the default
// knobs, or each configuration `--knob` names (sweeps too), for `arch`, in parallel, filling
// the disk cache. Needs no GPU.
int compile_all(const BenchArgs& a) {
  auto configs = bench::parse_knob_sweep(a.knobs);
  if (!configs.ok()) {
    std::cerr << "kiln bench: " << configs.error().message() << "\n";
    return 2;
  }
  std::vector<std::function<Status()>> work;
  auto names = split_names(a.name);
  for (const auto* s : kernels::all_kernels()) {
    if (!a.all && std::find(names.begin(), names.end(), s->name) == names.end()) continue;
    if (!a.group.empty() && s->group != a.group) continue;
    std::vector<kernels::Shape> shapes = s->check_shapes;
    shapes.insert(shapes.end(), s->bench_shapes.begin(), s->bench_shapes.end());
    for (const auto& knobs : *configs) {
      if (auto c = kernels::complete_config(*s, knobs, s->dtypes.front()); !c.ok()) {
        std::cerr << "kiln bench: " << c.error().message() << "\n";
        return 2;
      }
      for (auto d : s->dtypes) {
        for (const auto& shape : shapes) {
          work.push_back([s, d, shape, &knobs, &a]() -> Status {
            KILN_TRY(auto p, s->make_problem(shape, d));
            KILN_TRY(auto plan, kernels::plan_kernel(*s, p, knobs));
            KILN_TRY(auto cubins, cuda::compile_plan(plan, a.arch));
            return ok_status();
          });
        }
      }
    }
  }
  std::atomic<size_t> next{0}, failed{0};
  std::mutex print;
  auto worker = [&] {
    for (size_t i; (i = next++) < work.size();) {
      Status s = work[i]();
      if (!s.ok()) {
        std::lock_guard lock(print);
        std::cerr << "kiln bench: " << s.error().message() << "\n";
        ++failed;
      }
    }
  };
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < std::max(1u, std::thread::hardware_concurrency()); ++t) {
    threads.emplace_back(worker);
  }
  for (auto& t : threads) t.join();
  fmt::print("compiled {} kernel problems for {}, {} failed\n", work.size(), a.arch, failed.load());
  return failed ? 1 : 0;
}

// Installs the table of --tuning, if given.
Status load_tuning(const BenchArgs& a) {
  if (a.tuning.empty()) return ok_status();
  KILN_TRY(auto table, kernels::TuningTable::load(a.tuning));
  return kernels::use_tuning_table(std::move(table));
}

// Writes the device's tuning table with the sweep's best configs first (--save-tuning).
Status save_tuning(const BenchArgs& a, const cuda::DeviceProperties& device,
                   const std::vector<bench::SweepRun>& runs) {
  const std::string sm_name = device.sm_name();
  kernels::TuningTable table = kernels::tuning_table(sm_name);
  table.set_arch(sm_name);
  bench::add_best_configs(table, runs, device.name);
  std::ofstream out(a.save_tuning);
  out << table.to_json();
  if (!out) return Error::unavailable(fmt::format("cannot write '{}'", a.save_tuning));
  fmt::print(stderr, "kiln bench: wrote the {} tuning table to {}\n", sm_name, a.save_tuning);
  return ok_status();
}

}  // namespace

int run_bench(const BenchArgs& a) {
  if (a.list) return list_kernels();
  if (Status s = load_tuning(a); !s.ok()) {
    std::cerr << "kiln bench: " << s.error().message() << "\n";
    return 2;
  }
  if (a.compile_only) return compile_all(a);
  if (!a.program.empty()) return run_bench_program(a);
  if (!a.all && a.name.empty()) {
    std::cerr << "kiln bench: give a kernel name, --all or --list\n";
    return 2;
  }
  auto fail = [](const Error& e) {
    std::cerr << "kiln bench: " << e.message() << "\n";
    return 2;
  };
  auto jobs = plan_jobs(a);
  if (!jobs.ok()) return fail(jobs.error());
  bool sweep = a.knobs.size() > 0 && jobs->size() > 1 &&
               std::any_of(jobs->begin(), jobs->end(),
                           [&](const Job& j) { return j.knobs != jobs->front().knobs; });
  // Timing waits for other kiln processes that time the GPU (kiln tune, another kiln bench).
  auto gpu_lock = tune::lock_gpu_unless_held();
  if (!gpu_lock.ok()) return fail(gpu_lock.error());
  auto device = cuda::Device::open(0);
  if (!device.ok()) return fail(device.error());
  const auto& props = device->properties();
  std::vector<std::string> problems;
  auto plugins = bench::load_baseline_plugins(problems);
  for (const auto& p : problems) std::cerr << "kiln bench: warning: " << p << "\n";
  auto ceilings = bench::device_ceilings(*device, plugins, a.refresh_ceilings);
  if (!ceilings.ok()) return fail(ceilings.error());
  bench::BenchOptions options;
  options.baselines = a.baseline;
  options.timing = {a.warmup, a.iters, a.cold_start};
  options.check = !a.no_check;
  options.seed = a.seed;
  bool show_progress = jobs->size() > 1;
  if (!a.json) fmt::print("device: {}\n", bench::device_line(props));
  std::vector<bench::KernelReport> reports;
  std::vector<bench::SweepRun> runs;
  nlohmann::json all = nlohmann::json::array();
  int status = 0;
  for (size_t i = 0; i < jobs->size(); ++i) {
    const Job& job = (*jobs)[i];
    std::string variant = sweep ? bench::config_text(job.knobs) : "";
    std::string what =
        fmt::format("{} {} {}{}{}", job.spec->name, kernels::dtype_name(job.dtype),
                    kernels::shape_string(job.shape), variant.empty() ? "" : " ", variant);
    options.config = job.knobs;
    if (show_progress) std::cerr << bench::progress_line(i, jobs->size(), what) << std::flush;
    auto problem = job.spec->make_problem(job.shape, job.dtype);
    auto report = problem.ok() ? bench::bench_kernel(*device, *job.spec, *problem, options, plugins,
                                                     *ceilings)
                               : Expected<bench::KernelReport>(problem.error());
    if (!report.ok()) {
      std::cerr << "\nkiln bench: " << what << ": " << report.error().message() << "\n";
      status = 2;
      continue;
    }
    report->variant = variant;
    nlohmann::json j = bench::report_json(*report, props);
    if (!a.results.empty()) {
      Status s = bench::append_result(a.results, props.arch(), job.spec->name, j);
      auto board = bench::update_leaderboard(a.results, props.arch(), *report, props.name);
      if (!s.ok()) std::cerr << "kiln bench: " << s.error().message() << "\n";
      if (!board.ok()) std::cerr << "kiln bench: " << board.error().message() << "\n";
      if (board.ok() && !board->empty() && !a.json) fmt::print("{}\n", *board);
    }
    if (report->failed()) status = std::max(status, 1);
    runs.push_back({job.spec->name, job.dtype, job.shape, kernels::input_bytes(*problem), job.knobs,
                    report->kiln.stats.median_ms, report->correct()});
    if (a.json) {
      all.push_back(j);
    } else if (!show_progress) {
      fmt::print("{}", bench::format_report(*report, props, a.target));
    }
    reports.push_back(std::move(*report));
  }
  if (show_progress) std::cerr << bench::progress_line(jobs->size(), jobs->size(), "done") << "\n";
  if (a.json) {
    std::cout << (all.size() == 1 ? all[0] : all).dump(1) << "\n";
  } else if (show_progress) {
    fmt::print("{}", bench::format_summary(reports, a.target));
  }
  if (!a.save_tuning.empty()) {
    if (Status s = save_tuning(a, props, runs); !s.ok()) return fail(s.error());
  }
  return status;
}

}  // namespace kiln::tools
