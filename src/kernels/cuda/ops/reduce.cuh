// The combiners of stablehlo.reduce keyed by the op of its body (add, multiply, maximum,
// minimum in f32; and, or, xor on integers and pred) with their identities, and the reductions
// built on them: over lanes of a warp, over a block, over one thread's strided share of a span.
#pragma once

#include "ops/elementwise.cuh"

// A combiner: `identity()` and an associative `combine(a, b)`. The f32 ones hold the
// accumulators of every float reduction (16-bit inputs are widened first).
struct AddCombiner {
  static __device__ __forceinline__ float identity() { return 0.f; }
  static __device__ __forceinline__ float combine(float a, float b) { return shlo::add(a, b); }
};
struct MultiplyCombiner {
  static __device__ __forceinline__ float identity() { return 1.f; }
  static __device__ __forceinline__ float combine(float a, float b) {
    return shlo::multiply(a, b);
  }
};
// NaN propagates, as stablehlo.maximum and minimum.
struct MaximumCombiner {
  static __device__ __forceinline__ float identity() { return -__int_as_float(0x7f800000); }
  static __device__ __forceinline__ float combine(float a, float b) {
    return shlo::maximum(a, b);
  }
};
struct MinimumCombiner {
  static __device__ __forceinline__ float identity() { return __int_as_float(0x7f800000); }
  static __device__ __forceinline__ float combine(float a, float b) {
    return shlo::minimum(a, b);
  }
};
// C's fmaxf: a NaN operand loses. For statistics whose NaN shows anyway in what is computed
// from them (softmax's row max: the sum of exponentials turns NaN).
struct MaxNumCombiner {
  static __device__ __forceinline__ float identity() { return -__int_as_float(0x7f800000); }
  static __device__ __forceinline__ float combine(float a, float b) { return fmaxf(a, b); }
};
// Bitwise, on an integer type V (bool for pred).
template <class V>
struct AndCombiner {
  static __device__ __forceinline__ V identity() { return static_cast<V>(~V(0)); }
  static __device__ __forceinline__ V combine(V a, V b) { return a & b; }
};
template <class V>
struct OrCombiner {
  static __device__ __forceinline__ V identity() { return V(0); }
  static __device__ __forceinline__ V combine(V a, V b) { return a | b; }
};
template <class V>
struct XorCombiner {
  static __device__ __forceinline__ V identity() { return V(0); }
  static __device__ __forceinline__ V combine(V a, V b) { return a ^ b; }
};

// The names the reduction plans pass as -DREDUCE_OP.
typedef AddCombiner SumOp;
typedef MultiplyCombiner ProdOp;
typedef MaximumCombiner MaxOp;
typedef MinimumCombiner MinOp;

// Combines over aligned groups of `kWidth` lanes (a power of two <= 32), the result in every
// lane of the group; every lane of the warp must take part.
template <class Op, int kWidth = 32>
__device__ __forceinline__ float lanes_reduce(float v) {
#pragma unroll
  for (int o = kWidth / 2; o > 0; o >>= 1) v = Op::combine(v, __shfl_xor_sync(0xffffffffu, v, o));
  return v;
}

// The block's combined value, returned to every thread. `scratch` holds 32 floats; the block
// size is a multiple of 32. Starts and ends with a barrier, so it may be called repeatedly.
template <class Op>
__device__ __forceinline__ float block_reduce(float v, float* scratch) {
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, warps = blockDim.x >> 5;
  v = lanes_reduce<Op>(v);
  __syncthreads();
  if (lane == 0) scratch[warp] = v;
  __syncthreads();
  v = lane < warps ? scratch[lane] : Op::identity();
  return lanes_reduce<Op>(v);
}

// Worker w of `workers` (W: the index type the caller counts threads in) combines its share of
// p[0, len): the elements before the first 16-byte boundary one by one, then packs w,
// w + workers, ... (consecutive workers read consecutive packs, kUnroll packs loaded before any
// is used, the last step's loads predicated), then the tail after the last whole pack.
template <class Op, int kUnroll, class In, class W>
__device__ __forceinline__ float strided_reduce(const In* __restrict__ p, i64 len, W w,
                                                W workers) {
  constexpr int kPack = Pack<In>::kSize;
  float acc = Op::identity();
  i64 head = static_cast<i64>(((16 - (reinterpret_cast<u64>(p) & 15)) & 15) / sizeof(In));
  head = head < len ? head : len;
  for (i64 i = w; i < head; i += workers) acc = Op::combine(acc, to_float(p[i]));
  const In* __restrict__ body = p + head;
  const i64 packs = (len - head) / kPack;
  for (i64 q = w; q < packs; q += kUnroll * workers) {
    Pack<In> v[kUnroll];
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
      if (q + u * workers < packs) v[u] = load_pack_stream(body + (q + u * workers) * kPack);
    }
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
      if (q + u * workers >= packs) continue;
#pragma unroll
      for (int k = 0; k < kPack; ++k) acc = Op::combine(acc, to_float(v[u].v[k]));
    }
  }
  for (i64 i = head + packs * kPack + w; i < len; i += workers) {
    acc = Op::combine(acc, to_float(p[i]));
  }
  return acc;
}
