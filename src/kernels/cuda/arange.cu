// arange: y[i] = i, rounded to float (as stablehlo.iota in f32) and then to the element type.
// Specialised by -DELEM (the element type) and -DUNROLL (16-byte packs per thread).

typedef ELEM T;

extern "C" __global__ void __launch_bounds__(1024)
arange(T* __restrict__ y, i64 n) {
  constexpr int kPack = Pack<T>::kSize;
  const i64 step = static_cast<i64>(blockDim.x) * kPack;
  const i64 base = blockIdx.x * step * UNROLL + threadIdx.x * kPack;
  if (is_aligned16(y) && base + (UNROLL - 1) * step + kPack <= n) {
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
      Pack<T> v;
#pragma unroll
      for (int k = 0; k < kPack; ++k) {
        v.v[k] = from_float<T>(static_cast<float>(base + u * step + k));
      }
      store_pack(y + base + u * step, v);
    }
    return;
  }
  for (int u = 0; u < UNROLL; ++u) {
    for (int k = 0; k < kPack; ++k) {
      i64 i = base + u * step + k;
      if (i < n) y[i] = from_float<T>(static_cast<float>(i));
    }
  }
}
