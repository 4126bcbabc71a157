// argmax / argmin of x[R, C] over the last dimension -> int32 out[R]: the first index of the
// extreme value, NaN counting as more extreme than any number (as JAX's argmax and argmin do).
// A group of ROW_THREADS lanes (1..32, one warp) per short row, a block per long row (vocab
// logits). Specialised by -DELEM, -DARG_OP (ArgMax, ArgMin), -DBLOCK_THREADS, -DROW_THREADS
// and -DUNROLL (16-byte packs in flight per thread).

#include "ops/reduce.cuh"

// `beats(a, b)`: a is strictly more extreme than b (neither NaN); `extreme` of two values with
// NaN propagating (ops/reduce.cuh); `identity` loses to every value.
struct ArgMax {
  static __device__ __forceinline__ float identity() { return MaximumCombiner::identity(); }
  static __device__ __forceinline__ bool beats(float a, float b) { return a > b; }
  static __device__ __forceinline__ float extreme(float a, float b) {
    return MaximumCombiner::combine(a, b);
  }
};
struct ArgMin {
  static __device__ __forceinline__ float identity() { return MinimumCombiner::identity(); }
  static __device__ __forceinline__ bool beats(float a, float b) { return a < b; }
  static __device__ __forceinline__ float extreme(float a, float b) {
    return MinimumCombiner::combine(a, b);
  }
};

typedef ELEM T;
typedef ARG_OP Op;

// The running (value, index) of a thread, a group or a block.
struct Best {
  float v;
  int i;
};

// Whether (v, i) wins over b: NaN first, then the more extreme value, then the smaller index.
// A total order, so the result does not depend on the combining order.
__device__ __forceinline__ bool wins(float v, int i, const Best& b) {
  const bool vn = v != v, bn = b.v != b.v;
  if (vn || bn) return vn && (!bn || i < b.i);
  return Op::beats(v, b.v) || (v == b.v && i < b.i);
}

// Elements visited in increasing index order, so a strict comparison keeps the first.
__device__ __forceinline__ void take(Best& b, float v, int i) {
  if (Op::beats(v, b.v) || (v != v && b.v == b.v)) b = {v, i};
}

// A pack at index `base`: its extreme first, the element's position only when it wins.
template <int kPack>
__device__ __forceinline__ void take_pack(Best& b, const Pack<T>& p, int base) {
  float f[kPack];
#pragma unroll
  for (int k = 0; k < kPack; ++k) f[k] = to_float(p.v[k]);
  float m = f[0];
#pragma unroll
  for (int k = 1; k < kPack; ++k) m = Op::extreme(m, f[k]);
  if (!(Op::beats(m, b.v) || (m != m && b.v == b.v))) return;
  int at = kPack - 1;
#pragma unroll
  for (int k = kPack - 1; k >= 0; --k) {
    if (f[k] == m || (m != m && f[k] != f[k])) at = k;
  }
  b = {m, base + at};
}

// Thread t of `threads` scans its share of row p[0, len): the elements before the first 16-byte
// boundary, then packs t, t + threads, ... (UNROLL in flight), then the tail.
__device__ __forceinline__ Best span_best(const T* __restrict__ p, int len, int t, int threads) {
  constexpr int kPack = Pack<T>::kSize;
  Best b = {Op::identity(), 0};
  int head = static_cast<int>(((16 - (reinterpret_cast<u64>(p) & 15)) & 15) / sizeof(T));
  head = head < len ? head : len;
  for (int i = t; i < head; i += threads) take(b, to_float(p[i]), i);
  const T* __restrict__ body = p + head;
  const int packs = (len - head) / kPack;
  // UNROLL packs a step, the last step's loads predicated: all in flight at once.
  for (int q = t; q < packs; q += UNROLL * threads) {
    Pack<T> v[UNROLL];
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
      if (q + u * threads < packs) v[u] = load_pack_stream(body + (q + u * threads) * kPack);
    }
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
      if (q + u * threads < packs) take_pack<kPack>(b, v[u], head + (q + u * threads) * kPack);
    }
  }
  for (int i = head + packs * kPack + t; i < len; i += threads) take(b, to_float(p[i]), i);
  return b;
}

// Combines over aligned groups of `width` lanes (a power of two <= 32); every lane takes part.
template <int width>
__device__ __forceinline__ Best lanes_best(Best b) {
#pragma unroll
  for (int o = width / 2; o > 0; o >>= 1) {
    float v = __shfl_xor_sync(0xffffffffu, b.v, o);
    int i = __shfl_xor_sync(0xffffffffu, b.i, o);
    if (wins(v, i, b)) b = {v, i};
  }
  return b;
}

// ROW_THREADS lanes per row, BLOCK_THREADS / ROW_THREADS rows per block.
extern "C" __global__ void __launch_bounds__(BLOCK_THREADS)
arg_group(const T* __restrict__ x, int* __restrict__ out, i64 R, int C) {
  constexpr int kRowsPerBlock = BLOCK_THREADS / ROW_THREADS;
  const int t = threadIdx.x % ROW_THREADS;
  const i64 row = static_cast<i64>(blockIdx.x) * kRowsPerBlock + threadIdx.x / ROW_THREADS;
  Best b = {Op::identity(), 0};
  if (row < R) b = span_best(x + row * C, C, t, ROW_THREADS);
  b = lanes_best<ROW_THREADS>(b);
  if (row < R && t == 0) out[row] = b.i;
}

// One block per row.
extern "C" __global__ void __launch_bounds__(BLOCK_THREADS)
arg_block(const T* __restrict__ x, int* __restrict__ out, int C) {
  __shared__ float values[32];
  __shared__ int indices[32];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  Best b = lanes_best<32>(span_best(x + static_cast<i64>(blockIdx.x) * C, C, threadIdx.x,
                                    BLOCK_THREADS));
  if (lane == 0) values[warp] = b.v, indices[warp] = b.i;
  __syncthreads();
  if (warp != 0) return;
  b = lane < BLOCK_THREADS / 32 ? Best{values[lane], indices[lane]} : Best{Op::identity(), 0};
  b = lanes_best<32>(b);
  if (lane == 0) out[blockIdx.x] = b.i;
}
