// `kiln compile --backend cuda`: the optimized module compiled for the GPU (lowered, every
// kernel through NVRTC; no GPU needed), a summary on standard error, and with --emit=cuda the
// generated CUDA C++.
#include <chrono>
#include <iostream>

#include <fmt/format.h>

#include "backend/cuda/cuda_backend.h"
#include "tools/kiln/commands.h"

namespace kiln::tools {

Expected<std::string> compile_for_backend(const CompileArgs& args, const ir::Module& module) {
  if (args.backend != "cuda") {
    return Error::invalid_argument("kiln compile: --backend takes 'cuda' (the cpu backend "
                                   "interprets the optimized module as printed)");
  }
  // The device's properties first (a GPU's: the driver's initialisation, once per process),
  // so that the time below is the compiler's own: lowering and the kernels.
  const std::string arch = backend::cuda::target_arch();
  const auto start = std::chrono::steady_clock::now();
  backend::CompileOptions options;
  options.opt_level = args.opt_level;
  KILN_TRY(auto exe, backend::cuda::compile_cuda(module, options));
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  const backend::cuda::LoweredProgram& p = exe->program();
  std::cerr << fmt::format(
      "cuda: {} kernels ({} of the library) in {} modules, {} GEMMs, {} cuDNN attentions, arena "
      "{} bytes, constants {} bytes; compiled for {} in {:.1f} ms\n",
      p.kernel_count, p.library_kernel_count, p.modules.size(), p.gemm_count, p.attention_count,
      p.arena_bytes, p.constants.size(), arch, ms);
  for (const std::string& note : p.notes) std::cerr << "cuda: " << note << "\n";
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
