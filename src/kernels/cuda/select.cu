// stablehlo.select: out = pred ? on_true : on_false, element by element, with a 1-byte predicate
// (non-zero is true). Specialised by -DELEM (the value type) and -DUNROLL (16-byte packs of
// output per thread, all loaded before the first is used).

typedef ELEM T;

constexpr int kPack = Pack<T>::kSize;

// The kPack predicate bytes of one pack (4 for f32, 8 for 16-bit types) as one integer, loaded
// at once; byte k is element k's predicate.
typedef u64 PredBits;

__device__ __forceinline__ PredBits load_pred(const unsigned char* p) {
  if constexpr (kPack == 4) {
    return *reinterpret_cast<const unsigned*>(p);
  } else {
    return *reinterpret_cast<const unsigned long long*>(p);
  }
}

extern "C" __global__ void __launch_bounds__(1024)
select_elements(const unsigned char* __restrict__ pred, const T* __restrict__ on_true,
                const T* __restrict__ on_false, T* __restrict__ out, i64 n) {
  const i64 step = static_cast<i64>(blockDim.x) * kPack;
  const i64 base = blockIdx.x * step * UNROLL + threadIdx.x * kPack;
  const bool vector = (reinterpret_cast<u64>(pred) % kPack) == 0 && is_aligned16(on_true) &&
                      is_aligned16(on_false) && is_aligned16(out);
  if (vector && base + (UNROLL - 1) * step + kPack <= n) {
    PredBits p[UNROLL];
    Pack<T> t[UNROLL], f[UNROLL];
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
      p[u] = load_pred(pred + base + u * step);
      t[u] = load_pack(on_true + base + u * step);
      f[u] = load_pack(on_false + base + u * step);
    }
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
      Pack<T> r;
#pragma unroll
      for (int k = 0; k < kPack; ++k) r.v[k] = ((p[u] >> (8 * k)) & 0xff) ? t[u].v[k] : f[u].v[k];
      store_pack(out + base + u * step, r);
    }
    return;
  }
  // The last block (or unaligned pointers): element by element.
  for (int u = 0; u < UNROLL; ++u) {
    for (int k = 0; k < kPack; ++k) {
      i64 i = base + u * step + k;
      if (i < n) out[i] = pred[i] ? on_true[i] : on_false[i];
    }
  }
}
