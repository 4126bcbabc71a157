// The row reduction of the row-wise kernels (softmax, logsumexp, layer and RMS norm): a row
// belongs to a group of kThreads threads, 1..32 lanes of one warp (shuffles) or the whole block
// (shuffles, then shared memory), and each thread's partial is combined over the group.
#pragma once

#include "ops/reduce.cuh"

// The group's combined value, returned to every thread of the group. kThreads is a power of
// two <= 32 (a group within a warp, every lane of the warp taking part) or blockDim.x (more
// than 32; `scratch` then holds 32 floats, and the call starts and ends with a barrier).
template <class Op, int kThreads>
__device__ __forceinline__ float row_reduce(float v, float* scratch) {
  if constexpr (kThreads > 32) {
    return block_reduce<Op>(v, scratch);
  } else {
    (void)scratch;
    return lanes_reduce<Op, kThreads>(v);
  }
}

template <int kThreads>
__device__ __forceinline__ float row_sum(float v, float* scratch) {
  return row_reduce<AddCombiner, kThreads>(v, scratch);
}
// With fmaxf: a NaN loses here and shows in the row's sums instead (MaxNumCombiner).
template <int kThreads>
__device__ __forceinline__ float row_max(float v, float* scratch) {
  return row_reduce<MaxNumCombiner, kThreads>(v, scratch);
}
