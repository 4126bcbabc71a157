// libcudnn for the cuDNN frontend's dynamic-loading mode, opened once for the process and
// shared by the frontend's services (vendor_cudnn_attention.cpp, vendor_cudnn_convolution.cpp).
#pragma once

#include "runtime/cuda/vendor_library.h"

namespace kiln::cuda {

// The library from $KILN_CUDNN_LIBRARY, else libcudnn.so.9, .so, opened at the first call and
// set as the frontend's handle (cudnn_frontend::cudnn_dlhandle) before any frontend call can
// use it. Thread-safe. `component` prefixes the error (unavailable) when none opens; a failure
// is remembered, so later calls give the same error.
Expected<const SharedLibrary*> cudnn_frontend_library(const char* component);

}  // namespace kiln::cuda
