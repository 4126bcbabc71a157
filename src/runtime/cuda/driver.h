// The CUDA driver API, loaded at run time (dlopen of libcuda.so.1), so that kiln runs — and
// reports a clear error — on machines without a GPU or driver. Every call's failure becomes
// an Error naming the call and CUDA's own message.
#pragma once

#include <cuda.h>

#include <string>

#include "support/error.h"

namespace kiln::cuda {

// Function pointers of the driver entry points kiln uses.
struct Driver {
#define KILN_CUDA_DRIVER_FN(name) decltype(&::name) name = nullptr;
#define KILN_CUDA_DRIVER_FN_OPTIONAL(name) KILN_CUDA_DRIVER_FN(name)
#include "runtime/cuda/driver_functions.inc"
#undef KILN_CUDA_DRIVER_FN_OPTIONAL
#undef KILN_CUDA_DRIVER_FN
  int version = 0;  // cuDriverGetVersion, e.g. 13000
};

// The loaded and initialised driver (cuInit done), or why it is unavailable:
// "cuda: no CUDA driver: libcuda.so.1: cannot open shared object file", "cuda: cuInit:
// CUDA_ERROR_NO_DEVICE (no CUDA-capable device is detected)". Thread-safe; loads once.
Expected<const Driver*> driver();

// "cuda::<call>: CUDA_ERROR_X (message)" for a failed driver call.
Error driver_error(const char* call, CUresult result);

}  // namespace kiln::cuda

// Calls a driver function through the loaded table; on failure returns the error from the
// enclosing function (which must return Expected/Status).
#define KILN_CU(drv, call, ...)                                           \
  do {                                                                    \
    CUresult kiln_cu_result_ = (drv)->call(__VA_ARGS__);                  \
    if (kiln_cu_result_ != CUDA_SUCCESS) {                                \
      return ::kiln::cuda::driver_error(#call, kiln_cu_result_);          \
    }                                                                     \
  } while (0)
