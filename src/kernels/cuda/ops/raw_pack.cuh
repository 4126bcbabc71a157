// 16-byte packs held as four 32-bit words while in flight, widened to f32 only when used.
// A Pack<T> of a 16-bit type takes a register per element (ptxas keeps each 16-bit value in
// its own 32-bit register), so kernels that keep many loads in flight per thread hold them raw:
// four registers a load in every type.
#pragma once

template <class T>
struct RawPack {
  static constexpr int kSize = 16 / sizeof(T);
  unsigned w[4];
};

// A streaming (evict-first, ld.cs) load of 16 aligned bytes read once (on the H100 it beat
// plain loads by 0.3-7% in sum_cols and gemv_t).
template <class T>
__device__ __forceinline__ RawPack<T> load_raw_stream(const T* p) {
  uint4 u = __ldcs(reinterpret_cast<const uint4*>(p));
  return {{u.x, u.y, u.z, u.w}};
}

// Element k of word w in f32 (k = 0 the low half of a 16-bit pair), one instruction each; the
// first argument only picks the type.
__device__ __forceinline__ float word_to_float(float*, unsigned w, int) {
  return __uint_as_float(w);
}
__device__ __forceinline__ float word_to_float(bf16_t*, unsigned w, int k) {
  return __uint_as_float(k == 0 ? w << 16 : w & 0xffff0000u);
}
__device__ __forceinline__ float word_to_float(half_t*, unsigned w, int k) {
  half_t h;
  h.bits = static_cast<unsigned short>(k == 0 ? w & 0xffffu : w >> 16);
  return to_float(h);
}

// Element i (0 .. kSize - 1) of a raw pack, in f32.
template <class T>
__device__ __forceinline__ float raw_get(const RawPack<T>& r, int i) {
  constexpr int kPerWord = RawPack<T>::kSize / 4;
  return word_to_float(static_cast<T*>(nullptr), r.w[i / kPerWord], i % kPerWord);
}

// Element i of a raw pack set from a T (the packs of partially loaded rows).
template <class T>
__device__ __forceinline__ void raw_put(RawPack<T>& r, int i, T v) {
  constexpr int kPerWord = RawPack<T>::kSize / 4;
  if constexpr (kPerWord == 1) {
    r.w[i] = __float_as_uint(to_float(v));
  } else {
    unsigned& w = r.w[i / 2];
    const unsigned bits = v.bits;
    w = i % 2 ? (w & 0xffffu) | (bits << 16) : (w & 0xffff0000u) | bits;
  }
}
