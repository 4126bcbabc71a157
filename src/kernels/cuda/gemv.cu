// Matrix-vector products in f32 accumulation (gemv, gemv_t) for a row-major A [M, K].
// Specialised by -DELEM (element type), -DUNROLL (16-byte loads of A in flight per thread),
// and for gemv_t -DROW_LANES (thread groups over the same columns, see gemv_t_partial),
// -DBLOCK_THREADS and -DMIN_BLOCKS (the launch bounds: blocks resident per SM).
//
// gemv (y = A x): one warp per row, lanes striding along the row with 16-byte loads of A
// (streamed: read once) and of x (kept in L1: every warp reads it); a warp sum at the end.
// gemv_t (y = A^T x): threads along K, each owning one 16-byte column pack, so a block reads
// contiguous row segments; the rows are split among blocks (blockIdx.y), each writing f32
// partial sums, which are added in a fixed order (deterministic): by a second kernel,
// gemv_t_finish, or in the same launch by the last block of each column tile (gemv_t).
#ifndef ROW_LANES
#define ROW_LANES 1
#endif
#ifndef BLOCK_THREADS
#define BLOCK_THREADS 1024
#endif
#ifndef MIN_BLOCKS
#define MIN_BLOCKS 1
#endif
// A scalar path covers rows that are not 16-byte aligned (K not a multiple of the pack).

#include "ops/raw_pack.cuh"
#include "ops/reduce.cuh"

typedef ELEM T;

constexpr int kVec = Pack<T>::kSize;

__device__ __forceinline__ Pack<T> load_pack_cached(const T* p) {
  uint4 u = __ldg(reinterpret_cast<const uint4*>(p));
  return *reinterpret_cast<Pack<T>*>(&u);
}

// The dot product of this lane's share of one row with x (vector path).
__device__ __forceinline__ float row_dot_vec(const T* __restrict__ row, const T* __restrict__ x,
                                             i64 packs, int lane) {
  float acc[UNROLL];
#pragma unroll
  for (int u = 0; u < UNROLL; ++u) acc[u] = 0.f;
  i64 p = lane;
  for (; p + (UNROLL - 1) * 32 < packs; p += UNROLL * 32) {
    Pack<T> a[UNROLL], b[UNROLL];
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) a[u] = load_pack_stream(row + (p + u * 32) * kVec);
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) b[u] = load_pack_cached(x + (p + u * 32) * kVec);
#pragma unroll
    for (int u = 0; u < UNROLL; ++u)
#pragma unroll
      for (int e = 0; e < kVec; ++e) acc[u] += to_float(a[u].v[e]) * to_float(b[u].v[e]);
  }
  for (; p < packs; p += 32) {
    Pack<T> a = load_pack_stream(row + p * kVec), b = load_pack_cached(x + p * kVec);
#pragma unroll
    for (int e = 0; e < kVec; ++e) acc[0] += to_float(a.v[e]) * to_float(b.v[e]);
  }
  float sum = 0.f;
#pragma unroll
  for (int u = 0; u < UNROLL; ++u) sum += acc[u];
  return sum;
}

extern "C" __global__ void __launch_bounds__(1024)
gemv(const T* __restrict__ a, const T* __restrict__ x, T* __restrict__ y, i64 m, i64 k) {
  const int lane = threadIdx.x & 31;
  const i64 row = blockIdx.x * static_cast<i64>(blockDim.x >> 5) + (threadIdx.x >> 5);
  if (row >= m) return;
  const T* arow = a + row * k;
  float acc = 0.f;
  if (is_aligned16(a) && is_aligned16(x) && k % kVec == 0) {
    acc = row_dot_vec(arow, x, k / kVec, lane);
  } else {
    for (i64 i = lane; i < k; i += 32) acc += to_float(arow[i]) * to_float(x[i]);
  }
  acc = lanes_reduce<AddCombiner>(acc);
  if (lane == 0) y[row] = from_float<T>(acc);
}

// One thread's f32 sums of its kVec columns.
struct Sums {
  float v[kVec];
};

// A block's threads: ROW_LANES groups (row lanes) of kColThreads threads over the same columns.
// Where a group is narrower than a warp, a warp holds kWarpRows row lanes, added by shuffles
// before the kRowGroups warps' sums go through shared memory.
constexpr int kColThreads = BLOCK_THREADS / ROW_LANES;
constexpr int kWarpRows = kColThreads >= 32 ? 1 : 32 / kColThreads;
constexpr int kRowGroups = ROW_LANES / kWarpRows;

// The ROW_LANES row lanes' sums `acc` added, for row lane 0's threads: within a warp by a fixed
// tree of shuffles, then the warps' sums in order of warp through shared memory (both orders
// fixed: deterministic). Every thread of the block calls it; a second call must be separated
// from the first by a barrier (the block's threads reuse the buffer).
__device__ __forceinline__ Sums add_row_lane_sums(Sums acc, int lane_row, int col_thread) {
#if ROW_LANES > 1
  if (kWarpRows > 1) {
#pragma unroll
    for (int o = kColThreads; o < 32; o <<= 1)
#pragma unroll
      for (int e = 0; e < kVec; ++e) acc.v[e] += __shfl_xor_sync(0xffffffffu, acc.v[e], o);
  }
  if (kRowGroups > 1) {
    __shared__ float s_acc[(kRowGroups > 1 ? kRowGroups - 1 : 1) * kColThreads * kVec];
    const int group = lane_row / kWarpRows;
    if (group > 0 && lane_row % kWarpRows == 0) {
      float* mine = s_acc + ((group - 1) * kColThreads + col_thread) * kVec;
#pragma unroll
      for (int e = 0; e < kVec; ++e) mine[e] = acc.v[e];
    }
    __syncthreads();
    if (group > 0) return acc;
#pragma unroll 8
    for (int g = 1; g < kRowGroups; ++g) {
      const float* theirs = s_acc + ((g - 1) * kColThreads + col_thread) * kVec;
#pragma unroll
      for (int e = 0; e < kVec; ++e) acc.v[e] += theirs[e];
    }
  }
#endif
  return acc;
}

// This thread's f32 partial sums of columns col .. col + kVec - 1 (those below k) over the
// rows m0 + lane_row, m0 + lane_row + ROW_LANES, ... below m1: sum of A[m, col] * x[m].
__device__ __forceinline__ Sums split_sums(const T* __restrict__ a, const T* __restrict__ x, i64 k,
                                           i64 col, i64 m0, i64 m1, int lane_row) {
  Sums acc;
#pragma unroll
  for (int e = 0; e < kVec; ++e) acc.v[e] = 0.f;
  if (col >= k) {
    // No columns here; the thread still meets the block's barriers.
  } else if (is_aligned16(a) && k % kVec == 0) {
    // A's packs held raw (four registers each, not one per 16-bit element) while in flight,
    // loaded evict-first (read once).
    i64 r = m0 + lane_row;
    for (; r + (UNROLL - 1) * ROW_LANES < m1; r += UNROLL * ROW_LANES) {
      RawPack<T> v[UNROLL];
      float xs[UNROLL];
#pragma unroll
      for (int u = 0; u < UNROLL; ++u) v[u] = load_raw_stream(a + (r + u * ROW_LANES) * k + col);
#pragma unroll
      for (int u = 0; u < UNROLL; ++u) xs[u] = to_float(x[r + u * ROW_LANES]);
#pragma unroll
      for (int u = 0; u < UNROLL; ++u)
#pragma unroll
        for (int e = 0; e < kVec; ++e) acc.v[e] += raw_get(v[u], e) * xs[u];
    }
    for (; r < m1; r += ROW_LANES) {
      RawPack<T> v = load_raw_stream(a + r * k + col);
      float xr = to_float(x[r]);
#pragma unroll
      for (int e = 0; e < kVec; ++e) acc.v[e] += raw_get(v, e) * xr;
    }
  } else {
    for (i64 r = m0 + lane_row; r < m1; r += ROW_LANES) {
      float xr = to_float(x[r]);
#pragma unroll
      for (int e = 0; e < kVec; ++e)
        if (col + e < k) acc.v[e] += to_float(a[r * k + col + e]) * xr;
    }
  }
  return acc;
}

// out[0 .. kVec) = acc, those of columns below k.
__device__ __forceinline__ void store_sums(float* __restrict__ out, const Sums& acc, i64 col,
                                           i64 k) {
  if (col + kVec <= k && is_aligned16(out)) {
#pragma unroll
    for (int e = 0; e < kVec; e += 4) {
      *reinterpret_cast<float4*>(out + e) =
          make_float4(acc.v[e], acc.v[e + 1], acc.v[e + 2], acc.v[e + 3]);
    }
  } else {
#pragma unroll
    for (int e = 0; e < kVec; ++e)
      if (col + e < k) out[e] = acc.v[e];
  }
}

// Where this thread works in a split block: ROW_LANES groups of kColThreads threads over the
// same columns col .. col + kVec - 1.
struct SplitThread {
  int lane_row, col_thread;
  i64 col;
  __device__ SplitThread()
      : lane_row(threadIdx.x / kColThreads),
        col_thread(threadIdx.x % kColThreads),
        col((blockIdx.x * static_cast<i64>(kColThreads) + col_thread) * kVec) {}
};

// The block's sums of its split (blockIdx.y) of the rows for its columns, A[m, k] * x[m] summed
// over the split's rows m, for row lane 0's threads.
__device__ __forceinline__ Sums block_split_sums(const T* __restrict__ a, const T* __restrict__ x,
                                                 i64 m, i64 k, i64 rows_per_split,
                                                 const SplitThread& t) {
  const i64 m0 = blockIdx.y * rows_per_split;
  return add_row_lane_sums(
      split_sums(a, x, k, t.col, m0, min(m, m0 + rows_per_split), t.lane_row), t.lane_row,
      t.col_thread);
}

// The block's split (blockIdx.y) of partial[split][k].
__device__ __forceinline__ void write_split_sums(const T* __restrict__ a, const T* __restrict__ x,
                                                 float* __restrict__ partial, i64 m, i64 k,
                                                 i64 rows_per_split, const SplitThread& t) {
  const Sums acc = block_split_sums(a, x, m, k, rows_per_split, t);
  if (t.lane_row == 0 && t.col < k) store_sums(partial + blockIdx.y * k + t.col, acc, t.col, k);
}

// y[col .. col + kVec - 1] = sums (those below k), rounded to T.
__device__ __forceinline__ void store_y(T* __restrict__ y, const Sums& sums, i64 col, i64 k) {
  if (col + kVec <= k && is_aligned16(y + col)) {
    Pack<T> out;
#pragma unroll
    for (int e = 0; e < kVec; ++e) out.v[e] = from_float<T>(sums.v[e]);
    store_pack(y + col, out);
  } else {
#pragma unroll
    for (int e = 0; e < kVec; ++e)
      if (col + e < k) y[col + e] = from_float<T>(sums.v[e]);
  }
}

// partial[split][k] = sum over this split's rows m of A[m, k] * x[m]. The block's threads
// form ROW_LANES groups over the same columns, group g taking rows g, g + ROW_LANES, ... of the
// split, so that many threads read few splits' worth of rows; the groups' sums are added in
// order through shared memory (deterministic). gemv_t_finish adds the splits (the plan's
// finish=0).
extern "C" __global__ void __launch_bounds__(BLOCK_THREADS, MIN_BLOCKS)
gemv_t_partial(const T* __restrict__ a, const T* __restrict__ x, float* __restrict__ partial,
               i64 m, i64 k, i64 rows_per_split) {
  write_split_sums(a, x, partial, m, k, rows_per_split, SplitThread());
}

// gemv_t in one launch (the plan's finish=1, and every plan of one split): gemv_t_partial's
// blocks, of which the last to finish a column tile (blockIdx.x) adds the tile's partial sums
// of every split in split order and writes y; with one split the block writes y at once.
// tile_counts[blockIdx.x] counts the tile's finished splits; it is zero before the launch and
// the last block sets it back to zero (the plan's zeroed state; unused with one split).
extern "C" __global__ void __launch_bounds__(BLOCK_THREADS, MIN_BLOCKS)
gemv_t(const T* __restrict__ a, const T* __restrict__ x, float* __restrict__ partial,
       unsigned* __restrict__ tile_counts, T* __restrict__ y, i64 m, i64 k, i64 rows_per_split) {
  const SplitThread t;
  const int lane_row = t.lane_row, col_thread = t.col_thread;
  const i64 col = t.col;
  const Sums sums = block_split_sums(a, x, m, k, rows_per_split, t);
  if (gridDim.y == 1) {
    if (lane_row == 0 && col < k) store_y(y, sums, col, k);
    return;
  }
  if (lane_row == 0 && col < k) store_sums(partial + blockIdx.y * k + col, sums, col, k);

  // Each writer's fence, then the barrier, order the block's partial sums before its count.
  __shared__ bool s_last;
  __threadfence();
  __syncthreads();
  if (threadIdx.x == 0) s_last = atomicAdd(&tile_counts[blockIdx.x], 1u) == gridDim.y - 1;
  __syncthreads();  // also separates the two add_row_lane_sums
  if (!s_last) return;
  __threadfence();  // the other splits' partial sums, counted before ours, are visible

  // Row lane g adds splits g, g + ROW_LANES, ... in order (read through L2: other SMs wrote
  // them; two splits at a time, so that the second's loads may go out before the first's
  // adds: a wider unroll or a helper returning the loads spills at 64 registers), then the
  // row lanes' sums are added as above.
  const i64 splits = gridDim.y;
  Sums total;
#pragma unroll
  for (int e = 0; e < kVec; ++e) total.v[e] = 0.f;
  if (col < k) {
    const bool vec = col + kVec <= k && k % 4 == 0 && is_aligned16(partial);
#pragma unroll 2
    for (i64 s = lane_row; s < splits; s += ROW_LANES) {
      const float* in = partial + s * k + col;
      if (vec) {
#pragma unroll
        for (int e = 0; e < kVec; e += 4) {
          float4 v = __ldcg(reinterpret_cast<const float4*>(in + e));
          total.v[e] += v.x;
          total.v[e + 1] += v.y;
          total.v[e + 2] += v.z;
          total.v[e + 3] += v.w;
        }
      } else {
#pragma unroll
        for (int e = 0; e < kVec; ++e)
          if (col + e < k) total.v[e] += __ldcg(in + e);
      }
    }
  }
  total = add_row_lane_sums(total, lane_row, col_thread);
  if (threadIdx.x == 0) tile_counts[blockIdx.x] = 0;  // every split has counted
  if (lane_row == 0 && col < k) store_y(y, total, col, k);
}

// y[k] = the splits' partial sums, in a fixed order: thread (x, y) of a 32 x 8 block adds
// splits y, y + 8, ... of column x in order, then the 8 sums are added in order of y.
extern "C" __global__ void __launch_bounds__(256)
gemv_t_finish(const float* __restrict__ partial, T* __restrict__ y, i64 k, i64 splits) {
  __shared__ float s_sums[8][33];
  const i64 col = blockIdx.x * 32 + static_cast<i64>(threadIdx.x);
  float sum = 0.f;
  if (col < k) {
    i64 s = threadIdx.y;
    for (; s + 8 * 3 < splits; s += 8 * 4) {
      float v[4];
#pragma unroll
      for (int u = 0; u < 4; ++u) v[u] = partial[(s + 8 * u) * k + col];
#pragma unroll
      for (int u = 0; u < 4; ++u) sum += v[u];
    }
    for (; s < splits; s += 8) sum += partial[s * k + col];
  }
  s_sums[threadIdx.y][threadIdx.x] = sum;
  __syncthreads();
  if (threadIdx.y == 0 && col < k) {
    float total = 0.f;
#pragma unroll
    for (int r = 0; r < 8; ++r) total += s_sums[r][threadIdx.x];
    y[col] = from_float<T>(total);
  }
}
