// Column reductions of x[R, C] over the first dimension (sum, max, min, prod in f32) -> out[C].
// A block is COL_LANES packs of 16 bytes wide (narrow matrices: a warp spans several whole rows)
// and BLOCK_THREADS / COL_LANES rows tall; it walks down a range of rows, UNROLL rows in flight
// per thread (held raw: four registers a load, ops/raw_pack.cuh), then combines its rows in
// shared memory. When the columns alone cannot fill the GPU the rows are split over gridDim.y
// blocks whose f32 partials the last block of each column tile combines the same way, in order,
// in the same launch. Specialised by -DELEM, -DREDUCE_OP (SumOp, MaxOp, MinOp, ProdOp),
// -DBLOCK_THREADS, -DCOL_LANES, -DUNROLL and -DMIN_BLOCKS (the blocks resident per SM the plan
// counts on: the launch bounds cap the registers to fit them).

#include "ops/raw_pack.cuh"
#include "ops/reduce.cuh"

#ifndef MIN_BLOCKS
#define MIN_BLOCKS 1
#endif

typedef ELEM T;
typedef REDUCE_OP Op;
constexpr int kTall = BLOCK_THREADS / COL_LANES;  // rows a block reads at once
constexpr int kPack = RawPack<T>::kSize;          // columns of a thread
constexpr int kWidth = COL_LANES * kPack;         // columns of a block

// A thread's kPack accumulators.
struct Acc {
  float v[kPack];
};

__device__ __forceinline__ Acc identity_acc() {
  Acc a;
#pragma unroll
  for (int k = 0; k < kPack; ++k) a.v[k] = Op::identity();
  return a;
}

// acc combined with one pack's values (a pack of In holds kPack or, for f32 partials of a
// 16-bit T, kPack / 2 columns: element `first` + k of acc takes element k of the pack).
template <class In>
__device__ __forceinline__ void add_pack(Acc& acc, const RawPack<In>& v, int first = 0) {
#pragma unroll
  for (int k = 0; k < RawPack<In>::kSize; ++k)
    acc.v[first + k] = Op::combine(acc.v[first + k], raw_get(v, k));
}

// Columns c0 .. c0 + kPack - 1 of row r, held raw; elements past C (or the whole pack when
// c0 >= C) are left undefined and never used. `vector`: rows are 16-byte aligned, C % kPack == 0.
__device__ __forceinline__ RawPack<T> load_cols(const T* __restrict__ x, i64 r, i64 c0, i64 C,
                                                bool vector) {
  RawPack<T> v;
  if (vector) {
    if (c0 < C) v = load_raw_stream(x + r * C + c0);  // evict-first: read once
  } else {
    v = {};
#pragma unroll
    for (int k = 0; k < kPack; ++k) {
      if (c0 + k < C) raw_put(v, k, x[r * C + c0 + k]);
    }
  }
  return v;
}

// Thread (tx, ty) = (threadIdx.x % COL_LANES, threadIdx.x / COL_LANES) of block (bx, s) takes
// column pack tx of the block's columns and rows r_begin + ty, + kTall, ... below r_end,
// UNROLL rows loaded before the first is combined.
__device__ __forceinline__ Acc thread_columns(const T* __restrict__ x, i64 C, i64 c0, i64 r_begin,
                                              i64 r_end, int ty) {
  const bool vector = C % kPack == 0 && is_aligned16(x);
  Acc acc = identity_acc();
  i64 r = r_begin + ty;
  for (; r + (UNROLL - 1) * kTall < r_end; r += UNROLL * kTall) {
    RawPack<T> v[UNROLL];
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) v[u] = load_cols(x, r + u * kTall, c0, C, vector);
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) add_pack(acc, v[u]);
  }
  for (; r < r_end; r += kTall) add_pack(acc, load_cols(x, r, c0, C, vector));
  return acc;
}

// The block's kTall accumulators of each column combined in order ty = 0, 1, ... through
// shared memory; column c of the block's tile goes to out[c] (rounded to T) when `to_out`, else
// to partials[blockIdx.y * C + c]. Starts with the block's writes to the tile: a second call
// needs a barrier between.
__device__ __forceinline__ void combine_block(const Acc& acc, T* __restrict__ out,
                                              float* __restrict__ partials, i64 C, bool to_out) {
  __shared__ float tile[kTall][kWidth + 1];
  const int tx = threadIdx.x % COL_LANES, ty = threadIdx.x / COL_LANES;
#pragma unroll
  for (int k = 0; k < kPack; ++k) tile[ty][tx * kPack + k] = acc.v[k];
  __syncthreads();
  for (int i = threadIdx.x; i < kWidth; i += BLOCK_THREADS) {
    const i64 c = static_cast<i64>(blockIdx.x) * kWidth + i;
    if (c >= C) continue;
    float v = tile[0][i];
    for (int y = 1; y < kTall; ++y) v = Op::combine(v, tile[y][i]);
    if (to_out) {
      out[c] = from_float<T>(v);
    } else {
      partials[blockIdx.y * C + c] = v;
    }
  }
}

// Partials c0 .. c0 + kPack - 1 of split s as kPack / 4 raw f32 packs (read through L2: other
// SMs wrote them); those past C undefined. `vector`: C % 4 == 0 (the rows 16-byte aligned).
struct PartialPacks {
  RawPack<float> q[kPack / 4];
};
__device__ __forceinline__ PartialPacks load_partials(const float* __restrict__ partials, i64 s,
                                                      i64 c0, i64 C, bool vector) {
  PartialPacks p;
  const float* row = partials + s * C + c0;
#pragma unroll
  for (int q = 0; q < kPack / 4; ++q) {
    if (vector) {
      if (c0 + 4 * q < C) {
        float4 f = __ldcg(reinterpret_cast<const float4*>(row + 4 * q));
        p.q[q] = {{__float_as_uint(f.x), __float_as_uint(f.y), __float_as_uint(f.z),
                   __float_as_uint(f.w)}};
      }
    } else {
#pragma unroll
      for (int k = 0; k < 4; ++k)
        if (c0 + 4 * q + k < C) p.q[q].w[k] = __float_as_uint(__ldcg(row + 4 * q + k));
    }
  }
  return p;
}

// Thread (tx, ty) combines splits ty, ty + kTall, ... of its kPack columns, then the block's
// kTall sums are combined in order of ty. One split at a time: the main pass sets the kernel's
// registers, and more splits in flight spill at 6 blocks per SM (the splits are few: kTall of
// them take one step).
__device__ __forceinline__ void finish_tile(const float* __restrict__ partials, T* __restrict__ out,
                                            i64 splits, i64 C) {
  const int tx = threadIdx.x % COL_LANES, ty = threadIdx.x / COL_LANES;
  const i64 c0 = (static_cast<i64>(blockIdx.x) * COL_LANES + tx) * kPack;
  const bool vector = C % 4 == 0;
  Acc acc = identity_acc();
  if (c0 < C) {
#pragma unroll 1
    for (i64 s = ty; s < splits; s += kTall) {
      const PartialPacks p = load_partials(partials, s, c0, C, vector);
#pragma unroll
      for (int q = 0; q < kPack / 4; ++q) add_pack(acc, p.q[q], 4 * q);
    }
  }
  combine_block(acc, out, nullptr, C, true);
}

// Block (bx, s) combines rows [s * rows_per_split, (s + 1) * rows_per_split) of its columns;
// with one split it writes out, else partials[s, c] (f32, layout [splits, C]), and the last
// block of each column tile to finish (counted on tile_counts[bx], zero before the launch and
// set back to zero) then combines the tile's partials of every split and writes out.
extern "C" __global__ void __launch_bounds__(BLOCK_THREADS, MIN_BLOCKS)
cols_partial(const T* __restrict__ x, T* __restrict__ out, float* __restrict__ partials,
             unsigned* __restrict__ tile_counts, i64 R, i64 C, i64 rows_per_split) {
  const int tx = threadIdx.x % COL_LANES, ty = threadIdx.x / COL_LANES;
  const i64 c0 = (static_cast<i64>(blockIdx.x) * COL_LANES + tx) * kPack;
  const i64 r_begin = blockIdx.y * rows_per_split;
  const i64 r_end = r_begin + rows_per_split < R ? r_begin + rows_per_split : R;
  combine_block(thread_columns(x, C, c0, r_begin, r_end, ty), out, partials, C, gridDim.y == 1);
  if (gridDim.y == 1) return;
  // Each writer's fence, then the barrier, order the block's partials before its count.
  __shared__ bool s_last;
  __threadfence();
  __syncthreads();  // also: every thread is done reading the tile
  if (threadIdx.x == 0) s_last = atomicAdd(&tile_counts[blockIdx.x], 1u) == gridDim.y - 1;
  __syncthreads();
  if (!s_last) return;
  __threadfence();  // the other splits' partials, counted before ours, are visible
  finish_tile(partials, out, gridDim.y, C);
  if (threadIdx.x == 0) tile_counts[blockIdx.x] = 0;  // every split has counted
}
