// The filter copy of conv2d's cuDNN baseline (cudnn_conv2d_baselines.cpp): JAX's HWIO filter,
// a [R S C, K] matrix, transposed into cuDNN's channels-last KRSC ([K, R S C]), 16-bit elements
// moved as raw bits.
#include "vendor_baselines.h"

namespace kiln::baselines {
namespace {

constexpr int kTile = 32;

// One 32 x 32 tile a block of 32 x 8 threads, through shared memory (padded against bank
// conflicts) so that both the reads and the writes are coalesced.
__global__ void transpose_16bit(const unsigned short* __restrict__ in,
                                unsigned short* __restrict__ out, int64_t rows, int64_t cols) {
  __shared__ unsigned short tile[kTile][kTile + 1];
  const int64_t r0 = static_cast<int64_t>(blockIdx.y) * kTile,
                c0 = static_cast<int64_t>(blockIdx.x) * kTile;
  for (int i = threadIdx.y; i < kTile; i += blockDim.y) {
    const int64_t r = r0 + i, c = c0 + threadIdx.x;
    if (r < rows && c < cols) tile[i][threadIdx.x] = in[r * cols + c];
  }
  __syncthreads();
  for (int i = threadIdx.y; i < kTile; i += blockDim.y) {
    const int64_t c = c0 + i, r = r0 + threadIdx.x;
    if (r < rows && c < cols) out[c * rows + r] = tile[threadIdx.x][i];
  }
}

}  // namespace

Status transpose_filter(const Conv2dFilter& f, const void* in, void* out, cudaStream_t stream) {
  if (f.rows == 0 || f.cols == 0) return {};
  const dim3 grid(static_cast<unsigned>((f.cols + kTile - 1) / kTile),
                  static_cast<unsigned>((f.rows + kTile - 1) / kTile));
  transpose_16bit<<<grid, dim3(kTile, 8), 0, stream>>>(
      static_cast<const unsigned short*>(in), static_cast<unsigned short*>(out), f.rows, f.cols);
  return cuda_status(cudaGetLastError(), "transpose_filter");
}

}  // namespace kiln::baselines
