// `kiln tune`: the closed tuning loop over library kernels, and the attempt history (see
// src/tune/README.md).
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <thread>

#include "bench/baseline_plugin.h"
#include "bench/sweep_tuning.h"
#include "kernels/cuda/registry.h"
#include "tools/kiln/commands.h"
#include "tune/external_proposer.h"
#include "tune/history.h"
#include "tune/loop.h"
#include "tune/new_kernel.h"
#include "tune/summary.h"
#include "tune/search_proposer.h"

namespace kiln::tools {

namespace {

int tune_failure(const std::string& message, int status = 2) {
  std::cerr << "kiln tune: " << message << "\n";
  return status;
}

// The GPU slug whose history --history reads: --gpu, else the only one with histories under the
// results folder, else this machine's GPU where it is among them.
Expected<std::string> history_slug(const TuneArgs& a) {
  if (!a.gpu.empty()) return a.gpu;
  std::filesystem::path dir = std::filesystem::path(a.results) / "tune";
  std::vector<std::string> slugs;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    if (entry.is_directory()) slugs.push_back(entry.path().filename().string());
  }
  std::sort(slugs.begin(), slugs.end());
  if (slugs.size() == 1) return slugs.front();
  if (slugs.empty()) return Error::not_found(fmt::format("no tuning history under '{}'", dir.string()));
  if (auto device = cuda::Device::open(0); device.ok()) {
    std::string mine = tune::gpu_slug(device->properties().name);
    if (std::find(slugs.begin(), slugs.end(), mine) != slugs.end()) return mine;
  }
  return Error::invalid_argument(fmt::format(
      "histories of several GPUs under '{}' ({}): pick one with --gpu SLUG", dir.string(),
      fmt::join(slugs, ", ")));
}

int print_history(const TuneArgs& a) {
  auto slug = history_slug(a);
  if (!slug.ok()) return tune_failure(slug.error().message());
  auto attempts = tune::read_history(tune::history_path(a.results, *slug, a.history));
  if (!attempts.ok()) return tune_failure(attempts.error().message());
  auto top = tune::top_kept(*attempts, a.top, a.dtype, a.shape);
  fmt::print("{} on {}: {} attempts, {} kept shown (fastest first)\n", a.history, *slug,
             attempts->size(), top.size());
  fmt::print("{}", tune::format_history_table(top));
  return 0;
}

// This kiln binary, for ncu to run `kiln bench` under it ("" when unknown).
std::string own_path() {
  std::error_code ec;
  auto p = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? "" : p.string();
}

std::unique_ptr<tune::Proposer> make_proposer(const TuneArgs& a) {
  if (a.proposer == "search") return std::make_unique<tune::SearchProposer>();
  return std::make_unique<tune::ExternalProposer>(a.proposer, a.proposer_timeout);
}

Status save_kept_tuning(const std::string& path, const cuda::DeviceProperties& device,
                        const std::vector<Expected<tune::TuneOutcome>>& outcomes) {
  const std::string sm_name = device.sm_name();
  std::vector<bench::SweepRun> runs;
  for (const auto& o : outcomes) {
    if (!o.ok() || o->kept == 0) continue;
    runs.push_back({o->kernel, o->element_type, o->problem_shape, o->input_bytes, o->best_knobs,
                    o->best_ms, true});
  }
  kernels::TuningTable table = kernels::tuning_table(sm_name);
  table.set_arch(sm_name);
  bench::add_best_configs(table, runs, device.name);
  std::ofstream out(path);
  out << table.to_json();
  if (!out) return Error::unavailable(fmt::format("cannot write '{}'", path));
  fmt::print(stderr, "kiln tune: wrote the {} tuning table to {}\n", sm_name, path);
  return ok_status();
}

// The kernels to tune: NAME[,NAME...] from the registry, or the one --new creates from its
// definition (registered at run time before any worker reads the registry).
Expected<std::vector<const kernels::KernelSpec*>> kernels_to_tune(const TuneArgs& a) {
  std::vector<const kernels::KernelSpec*> specs;
  if (!a.new_name.empty()) {
    if (a.definition.empty()) {
      return Error::invalid_argument("--new NAME needs --definition DEF.mlir");
    }
    if (!a.names.empty()) {
      return Error::invalid_argument("--new tunes the kernel it creates: give no kernel names");
    }
    KILN_TRY(auto request,
             tune::read_new_kernel_request(a.new_name, a.definition, a.dtype, a.shape));
    KILN_TRY(auto spec, tune::new_kernel_spec(request));
    KILN_TRY(const kernels::KernelSpec* registered, kernels::register_kernel(std::move(spec)));
    specs.push_back(registered);
    return specs;
  }
  if (!a.definition.empty()) return Error::invalid_argument("--definition goes with --new NAME");
  if (a.names.empty()) {
    return Error::invalid_argument(
        "give kernel names (NAME[,NAME...]), --new NAME --definition DEF.mlir, or --history KERNEL");
  }
  for (size_t start = 0; start <= a.names.size();) {
    size_t comma = std::min(a.names.find(',', start), a.names.size());
    KILN_TRY(const kernels::KernelSpec* spec,
             kernels::find_kernel(a.names.substr(start, comma - start)));
    specs.push_back(spec);
    start = comma + 1;
  }
  return specs;
}

}  // namespace

int run_tune(const TuneArgs& a) {
  if (!a.history.empty()) return print_history(a);
  auto found = kernels_to_tune(a);
  if (!found.ok()) return tune_failure(found.error().message());
  const std::vector<const kernels::KernelSpec*>& specs = *found;
  auto start = tune::parse_start(a.start);
  if (!start.ok()) return tune_failure(start.error().message());
  auto device = cuda::Device::open(0);
  if (!device.ok()) {
    return tune_failure("timing needs a GPU, and none could be opened: " + device.error().message() +
                " (`kiln tune --history KERNEL` works without one)");
  }
  std::vector<std::string> problems;
  auto plugins = bench::load_baseline_plugins(problems);
  for (const auto& p : problems) std::cerr << "kiln tune: warning: " << p << "\n";
  auto ceilings = bench::device_ceilings(*device, plugins, false);
  if (!ceilings.ok()) return tune_failure(ceilings.error().message());
  tune::TuneOptions o{a.dtype,   a.shape,   a.rounds,       a.budget_minutes,
                      a.retries, a.results, a.baseline,     a.iters,
                      a.verify_iters, a.seed, !a.no_ncu,    own_path(),
                      *start,    a.save_source};
  std::mutex print;
  tune::ProgressFn progress = [&](const std::string& line) {
    std::lock_guard lock(print);
    std::cerr << line << "\n";
  };
  std::vector<Expected<tune::TuneOutcome>> outcomes(specs.size(), Error::internal("not run"));
  std::atomic<size_t> next{0};
  auto worker = [&] {
    auto dev = cuda::Device::open(0);  // makes the context current on this thread
    for (size_t i; (i = next++) < specs.size();) {
      auto proposer = make_proposer(a);
      outcomes[i] = dev.ok() ? tune::tune_kernel(*dev, *specs[i], o, plugins, *ceilings, *proposer,
                                                 progress)
                             : Expected<tune::TuneOutcome>(dev.error());
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < std::clamp<int>(a.parallel, 1, static_cast<int>(specs.size())); ++t) {
    threads.emplace_back(worker);
  }
  for (auto& t : threads) t.join();
  std::vector<std::string> names;
  for (const auto* s : specs) names.push_back(s->name);
  fmt::print("{}", tune::format_outcomes(outcomes, names));
  if (!a.save_tuning.empty()) {
    Status s = save_kept_tuning(a.save_tuning, device->properties(), outcomes);
    if (!s.ok()) return tune_failure(s.error().message());
  }
  bool all_ok = std::all_of(outcomes.begin(), outcomes.end(), [](const auto& x) { return x.ok(); });
  return all_ok ? 0 : 1;
}

}  // namespace kiln::tools
