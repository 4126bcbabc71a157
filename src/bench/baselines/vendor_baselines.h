// The vendor plugin's libraries, one table each (cub_*_baselines.cu, cublas_baselines.cpp,
// cudnn_baselines.cpp or its stub), and the CUDA runtime helpers they share
// (vendor_plugin.cpp).
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <string>
#include <vector>

#include "baseline_plugin.h"

namespace kiln::baselines {

// CUB: sum/max/min/prod, *_rows and argmax/argmin (cub_reduce_baselines.cu); scans
// (cub_scan_baselines.cu); sort and sort_pairs (cub_sort_baselines.cu). CUB is header-only:
// its version is the one compiled in.
std::vector<Entry> cub_reduce_entries();
std::vector<Entry> cub_scan_entries();
std::vector<Entry> cub_sort_entries();
std::string cub_version();

// cuBLAS: gemv, gemv_t and ceiling_gemm.
std::vector<Entry> cublas_entries();
std::string cublas_version();

// cuDNN's legacy API: softmax, activations, add/sub/mul/min/max. Without cuDNN the stub
// returns no entries and an empty version.
std::vector<Entry> cudnn_entries();
std::string cudnn_version();

inline cudaStream_t stream_of(const KilnBaselineCall& call) {
  return static_cast<cudaStream_t>(call.stream);
}

// OK, or an ERROR "cuda: <what>: <the runtime's message>".
Status cuda_status(cudaError_t e, const char* what);

// Device memory owned by a prepared call (cudaMalloc in allocate, cudaFree when destroyed).
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  ~DeviceBuffer();

  // Allocates `bytes` (at least 1, so that get() is never null); call once.
  Status allocate(size_t bytes);
  void* get() const { return data_; }
  size_t size() const { return size_; }

 private:
  void* data_ = nullptr;
  size_t size_ = 0;
};

// Offsets 0, C, 2C, ..., R*C of R rows of C elements, in device memory: the begin and end
// offsets of CUB's segmented algorithms.
Status make_row_offsets(DeviceBuffer& buffer, int rows, int cols);

}  // namespace kiln::baselines
