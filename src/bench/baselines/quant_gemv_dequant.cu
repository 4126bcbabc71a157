// The dequantization step of the cuBLASLt baselines of gemv_w4 and gemv_w8
// (cublaslt_quant_gemv.cpp): W's codes, scales and zero points (src/kernels/cuda/quant_gemv.cpp
// gives the layout) into a dense W [N, K] of the activation type, as a user without a fused
// kernel would write it before calling cublasLtMatmul.
#include <algorithm>

#include "cub_common.cuh"

namespace kiln::baselines {
namespace {

// One thread per 32-bit word of W: its 32 / BITS codes k0 .. k0 + 32 / BITS - 1 of one row,
// all in one group (the group is a multiple of 8 codes), each (q - z) s in f32, rounded once.
template <class T, int kBits>
__global__ void dequantize(const unsigned* __restrict__ w, const T* __restrict__ scales,
                           const T* __restrict__ zeros, T* __restrict__ out, int64_t words,
                           int64_t words_per_row, int64_t groups, int64_t group) {
  constexpr int kPerWord = 32 / kBits;
  constexpr unsigned kMask = (1u << kBits) - 1;
  for (int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x; i < words;
       i += static_cast<int64_t>(gridDim.x) * blockDim.x) {
    const int64_t row = i / words_per_row, k0 = (i % words_per_row) * kPerWord;
    const int64_t g = row * groups + k0 / group;
    const float s = static_cast<float>(scales[g]), z = static_cast<float>(zeros[g]);
    const unsigned word = w[i];
    T* o = out + i * kPerWord;
#pragma unroll
    for (int j = 0; j < kPerWord; ++j) {
      o[j] = static_cast<T>((static_cast<float>((word >> (kBits * j)) & kMask) - z) * s);
    }
  }
}

}  // namespace

Status dequantize_weights(const QuantWeights& q, void* out, cudaStream_t stream) {
  const int64_t per_word = 32 / q.bits, words = q.n * q.k / per_word;
  if (words == 0) return {};
  const int64_t words_per_row = q.k / per_word, groups = q.k / q.group;
  const auto blocks = static_cast<unsigned>(std::min<int64_t>((words + 255) / 256, 1 << 20));
  return dispatch_float(q.dtype, [&](auto tag) -> Status {
    using T = typename decltype(tag)::type;
    const auto* w = static_cast<const unsigned*>(q.words);
    const auto* s = static_cast<const T*>(q.scales);
    const auto* z = static_cast<const T*>(q.zeros);
    auto* o = static_cast<T*>(out);
    if (q.bits == 4) {
      dequantize<T, 4><<<blocks, 256, 0, stream>>>(w, s, z, o, words, words_per_row, groups,
                                                   q.group);
    } else {
      dequantize<T, 8><<<blocks, 256, 0, stream>>>(w, s, z, o, words, words_per_row, groups,
                                                   q.group);
    }
    return cuda_status(cudaGetLastError(), "dequantize");
  });
}

}  // namespace kiln::baselines
