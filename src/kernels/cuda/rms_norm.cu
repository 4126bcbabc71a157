// RMS norms over the last dimension of x[R, C], in f32: y = g * rsqrt(mean(g^2) + eps) * w with
// g = x (NORM_VARIANT 0), g = x + residual rounded to the dtype and also written out (1, vLLM's
// fused_add_rms_norm), or g = x * silu(z) (2, Mamba-2's gated norm, norm before gate off).
// A row belongs to a group of ROW_THREADS threads (1..32 lanes of a warp, or the whole block);
// thread t holds packs t, t + ROW_THREADS, ... (ITEMS at a time). With -DROW_FITS=1 the row's
// g stays in registers between the statistics and the output (one read of the inputs, one
// write); otherwise, and for rows that are not 16-byte aligned, the row is read twice.
// Specialised by -DELEM, -DNORM_VARIANT, -DBLOCK_THREADS, -DROW_THREADS, -DITEMS, -DROW_FITS.

#include "ops/composite.cuh"
#include "ops/row_reduce.cuh"

typedef ELEM T;
constexpr int kPack = Pack<T>::kSize;
constexpr int kRowsPerBlock = BLOCK_THREADS / ROW_THREADS;

// silu through the special-function unit in every dtype (approximate division, 2 ulp): IEEE
// division's slow path is a call that spills the row.
__device__ __forceinline__ float silu(float z) { return nn::silu<FastMath>(z); }

// One row's tensors, offset to the row (the weight is shared by all rows). `aux` is the
// residual (variant 1) or z (variant 2); `res` the residual output (variant 1).
struct Row {
  const T* __restrict__ x;
  const T* __restrict__ aux;
  const T* __restrict__ w;
  T* __restrict__ y;
  T* __restrict__ res;
  int len;  // C, or 0 for lanes past the last row
};

// g of one pack (kPack values): raw elements of the dtype for variants 0 and 1 (exactly what
// the row holds), f32 for variant 2.
#if NORM_VARIANT == 2
struct Held {
  float f[kPack];
  __device__ __forceinline__ float get(int k) const { return f[k]; }
};
#else
struct Held {
  Pack<T> p;
  __device__ __forceinline__ float get(int k) const { return to_float(p.v[k]); }
};
#endif

// The first element of this thread's j-th pack in the chunk that starts at pack `first`.
__device__ __forceinline__ int elem_at(int j, int t, int first) {
  return (first + j * ROW_THREADS + t) * kPack;
}

// g for this thread's packs of a chunk, all loads issued first; variant 1 writes the rounded
// sum out as it goes. `again`: the second read of a row that did not fit (variant 1 reads back
// the sum it wrote). Packs past the row are left unset.
__device__ __forceinline__ void load_held(Held (&h)[ITEMS], const Row& r, int t, int first,
                                          bool again) {
  Pack<T> a[ITEMS];
#if NORM_VARIANT != 0
  Pack<T> b[ITEMS];
#endif
#pragma unroll
  for (int j = 0; j < ITEMS; ++j) {
    const int e = elem_at(j, t, first);
    if (e >= r.len) continue;
#if NORM_VARIANT == 1
    if (again) {
      a[j] = load_pack_stream(r.res + e);
      continue;
    }
#endif
    a[j] = load_pack_stream(r.x + e);
#if NORM_VARIANT != 0
    b[j] = load_pack_stream(r.aux + e);
#endif
  }
#pragma unroll
  for (int j = 0; j < ITEMS; ++j) {
    const int e = elem_at(j, t, first);
    if (e >= r.len) continue;
#if NORM_VARIANT == 0
    h[j].p = a[j];
#elif NORM_VARIANT == 1
    if (again) {
      h[j].p = a[j];
      continue;
    }
#pragma unroll
    for (int k = 0; k < kPack; ++k) {
      h[j].p.v[k] = from_float<T>(to_float(a[j].v[k]) + to_float(b[j].v[k]));
    }
    store_pack_stream(r.res + e, h[j].p);
#else
#pragma unroll
    for (int k = 0; k < kPack; ++k) h[j].f[k] = to_float(a[j].v[k]) * silu(to_float(b[j].v[k]));
#endif
  }
}

__device__ __forceinline__ float sum_squares(const Held (&h)[ITEMS], int len, int t, int first) {
  float s = 0.f;
#pragma unroll
  for (int j = 0; j < ITEMS; ++j) {
    if (elem_at(j, t, first) >= len) continue;
#pragma unroll
    for (int k = 0; k < kPack; ++k) s = fmaf(h[j].get(k), h[j].get(k), s);
  }
  return s;
}

__device__ __forceinline__ void store_normed(const Held (&h)[ITEMS], const Row& r, int t,
                                             int first, float rstd) {
#pragma unroll
  for (int j = 0; j < ITEMS; ++j) {
    const int e = elem_at(j, t, first);
    if (e >= r.len) continue;
    const Pack<T> w = load_pack(r.w + e);
    Pack<T> o;
#pragma unroll
    for (int k = 0; k < kPack; ++k) o.v[k] = from_float<T>(h[j].get(k) * rstd * to_float(w.v[k]));
    store_pack_stream(r.y + e, o);
  }
}

// Packed rows (16-byte aligned, C % kPack == 0).
__device__ __forceinline__ void norm_row_packed(const Row& r, int t, float eps, float inv_c,
                                                float* scratch) {
#if ROW_FITS
  Held h[ITEMS];
  load_held(h, r, t, 0, false);
  const float s = sum_squares(h, r.len, t, 0);
  const float rstd = rsqrtf(row_sum<ROW_THREADS>(s, scratch) * inv_c + eps);
  store_normed(h, r, t, 0, rstd);
#else
  float s = 0.f;
#pragma unroll 1
  for (int first = 0; first * kPack < r.len; first += ITEMS * ROW_THREADS) {
    Held h[ITEMS];
    load_held(h, r, t, first, false);
    s += sum_squares(h, r.len, t, first);  // per-chunk sums first: small rounding error
  }
  const float rstd = rsqrtf(row_sum<ROW_THREADS>(s, scratch) * inv_c + eps);
#pragma unroll 1
  for (int first = 0; first * kPack < r.len; first += ITEMS * ROW_THREADS) {
    Held h[ITEMS];
    load_held(h, r, t, first, true);
    store_normed(h, r, t, first, rstd);
  }
#endif
}

// g of element i, element by element; `again` as for load_held.
__device__ __forceinline__ float element_g(const Row& r, int i, bool again) {
#if NORM_VARIANT == 0
  return to_float(r.x[i]);
#elif NORM_VARIANT == 1
  if (again) return to_float(r.res[i]);
  const T s = from_float<T>(to_float(r.x[i]) + to_float(r.aux[i]));
  r.res[i] = s;
  return to_float(s);
#else
  return to_float(r.x[i]) * silu(to_float(r.aux[i]));
#endif
}

// Rows that are not 16-byte aligned: two reads, element by element.
__device__ __forceinline__ void norm_row_elements(const Row& r, int t, float eps, float inv_c,
                                                  float* scratch) {
  float s = 0.f;
  // Sums of 8 elements at a time first: long rows on few threads keep their rounding small.
  for (int i0 = t; i0 < r.len; i0 += 8 * ROW_THREADS) {
    float c = 0.f;
    for (int i = i0; i < r.len && i < i0 + 8 * ROW_THREADS; i += ROW_THREADS) {
      const float g = element_g(r, i, false);
      c = fmaf(g, g, c);
    }
    s += c;
  }
  const float rstd = rsqrtf(row_sum<ROW_THREADS>(s, scratch) * inv_c + eps);
  for (int i = t; i < r.len; i += ROW_THREADS) {
    r.y[i] = from_float<T>(element_g(r, i, true) * rstd * to_float(r.w[i]));
  }
}

// x, aux (residual or z; x again for variant 0), w [C] -> y, res (the residual output; y again
// when there is none). inv_c = 1 / C (a multiply: IEEE division's slow path is a call).
extern "C" __global__ void __launch_bounds__(BLOCK_THREADS)
rms_norm_rows(const T* __restrict__ x, const T* __restrict__ aux, const T* __restrict__ w,
              T* __restrict__ y, T* __restrict__ res, i64 R, int C, float eps,
              float inv_c) {
  __shared__ float scratch[32];
  const int t = threadIdx.x % ROW_THREADS;
  const i64 row = static_cast<i64>(blockIdx.x) * kRowsPerBlock + threadIdx.x / ROW_THREADS;
  const i64 offset = (row < R ? row : 0) * C;
  // Lanes past the last row hold no elements but still join the shuffles.
  const Row r = {x + offset, aux + offset, w, y + offset, res + offset, row < R ? C : 0};
  const bool aligned = is_aligned16(x) && is_aligned16(aux) && is_aligned16(w) &&
                       is_aligned16(y) && is_aligned16(res);
  if (C % kPack == 0 && aligned) {
    norm_row_packed(r, t, eps, inv_c, scratch);
  } else {
    norm_row_elements(r, t, eps, inv_c, scratch);
  }
}
