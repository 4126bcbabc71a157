// Rotary position embedding, rotate-half convention (GPT-NeoX, Hugging Face Llama), on x
// [B, S, H, D] with positions [S]: for j < D/2, with angle = pos[s] * inv_freq[j],
//   y[j] = x[j] cos - x[j + D/2] sin,  y[j + D/2] = x[j + D/2] cos + x[j] sin.
// One block takes one position s and ROWS_PER_BLOCK of its B*H rows: it builds the position's
// cos/sin table in shared memory once, and each thread then rotates VEC pairs of a row at a
// time. Specialised by -DELEM, -DHEAD_DIM (D), -DNUM_HEADS (H), -DVEC (elements per access: a
// 16-byte pack, or 1 when D/2 is not a multiple of it), -DLLAMA3 (Llama 3.1's frequency
// scaling), -DROWS_PER_BLOCK and -DUNROLL (items per thread in flight).
//
// The angle is computed exactly as the StableHLO definition computes it, one f32 operation at a
// time (no contraction into FMAs), so that both round alike: an angle of up to 8192 rad is
// sensitive to a one-ulp change of inv_freq (8192 * 6e-8 = 5e-4 rad). The exponential is
// evaluated in double and rounded once, as the interpreter does, so inv_freq matches it bit for
// bit; cos and sin of the (identical) angle are sincosf's, within 2 ulp of the interpreter's.

typedef ELEM T;

constexpr int kHalf = HEAD_DIM / 2;
constexpr int kThreadsPerRow = kHalf / VEC;

// Llama 3.1's scaling (factor 8, low_freq_factor 1, high_freq_factor 4, original context 8192):
// wavelengths over 8192 are divided by 8, those under 2048 kept, those between interpolated.
__device__ __forceinline__ float llama3_scaled(float f) {
  const float wavelen = __fdiv_rn(6.283185482025146484375f, f);  // 2 pi in f32
  if (wavelen > 8192.f) return __fdiv_rn(f, 8.f);
  if (wavelen < 2048.f) return f;
  const float smooth = __fdiv_rn(__fsub_rn(__fdiv_rn(8192.f, wavelen), 1.f), 3.f);
  return __fadd_rn(__fdiv_rn(__fmul_rn(__fsub_rn(1.f, smooth), f), 8.f), __fmul_rn(smooth, f));
}

// inv_freq[j] = theta^(-2j/D) = exp((2j / D) * -ln(theta)).
__device__ __forceinline__ float inv_frequency(int j, float neg_log_theta) {
  const float e = __fdiv_rn(__fmul_rn(2.f, static_cast<float>(j)), static_cast<float>(HEAD_DIM));
  float f = static_cast<float>(exp(static_cast<double>(__fmul_rn(e, neg_log_theta))));
#if LLAMA3
  f = llama3_scaled(f);
#endif
  return f;
}

// The offset of item `i` of the block (row q0 + i / kThreadsPerRow of position s, its VEC pairs
// starting at (i % kThreadsPerRow) * VEC) and that pair index.
__device__ __forceinline__ i64 item_offset(int i, int q0, i64 s, i64 seq, int& j0) {
  const int q = q0 + i / kThreadsPerRow;
  j0 = i % kThreadsPerRow * VEC;
  const i64 b = q / NUM_HEADS, h = q % NUM_HEADS;
  return ((b * seq + s) * NUM_HEADS + h) * HEAD_DIM + j0;
}

// VEC elements of a row, held raw (16-bit elements two to a register) until computed on: a
// 16-byte pack when VEC is the pack size and the pointers are aligned, else element by element.
struct Raw {
  unsigned w[4];
};

// Element k of a raw chunk (U is T: a template, so that the branch not taken is not compiled).
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

__device__ __forceinline__ void load_chunk(const T* __restrict__ p, bool packed, Raw& r) {
  r = {};
  if (VEC == Pack<T>::kSize && packed) {
    const uint4 u = *reinterpret_cast<const uint4*>(p);
    r = {{u.x, u.y, u.z, u.w}};
  } else {
#pragma unroll
    for (int k = 0; k < VEC; ++k) raw_put(r, k, p[k]);
  }
}

__device__ __forceinline__ void store_chunk(T* __restrict__ p, bool packed, const Raw& r) {
  if (VEC == Pack<T>::kSize && packed) {
    *reinterpret_cast<uint4*>(p) = make_uint4(r.w[0], r.w[1], r.w[2], r.w[3]);
  } else {
#pragma unroll
    for (int k = 0; k < VEC; ++k) p[k] = raw_element(r, k);
  }
}

extern "C" __global__ void __launch_bounds__(1024)
rope(const T* __restrict__ x, const int* __restrict__ positions, T* __restrict__ y, i64 seq,
     int rows, float neg_log_theta) {
  __shared__ float2 table[kHalf];  // (cos, sin) of position s's angles
  const i64 s = blockIdx.x;
  const int q0 = blockIdx.y * ROWS_PER_BLOCK;
  const int items = min(ROWS_PER_BLOCK, rows - q0) * kThreadsPerRow;
  const int step = blockDim.x * UNROLL;
  const bool packed = is_aligned16(x) && is_aligned16(y);
  Raw lo[UNROLL], hi[UNROLL];
  // The first items' loads go out before the table is built, to overlap with its arithmetic.
  auto load = [&](int base) {
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
      int i = base + u * blockDim.x, j0;
      if (i >= items) break;
      const i64 off = item_offset(i, q0, s, seq, j0);
      load_chunk(x + off, packed, lo[u]);
      load_chunk(x + off + kHalf, packed, hi[u]);
    }
  };
  load(threadIdx.x);
  const float pos = __int2float_rn(positions[s]);
  for (int j = threadIdx.x; j < kHalf; j += blockDim.x) {
    float c, sn;
    sincosf(__fmul_rn(pos, inv_frequency(j, neg_log_theta)), &sn, &c);
    table[j] = make_float2(c, sn);
  }
  __syncthreads();
  for (int base = threadIdx.x; base < items; base += step) {
    if (base != static_cast<int>(threadIdx.x)) load(base);
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
      int i = base + u * blockDim.x, j0;
      if (i >= items) break;
      const i64 off = item_offset(i, q0, s, seq, j0);
      Raw out_lo = {}, out_hi = {};
#pragma unroll
      for (int k = 0; k < VEC; ++k) {
        const float2 cs = table[j0 + k];
        const float a = to_float(raw_element(lo[u], k)), b = to_float(raw_element(hi[u], k));
        raw_put(out_lo, k, from_float<T>(__fsub_rn(__fmul_rn(a, cs.x), __fmul_rn(b, cs.y))));
        raw_put(out_hi, k, from_float<T>(__fadd_rn(__fmul_rn(b, cs.x), __fmul_rn(a, cs.y))));
      }
      store_chunk(y + off, packed, out_lo);
      store_chunk(y + off + kHalf, packed, out_hi);
    }
  }
}
