// choose_implementation: the forced side, else a measured choice (the autotune cache, then the
// tuning table's winners), else the vendor.
#include "backend/cuda/dispatch.h"

#include <fmt/format.h>

#include <cstdlib>
#include <iostream>

#include "backend/cuda/lower.h"
#include "kernels/cuda/element_types.h"
#include "kernels/cuda/tuning.h"
#include "runtime/cuda/gemm_autotune.h"

namespace kiln::backend::cuda {

std::string LowerOptions::default_autotune_cache() {
  return ::kiln::cuda::GemmChoiceCache::default_path();
}

std::string_view implementation_name(Implementation i) {
  return i == Implementation::kLibrary ? "library" : "vendor";
}

Expected<DispatchMode> parse_dispatch_mode(std::string_view text) {
  if (text == "auto") return DispatchMode::kMeasured;
  if (text == "vendor") return DispatchMode::kVendor;
  if (text == "library") return DispatchMode::kLibrary;
  return Error::invalid_argument(fmt::format(
      "cuda: dispatch '{}' is not one of auto, vendor, library", text));
}

DispatchMode default_dispatch_mode() {
  static const DispatchMode mode = [] {
    const char* v = std::getenv("KILN_DISPATCH");
    if (!v || !*v) return DispatchMode::kMeasured;
    Expected<DispatchMode> m = parse_dispatch_mode(v);
    if (m.ok()) return *m;
    std::cerr << "kiln: KILN_DISPATCH: " << m.error().message() << "; using auto\n";
    return DispatchMode::kMeasured;
  }();
  return mode;
}

std::string DispatchProblem::key() const {
  std::string k = fmt::format("{} {}", op, kernels::dtype_name(dtype));
  for (const auto& [name, n] : sizes) k += fmt::format(" {}={}", name, n);
  return k;
}

namespace {

std::string dispatch_cache_key(const ::kiln::cuda::DeviceProperties& device,
                               const DispatchProblem& p) {
  return fmt::format("{} {} | {}", device.name, device.arch(), p.key());
}

DispatchChoice choice(Implementation i, DispatchChoice::Source source, std::string reason) {
  return {i, source, std::move(reason)};
}

}  // namespace

std::string dispatch_autotune_key(const ::kiln::cuda::DeviceProperties& device,
                                  const DispatchProblem& problem) {
  return dispatch_cache_key(device, problem);
}

DispatchChoice choose_implementation(const DispatchProblem& problem, const LowerOptions& options) {
  switch (options.dispatch) {
    case DispatchMode::kVendor:
      return choice(Implementation::kVendor, DispatchChoice::Source::kForced,
                    "dispatch forced: vendor");
    case DispatchMode::kLibrary:
      return choice(Implementation::kLibrary, DispatchChoice::Source::kForced,
                    "dispatch forced: library");
    case DispatchMode::kMeasured: break;
  }
  const ::kiln::cuda::GemmChoiceCache cache(options.autotune_cache);
  if (auto m = cache.find_dispatch(dispatch_cache_key(options.device, problem))) {
    return choice(m->library ? Implementation::kLibrary : Implementation::kVendor,
                  DispatchChoice::Source::kMeasured, fmt::format("measured on this device: vendor {:.4g} ms, library {:.4g} ms",
                              m->vendor_ms, m->library_ms));
  }
  const kernels::TuningTable& table = kernels::tuning_table(options.device.sm_name());
  if (const kernels::DispatchWinner* w = table.winner(problem.op, problem.dtype, problem.sizes)) {
    return choice(w->implementation == "library" ? Implementation::kLibrary
                                                 : Implementation::kVendor,
                  DispatchChoice::Source::kTable,
                  fmt::format("{}'s winners: {}", table.arch(), w->note));
  }
  return choice(Implementation::kVendor, DispatchChoice::Source::kDefault,
                "vendor by default (no measurement covers the shape)");
}

}  // namespace kiln::backend::cuda
