// Reductions over every element (sum, max, min, prod): per-block partials, then one block
// combines them. Specialised by -DELEM (element type), -DREDUCE_OP (SumOp, MaxOp, MinOp,
// ProdOp), -DBLOCK_THREADS and -DUNROLL (16-byte packs in flight per thread).
// Deterministic: the grid and every combining order are fixed, no atomics.

#include "ops/reduce.cuh"

typedef ELEM T;
typedef REDUCE_OP Op;

// One block reduces x[0, n) (n may be 0: the identity) and writes out[0].
template <class In>
__device__ __forceinline__ void block_finish(const In* __restrict__ x, T* __restrict__ out,
                                             i64 n) {
  __shared__ float scratch[32];
  const i64 t = threadIdx.x, threads = blockDim.x;
  float v = block_reduce<Op>(strided_reduce<Op, UNROLL>(x, n, t, threads), scratch);
  if (threadIdx.x == 0) out[0] = from_float<T>(v);
}

// Pass 1: block b writes its combined share of x to partials[b].
extern "C" __global__ void __launch_bounds__(BLOCK_THREADS)
reduce_partials(const T* __restrict__ x, float* __restrict__ partials, i64 n) {
  __shared__ float scratch[32];
  const i64 w = static_cast<i64>(blockIdx.x) * blockDim.x + threadIdx.x;
  const i64 workers = static_cast<i64>(gridDim.x) * blockDim.x;
  const float v = block_reduce<Op>(strided_reduce<Op, UNROLL>(x, n, w, workers), scratch);
  if (threadIdx.x == 0) partials[blockIdx.x] = v;
}

// Pass 2 (one block): the partials combined, rounded to T.
extern "C" __global__ void __launch_bounds__(BLOCK_THREADS)
reduce_final(const float* __restrict__ partials, T* __restrict__ out, i64 count) {
  block_finish(partials, out, count);
}

// Small inputs, empty ones included, in one launch of one block.
extern "C" __global__ void __launch_bounds__(BLOCK_THREADS)
reduce_single(const T* __restrict__ x, T* __restrict__ out, i64 n) {
  block_finish(x, out, n);
}
