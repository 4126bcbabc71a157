// The vendor plugin's libraries, one table each (cub_*_baselines.cu, cublaslt_baselines.cpp,
// cublaslt_quant_gemv.cpp, cublaslt_fp8_baselines.cpp, cublaslt_moe_gemm.cpp, cudnn_baselines.cpp,
// cudnn_attention_baselines.cpp, cudnn_conv2d_baselines.cpp; cuBLASLt and cuDNN through the
// runtime's services, runtime/cuda/vendor_*.h), and the CUDA runtime helpers they share
// (vendor_plugin.cpp).
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <string>
#include <vector>

#include "baseline_plugin.h"
#include "runtime/cuda/vendor_library.h"
#include "support/error.h"

namespace kiln::baselines {

// CUB: sum/max/min/prod, *_rows and argmax/argmin (cub_reduce_baselines.cu); scans
// (cub_scan_baselines.cu); sort and sort_pairs (cub_sort_baselines.cu). CUB is header-only:
// its version is the one compiled in.
std::vector<Entry> cub_reduce_entries();
std::vector<Entry> cub_scan_entries();
std::vector<Entry> cub_sort_entries();
std::string cub_version();

// cuBLASLt: gemv, gemv_t, ceiling_gemm, gemm and gemm_nt. Without cuBLASLt (the service cannot open
// it), no entries and an empty version.
std::vector<Entry> cublaslt_entries();
std::string cublaslt_version();

// cuBLASLt after a dequantization kernel (cublaslt_quant_gemv.cpp): gemv_w4 and gemv_w8. Empty
// without cuBLASLt.
std::vector<Entry> cublaslt_quant_entries();

// cuBLASLt's fp8 GEMM with per-tensor scales (cublaslt_fp8_baselines.cpp): gemm_fp8 and
// gemm_fp8_f32. Empty without cuBLASLt.
std::vector<Entry> cublaslt_fp8_entries();
// cuBLASLt per expert (cublaslt_moe_gemm.cpp): moe_gemm and moe_gemm_nt, a loop of one
// cublasLtMatmul per expert's rows. Empty without cuBLASLt.
std::vector<Entry> cublaslt_moe_entries();

// W's codes, scales and zero points as src/kernels/cuda/quant_gemv.cpp lays them out (device
// pointers; `dtype` that of the scales, zero points and output).
struct QuantWeights {
  int bits = 4, dtype = KILN_BASELINE_BF16;
  int64_t n = 0, k = 0, group = 32;
  const void* words = nullptr;
  const void* scales = nullptr;
  const void* zeros = nullptr;
};
// Enqueues out [N, K] = (q - z) s, in f32 rounded once to the dtype (quant_gemv_dequant.cu).
Status dequantize_weights(const QuantWeights& q, void* out, cudaStream_t stream);

// cuDNN's convolution forward through the cuDNN frontend: conv2d (cudnn_conv2d_baselines.cpp),
// NHWC. None in a plugin built without the frontend's headers (cudnn_conv2d_baselines_none.cpp).
std::vector<Entry> cudnn_conv2d_entries();

// A [rows, cols] matrix of 16-bit elements: conv2d's HWIO filter as [R S C, K].
struct Conv2dFilter {
  int64_t rows = 0, cols = 0;
};
// Enqueues out [cols, rows] = the transpose of in [rows, cols] (device pointers, 16-bit
// elements; conv2d_filter_transpose.cu): the filter in cuDNN's KRSC layout.
Status transpose_filter(const Conv2dFilter& f, const void* in, void* out, cudaStream_t stream);

// cuDNN's legacy API: softmax, activations, add/sub/mul/min/max. Without cuDNN, no entries
// and an empty version.
std::vector<Entry> cudnn_entries();
std::string cudnn_version();

// cuDNN's fused attention (the cuDNN frontend's SDPA): flash_attention and its causal and
// logsumexp variants (cudnn_attention_baselines.cpp). Without cuDNN they are UNSUPPORTED at
// prepare; a plugin built without the frontend's headers has none
// (cudnn_attention_baselines_none.cpp).
std::vector<Entry> cudnn_attention_entries();

inline cudaStream_t stream_of(const KilnBaselineCall& call) {
  return static_cast<cudaStream_t>(call.stream);
}

// The runtime services' type of a floating dtype (the table entries admit no other).
inline cuda::FloatType float_type(int dtype) {
  switch (dtype) {
    case KILN_BASELINE_F16:
      return cuda::FloatType::kF16;
    case KILN_BASELINE_BF16:
      return cuda::FloatType::kBF16;
    default:
      return cuda::FloatType::kF32;
  }
}

// An ERROR carrying a runtime service's message ("cuda::cublaslt: ...").
inline Status from_error(const Error& e) { return Status::error(e.message()); }

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
