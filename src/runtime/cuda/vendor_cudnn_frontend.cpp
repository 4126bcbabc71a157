// The process's libcudnn for the cuDNN frontend (its dynamic-loading mode reads cuDNN's symbols
// through cudnn_frontend::cudnn_dlhandle, defined here, once for every file that includes it),
// and the handle, execution, errors and version its services share.
#include "runtime/cuda/vendor_cudnn_frontend.h"

#include <exception>
#include <mutex>

#include "runtime/cuda/driver.h"

// The frontend's handle (declared by cudnn_frontend_shim.h); set once, before the first frontend
// call, to kiln's libcudnn.
namespace cudnn_frontend {
void* cudnn_dlhandle = nullptr;
}  // namespace cudnn_frontend

namespace kiln::cuda {

namespace fe = cudnn_frontend;

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

Error cudnn_frontend_error(const std::string& component, fe::error_t e,
                           const std::string& what) {
  std::string message = "cuda::" + component + ": " + what + ": " + e.get_message();
  switch (e.get_code()) {
    case fe::error_code_t::GRAPH_NOT_SUPPORTED:
    case fe::error_code_t::HEURISTIC_QUERY_FAILED:
    case fe::error_code_t::GRAPH_EXECUTION_PLAN_CREATION_FAILED:
      return Error::unimplemented(message);
    case fe::error_code_t::ATTRIBUTE_NOT_SET:
    case fe::error_code_t::INVALID_VALUE:
      return Error::invalid_argument(message);
    default:
      return Error::internal(message);
  }
}

CudnnHandle::CudnnHandle(std::string component, cudnnHandle_t handle)
    : component_(std::move(component)), handle_(handle) {}

CudnnHandle::~CudnnHandle() {
  if (handle_ != nullptr) fe::detail::destroy_handle(handle_);
}

Expected<std::shared_ptr<CudnnHandle>> CudnnHandle::create(std::string component) {
  KILN_CHECK_OK(driver());  // without a GPU, say so before cuDNN's own failure
  KILN_TRY(const SharedLibrary* lib, cudnn_frontend_library(component.c_str()));
  (void)lib;
  cudnnHandle_t handle = nullptr;
  try {
    cudnnStatus_t s = fe::detail::create_handle(&handle);
    if (s != CUDNN_STATUS_SUCCESS) {
      return Error::unavailable("cuda::" + component + ": cudnnCreate: " +
                                fe::detail::get_error_string(s));
    }
  } catch (const std::exception& e) {
    return Error::unavailable("cuda::" + component + ": " + e.what());
  }
  return std::shared_ptr<CudnnHandle>(new CudnnHandle(std::move(component), handle));
}

Status CudnnHandle::execute(const fe::graph::Graph& graph,
                            std::unordered_map<int64_t, void*>& pack, CUdeviceptr workspace,
                            CUstream stream) const {
  try {
    cudnnStatus_t s = fe::detail::set_stream(handle_, reinterpret_cast<cudaStream_t>(stream));
    if (s != CUDNN_STATUS_SUCCESS) {
      return Error::internal("cuda::" + component_ + ": cudnnSetStream: " +
                             fe::detail::get_error_string(s));
    }
    KILN_CUDNN_FE(component_, graph.execute(handle_, pack, reinterpret_cast<void*>(workspace)),
                  "execute");
  } catch (const std::exception& e) {
    return Error::internal("cuda::" + component_ + ": execute: " + e.what());
  }
  return ok_status();
}

std::string CudnnHandle::version() {
  size_t v = fe::detail::get_backend_version();
  return "cuDNN " + std::to_string(v / 10000) + "." + std::to_string(v % 10000 / 100) + "." +
         std::to_string(v % 100);
}

}  // namespace kiln::cuda
