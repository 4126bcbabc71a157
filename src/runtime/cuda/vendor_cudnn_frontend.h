// libcudnn for the cuDNN frontend's dynamic-loading mode, opened once for the process, and what
// the frontend's services (vendor_cudnn_attention.cpp, vendor_cudnn_convolution.cpp) share: a
// cuDNN handle, a built graph's execution on a stream, the frontend's errors as values, cuDNN's
// version. Includes the frontend: only for the files CMakeLists.txt compiles with its include
// folder and NV_CUDNN_FRONTEND_USE_DYNAMIC_LOADING (each alone: it is heavy).
#pragma once

#include <cuda.h>
#include <cudnn_frontend.h>

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>

#include "runtime/cuda/vendor_library.h"

namespace kiln::cuda {

// The library from $KILN_CUDNN_LIBRARY, else libcudnn.so.9, .so, opened at the first call and
// set as the frontend's handle (cudnn_frontend::cudnn_dlhandle) before any frontend call can
// use it. Thread-safe. `component` prefixes the error (unavailable) when none opens; a failure
// is remembered, so later calls give the same error.
Expected<const SharedLibrary*> cudnn_frontend_library(const char* component);

// "cuda::<component>: <what>: <the frontend's message>", of kind unimplemented where cuDNN has
// no engine for the graph (not supported, no heuristic, no plan), invalid_argument for a
// missing or wrong attribute, internal otherwise.
Error cudnn_frontend_error(const std::string& component, cudnn_frontend::error_t e,
                           const std::string& what);

// Returns cudnn_frontend_error(component, ..., what) from the calling function where the
// frontend's `call` fails.
#define KILN_CUDNN_FE(component, call, what)                                            \
  do {                                                                                  \
    ::cudnn_frontend::error_t kiln_fe_status_ = (call);                                 \
    if (kiln_fe_status_.is_bad()) {                                                     \
      return ::kiln::cuda::cudnn_frontend_error(component, kiln_fe_status_, what);      \
    }                                                                                   \
  } while (0)

// One cuDNN handle, for the context current on the thread that creates it, shared by a
// service and the plans it prepares (each keeps it alive). Not thread-safe: one thread uses it
// at a time.
class CudnnHandle {
 public:
  // The library (cudnn_frontend_library) and a handle. `component` ("cudnn convolution")
  // prefixes every error of the handle. Errors: unavailable (no GPU: the driver's error, no
  // library, cudnnCreate failing).
  static Expected<std::shared_ptr<CudnnHandle>> create(std::string component);
  ~CudnnHandle();
  CudnnHandle(const CudnnHandle&) = delete;
  CudnnHandle& operator=(const CudnnHandle&) = delete;

  cudnnHandle_t get() const { return handle_; }
  const std::string& component() const { return component_; }

  // Enqueues `graph`'s chosen plan (built on this handle) on `stream`, its tensors at the
  // device addresses of `pack` (by uid), `workspace` of at least the graph's workspace size.
  // Errors: internal (cuDNN's or the frontend's message).
  Status execute(const cudnn_frontend::graph::Graph& graph,
                 std::unordered_map<int64_t, void*>& pack, CUdeviceptr workspace,
                 CUstream stream) const;

  // "cuDNN 9.13.0": the loaded library's version.
  static std::string version();

 private:
  CudnnHandle(std::string component, cudnnHandle_t handle);
  std::string component_;
  cudnnHandle_t handle_ = nullptr;
};

}  // namespace kiln::cuda
