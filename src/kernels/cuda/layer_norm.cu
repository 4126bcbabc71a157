// Layer norm over the last dimension of x[R, C], in f32: y = (x - mean) * rsqrt(var + eps) * w + b
// with the biased variance. A row belongs to a group of ROW_THREADS threads (1..32 lanes of a
// warp, or the whole block); thread t holds packs t, t + ROW_THREADS, ... (ITEMS at a time).
// With -DROW_FITS=1 the row stays in registers: one read (mean, then the centred variance from
// the registers), one write. Otherwise, and for rows that are not 16-byte aligned, the row is
// read twice, the statistics from sums shifted by the row's first element. Specialised by
// -DELEM, -DBLOCK_THREADS, -DROW_THREADS, -DITEMS, -DROW_FITS.

#include "ops/row_reduce.cuh"

typedef ELEM T;
constexpr int kPack = Pack<T>::kSize;
constexpr int kRowsPerBlock = BLOCK_THREADS / ROW_THREADS;

// One row's tensors, offset to the row (weight and bias are shared by all rows).
struct Row {
  const T* __restrict__ x;
  const T* __restrict__ w;
  const T* __restrict__ b;
  T* __restrict__ y;
  int len;  // C, or 0 for lanes past the last row
};

// The first element of this thread's j-th pack in the chunk that starts at pack `first`.
__device__ __forceinline__ int elem_at(int j, int t, int first) {
  return (first + j * ROW_THREADS + t) * kPack;
}

// This thread's packs of a chunk, all loads issued first; packs past the row are left unset.
__device__ __forceinline__ void load_chunk(Pack<T> (&v)[ITEMS], const Row& r, int t, int first) {
#pragma unroll
  for (int j = 0; j < ITEMS; ++j) {
    const int e = elem_at(j, t, first);
    if (e < r.len) v[j] = load_pack_stream(r.x + e);
  }
}

// Sums of (x - shift) and of its square over the chunk.
__device__ __forceinline__ void chunk_sums(const Pack<T> (&v)[ITEMS], int len, int t, int first,
                                           float shift, float& s1, float& s2) {
#pragma unroll
  for (int j = 0; j < ITEMS; ++j) {
    if (elem_at(j, t, first) >= len) continue;
#pragma unroll
    for (int k = 0; k < kPack; ++k) {
      const float d = to_float(v[j].v[k]) - shift;
      s1 += d;
      s2 = fmaf(d, d, s2);
    }
  }
}

__device__ __forceinline__ void store_normed(const Pack<T> (&v)[ITEMS], const Row& r, int t,
                                             int first, float mean, float rstd) {
#pragma unroll
  for (int j = 0; j < ITEMS; ++j) {
    const int e = elem_at(j, t, first);
    if (e >= r.len) continue;
    const Pack<T> w = load_pack(r.w + e), b = load_pack(r.b + e);
    Pack<T> o;
#pragma unroll
    for (int k = 0; k < kPack; ++k) {
      o.v[k] = from_float<T>(fmaf((to_float(v[j].v[k]) - mean) * rstd, to_float(w.v[k]),
                                  to_float(b.v[k])));
    }
    store_pack_stream(r.y + e, o);
  }
}

// Mean and rstd from sums of d = x - shift: mean = shift + s1 / C, var = s2 / C - (s1 / C)^2.
__device__ __forceinline__ void shifted_stats(float s1, float s2, float shift, float eps,
                                              float inv_c, float* scratch, float& mean,
                                              float& rstd) {
  const float m1 = row_sum<ROW_THREADS>(s1, scratch) * inv_c;
  const float m2 = row_sum<ROW_THREADS>(s2, scratch) * inv_c;
  mean = shift + m1;
  rstd = rsqrtf(fmaxf(m2 - m1 * m1, 0.f) + eps);
}

// Packed rows (16-byte aligned, C % kPack == 0).
__device__ __forceinline__ void norm_row_packed(const Row& r, int t, float eps, float inv_c,
                                                float* scratch) {
#if ROW_FITS
  Pack<T> v[ITEMS];
  load_chunk(v, r, t, 0);
  float s1 = 0.f, s2 = 0.f;
  chunk_sums(v, r.len, t, 0, 0.f, s1, s2);
  const float mean = row_sum<ROW_THREADS>(s1, scratch) * inv_c;
  // The centred variance, from the registers.
  s1 = 0.f, s2 = 0.f;
  chunk_sums(v, r.len, t, 0, mean, s1, s2);
  const float rstd = rsqrtf(row_sum<ROW_THREADS>(s2, scratch) * inv_c + eps);
  store_normed(v, r, t, 0, mean, rstd);
#else
  const float shift = r.len > 0 ? to_float(r.x[0]) : 0.f;
  float s1 = 0.f, s2 = 0.f, mean, rstd;
#pragma unroll 1
  for (int first = 0; first * kPack < r.len; first += ITEMS * ROW_THREADS) {
    Pack<T> v[ITEMS];
    load_chunk(v, r, t, first);
    // Per-chunk sums first: long rows on few threads keep their rounding error small.
    float c1 = 0.f, c2 = 0.f;
    chunk_sums(v, r.len, t, first, shift, c1, c2);
    s1 += c1;
    s2 += c2;
  }
  shifted_stats(s1, s2, shift, eps, inv_c, scratch, mean, rstd);
#pragma unroll 1
  for (int first = 0; first * kPack < r.len; first += ITEMS * ROW_THREADS) {
    Pack<T> v[ITEMS];
    load_chunk(v, r, t, first);
    store_normed(v, r, t, first, mean, rstd);
  }
#endif
}

// Rows that are not 16-byte aligned: two reads, element by element.
__device__ __forceinline__ void norm_row_elements(const Row& r, int t, float eps, float inv_c,
                                                  float* scratch) {
  const float shift = r.len > 0 ? to_float(r.x[0]) : 0.f;
  float s1 = 0.f, s2 = 0.f, mean, rstd;
  // Sums of 8 elements at a time first: long rows on few threads keep their rounding small.
  for (int i0 = t; i0 < r.len; i0 += 8 * ROW_THREADS) {
    float c1 = 0.f, c2 = 0.f;
    for (int i = i0; i < r.len && i < i0 + 8 * ROW_THREADS; i += ROW_THREADS) {
      const float d = to_float(r.x[i]) - shift;
      c1 += d;
      c2 = fmaf(d, d, c2);
    }
    s1 += c1;
    s2 += c2;
  }
  shifted_stats(s1, s2, shift, eps, inv_c, scratch, mean, rstd);
  for (int i = t; i < r.len; i += ROW_THREADS) {
    r.y[i] = from_float<T>(fmaf((to_float(r.x[i]) - mean) * rstd, to_float(r.w[i]),
                                to_float(r.b[i])));
  }
}

// x[R, C], w[C], b[C] -> y[R, C]. inv_c = 1 / C (a multiply: IEEE division's slow path is a
// call that would spill the row).
extern "C" __global__ void __launch_bounds__(BLOCK_THREADS)
layer_norm_rows(const T* __restrict__ x, const T* __restrict__ w, const T* __restrict__ b,
                T* __restrict__ y, i64 R, int C, float eps, float inv_c) {
  __shared__ float scratch[32];
  const int t = threadIdx.x % ROW_THREADS;
  const i64 row = static_cast<i64>(blockIdx.x) * kRowsPerBlock + threadIdx.x / ROW_THREADS;
  const i64 offset = (row < R ? row : 0) * C;
  // Lanes past the last row hold no elements but still join the shuffles.
  const Row r = {x + offset, w, b, y + offset, row < R ? C : 0};
  const bool aligned = is_aligned16(x) && is_aligned16(w) && is_aligned16(b) && is_aligned16(y);
  if (C % kPack == 0 && aligned) {
    norm_row_packed(r, t, eps, inv_c, scratch);
  } else {
    norm_row_elements(r, t, eps, inv_c, scratch);
  }
}
