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
  // Starts the process's NVRTC workers (runtime/cuda/nvrtc_pool.h: as many as
  // $KILN_NVRTC_POOL says), each warmed up with a tiny kernel of generated code's options;
  // none where `key` is marked warm (runtime/cuda/warm_marks.h).
  void prepare(std::string_view key) const override;
  // Lowers the entry and compiles every module (in parallel, through the kernel cache). An
  // entry that takes dynamic shapes compiles to a SpecializingExecutable, which compiles a
  // specialization at the first run of each signature of input shapes.
  // Errors: find_entry's; unimplemented naming an op the backend cannot compile; NVRTC's
  // messages ("cuda::nvrtc: ...") for generated code that does not compile (a bug).
  Expected<std::unique_ptr<Executable>> compile(const ir::Module& module,
                                                const CompileOptions& options) const override;
  // A saved cuda executable (executable_file.h) over `module`. Errors: the payload's
  // (decode_cuda_payload), and invalid_argument where this machine's GPU is of another
  // architecture than the cubins' ("built for sm_90a; this machine's GPU is sm_80"). Without
  // a GPU it loads (and its runs fail as any cuda executable's do there).
  Expected<std::unique_ptr<Executable>> load(const SavedExecutable& saved,
                                             const ir::Module& module) const override;
};

// The same for an entry of static argument types, or specialized to the static `inputs` (one
// type per argument, each fitting the entry's: specialize.h), returning the concrete
// executable (its program and modules, for `kiln compile --backend cuda`, the specializing
// executable and the tests). Errors: compile's; invalid_argument for an entry with dynamic
// argument types and no `inputs`, or inputs that do not fit.
Expected<std::unique_ptr<CudaExecutable>> compile_cuda(const ir::Module& module,
                                                       const CompileOptions& options,
                                                       const std::vector<ir::Type>& inputs = {});

// The options the cuda backend refuses for `module`: a grid of more than one process, a time
// limit (unimplemented, in words).
Status check_options(const ir::Module& module, const CompileOptions& options);

// The NVRTC options of generated code: exact arithmetic (no contraction of a * b + c into one
// rounding: the interpreter rounds each op), IEEE division and square root, subnormals kept;
// and -minimal (none of the CUDA runtime's declarations, which generated code does not use).
std::vector<std::string> generated_code_options();

// The architecture kernels are compiled for: the first GPU's, else "sm_90a".
std::string target_arch();

}  // namespace kiln::backend::cuda
