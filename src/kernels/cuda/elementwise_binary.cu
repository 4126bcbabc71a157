// Element-wise binary kernels, c = BINARY_OP(a, b) computed in float: `binary` for inputs of
// one shape, `binary_bcast` for numpy broadcasting. Specialised by -DELEM (the element type),
// -DBINARY_OP (one of the op_* functions below), -DUNROLL (items per thread, all loaded
// before the first is used) and -DFAST_MATH (ops/elementwise.cuh); binary_bcast also by its
// coalesced shape (see there).

#include "ops/composite.cuh"

// The names plans pass as -DBINARY_OP, each the op's function in ops/ (in the build FAST_MATH
// picks where it has two; division is exact in every build).
__device__ __forceinline__ float op_add(float a, float b) { return shlo::add(a, b); }
__device__ __forceinline__ float op_sub(float a, float b) { return shlo::subtract(a, b); }
__device__ __forceinline__ float op_mul(float a, float b) { return shlo::multiply(a, b); }
__device__ __forceinline__ float op_div(float a, float b) { return shlo::divide<ExactMath>(a, b); }
__device__ __forceinline__ float op_maximum(float a, float b) { return shlo::maximum(a, b); }
__device__ __forceinline__ float op_minimum(float a, float b) { return shlo::minimum(a, b); }
__device__ __forceinline__ float op_pow(float a, float b) { return shlo::power(a, b); }
__device__ __forceinline__ float op_atan2(float a, float b) { return shlo::atan2(a, b); }
__device__ __forceinline__ float op_remainder(float a, float b) { return shlo::remainder(a, b); }
__device__ __forceinline__ float op_logaddexp(float a, float b) { return jnp::logaddexp(a, b); }

typedef ELEM T;

// 16-bit elements are held two to a 32-bit register while in flight (a Pack<T> of 16-bit types
// would take a register per element), and unpacked only when computed on.
struct Raw {
  unsigned w[4];
};
constexpr int kPack = Pack<T>::kSize;

// Plain (cached) loads and stores: on Hopper the streaming hints (ld.cs/st.cs) measured up to 9%
// slower on 16-bit types.
__device__ __forceinline__ Raw load_raw(const T* p) {
  uint4 u = *reinterpret_cast<const uint4*>(p);
  return {{u.x, u.y, u.z, u.w}};
}
__device__ __forceinline__ void store_raw(T* p, const Raw& r) {
  *reinterpret_cast<uint4*>(p) = make_uint4(r.w[0], r.w[1], r.w[2], r.w[3]);
}
// Element k of a raw pack (U is T: a template, so that the branch not taken is not compiled).
template <class U = T>
__device__ __forceinline__ U raw_element(const Raw& r, int k) {
  if constexpr (sizeof(U) == 4) {
    return __uint_as_float(r.w[k]);
  } else {
    U t;
    t.bits = static_cast<unsigned short>(k % 2 ? r.w[k / 2] >> 16 : r.w[k / 2] & 0xffff);
    return t;
  }
}
template <class U = T>
__device__ __forceinline__ void raw_put(Raw& r, int k, U v) {
  if constexpr (sizeof(U) == 4) {
    r.w[k] = __float_as_uint(v);
  } else {
    unsigned& w = r.w[k / 2];
    const unsigned bits = v.bits;
    w = k % 2 ? (w & 0xffffu) | (bits << 16) : (w & 0xffff0000u) | bits;
  }
}
__device__ __forceinline__ float raw_get(const Raw& r, int k) {
  return to_float(raw_element(r, k));
}
__device__ __forceinline__ void raw_set(Raw& r, int k, float f) {
  raw_put(r, k, from_float<T>(f));
}

#ifndef BCAST_DIMS

extern "C" __global__ void __launch_bounds__(1024)
binary(const T* __restrict__ a, const T* __restrict__ b, T* __restrict__ c, i64 n) {
  const i64 step = static_cast<i64>(blockDim.x) * kPack;
  const i64 base = blockIdx.x * step * UNROLL + threadIdx.x * kPack;
  const bool vector = is_aligned16(a) && is_aligned16(b) && is_aligned16(c);
  if (vector && base + (UNROLL - 1) * step + kPack <= n) {
    Raw x[UNROLL], y[UNROLL];
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) x[u] = load_raw(a + base + u * step);
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) y[u] = load_raw(b + base + u * step);
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
      Raw z = {};
#pragma unroll
      for (int k = 0; k < kPack; ++k) raw_set(z, k, BINARY_OP(raw_get(x[u], k), raw_get(y[u], k)));
      store_raw(c + base + u * step, z);
    }
    return;
  }
  // The last block (or unaligned pointers): element by element.
  for (int u = 0; u < UNROLL; ++u) {
    for (int k = 0; k < kPack; ++k) {
      i64 i = base + u * step + k;
      if (i < n) c[i] = from_float<T>(BINARY_OP(to_float(a[i]), to_float(b[i])));
    }
  }
}

#else  // BCAST_DIMS

// binary_bcast's shape, coalesced by the plan (dims of size 1 dropped, neighbours that
// broadcast alike merged): BCAST_DIMS the output's dims, A_STRIDES/B_STRIDES each input's
// element strides (0 where it is broadcast), BCAST_INDEX the index type (unsigned below 2^31
// elements). All are compile-time constants, so the index arithmetic is multiplies and shifts.
// BCAST_VECTOR: the innermost dim is a multiple of the pack, so each thread takes a 16-byte
// pack of the output that lies in one row. A_MODE/B_MODE: 0 the input is broadcast along the
// innermost dim (one value per pack), 1 it is contiguous along it.
typedef BCAST_INDEX Idx;

#if BCAST_VECTOR
constexpr int kVec = kPack;
#else
constexpr int kVec = 1;
#endif

// The offsets into a and b of output element e.
__device__ __forceinline__ void bcast_offsets(Idx e, Idx& oa, Idx& ob) {
  constexpr Idx dims[] = {BCAST_DIMS}, sa[] = {A_STRIDES}, sb[] = {B_STRIDES};
  constexpr int kRank = sizeof(dims) / sizeof(dims[0]);
  oa = 0;
  ob = 0;
#pragma unroll
  for (int d = kRank - 1; d > 0; --d) {
    Idx coord = e % dims[d];
    e /= dims[d];
    oa += coord * sa[d];
    ob += coord * sb[d];
  }
  oa += e * sa[0];
  ob += e * sb[0];
}

// kVec elements of one input at offset `off`.
template <int kMode>
__device__ __forceinline__ void load_operand(const T* __restrict__ p, Idx off, bool aligned,
                                             Raw& out) {
  out = {};
  if (kMode == 0) {
    const T v = p[off];
#pragma unroll
    for (int k = 0; k < kVec; ++k) raw_put(out, k, v);
  } else if (kVec > 1 && aligned) {
    out = load_raw(p + off);
  } else {
#pragma unroll
    for (int k = 0; k < kVec; ++k) raw_put(out, k, p[off + k]);
  }
}

extern "C" __global__ void __launch_bounds__(1024)
binary_bcast(const T* __restrict__ a, const T* __restrict__ b, T* __restrict__ c, Idx n) {
  const Idx items = n / kVec;  // n is a multiple of kVec
  const Idx first = static_cast<Idx>(blockIdx.x) * (blockDim.x * UNROLL) + threadIdx.x;
  const bool va = is_aligned16(a), vb = is_aligned16(b), vc = is_aligned16(c);
  Raw x[UNROLL], y[UNROLL];
#pragma unroll
  for (int u = 0; u < UNROLL; ++u) {
    Idx item = first + u * blockDim.x;
    if (item >= items) break;
    Idx oa, ob;
    bcast_offsets(item * kVec, oa, ob);
    load_operand<A_MODE>(a, oa, va, x[u]);
    load_operand<B_MODE>(b, ob, vb, y[u]);
  }
#pragma unroll
  for (int u = 0; u < UNROLL; ++u) {
    Idx item = first + u * blockDim.x;
    if (item >= items) break;
    Raw z = {};
#pragma unroll
    for (int k = 0; k < kVec; ++k) raw_set(z, k, BINARY_OP(raw_get(x[u], k), raw_get(y[u], k)));
    if (kVec > 1 && vc) {
      store_raw(c + item * kVec, z);
    } else {
#pragma unroll
      for (int k = 0; k < kVec; ++k) c[item * kVec + k] = raw_element(z, k);
    }
  }
}

#endif  // BCAST_DIMS
