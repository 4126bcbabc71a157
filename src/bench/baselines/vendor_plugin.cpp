// The vendor plugin (libkiln_baselines_vendor.so): its table joins the CUB, cuBLASLt and cuDNN
// tables, its version names the three libraries; and the CUDA runtime helpers they share.
#include <string>
#include <vector>

#include "vendor_baselines.h"

namespace kiln::baselines {

Status cuda_status(cudaError_t e, const char* what) {
  if (e == cudaSuccess) return {};
  return Status::error(std::string("cuda: ") + what + ": " + cudaGetErrorString(e));
}

DeviceBuffer::~DeviceBuffer() {
  if (data_ != nullptr) cudaFree(data_);
}

Status DeviceBuffer::allocate(size_t bytes) {
  if (bytes == 0) bytes = 1;
  Status s = cuda_status(cudaMalloc(&data_, bytes), "cudaMalloc");
  if (s.ok()) size_ = bytes;
  return s;
}

Status make_row_offsets(DeviceBuffer& buffer, int rows, int cols) {
  std::vector<int> offsets(static_cast<size_t>(rows) + 1);
  for (int r = 0; r <= rows; ++r) offsets[r] = r * cols;
  Status s = buffer.allocate(offsets.size() * sizeof(int));
  if (!s.ok()) return s;
  return cuda_status(cudaMemcpy(buffer.get(), offsets.data(), offsets.size() * sizeof(int),
                                cudaMemcpyHostToDevice),
                     "cudaMemcpy");
}

const char* plugin_library() { return "vendor"; }

std::string plugin_version() {
  std::string version = cub_version();
  for (const std::string& v : {cublaslt_version(), cudnn_version()}) {
    if (!v.empty()) version += ", " + v;
  }
  return version;
}

std::vector<Entry> plugin_entries() {
  std::vector<Entry> entries;
  for (auto* table :
       {cub_reduce_entries, cub_scan_entries, cub_sort_entries, cublaslt_entries,
        cublaslt_quant_entries, cublaslt_fp8_entries, cublaslt_moe_entries, cudnn_entries,
        cudnn_attention_entries, cudnn_conv2d_entries}) {
    for (Entry& e : table()) entries.push_back(std::move(e));
  }
  return entries;
}

}  // namespace kiln::baselines
