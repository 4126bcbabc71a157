// swiglu: y = silu(gate) * up = gate * sigmoid(gate) * up, element-wise in float. Specialised by
// -DELEM (the element type) and -DUNROLL (16-byte packs per thread, all loaded before the
// first is used).

#include "ops/elementwise.cuh"

typedef ELEM T;

// The definition's order: logistic (exact), then gate * s, then * up.
__device__ __forceinline__ float swiglu_op(float g, float u) {
  float s = shlo::logistic<ExactMath>(g);
  return __fmul_rn(__fmul_rn(g, s), u);
}

extern "C" __global__ void __launch_bounds__(1024)
swiglu(const T* __restrict__ gate, const T* __restrict__ up, T* __restrict__ y, i64 n) {
  constexpr int kPack = Pack<T>::kSize;
  const i64 step = static_cast<i64>(blockDim.x) * kPack;
  const i64 base = blockIdx.x * step * UNROLL + threadIdx.x * kPack;
  const bool vector = is_aligned16(gate) && is_aligned16(up) && is_aligned16(y);
  if (vector && base + (UNROLL - 1) * step + kPack <= n) {
    Pack<T> g[UNROLL], u[UNROLL];
#pragma unroll
    for (int i = 0; i < UNROLL; ++i) g[i] = load_pack(gate + base + i * step);
#pragma unroll
    for (int i = 0; i < UNROLL; ++i) u[i] = load_pack(up + base + i * step);
#pragma unroll
    for (int i = 0; i < UNROLL; ++i) {
      Pack<T> r;
#pragma unroll
      for (int k = 0; k < kPack; ++k) {
        r.v[k] = from_float<T>(swiglu_op(to_float(g[i].v[k]), to_float(u[i].v[k])));
      }
      store_pack(y + base + i * step, r);
    }
    return;
  }
  // The last block (or unaligned pointers): element by element.
  for (int i = 0; i < UNROLL; ++i) {
    for (int k = 0; k < kPack; ++k) {
      i64 e = base + i * step + k;
      if (e < n) y[e] = from_float<T>(swiglu_op(to_float(gate[e]), to_float(up[e])));
    }
  }
}
