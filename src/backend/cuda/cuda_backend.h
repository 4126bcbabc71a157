// The cuda backend: compiles a module for NVIDIA GPUs — every kernel generated and compiled
// by NVRTC for the device's architecture (sm_90a where there is no GPU, so that a machine
// without one checks the code generator) — and runs it on the first device.
#pragma once

#include "backend/backend.h"
#include "backend/cuda/executable.h"
#include "backend/cuda/lower.h"

namespace kiln::backend::cuda {

class CudaBackend final : public Backend {
 public:
  std::string_view name() const override { return "cuda"; }
  // Whether a CUDA device opens.
  bool available() const override;
  // Lowers the entry and compiles every module (in parallel, through the kernel cache).
  // Errors: find_entry's; unimplemented naming an op the backend cannot compile; NVRTC's
  // messages ("cuda::nvrtc: ...") for generated code that does not compile (a bug).
  Expected<std::unique_ptr<Executable>> compile(const ir::Module& module,
                                                const CompileOptions& options) const override;
};

// The same, returning the concrete executable (its program and modules, for `kiln compile
// --backend cuda` and the tests).
Expected<std::unique_ptr<CudaExecutable>> compile_cuda(const ir::Module& module,
                                                       const CompileOptions& options);

// The architecture kernels are compiled for: the first GPU's, else "sm_90a".
std::string target_arch();

}  // namespace kiln::backend::cuda
