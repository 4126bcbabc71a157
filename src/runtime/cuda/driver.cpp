// Loading the CUDA driver at run time.
#include "runtime/cuda/driver.h"

#include <dlfcn.h>

#include <mutex>

namespace kiln::cuda {

namespace {

Expected<const Driver*> load() {
  void* lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    const char* why = dlerror();
    return Error::unavailable(std::string("cuda: no CUDA driver: ") + (why ? why : "libcuda.so.1 not found"));
  }
  static Driver d;
  // Each call is loaded under the symbol cuda.h maps its name to (cuMemAlloc is
  // cuMemAlloc_v2), so that the pointer has the type the header declares: guessing "_v2"
  // would bind cuCtxSynchronize to CUDA 13's cuCtxSynchronize_v2(CUcontext).
#define KILN_CUDA_SYMBOL_TEXT(x) #x
#define KILN_CUDA_SYMBOL(x) KILN_CUDA_SYMBOL_TEXT(x)
#define KILN_CUDA_DRIVER_FN(name)                                                      \
  {                                                                                    \
    void* sym = dlsym(lib, KILN_CUDA_SYMBOL(name));                                    \
    if (!sym) return Error::unavailable("cuda: the CUDA driver lacks " #name "; update the driver"); \
    d.name = reinterpret_cast<decltype(d.name)>(sym);                                  \
  }
#define KILN_CUDA_DRIVER_FN_OPTIONAL(name) \
  d.name = reinterpret_cast<decltype(d.name)>(dlsym(lib, KILN_CUDA_SYMBOL(name)));
#include "runtime/cuda/driver_functions.inc"
#undef KILN_CUDA_DRIVER_FN_OPTIONAL
#undef KILN_CUDA_DRIVER_FN
  if (CUresult r = d.cuInit(0); r != CUDA_SUCCESS) {
    // cuGetErrorName works before a successful cuInit.
    const char* name = nullptr;
    d.cuGetErrorName(r, &name);
    return Error::unavailable(std::string("cuda: cuInit: ") + (name ? name : "error") +
                 (r == CUDA_ERROR_NO_DEVICE ? " (no CUDA-capable device is detected)" : ""));
  }
  d.cuDriverGetVersion(&d.version);
  if (d.version < 12000) {
    return Error::unavailable("cuda: driver version " + std::to_string(d.version / 1000) + "." +
                 std::to_string(d.version % 1000 / 10) + " is too old; kiln needs CUDA 12 or newer");
  }
  return &d;
}

}  // namespace

Expected<const Driver*> driver() {
  static std::once_flag once;
  static Expected<const Driver*> loaded = Error::internal("cuda: not loaded");
  std::call_once(once, [] { loaded = load(); });
  return loaded;
}

Error driver_error(const char* call, CUresult result) {
  const char* name = "CUDA_ERROR_UNKNOWN";
  const char* text = "";
  auto d = driver();
  if (d.ok()) {
    (*d)->cuGetErrorName(result, &name);
    (*d)->cuGetErrorString(result, &text);
  }
  std::string message = std::string("cuda::") + call + ": " + name + " (" + (text ? text : "") + ")";
  if (result == CUDA_ERROR_OUT_OF_MEMORY) return Error::out_of_memory(std::move(message));
  if (result == CUDA_ERROR_NO_DEVICE || result == CUDA_ERROR_INVALID_DEVICE) {
    return Error::unavailable(std::move(message));
  }
  return Error::internal(std::move(message));
}

}  // namespace kiln::cuda
