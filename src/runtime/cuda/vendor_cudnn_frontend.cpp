// The process's libcudnn for the cuDNN frontend (its dynamic-loading mode reads cuDNN's symbols
// through cudnn_frontend::cudnn_dlhandle, defined here, once for every file that includes it).
#include "runtime/cuda/vendor_cudnn_frontend.h"

#include <mutex>

// The frontend's handle (declared by cudnn_frontend_shim.h); set once, before the first frontend
// call, to kiln's libcudnn.
namespace cudnn_frontend {
void* cudnn_dlhandle = nullptr;
}  // namespace cudnn_frontend

namespace kiln::cuda {

Expected<const SharedLibrary*> cudnn_frontend_library(const char* component) {
  static std::once_flag once;
  static Expected<SharedLibrary> lib = Error::internal("cuda: not loaded");
  std::call_once(once, [&] {
    lib = SharedLibrary::open(component, "cuDNN",
                              library_candidates("KILN_CUDNN_LIBRARY",
                                                 {"libcudnn.so.9", "libcudnn.so"}));
    if (lib.ok()) cudnn_frontend::cudnn_dlhandle = lib->native_handle();
  });
  if (!lib.ok()) return lib.error();
  return &*lib;
}

}  // namespace kiln::cuda
