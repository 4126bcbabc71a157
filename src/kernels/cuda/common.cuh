// Shared by every kernel source (prepended by the launcher): the 16-bit float types and their
// conversions, and 16-byte packs for vector loads and stores. Written against NVRTC's built-ins
// only, so no CUDA headers are needed where kernels compile. The functions of the ops
// (element-wise, combiners, row reductions) are in ops/, included where a kernel needs them.
#pragma once

typedef long long i64;
typedef unsigned long long u64;

// IEEE half and bfloat16 as raw bits; kernels compute in float.
struct half_t { unsigned short bits; };
struct bf16_t { unsigned short bits; };

__device__ __forceinline__ float to_float(float x) { return x; }
__device__ __forceinline__ float to_float(bf16_t x) {
  return __uint_as_float(static_cast<unsigned>(x.bits) << 16);
}
__device__ __forceinline__ float to_float(half_t x) {
  float f;
  asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(x.bits));
  return f;
}

template <class T> __device__ __forceinline__ T from_float(float f);
template <> __device__ __forceinline__ float from_float<float>(float f) { return f; }
template <> __device__ __forceinline__ bf16_t from_float<bf16_t>(float f) {
  bf16_t r;
  asm("cvt.rn.bf16.f32 %0, %1;" : "=h"(r.bits) : "f"(f));
  return r;
}
template <> __device__ __forceinline__ half_t from_float<half_t>(float f) {
  half_t r;
  asm("cvt.rn.f16.f32 %0, %1;" : "=h"(r.bits) : "f"(f));
  return r;
}

// A 16-byte group of elements, loaded and stored with one vector instruction.
template <class T>
struct alignas(16) Pack {
  static constexpr int kSize = 16 / sizeof(T);
  T v[kSize];
};

template <class T>
__device__ __forceinline__ Pack<T> load_pack(const T* p) {
  return *reinterpret_cast<const Pack<T>*>(p);
}
// Streaming (evict-first) load and store for data touched once.
template <class T>
__device__ __forceinline__ Pack<T> load_pack_stream(const T* p) {
  uint4 u = __ldcs(reinterpret_cast<const uint4*>(p));
  return *reinterpret_cast<Pack<T>*>(&u);
}
template <class T>
__device__ __forceinline__ void store_pack(T* p, const Pack<T>& v) {
  *reinterpret_cast<Pack<T>*>(p) = v;
}
template <class T>
__device__ __forceinline__ void store_pack_stream(T* p, const Pack<T>& v) {
  __stcs(reinterpret_cast<uint4*>(p), *reinterpret_cast<const uint4*>(&v));
}

__device__ __forceinline__ bool is_aligned16(const void* p) {
  return (reinterpret_cast<u64>(p) & 15) == 0;
}
