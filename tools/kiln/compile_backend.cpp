// `kiln compile --backend cuda`: the optimized module compiled for the GPU (lowered, every
// kernel through NVRTC; no GPU needed), a summary on standard error, with -o FILE the saved
// executable, and with --emit=cuda the generated CUDA C++.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <iostream>

#include "backend/cuda/cuda_backend.h"
#include "backend/cuda/specialize.h"
#include "ir/ops/type_constraints.h"
#include "oracle/random.h"
#include "runtime/cuda/gemm_autotune.h"
#include "tools/kiln/commands.h"

namespace kiln::tools {

namespace {

// One run on random inputs: the first run of an autotuning executable times its GEMMs.
Status autotune_once(const backend::cuda::CudaExecutable& exe) {
  KILN_TRY(std::vector<interp::Tensor> inputs, oracle::random_inputs(exe.input_types(), 1));
  std::vector<backend::Buffer> buffers;
  for (const interp::Tensor& t : inputs) {
    KILN_TRY(backend::Buffer b, backend::Buffer::host_copy(
                                    t.type(), std::span<const std::byte>(t.raw(), t.size_bytes())));
    buffers.push_back(std::move(b));
  }
  // The first run times the GEMMs (a GPU is needed).
  Expected<backend::RunResults> results = exe.run(buffers);
  if (!results.ok()) return results.error().with_prefix("kiln compile --autotune: ");
  std::cerr << fmt::format("cuda: {} GEMMs autotuned; choices in {}\n", exe.program().gemm_count,
                           ::kiln::cuda::GemmChoiceCache::default_path());
  return ok_status();
}

// An entry that takes dynamic shapes: checked (the grid, the options) but compiled at run
// time, once per signature of input shapes; nothing to save or print yet.
Expected<std::string> compile_dynamic(const CompileArgs& args, const ir::Module& module,
                                      const backend::CompileOptions& options) {
  KILN_TRY(const backend::Backend* cuda, backend::find_backend("cuda"));
  KILN_TRY(auto exe, cuda->compile(module, options));
  if (saves_executable(args)) {
    Status saved = exe->save(args.output);
    if (!saved.ok()) return saved.error().with_prefix("kiln compile: ");
  }
  if (args.emit == "cuda" || args.autotune) {
    return Error::unimplemented(fmt::format(
        "kiln compile: @{} takes dynamic shapes {}: its kernels are generated at run time "
        "for each signature of input shapes, so there is no CUDA to {} yet",
        exe->entry(), ir::types_string(exe->input_types()), args.autotune ? "autotune" : "print"));
  }
  std::cerr << fmt::format(
      "cuda: @{} takes dynamic shapes {}; it is specialized, lowered and compiled at its "
      "first run of each signature of input shapes\n",
      exe->entry(), ir::types_string(exe->input_types()));
  return std::string();
}

// With --stats: the phases (lowering, the modules' compile and how many NVRTC calls it made:
// the modules the cache missed), then each module's compile time, slowest first (the modules
// compile in parallel, so the slowest bounds the whole).
void print_module_times(const backend::cuda::CudaExecutable& exe) {
  const backend::cuda::LoweredProgram& p = exe.program();
  const std::vector<::kiln::cuda::Cubin>& cubins = exe.cubins();
  const auto missed = std::count_if(cubins.begin(), cubins.end(),
                                    [](const ::kiln::cuda::Cubin& c) { return !c.from_cache; });
  std::cerr << fmt::format("cuda: lowering {:.1f} ms, modules {:.1f} ms ({} NVRTC calls)\n",
                           exe.compile_times().lower_ms, exe.compile_times().nvrtc_ms, missed);
  std::vector<size_t> order(std::min(p.modules.size(), cubins.size()));
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return cubins[a].milliseconds > cubins[b].milliseconds;
  });
  for (size_t i : order) {
    const backend::cuda::KernelModule& m = p.modules[i];
    std::cerr << fmt::format(
        "module {}: {:.1f} ms{}, {} kernel{} ({}), {} bytes of source\n", m.name,
        cubins[i].milliseconds, cubins[i].from_cache ? " (cached)" : "", m.functions.size(),
        m.functions.size() == 1 ? "" : "s", m.library ? "library" : "generated", m.source.size());
  }
}

}  // namespace

Expected<std::string> compile_for_backend(const CompileArgs& args, const ir::Module& module,
                                          const std::string& key) {
  if (args.backend != "cuda") {
    return Error::invalid_argument(
        "kiln compile: --backend takes 'cuda' (the cpu backend "
        "interprets the optimized module as printed)");
  }
  // The device's properties first (a GPU's: the driver's initialisation, once per process),
  // so that the time below is the compiler's own: lowering and the kernels.
  const std::string arch = backend::cuda::target_arch();
  const auto start = std::chrono::steady_clock::now();
  backend::CompileOptions options = backend_compile_options(args);
  options.key = key;
  KILN_TRY(const ir::Operation* entry, backend::find_entry(module, ""));
  if (!backend::takes_static_inputs(*entry)) return compile_dynamic(args, module, options);
  KILN_TRY(auto exe, backend::cuda::compile_cuda(module, options));
  if (args.autotune) KILN_CHECK_OK(autotune_once(*exe));
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  const backend::cuda::LoweredProgram& p = exe->program();
  std::cerr << fmt::format(
      "cuda: {} kernels ({} of the library) in {} modules, {} GEMMs, {} cuDNN attentions, {} "
      "cuDNN convolutions, arena {} bytes, constants {} bytes; compiled for {} in {:.1f} ms\n",
      p.kernel_count, p.library_kernel_count, p.modules.size(), p.gemm_count, p.attention_count,
      p.convolution_count, p.arena_bytes, p.constants.size(), arch, ms);
  for (const std::string& note : p.notes) std::cerr << "cuda: " << note << "\n";
  if (args.stats) print_module_times(*exe);
  if (saves_executable(args)) {
    Status saved = exe->save(args.output);
    if (!saved.ok()) return saved.error().with_prefix("kiln compile: ");
    std::cerr << fmt::format("cuda: executable for {} saved to {} (run it with `kiln run {}`)\n",
                             arch, args.output, args.output);
    return std::string();
  }
  if (args.emit != "cuda") return std::string();
  std::string text;
  for (const auto& m : p.modules) {
    text += fmt::format("// ===== module {} =====\n", m.name);
    // A library kernel is specialised by its NVRTC options (-D defines), not by its text.
    if (m.library) text += fmt::format("// nvrtc {}\n", fmt::join(m.options, " "));
    text += m.source;
  }
  return text;
}

}  // namespace kiln::tools
