// Column reductions of x[R, C] over the first dimension (sum, max, min, prod in f32) -> out[C].
// A block is COL_LANES packs of 16 bytes wide (narrow matrices: a warp spans several whole rows)
// and BLOCK_THREADS / COL_LANES rows tall; it walks down a range of rows, UNROLL rows in flight
// per thread, then combines its rows in shared memory. When the columns alone cannot fill the
// GPU the rows are split over gridDim.y blocks and a second launch combines their f32 partials
// the same way, in order. Specialised by -DELEM, -DREDUCE_OP (SumOp, MaxOp, MinOp, ProdOp),
// -DBLOCK_THREADS, -DCOL_LANES and -DUNROLL.

#include "ops/reduce.cuh"

typedef ELEM T;
typedef REDUCE_OP Op;
constexpr int kTall = BLOCK_THREADS / COL_LANES;  // rows a block reads at once

// acc[k] combined with one pack's values.
template <class In>
__device__ __forceinline__ void add_row(float (&acc)[Pack<In>::kSize], const Pack<In>& v) {
#pragma unroll
  for (int k = 0; k < Pack<In>::kSize; ++k) acc[k] = Op::combine(acc[k], to_float(v.v[k]));
}

// Columns c0 .. c0 + kPack - 1 of row r; elements past C (or the whole pack when c0 >= C) are
// left as they are and never used. `vector`: rows are 16-byte aligned, C % kPack == 0.
template <class In>
__device__ __forceinline__ Pack<In> load_cols(const In* __restrict__ x, i64 r, i64 c0, i64 C,
                                              bool vector) {
  constexpr int kPack = Pack<In>::kSize;
  Pack<In> v;
  if (vector) {
    if (c0 < C) v = load_pack_stream(x + r * C + c0);
  } else {
#pragma unroll
    for (int k = 0; k < kPack; ++k) {
      if (c0 + k < C) v.v[k] = x[r * C + c0 + k];
    }
  }
  return v;
}

// Block (bx, s) combines rows [s * rows_per_split, (s + 1) * rows_per_split) of the COL_LANES
// packs of columns from bx * COL_LANES * kPack: thread (tx, ty) = (threadIdx.x % COL_LANES,
// threadIdx.x / COL_LANES) takes column pack tx and rows ty, ty + kTall, ... (UNROLL in flight),
// then the block's kTall partials of each column are combined in order ty = 0, 1, ...
// With one split it writes out (rounded to T), else partials[s, c] (f32, layout [splits, C]).
template <class In>
__device__ __forceinline__ void reduce_columns(const In* __restrict__ x, T* __restrict__ out,
                                               float* __restrict__ partials, i64 R, i64 C,
                                               i64 rows_per_split) {
  constexpr int kPack = Pack<In>::kSize, kWidth = COL_LANES * kPack;
  __shared__ float tile[kTall][kWidth + 1];
  const int tx = threadIdx.x % COL_LANES, ty = threadIdx.x / COL_LANES;
  const i64 c0 = (static_cast<i64>(blockIdx.x) * COL_LANES + tx) * kPack;
  const i64 r_begin = blockIdx.y * rows_per_split;
  const i64 r_end = r_begin + rows_per_split < R ? r_begin + rows_per_split : R;
  const bool vector = C % kPack == 0 && is_aligned16(x);
  float acc[kPack];
#pragma unroll
  for (int k = 0; k < kPack; ++k) acc[k] = Op::identity();
  i64 r = r_begin + ty;
  for (; r + (UNROLL - 1) * kTall < r_end; r += UNROLL * kTall) {
    Pack<In> v[UNROLL];
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) v[u] = load_cols(x, r + u * kTall, c0, C, vector);
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) add_row<In>(acc, v[u]);
  }
  for (; r < r_end; r += kTall) add_row<In>(acc, load_cols(x, r, c0, C, vector));
#pragma unroll
  for (int k = 0; k < kPack; ++k) tile[ty][tx * kPack + k] = acc[k];
  __syncthreads();
  for (int i = threadIdx.x; i < kWidth; i += BLOCK_THREADS) {
    const i64 c = static_cast<i64>(blockIdx.x) * kWidth + i;
    if (c >= C) continue;
    float v = tile[0][i];
    for (int y = 1; y < kTall; ++y) v = Op::combine(v, tile[y][i]);
    if (gridDim.y == 1) {
      out[c] = from_float<T>(v);
    } else {
      partials[blockIdx.y * C + c] = v;
    }
  }
}

// Pass 1 (or the only pass, with one split).
extern "C" __global__ void __launch_bounds__(BLOCK_THREADS)
cols_partial(const T* __restrict__ x, T* __restrict__ out, float* __restrict__ partials, i64 R,
             i64 C, i64 rows_per_split) {
  reduce_columns(x, out, partials, R, C, rows_per_split);
}

// Pass 2: the partials [splits, C] reduced the same way, in one split: out[c] combines
// partials[0 .. splits - 1, c] in order.
extern "C" __global__ void __launch_bounds__(BLOCK_THREADS)
cols_final(const float* __restrict__ partials, T* __restrict__ out, i64 splits, i64 C) {
  reduce_columns(partials, out, nullptr, splits, C, splits);
}
