// Prefix sums in f32 (scan_inclusive, scan_exclusive, scan_rows): a single-pass decoupled
// look-back scan (Merrill & Garland, "Single-pass Parallel Prefix Scan with Decoupled
// Look-back", 2016) over the flat array, optionally segmented into rows of SEG elements.
// Specialised by -DELEM (element type), -DBLOCK_THREADS, -DITEMS (elements per thread, a
// multiple of the 16-byte pack), -DEXCLUSIVE (0/1) and -DSEGMENTED (0/1: rows restart the sum).
//
// `state` (scratch, cleared by scan_clear first): state[0] is the tile counter that hands out
// tiles in launch order (so every tile's predecessors are running or done: no deadlock), and
// state[1 + t] is tile t's descriptor: a status (kAggregate: the tile's own sum, kPrefix: the
// sum of everything up to and including the tile) and an f32 in one 64-bit word, so that a
// reader sees status and value together without fences.
//
// Layout of a tile: warp w owns a contiguous run of 32 * PACKS packs; pack p of lane l is
// pack p * 32 + l of that run, so every 16-byte load and store of a warp is contiguous. A
// segmented scan carries (value, flag) pairs: the flag says a row starts inside, so the value
// does not depend on what came before.

#include "ops/reduce.cuh"

typedef ELEM T;

constexpr int kVec = Pack<T>::kSize;
constexpr int kPacks = ITEMS / kVec;
constexpr int kWarps = BLOCK_THREADS / 32;
constexpr int kWarpItems = 32 * ITEMS;
constexpr int kTileItems = BLOCK_THREADS * ITEMS;
constexpr bool kSegmented = SEGMENTED != 0;
constexpr bool kExclusive = EXCLUSIVE != 0;
static_assert(kPacks >= 1 && kPacks * kVec == ITEMS, "ITEMS must be a multiple of the pack");

constexpr u64 kInvalid = 0, kAggregate = 1, kPrefix = 2;

__device__ __forceinline__ u64 load_relaxed(const u64* p) {
  u64 v;
  asm volatile("ld.relaxed.gpu.global.b64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ void store_relaxed(u64* p, u64 v) {
  asm volatile("st.relaxed.gpu.global.b64 [%0], %1;" ::"l"(p), "l"(v) : "memory");
}
__device__ __forceinline__ u64 descriptor(u64 status, float v) {
  return (status << 32) | __float_as_uint(v);
}

// A partial sum of a segmented scan: `f` set when a row starts inside it.
struct Part {
  float v;
  int f;
};
__device__ __forceinline__ Part combine(Part a, Part b) {
  if (!kSegmented) return {a.v + b.v, 0};
  return {b.f ? b.v : a.v + b.v, a.f | b.f};
}

// Inclusive scan of one Part per lane across the warp.
__device__ __forceinline__ Part warp_inclusive(Part p, int lane) {
#pragma unroll
  for (int o = 1; o < 32; o <<= 1) {
    Part q;
    q.v = __shfl_up_sync(0xffffffffu, p.v, o);
    q.f = kSegmented ? __shfl_up_sync(0xffffffffu, p.f, o) : 0;
    if (lane >= o) p = combine(q, p);
  }
  return p;
}

// The sum of every tile before `tile`, read from the descriptors by one warp: 32
// predecessors at a time, stopping at the nearest one that has published its prefix.
__device__ float look_back(const u64* desc, i64 tile, int lane) {
  float exclusive = 0.f;
  for (i64 j = tile - 1;; j -= 32) {
    i64 idx = j - lane;
    u64 d;
    // Tile 0 publishes a prefix at once, so the window never runs past it.
    do {
      d = idx >= 0 ? load_relaxed(desc + idx) : descriptor(kPrefix, 0.f);
    } while (__any_sync(0xffffffffu, (d >> 32) == kInvalid));
    unsigned prefixes = __ballot_sync(0xffffffffu, (d >> 32) == kPrefix);
    int last = prefixes ? __ffs(prefixes) - 1 : 31;
    const float own = lane <= last ? __uint_as_float(static_cast<unsigned>(d)) : 0.f;
    exclusive += lanes_reduce<AddCombiner>(own);
    if (prefixes) return exclusive;
  }
}

// A pack held as four raw 32-bit words, so that 16-bit elements take half a register each
// (a Pack<T> of 16-bit structs would take one register per element).
__device__ __forceinline__ unsigned word_at(const uint4& r, int i) {
  return i == 0 ? r.x : i == 1 ? r.y : i == 2 ? r.z : r.w;
}
__device__ __forceinline__ float elem_to_float(const uint4& r, int k, float*) {
  return __uint_as_float(word_at(r, k));
}
__device__ __forceinline__ float elem_to_float(const uint4& r, int k, bf16_t*) {
  // In asm, like the f16 conversion, so that the compiler keeps the raw words rather than
  // both passes' floats.
  unsigned w = word_at(r, k / 2), u;
  if (k & 1) {
    asm("and.b32 %0, %1, 0xffff0000;" : "=r"(u) : "r"(w));
  } else {
    asm("shl.b32 %0, %1, 16;" : "=r"(u) : "r"(w));
  }
  return __uint_as_float(u);
}
__device__ __forceinline__ float elem_to_float(const uint4& r, int k, half_t*) {
  unsigned w = word_at(r, k / 2);
  return to_float(half_t{static_cast<unsigned short>((k & 1) ? (w >> 16) : (w & 0xffffu))});
}
__device__ __forceinline__ float elem(const uint4& r, int k) {
  return elem_to_float(r, k, static_cast<T*>(nullptr));
}

// Loads the pack at g (zeros past n); sets bit k of *starts where element k begins a row.
__device__ __forceinline__ uint4 load_pack_items(const T* x, i64 g, i64 n, bool vector, i64 seg,
                                                 unsigned* starts) {
  uint4 raw;
  if (vector) {
    raw = __ldcs(reinterpret_cast<const uint4*>(x + g));
  } else {
    Pack<T> pk;
#pragma unroll
    for (int k = 0; k < kVec; ++k) pk.v[k] = g + k < n ? x[g + k] : from_float<T>(0.f);
    raw = *reinterpret_cast<const uint4*>(&pk);
  }
  *starts = 0;
  if (kSegmented) {
    i64 rem = g % seg;
#pragma unroll
    for (int k = 0; k < kVec; ++k) {
      if (rem == 0) *starts |= 1u << k;
      rem = rem + 1 == seg ? 0 : rem + 1;
    }
  }
  return raw;
}

// The pack's segmented sum.
__device__ __forceinline__ Part pack_sum(const uint4& raw, unsigned starts) {
  Part p{0.f, 0};
#pragma unroll
  for (int k = 0; k < kVec; ++k) {
    if (kSegmented && ((starts >> k) & 1)) p = {0.f, 1};
    p.v += elem(raw, k);
  }
  return p;
}

// Writes the pack's outputs given the sum of everything before it (`before`).
__device__ __forceinline__ void store_pack_items(T* y, i64 g, i64 n, bool vector,
                                                 const uint4& raw, unsigned starts,
                                                 float before) {
  Pack<T> out;
  float run = 0.f;
  bool restarted = false;
#pragma unroll
  for (int k = 0; k < kVec; ++k) {
    if (kSegmented && ((starts >> k) & 1)) run = 0.f, restarted = true;
    float r;
    if (kExclusive) {
      r = restarted ? run : before + run;
      run += elem(raw, k);
    } else {
      run += elem(raw, k);
      r = restarted ? run : before + run;
    }
    out.v[k] = from_float<T>(r);
  }
  if (vector) {
    store_pack_stream(y + g, out);
  } else {
#pragma unroll
    for (int k = 0; k < kVec; ++k)
      if (g + k < n) y[g + k] = out.v[k];
  }
}

// This warp's prefix within the tile and the tile's total, from the warps' totals.
__device__ __forceinline__ void tile_totals(const Part* warp_totals, int warp, Part* warp_prefix,
                                            Part* tile_total) {
  Part acc{0.f, 0};
#pragma unroll 1
  for (int w = 0; w < kWarps; ++w) {
    if (w == warp) *warp_prefix = acc;
    acc = combine(acc, warp_totals[w]);
  }
  *tile_total = acc;
}

// Publishes the tile's descriptor and returns the sum of everything before the tile (warp 0).
__device__ __forceinline__ float publish_and_look_back(u64* desc, i64 tile, Part total,
                                                       bool starts_row, int lane) {
  if (tile == 0) {
    if (lane == 0) store_relaxed(desc, descriptor(kPrefix, total.v));
    return 0.f;
  }
  // A tile in which a row starts knows its inclusive prefix already.
  if (lane == 0) store_relaxed(desc + tile, descriptor(total.f ? kPrefix : kAggregate, total.v));
  if (starts_row) return 0.f;
  float before = look_back(desc, tile, lane);
  if (lane == 0 && !total.f) store_relaxed(desc + tile, descriptor(kPrefix, before + total.v));
  return before;
}

extern "C" __global__ void __launch_bounds__(BLOCK_THREADS)
scan_tiles(const T* __restrict__ x, T* __restrict__ y, u64* __restrict__ state, i64 n, i64 seg) {
  __shared__ Part s_warp_totals[kWarps];
  __shared__ float s_before;
  __shared__ unsigned s_tile;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  if (threadIdx.x == 0) s_tile = atomicAdd(reinterpret_cast<unsigned*>(state), 1u);
  __syncthreads();
  const i64 tile = s_tile;
  const i64 tile_base = tile * kTileItems;
  const i64 warp_base = tile_base + static_cast<i64>(warp) * kWarpItems;
  const bool vector = tile_base + kTileItems <= n && is_aligned16(x) && is_aligned16(y);

  uint4 v[kPacks];
  unsigned starts[kPacks];
#pragma unroll
  for (int p = 0; p < kPacks; ++p) {
    v[p] = load_pack_items(x, warp_base + static_cast<i64>(p * 32 + lane) * kVec, n, vector, seg,
                           &starts[p]);
  }
  // Each pack's prefix within the warp, and the warp's total.
  Part before[kPacks];
  Part carry{0.f, 0};
#pragma unroll
  for (int p = 0; p < kPacks; ++p) {
    Part incl = warp_inclusive(pack_sum(v[p], starts[p]), lane);
    Part excl;
    excl.v = __shfl_up_sync(0xffffffffu, incl.v, 1);
    excl.f = kSegmented ? __shfl_up_sync(0xffffffffu, incl.f, 1) : 0;
    if (lane == 0) excl = {0.f, 0};
    before[p] = combine(carry, excl);
    Part row;
    row.v = __shfl_sync(0xffffffffu, incl.v, 31);
    row.f = kSegmented ? __shfl_sync(0xffffffffu, incl.f, 31) : 0;
    carry = combine(carry, row);
  }
  if (lane == 0) s_warp_totals[warp] = carry;
  __syncthreads();
  Part warp_prefix, total;
  tile_totals(s_warp_totals, warp, &warp_prefix, &total);
  if (warp == 0) {
    bool starts_row = kSegmented && tile_base % seg == 0;
    float b = publish_and_look_back(state + 1, tile, total, starts_row, lane);
    if (lane == 0) s_before = b;
  }
  __syncthreads();
  Part base = combine(Part{s_before, 0}, warp_prefix);
#pragma unroll
  for (int p = 0; p < kPacks; ++p) {
    store_pack_items(y, warp_base + static_cast<i64>(p * 32 + lane) * kVec, n, vector, v[p],
                     starts[p], combine(base, before[p]).v);
  }
}

// Zeroes the tile counter and the descriptors (count words) before scan_tiles runs.
extern "C" __global__ void __launch_bounds__(256) scan_clear(u64* __restrict__ state, i64 count) {
  for (i64 i = blockIdx.x * static_cast<i64>(blockDim.x) + threadIdx.x; i < count;
       i += static_cast<i64>(gridDim.x) * blockDim.x) {
    state[i] = 0;
  }
}
