// Reductions over every element (sum, max, min, prod): per-block partials, then one block
// combines them. Specialised by -DELEM (element type), -DREDUCE_OP (SumOp, MaxOp, MinOp,
// ProdOp), -DBLOCK_THREADS and -DUNROLL (16-byte packs in flight per thread).
// Deterministic: the grid and every combining order are fixed, no atomics.

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

__device__ __forceinline__ float warp_reduce(float v) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) v = Op::combine(v, __shfl_xor_sync(0xffffffffu, v, o));
  return v;
}

// The block's combined value, returned to every thread; `scratch` holds 32 floats.
__device__ __forceinline__ float block_reduce(float v, float* scratch) {
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, warps = blockDim.x >> 5;
  v = warp_reduce(v);
  __syncthreads();
  if (lane == 0) scratch[warp] = v;
  __syncthreads();
  v = lane < warps ? scratch[lane] : Op::identity();
  return warp_reduce(v);
}

// Elements before p's first 16-byte boundary (at most n).
template <class In>
__device__ __forceinline__ i64 head_elements(const In* p, i64 n) {
  i64 head = static_cast<i64>(((16 - (reinterpret_cast<u64>(p) & 15)) & 15) / sizeof(In));
  return head < n ? head : n;
}

// This thread's share of x[0, n): worker `w` of `workers` takes packs w, w + workers, ...
// (consecutive threads read consecutive packs), UNROLL packs loaded before any is used. The
// elements before the first 16-byte boundary and after the last whole pack, one by one.
template <class In>
__device__ __forceinline__ float thread_reduce(const In* __restrict__ x, i64 n, i64 w,
                                               i64 workers) {
  constexpr int kPack = Pack<In>::kSize;
  float acc = Op::identity();
  const i64 head = head_elements(x, n);
  for (i64 i = w; i < head; i += workers) acc = Op::combine(acc, to_float(x[i]));
  const In* __restrict__ body = x + head;
  const i64 packs = (n - head) / kPack;
  // UNROLL packs a step, the last step's loads predicated: all in flight at once.
  for (i64 p = w; p < packs; p += UNROLL * workers) {
    Pack<In> v[UNROLL];
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
      if (p + u * workers < packs) v[u] = load_pack_stream(body + (p + u * workers) * kPack);
    }
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
      if (p + u * workers >= packs) continue;
#pragma unroll
      for (int k = 0; k < kPack; ++k) acc = Op::combine(acc, to_float(v[u].v[k]));
    }
  }
  for (i64 i = head + packs * kPack + w; i < n; i += workers) {
    acc = Op::combine(acc, to_float(x[i]));
  }
  return acc;
}

// One block reduces x[0, n) (n may be 0: the identity) and writes out[0].
template <class In>
__device__ __forceinline__ void block_finish(const In* __restrict__ x, T* __restrict__ out,
                                             i64 n) {
  __shared__ float scratch[32];
  float v = block_reduce(thread_reduce(x, n, threadIdx.x, blockDim.x), scratch);
  if (threadIdx.x == 0) out[0] = from_float<T>(v);
}

// Pass 1: block b writes its combined share of x to partials[b].
extern "C" __global__ void __launch_bounds__(BLOCK_THREADS)
reduce_partials(const T* __restrict__ x, float* __restrict__ partials, i64 n) {
  __shared__ float scratch[32];
  float v = thread_reduce(x, n, static_cast<i64>(blockIdx.x) * blockDim.x + threadIdx.x,
                          static_cast<i64>(gridDim.x) * blockDim.x);
  v = block_reduce(v, scratch);
  if (threadIdx.x == 0) partials[blockIdx.x] = v;
}

// Pass 2 (one block): the partials combined, rounded to T.
extern "C" __global__ void __launch_bounds__(BLOCK_THREADS)
reduce_final(const float* __restrict__ partials, T* __restrict__ out, i64 count) {
  block_finish(partials, out, count);
}

// Small inputs, empty ones included, in one launch of one block.
extern "C" __global__ void __launch_bounds__(BLOCK_THREADS)
reduce_single(const T* __restrict__ x, T* __restrict__ out, i64 n) {
  block_finish(x, out, n);
}
