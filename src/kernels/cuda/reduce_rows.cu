// Row reductions of x[R, C] over the last dimension (sum, max, min, prod in f32) -> out[R].
// Two strategies: a group of ROW_THREADS lanes (1..32, within one warp) per row for short rows,
// or whole blocks per row for long ones, a row optionally split over several blocks whose f32
// partials a second launch combines. Specialised by -DELEM, -DREDUCE_OP (SumOp, MaxOp, MinOp,
// ProdOp), -DBLOCK_THREADS, -DROW_THREADS and -DUNROLL (16-byte packs in flight per thread).

#include "ops/reduce.cuh"

typedef ELEM T;
typedef REDUCE_OP Op;

// ROW_THREADS lanes per row, BLOCK_THREADS / ROW_THREADS rows per block. Lanes past the last
// row still join the shuffles.
template <class In>
__device__ __forceinline__ void group_rows(const In* __restrict__ x, T* __restrict__ out, i64 R,
                                           i64 C) {
  constexpr int kRowsPerBlock = BLOCK_THREADS / ROW_THREADS;
  const int t = threadIdx.x % ROW_THREADS;
  const i64 row = static_cast<i64>(blockIdx.x) * kRowsPerBlock + threadIdx.x / ROW_THREADS;
  float v = row < R ? strided_reduce<Op, UNROLL>(x + row * C, C, t, ROW_THREADS)
                    : Op::identity();
  v = lanes_reduce<Op, ROW_THREADS>(v);
  if (row < R && t == 0) out[row] = from_float<T>(v);
}

extern "C" __global__ void __launch_bounds__(BLOCK_THREADS)
rows_group(const T* __restrict__ x, T* __restrict__ out, i64 R, i64 C) {
  group_rows(x, out, R, C);
}

// Pass 2 after rows_block with splits > 1: partials[R, splits] combined per row.
extern "C" __global__ void __launch_bounds__(BLOCK_THREADS)
rows_final(const float* __restrict__ partials, T* __restrict__ out, i64 R, i64 splits) {
  group_rows(partials, out, R, splits);
}

// Block b reduces part b % splits (columns [s * chunk, (s + 1) * chunk)) of row b / splits; with
// one split it writes out[row], else its f32 partial to partials[b] (layout [R, splits]).
extern "C" __global__ void __launch_bounds__(BLOCK_THREADS)
rows_block(const T* __restrict__ x, T* __restrict__ out, float* __restrict__ partials, i64 C,
           i64 chunk, int splits) {
  __shared__ float scratch[32];
  const i64 row = blockIdx.x / splits, begin = (blockIdx.x % splits) * chunk;
  i64 len = C - begin < chunk ? C - begin : chunk;
  len = len > 0 ? len : 0;
  const int t = threadIdx.x;
  const float v =
      block_reduce<Op>(strided_reduce<Op, UNROLL>(x + row * C + begin, len, t, BLOCK_THREADS),
                       scratch);
  if (threadIdx.x != 0) return;
  if (splits == 1) {
    out[row] = from_float<T>(v);
  } else {
    partials[blockIdx.x] = v;
  }
}
