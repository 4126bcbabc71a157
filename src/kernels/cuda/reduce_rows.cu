// Row reductions of x[R, C] over the last dimension (sum, max, min, prod in f32) -> out[R].
// Two strategies: a group of ROW_THREADS lanes (1..32, within one warp) per row for short rows,
// or whole blocks per row for long ones, a row optionally split over several blocks whose f32
// partials a second launch combines. Specialised by -DELEM, -DREDUCE_OP (SumOp, MaxOp, MinOp,
// ProdOp), -DBLOCK_THREADS, -DROW_THREADS and -DUNROLL (16-byte packs in flight per thread).

// Combiners in f32. max/min propagate NaN like stablehlo.maximum/minimum (PTX .NaN, sm_80+).
struct SumOp {
  static __device__ __forceinline__ float identity() { return 0.f; }
  static __device__ __forceinline__ float combine(float a, float b) { return a + b; }
};
struct ProdOp {
  static __device__ __forceinline__ float identity() { return 1.f; }
  static __device__ __forceinline__ float combine(float a, float b) { return a * b; }
};
struct MaxOp {
  static __device__ __forceinline__ float identity() { return -__int_as_float(0x7f800000); }
  static __device__ __forceinline__ float combine(float a, float b) {
    float r;
    asm("max.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
    return r;
  }
};
struct MinOp {
  static __device__ __forceinline__ float identity() { return __int_as_float(0x7f800000); }
  static __device__ __forceinline__ float combine(float a, float b) {
    float r;
    asm("min.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
    return r;
  }
};

typedef ELEM T;
typedef REDUCE_OP Op;

// Combines over aligned groups of `width` lanes (a power of two <= 32); every lane of the
// warp must take part.
template <int width>
__device__ __forceinline__ float lanes_reduce(float v) {
#pragma unroll
  for (int o = width / 2; o > 0; o >>= 1) v = Op::combine(v, __shfl_xor_sync(0xffffffffu, v, o));
  return v;
}

// The block's combined value, returned to every thread; `scratch` holds 32 floats.
__device__ __forceinline__ float block_reduce(float v, float* scratch) {
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, warps = blockDim.x >> 5;
  v = lanes_reduce<32>(v);
  __syncthreads();
  if (lane == 0) scratch[warp] = v;
  __syncthreads();
  v = lane < warps ? scratch[lane] : Op::identity();
  return lanes_reduce<32>(v);
}

// Thread t of `threads` combines its share of p[0, len): the elements before the first 16-byte
// boundary one by one, then packs t, t + threads, ... (UNROLL in flight), then the tail.
template <class In>
__device__ __forceinline__ float span_reduce(const In* __restrict__ p, i64 len, int t,
                                             int threads) {
  constexpr int kPack = Pack<In>::kSize;
  float acc = Op::identity();
  i64 head = static_cast<i64>(((16 - (reinterpret_cast<u64>(p) & 15)) & 15) / sizeof(In));
  head = head < len ? head : len;
  for (i64 i = t; i < head; i += threads) acc = Op::combine(acc, to_float(p[i]));
  const In* __restrict__ body = p + head;
  const i64 packs = (len - head) / kPack;
  // UNROLL packs a step, the last step's loads predicated: all in flight at once.
  for (i64 q = t; q < packs; q += UNROLL * threads) {
    Pack<In> v[UNROLL];
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
      if (q + u * threads < packs) v[u] = load_pack_stream(body + (q + u * threads) * kPack);
    }
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
      if (q + u * threads >= packs) continue;
#pragma unroll
      for (int k = 0; k < kPack; ++k) acc = Op::combine(acc, to_float(v[u].v[k]));
    }
  }
  for (i64 i = head + packs * kPack + t; i < len; i += threads) {
    acc = Op::combine(acc, to_float(p[i]));
  }
  return acc;
}

// ROW_THREADS lanes per row, BLOCK_THREADS / ROW_THREADS rows per block. Lanes past the last
// row still join the shuffles.
template <class In>
__device__ __forceinline__ void group_rows(const In* __restrict__ x, T* __restrict__ out, i64 R,
                                           i64 C) {
  constexpr int kRowsPerBlock = BLOCK_THREADS / ROW_THREADS;
  const int t = threadIdx.x % ROW_THREADS;
  const i64 row = static_cast<i64>(blockIdx.x) * kRowsPerBlock + threadIdx.x / ROW_THREADS;
  float v = row < R ? span_reduce(x + row * C, C, t, ROW_THREADS) : Op::identity();
  v = lanes_reduce<ROW_THREADS>(v);
  if (row < R && t == 0) out[row] = from_float<T>(v);
}

extern "C" __global__ void __launch_bounds__(BLOCK_THREADS)
rows_group(const T* __restrict__ x, T* __restrict__ out, i64 R, i64 C) {
  group_rows(x, out, R, C);
}

// Pass 2 after rows_block with splits > 1: partials[R, splits] combined per row.
extern "C" __global__ void __launch_bounds__(BLOCK_THREADS)
rows_final(const float* __restrict__ partials, T* __restrict__ out, i64 R, i64 splits) {
  group_rows(partials, out, R, splits);
}

// Block b reduces part b % splits (columns [s * chunk, (s + 1) * chunk)) of row b / splits; with
// one split it writes out[row], else its f32 partial to partials[b] (layout [R, splits]).
extern "C" __global__ void __launch_bounds__(BLOCK_THREADS)
rows_block(const T* __restrict__ x, T* __restrict__ out, float* __restrict__ partials, i64 C,
           i64 chunk, int splits) {
  __shared__ float scratch[32];
  const i64 row = blockIdx.x / splits, begin = (blockIdx.x % splits) * chunk;
  i64 len = C - begin < chunk ? C - begin : chunk;
  len = len > 0 ? len : 0;
  float v = block_reduce(span_reduce(x + row * C + begin, len, threadIdx.x, BLOCK_THREADS),
                         scratch);
  if (threadIdx.x != 0) return;
  if (splits == 1) {
    out[row] = from_float<T>(v);
  } else {
    partials[blockIdx.x] = v;
  }
}
