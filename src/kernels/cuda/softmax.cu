// softmax and logsumexp over the last dimension of x[R, C], in f32. A row belongs to a group of
// ROW_THREADS threads (1..32 lanes of one warp, or the whole block); thread t holds packs
// t, t + ROW_THREADS, ... (ITEMS of them at a time). With -DROW_FITS=1 the whole row stays in
// registers: one read, one write. Otherwise (and element by element for rows that are not
// 16-byte aligned) the row is read twice: an online pass (running max, rescaled sum) and the
// output pass; logsumexp takes the online pass alone. Specialised by -DELEM, -DBLOCK_THREADS,
// -DROW_THREADS, -DITEMS (16-byte packs per thread per chunk), -DROW_FITS.

#include "ops/row_reduce.cuh"

typedef ELEM T;
constexpr int kPack = Pack<T>::kSize;
constexpr int kRowsPerBlock = BLOCK_THREADS / ROW_THREADS;
constexpr float kLog2e = 1.4426950408889634f;

__device__ __forceinline__ float exp2_approx(float x) {
  float r;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
  return r;
}
__device__ __forceinline__ float neg_inf() { return -__int_as_float(0x7f800000); }
__device__ __forceinline__ bool is_finite_f(float x) { return fabsf(x) <= 3.402823466e38f; }

// The first element of this thread's j-th pack in the chunk that starts at pack `first`.
// Rows are shorter than 2^31 elements (the plan checks).
__device__ __forceinline__ int elem_at(int j, int t, int first) {
  return (first + j * ROW_THREADS + t) * kPack;
}

// The packed path: rows 16-byte aligned and len % kPack == 0, so a pack is wholly in the row or
// out of it. Loads this thread's ITEMS packs of the chunk; packs past the row are left unset
// and every user skips them.
__device__ __forceinline__ void load_chunk(Pack<T> (&v)[ITEMS], const T* __restrict__ row,
                                           int len, int t, int first) {
#pragma unroll
  for (int j = 0; j < ITEMS; ++j) {
    const int e = elem_at(j, t, first);
    if (e < len) v[j] = load_pack_stream(row + e);
  }
}

__device__ __forceinline__ float chunk_max(const Pack<T> (&v)[ITEMS], int len, int t, int first) {
  float m = neg_inf();
#pragma unroll
  for (int j = 0; j < ITEMS; ++j) {
    if (elem_at(j, t, first) >= len) continue;
#pragma unroll
    for (int k = 0; k < kPack; ++k) m = fmaxf(m, to_float(v[j].v[k]));
  }
  return m;
}

// Sum of exp(x - shift) over the chunk; `shift2` = shift * log2(e).
__device__ __forceinline__ float chunk_expsum(const Pack<T> (&v)[ITEMS], int len, int t,
                                              int first, float shift2) {
  float s = 0.f;
#pragma unroll
  for (int j = 0; j < ITEMS; ++j) {
    if (elem_at(j, t, first) >= len) continue;
#pragma unroll
    for (int k = 0; k < kPack; ++k) s += exp2_approx(fmaf(to_float(v[j].v[k]), kLog2e, -shift2));
  }
  return s;
}

// y = exp(x - max) * inv over the chunk; `max2` = max * log2(e).
__device__ __forceinline__ void store_softmax(const Pack<T> (&v)[ITEMS], T* __restrict__ row,
                                              int len, int t, int first, float max2, float inv) {
#pragma unroll
  for (int j = 0; j < ITEMS; ++j) {
    const int e = elem_at(j, t, first);
    if (e >= len) continue;
    Pack<T> o;
#pragma unroll
    for (int k = 0; k < kPack; ++k) {
      o.v[k] = from_float<T>(exp2_approx(fmaf(to_float(v[j].v[k]), kLog2e, -max2)) * inv);
    }
    store_pack_stream(row + e, o);
  }
}

// Online statistics: `s` is the sum of exp(x - shift) over what was seen, shift the running max
// `m` when finite, else 0 (as JAX's logsumexp: a row of -inf sums to 0). Moves them to the new
// max `cm` and returns the new shift * log2(e).
__device__ __forceinline__ float move_shift(float& m, float& s, float cm) {
  const float old_shift = is_finite_f(m) ? m : 0.f, shift = is_finite_f(cm) ? cm : 0.f;
  // s == 0 (nothing yet, or only -inf) stays 0: the factor may overflow.
  if (s != 0.f && shift != old_shift) s *= exp2_approx((old_shift - shift) * kLog2e);
  m = cm;
  return shift * kLog2e;
}

// Combines the threads' (m, s) into the row's max and its sum relative to the row's shift.
__device__ __forceinline__ void combine_stats(float m, float s, float* scratch, float& max,
                                              float& sum) {
  max = row_max<ROW_THREADS>(m, scratch);
  const float shift = is_finite_f(max) ? max : 0.f, own = is_finite_f(m) ? m : 0.f;
  const float moved = s != 0.f ? s * exp2_approx((own - shift) * kLog2e) : 0.f;
  sum = row_sum<ROW_THREADS>(moved, scratch);
}

// One read of the row: its max and the sum of exp(x - shift) (move_shift). VEC: packs, a chunk
// of ITEMS per thread at a time; else element by element (rows not 16-byte aligned).
template <bool VEC>
__device__ __forceinline__ void online_stats(const T* __restrict__ row, int len, int t,
                                             float* scratch, float& max, float& sum) {
  float m = neg_inf(), s = 0.f;
  if (VEC) {
#pragma unroll 1
    for (int first = 0; first * kPack < len; first += ITEMS * ROW_THREADS) {
      Pack<T> v[ITEMS];
      load_chunk(v, row, len, t, first);
      const float shift2 = move_shift(m, s, fmaxf(m, chunk_max(v, len, t, first)));
      s += chunk_expsum(v, len, t, first, shift2);
    }
  } else {
#pragma unroll 4
    for (int i = t; i < len; i += ROW_THREADS) {
      const float f = to_float(row[i]);
      const float shift2 = move_shift(m, s, fmaxf(m, f));
      s += exp2_approx(fmaf(f, kLog2e, -shift2));
    }
  }
  combine_stats(m, s, scratch, max, sum);
}

// One row's softmax, NaN everywhere when its max is not finite (as the definition gives).
// Packed rows that fit (ROW_FITS) are read once; others twice.
template <bool VEC>
__device__ __forceinline__ void softmax_row(const T* __restrict__ xr, T* __restrict__ yr, int len,
                                            int t, float* scratch) {
  const float nan = __int_as_float(0x7fc00000);
  float m, s;
#if ROW_FITS
  if (VEC) {
    Pack<T> v[ITEMS];
    load_chunk(v, xr, len, t, 0);
    m = row_max<ROW_THREADS>(chunk_max(v, len, t, 0), scratch);
    s = row_sum<ROW_THREADS>(chunk_expsum(v, len, t, 0, m * kLog2e), scratch);
    store_softmax(v, yr, len, t, 0, m * kLog2e, is_finite_f(m) ? __fdividef(1.f, s) : nan);
    return;
  }
#endif
  online_stats<VEC>(xr, len, t, scratch, m, s);
  const float inv = is_finite_f(m) ? __fdividef(1.f, s) : nan, max2 = m * kLog2e;
  if (VEC) {
#pragma unroll 1
    for (int first = 0; first * kPack < len; first += ITEMS * ROW_THREADS) {
      Pack<T> v[ITEMS];
      load_chunk(v, xr, len, t, first);
      store_softmax(v, yr, len, t, first, max2, inv);
    }
  } else {
#pragma unroll 4
    for (int i = t; i < len; i += ROW_THREADS) {
      yr[i] = from_float<T>(exp2_approx(fmaf(to_float(xr[i]), kLog2e, -max2)) * inv);
    }
  }
}

// softmax(x)[r, c] = exp(x[r, c] - max_r) / sum_c exp(x[r, c] - max_r).
extern "C" __global__ void __launch_bounds__(BLOCK_THREADS)
softmax_rows(const T* __restrict__ x, T* __restrict__ y, i64 R, int C) {
  __shared__ float scratch[32];
  const int t = threadIdx.x % ROW_THREADS;
  const i64 row = static_cast<i64>(blockIdx.x) * kRowsPerBlock + threadIdx.x / ROW_THREADS;
  const int len = row < R ? C : 0;  // lanes past the last row still join the shuffles
  const i64 offset = (row < R ? row : 0) * C;
  if (C % kPack == 0 && is_aligned16(x) && is_aligned16(y)) {
    softmax_row<true>(x + offset, y + offset, len, t, scratch);
  } else {
    softmax_row<false>(x + offset, y + offset, len, t, scratch);
  }
}

// logsumexp(x)[r] = shift + log(sum_c exp(x[r, c] - shift)), shift = max_r if finite else 0.
extern "C" __global__ void __launch_bounds__(BLOCK_THREADS)
logsumexp_rows(const T* __restrict__ x, T* __restrict__ y, i64 R, int C) {
  __shared__ float scratch[32];
  const int t = threadIdx.x % ROW_THREADS;
  const i64 row = static_cast<i64>(blockIdx.x) * kRowsPerBlock + threadIdx.x / ROW_THREADS;
  const int len = row < R ? C : 0;
  const T* __restrict__ xr = x + (row < R ? row : 0) * C;
  float m, s;
  if (C % kPack == 0 && is_aligned16(x)) {
    online_stats<true>(xr, len, t, scratch, m, s);
  } else {
    online_stats<false>(xr, len, t, scratch, m, s);
  }
  if (row < R && t == 0) y[row] = from_float<T>((is_finite_f(m) ? m : 0.f) + logf(s));
}
