// A compiled cuda executable as bytes: the payload of a saved executable (saved_executable.h)
// holding the lowered program, every module's cubin and what they were built for.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "backend/cuda/executable.h"
#include "backend/cuda/program.h"
#include "backend/saved_executable.h"
#include "ir/operation.h"
#include "runtime/cuda/nvrtc.h"

namespace kiln::backend::cuda {

// What a cuda payload holds.
struct CudaPayload {
  std::string arch;      // the GPU architecture the cubins are for ("sm_90a")
  int cuda_version = 0;  // the CUDA toolkit kiln was built with (CUDA_VERSION, e.g. 12080)
  LoweredProgram program;
  std::vector<::kiln::cuda::Cubin> cubins;  // one per module; their log and cache path not kept
};

// The payload's bytes. `module` is the module `program` was lowered from: a HostCheckStep
// names its op by its place in the module's walk (pre-order from the top op) and its name.
// Errors: internal when a HostCheckStep's op is not in `module`.
Expected<std::string> encode_cuda_payload(const LoweredProgram& program,
                                          const std::vector<::kiln::cuda::Cubin>& cubins,
                                          const std::string& arch, const ir::Module& module);

// Reads a payload back over `module` (the saved program parsed again, or the module it was
// lowered from): the entry's types must be the program's, each HostCheckStep's op is found at
// its place (of the same name). Errors (invalid_argument) starting "kiln: NAME: ": truncated or
// out-of-range fields (the byte), a CUDA version other than this kiln's, a program that does
// not match `module` (what differs). Nothing past the end of `payload` is read.
Expected<CudaPayload> decode_cuda_payload(std::string_view payload, const ir::Module& module,
                                          const std::string& entry, const std::string& name);

// Writes `path`: the envelope (saved_executable.h) with `module` printed (locations kept) and
// the payload of `program` and `cubins` (compiled for `arch`). Errors: encode_cuda_payload's,
// write_file_bytes's.
Status save_cuda_executable(const std::string& path, const ir::Module& module,
                            const std::string& entry, const LoweredProgram& program,
                            const std::vector<::kiln::cuda::Cubin>& cubins,
                            const std::string& arch);

// The executable `saved` holds over `module` (saved.program_text parsed and verified; it must
// outlive the executable). `device_arch` is this machine's GPU's architecture, "" without one.
// Errors: decode_cuda_payload's; invalid_argument "kiln: NAME: built for sm_90a; this
// machine's GPU is sm_80 (compile the program again on it)".
Expected<std::unique_ptr<CudaExecutable>> load_cuda_executable(const SavedExecutable& saved,
                                                               const ir::Module& module,
                                                               const std::string& device_arch);

// The CUDA version kiln was built with, as "12.8".
std::string cuda_version_name(int version);

}  // namespace kiln::backend::cuda
