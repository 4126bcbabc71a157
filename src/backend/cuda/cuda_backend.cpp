// CudaBackend: lower, compile the modules in parallel, wrap them in a CudaExecutable.
#include "backend/cuda/cuda_backend.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>

#include "backend/cuda/executable_file.h"
#include "backend/cuda/specialize.h"
#include "backend/cuda/specializing_executable.h"
#include "runtime/cuda/device.h"
#include "runtime/cuda/nvrtc_parallel.h"
#include "runtime/cuda/nvrtc_pool.h"
#include "runtime/cuda/warm_marks.h"
#include "support/source.h"

namespace kiln::backend::cuda {

namespace rt = ::kiln::cuda;

namespace {

// The first device's properties, once; h100_sxm() without one.
struct FirstDevice {
  bool present = false;
  rt::DeviceProperties props = rt::DeviceProperties::h100_sxm();
};
const FirstDevice& first_device() {
  static const FirstDevice device = [] {
    FirstDevice d;
    Expected<rt::Device> opened = rt::Device::open(0);
    if (opened.ok()) {
      d.present = true;
      d.props = opened->properties();
    }
    return d;
  }();
  return device;
}
const rt::DeviceProperties& device_properties() { return first_device().props; }

// What each NVRTC worker compiles first: a tiny kernel with generated code's options, so that
// NVRTC's start in the process (~0.1 s of its first compile) is paid while kiln parses, optimizes
// and opens the device. Without the prelude: NVRTC keeps nothing of one program's front end for
// the next (measured on the 2-core dev machine: a module compiled after a warm-up with the
// prelude took as long as after one without), and the prelude would make the warm-up longer by
// its front end (~40 ms on the H100 host), on the critical path where kiln's own work is short.
// For the architecture of a GPU-less machine, not the device's: opening the device (the
// driver's initialisation) would hold the warm-up back, and NVRTC's start is the same for every
// architecture.
rt::CompileRequest warm_up_request() {
  rt::CompileRequest r;
  r.name = "warm_up";
  r.arch = rt::DeviceProperties::h100_sxm().arch();
  r.options = generated_code_options();
  r.source = "extern \"C\" __global__ void warm_up(float* y) { y[threadIdx.x] = 1.f; }\n";
  return r;
}

// Compiles every module, as many at a time as the machine has cores (in worker processes:
// nvrtc_parallel.h, those of the pool where prepare() started it).
Expected<std::vector<rt::Cubin>> compile_modules(const std::vector<KernelModule>& modules,
                                                 const std::string& arch) {
  std::vector<rt::CompileRequest> requests;
  for (const KernelModule& m : modules) {
    rt::CompileRequest request;
    request.name = m.name;
    request.source = m.source;
    request.arch = arch;
    // A library kernel: its own options, as the library's launcher compiles (and checks) it.
    request.options = m.library ? m.options : generated_code_options();
    requests.push_back(std::move(request));
  }
  std::vector<Expected<rt::Cubin>> results =
      rt::compile_all(requests, LowerOptions::default_compile_threads());
  std::vector<rt::Cubin> cubins;
  for (auto& r : results) {
    if (!r.ok()) return r.take_error();
    cubins.push_back(std::move(*r));
  }
  return cubins;
}

}  // namespace

std::vector<std::string> generated_code_options() {
  // -minimal: NVRTC leaves out what generated code never uses (textures and surfaces, the
  // device runtime, launches from the device, the runtime API's types), which its front end
  // would otherwise read on every call: 4-10 ms of CPU a call (2-core dev machine,
  // bench/compile/README.md). The kernels' code is the same.
  return {"--fmad=false", "--prec-div=true", "--prec-sqrt=true", "--ftz=false", "-minimal"};
}

std::string target_arch() { return device_properties().arch(); }

bool CudaBackend::available() const { return first_device().present; }

void CudaBackend::prepare(std::string_view key) const {
  // A compile that missed nothing last time needs no NVRTC: its workers would only compete
  // with the driver's start for the CPUs, and take time to end at exit.
  if (rt::is_marked_warm(key)) return;
  rt::start_nvrtc_pool(LowerOptions::default_compile_threads(), warm_up_request);
}

Status check_options(const ir::Module&, const CompileOptions& options) {
  if (options.time_limit_seconds > 0) {
    // A loop on the device (a conditional graph node) cannot be interrupted from the host,
    // and a process whose kernel never ends cannot even exit cleanly: refuse rather than hang.
    return Error::unimplemented(
        "kiln: the cuda backend cannot stop a running program, so it takes no time limit "
        "(--timeout); use --backend cpu to run under one");
  }
  return ok_status();
}

Expected<std::unique_ptr<CudaExecutable>> compile_cuda(const ir::Module& module,
                                                       const CompileOptions& options,
                                                       const std::vector<ir::Type>& inputs) {
  KILN_TRY(const ir::Operation* entry, find_entry(module, options.entry));
  KILN_CHECK_OK(check_options(module, options));
  if (inputs.empty() && !takes_static_inputs(*entry)) {
    return Error::invalid_argument(
        format_diagnostic(entry->location(),
                          "kiln: the entry takes dynamic shapes: the cuda backend compiles it "
                          "for given input types (CudaBackend::compile specializes at run time)"));
  }
  const auto start = std::chrono::steady_clock::now();
  // Dynamic-shape ops whose shapes are constants become their static twins (refine-shapes),
  // at every optimisation level: the lowering sees static shapes only.
  KILN_TRY(PreparedModule prepared, prepare_module(module, *entry, inputs, options.opt_level));
  LowerOptions lower;
  lower.device = device_properties();
  lower.num_replicas = grid_size(module, options.num_replicas, "mhlo.num_replicas");
  lower.num_partitions = grid_size(module, options.num_partitions, "mhlo.num_partitions");
  lower.autotune = options.autotune;
  if (!options.dispatch.empty()) {
    KILN_TRY(lower.dispatch, parse_dispatch_mode(options.dispatch));
  }
  KILN_TRY(LoweredProgram program, lower_module(*prepared.module, *prepared.entry, lower));
  program.autotune_gemms = options.autotune;
  const std::string arch = target_arch();
  const auto lowered = std::chrono::steady_clock::now();
  KILN_TRY(std::vector<rt::Cubin> cubins, compile_modules(program.modules, arch));
  const auto compiled = std::chrono::steady_clock::now();
  rt::mark_warm(options.key);  // every module is in the cache now
  std::string name = entry->attr_as<ir::StringAttr>("sym_name")->value;
  auto exe = std::make_unique<CudaExecutable>(*prepared.module, std::move(name), std::move(program),
                                              std::move(cubins), arch, std::move(prepared.owned));
  using Ms = std::chrono::duration<double, std::milli>;
  exe->set_compile_times({Ms(lowered - start).count(), Ms(compiled - lowered).count()});
  return exe;
}

Expected<std::unique_ptr<Executable>> CudaBackend::compile(const ir::Module& module,
                                                           const CompileOptions& options) const {
  KILN_TRY(const ir::Operation* entry, find_entry(module, options.entry));
  if (!takes_static_inputs(*entry)) {
    // Checked once here (the grid, the options); each input shape compiles at its first run.
    KILN_CHECK_OK(check_options(module, options));
    return std::unique_ptr<Executable>(
        std::make_unique<SpecializingExecutable>(module, *entry, options));
  }
  KILN_TRY(std::unique_ptr<CudaExecutable> exe, compile_cuda(module, options));
  return std::unique_ptr<Executable>(std::move(exe));
}

Expected<std::unique_ptr<Executable>> CudaBackend::load(const SavedExecutable& saved,
                                                        const ir::Module& module) const {
  KILN_TRY(std::unique_ptr<CudaExecutable> exe,
           load_cuda_executable(saved, module, available() ? target_arch() : ""));
  return std::unique_ptr<Executable>(std::move(exe));
}

KILN_REGISTER_BACKEND(CudaBackend);

}  // namespace kiln::backend::cuda
