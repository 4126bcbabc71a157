// Prefix sums in f32 (scan_inclusive, scan_exclusive, scan_rows): a single-pass decoupled
// look-back scan (Merrill & Garland, "Single-pass Parallel Prefix Scan with Decoupled
// Look-back", 2016) over the flat array, optionally segmented into rows of `seg` elements.
// Specialised by -DELEM (element type), -DBLOCK_THREADS, -DITEMS (elements per thread, a
// multiple of the 16-byte pack), -DEXCLUSIVE (0/1), -DSEGMENTED (0/1: rows restart the sum) and
// -DLAUNCH_ORDER (0/1: where a block's tile comes from).
//
// Two kernels, one tile per block, share the tile's scan (scan_tile): scan_tiles loads the tile
// from global memory into registers; scan_staged (sm_90) copies it into shared memory with bulk
// copies and reads it from there twice, so that it holds no packs in registers while it waits
// for its look-back, and three blocks of 512 threads fit an SM instead of two.
//
// `state` (scratch, cleared by scan_clear first): state[0] is the tile counter that hands out
// tiles in order where LAUNCH_ORDER is 0 (so every tile's predecessors are taken by running
// blocks: no deadlock whatever order the blocks start in), and state[1 + t] is tile t's
// descriptor: a status (kAggregate: the tile's own sum, kPrefix: the sum of everything up to
// and including the tile) and an f32 in one 64-bit word, so that a reader sees status and
// value together without fences. LAUNCH_ORDER 1 takes tile blockIdx.x instead, as CUB's scans
// do: the GPU starts a grid's blocks in order, so a block's predecessors have started; it
// saves the counter's round trip and a barrier before the loads.
//
// Layout of a tile: warp w owns a contiguous run of 32 * PACKS packs; pack p of lane l is
// pack p * 32 + l of that run, so every 16-byte load and store of a warp is contiguous. A
// segmented scan carries (value, flag) pairs: the flag says a row starts inside, so the value
// does not depend on what came before. A tile of a segmented scan in which no row starts past
// its first element takes the unsegmented path (most tiles of long rows).

#include "ops/hopper.cuh"
#include "ops/reduce.cuh"

#ifndef LAUNCH_ORDER
#define LAUNCH_ORDER 0
#endif

typedef ELEM T;

constexpr int kVec = Pack<T>::kSize;
constexpr int kPacks = ITEMS / kVec;
constexpr int kWarps = BLOCK_THREADS / 32;
constexpr int kWarpItems = 32 * ITEMS;
constexpr int kTileItems = BLOCK_THREADS * ITEMS;
constexpr bool kSegmented = SEGMENTED != 0;
constexpr bool kExclusive = EXCLUSIVE != 0;
static_assert(kPacks >= 1 && kPacks * kVec == ITEMS, "ITEMS must be a multiple of the pack");
static_assert(kWarps <= 32, "the warps' totals are scanned by one warp");
// Registers a thread may take: its packs' words and what the scan needs besides (more for the
// segmented path's flags). Bounding them keeps two blocks of 512 threads on an SM (ptxas
// otherwise takes 82 for bf16 and fits one), three of 256 for 16-bit rows.
constexpr int kRegisters = ITEMS * static_cast<int>(sizeof(T)) / 4 + (kSegmented ? 64 : 32);
constexpr int kMinBlocks = 65536 / (BLOCK_THREADS * kRegisters) > 0
                               ? 65536 / (BLOCK_THREADS * kRegisters)
                               : 1;

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
template <bool kSeg>
__device__ __forceinline__ Part combine(Part a, Part b) {
  if (!kSeg) return {a.v + b.v, 0};
  return {b.f ? b.v : a.v + b.v, a.f | b.f};
}
template <bool kSeg>
__device__ __forceinline__ Part shfl_up(Part p, int o) {
  return {__shfl_up_sync(0xffffffffu, p.v, o), kSeg ? __shfl_up_sync(0xffffffffu, p.f, o) : 0};
}
template <bool kSeg>
__device__ __forceinline__ Part shfl(Part p, int lane) {
  return {__shfl_sync(0xffffffffu, p.v, lane), kSeg ? __shfl_sync(0xffffffffu, p.f, lane) : 0};
}

// Inclusive scan of one Part per lane across the warp.
template <bool kSeg>
__device__ __forceinline__ Part warp_inclusive(Part p, int lane) {
#pragma unroll
  for (int o = 1; o < 32; o <<= 1) {
    Part q = shfl_up<kSeg>(p, o);
    if (lane >= o) p = combine<kSeg>(q, p);
  }
  return p;
}

// The sum of every tile before `tile`, read from the descriptors by one warp: 32
// predecessors at a time, stopping at the nearest one that has published its prefix. Only the
// lanes whose descriptor is still invalid read it again.
__device__ float look_back(const u64* desc, i64 tile, int lane) {
  float exclusive = 0.f;
  for (i64 j = tile - 1;; j -= 32) {
    const i64 idx = j - lane;
    // Tile 0 publishes a prefix at once, so the window never runs past it.
    u64 d = idx >= 0 ? load_relaxed(desc + idx) : descriptor(kPrefix, 0.f);
    while (__any_sync(0xffffffffu, (d >> 32) == kInvalid)) {
      if ((d >> 32) == kInvalid) d = load_relaxed(desc + idx);
    }
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

// The pack at g from global memory (zeros past n).
__device__ __forceinline__ uint4 load_pack(const T* x, i64 g, i64 n, bool vector) {
  if (vector) return __ldcs(reinterpret_cast<const uint4*>(x + g));
  Pack<T> pk;
#pragma unroll
  for (int k = 0; k < kVec; ++k) pk.v[k] = g + k < n ? x[g + k] : from_float<T>(0.f);
  return *reinterpret_cast<const uint4*>(&pk);
}

// Where rows start in the thread's packs: bit k of starts[p] is set where element k of pack p
// begins a row. `rem` is the first pack's position in its row (< seg); the packs are 32 * kVec
// elements apart. No division past the first pack's position.
__device__ __forceinline__ void row_starts(i64 rem, i64 seg, unsigned (&starts)[kPacks]) {
  const i64 step = seg > 32 * kVec ? 32 * kVec : (32 * kVec) % static_cast<int>(seg);
#pragma unroll
  for (int p = 0; p < kPacks; ++p) {
    unsigned s = 0;
    if (seg >= kVec) {
      const i64 k0 = rem == 0 ? 0 : seg - rem;  // at most one row starts in the pack
      if (k0 < kVec) s = 1u << k0;
    } else {
      int r = static_cast<int>(rem);
#pragma unroll
      for (int k = 0; k < kVec; ++k) {
        if (r == 0) s |= 1u << k;
        r = r + 1 == seg ? 0 : r + 1;
      }
    }
    starts[p] = s;
    rem += step;
    if (rem >= seg) rem -= seg;
  }
}

// The position in its row of the element `offset` (< kTileItems) past a tile that starts at
// position `tile_rem` of its row.
__device__ __forceinline__ i64 row_position(i64 tile_rem, int offset, i64 seg) {
  i64 r = tile_rem + offset;
  if (r < seg) return r;
  if (seg >= kTileItems) return r - seg;
  return static_cast<unsigned>(r) % static_cast<unsigned>(seg);
}

// The pack's segmented sum.
template <bool kSeg>
__device__ __forceinline__ Part pack_sum(const uint4& raw, unsigned starts) {
  Part p{0.f, 0};
#pragma unroll
  for (int k = 0; k < kVec; ++k) {
    if (kSeg && ((starts >> k) & 1)) p = {0.f, 1};
    p.v += elem(raw, k);
  }
  return p;
}

// Writes the pack's outputs given the sum of everything before it (`before`).
template <bool kSeg>
__device__ __forceinline__ void store_pack_items(T* y, i64 g, i64 n, bool vector, const uint4& raw,
                                                 unsigned starts, float before) {
  Pack<T> out;
  float run = 0.f;
  bool restarted = false;
#pragma unroll
  for (int k = 0; k < kVec; ++k) {
    if (kSeg && ((starts >> k) & 1)) run = 0.f, restarted = true;
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

// Publishes the tile's descriptor and returns the sum of everything before the tile (warp 0).
// `has_start`: a row starts in the tile, so its total is its inclusive prefix; `starts_row`:
// one starts at its first element, so nothing before it counts.
__device__ __forceinline__ float publish_and_look_back(u64* desc, i64 tile, float total,
                                                       bool has_start, bool starts_row, int lane) {
  if (tile == 0) {
    if (lane == 0) store_relaxed(desc, descriptor(kPrefix, total));
    return 0.f;
  }
  if (lane == 0) store_relaxed(desc + tile, descriptor(has_start ? kPrefix : kAggregate, total));
  if (starts_row) return 0.f;
  float before = look_back(desc, tile, lane);
  if (lane == 0 && !has_start) store_relaxed(desc + tile, descriptor(kPrefix, before + total));
  return before;
}

struct TileShared {
  Part warp_totals[kWarps];
  float before;
};

// Scans one tile whose packs `pack_at(p)` gives (with their row starts), publishes its
// descriptor and writes its outputs. Two block barriers. Packs read
// from shared memory are read again for the outputs, after the barriers, so that they take no
// registers while the block waits for its look-back.
template <bool kSeg, class PackAt>
__device__ __forceinline__ void scan_tile(PackAt pack_at, const unsigned (&starts)[kPacks], T* y,
                                          u64* desc, i64 tile, i64 warp_base, i64 n, bool vector,
                                          bool starts_row, TileShared& s) {
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  // Each pack's prefix within the warp, and the warp's total.
  Part before[kPacks];
  Part carry{0.f, 0};
#pragma unroll
  for (int p = 0; p < kPacks; ++p) {
    Part incl = warp_inclusive<kSeg>(pack_sum<kSeg>(pack_at(p), starts[p]), lane);
    Part excl = shfl_up<kSeg>(incl, 1);
    if (lane == 0) excl = {0.f, 0};
    before[p] = combine<kSeg>(carry, excl);
    carry = combine<kSeg>(carry, shfl<kSeg>(incl, 31));
  }
  if (lane == 0) s.warp_totals[warp] = carry;
  __syncthreads();
  // The warps' totals scanned by every warp: this warp's prefix and the tile's total.
  Part w = lane < kWarps ? s.warp_totals[lane] : Part{0.f, 0};
  Part w_incl = warp_inclusive<kSeg>(w, lane);
  Part total = shfl<kSeg>(w_incl, kWarps - 1);
  Part warp_prefix = shfl_up<kSeg>(w_incl, 1);
  warp_prefix = shfl<kSeg>(warp_prefix, warp);
  if (warp == 0) warp_prefix = {0.f, 0};
  if (warp == 0) {
    const bool has_start = kSeg ? total.f != 0 : starts_row;
    float b = publish_and_look_back(desc, tile, total.v, has_start, starts_row, lane);
    if (lane == 0) s.before = b;
  }
  __syncthreads();
  Part base = combine<kSeg>(Part{s.before, 0}, warp_prefix);
#pragma unroll
  for (int p = 0; p < kPacks; ++p) {
    store_pack_items<kSeg>(y, warp_base + static_cast<i64>(p * 32 + lane) * kVec, n, vector,
                           pack_at(p), starts[p], combine<kSeg>(base, before[p]).v);
  }
}

// The tile's scan on the segmented path where a row starts past its first element, else on the
// plain one. `tile_rem`: the tile's first element's position in its row.
template <class PackAt>
__device__ __forceinline__ void scan_tile_rows(PackAt pack_at, T* y, u64* desc, i64 tile, i64 n,
                                               i64 seg, i64 tile_rem, bool vector, TileShared& s) {
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const i64 tile_base = tile * kTileItems;
  const i64 warp_base = tile_base + static_cast<i64>(warp) * kWarpItems;
  const i64 len = n - tile_base < kTileItems ? n - tile_base : kTileItems;
  unsigned starts[kPacks];
  if (kSegmented && tile_rem + len > seg) {
    row_starts(row_position(tile_rem, warp * kWarpItems + lane * kVec, seg), seg, starts);
    scan_tile<true>(pack_at, starts, y, desc, tile, warp_base, n, vector, tile_rem == 0, s);
  } else {
#pragma unroll
    for (int p = 0; p < kPacks; ++p) starts[p] = 0;
    scan_tile<false>(pack_at, starts, y, desc, tile, warp_base, n, vector,
                     kSegmented && tile_rem == 0, s);
  }
}

extern "C" __global__ void __launch_bounds__(BLOCK_THREADS, kMinBlocks)
    scan_tiles(const T* __restrict__ x, T* __restrict__ y, u64* __restrict__ state, i64 n,
               i64 seg) {
  __shared__ TileShared s;
  __shared__ i64 s_tile, s_rem;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  i64 tile, tile_rem;
  if (LAUNCH_ORDER) {
    // Blocks start in launch order (as CUB's scans assume): no counter, no barrier before
    // the loads.
    tile = blockIdx.x;
    tile_rem = kSegmented ? tile * kTileItems % seg : 0;
  } else {
    if (threadIdx.x == 0) {
      s_tile = static_cast<i64>(atomicAdd(state, 1ull));
      s_rem = kSegmented ? s_tile * kTileItems % seg : 0;
    }
    __syncthreads();
    tile = s_tile;
    tile_rem = s_rem;
  }
  const i64 tile_base = tile * kTileItems;
  const i64 warp_base = tile_base + static_cast<i64>(warp) * kWarpItems;
  const bool vector = tile_base + kTileItems <= n && is_aligned16(x) && is_aligned16(y);
  uint4 v[kPacks];
#pragma unroll
  for (int p = 0; p < kPacks; ++p) {
    v[p] = load_pack(x, warp_base + static_cast<i64>(p * 32 + lane) * kVec, n, vector);
  }
  scan_tile_rows([&](int p) { return v[p]; }, y, state + 1, tile, n, seg, tile_rem, vector, s);
}

// ---- scan_staged: one tile per block, copied into shared memory by bulk copies and read
// from there twice (for the sums, then for the outputs), so that a thread holds no packs while
// its block waits: registers and shared memory for three blocks of 512 threads an SM, three
// 64 KiB tiles in flight instead of scan_tiles' two; at 9 packs a thread (the vectors' default),
// three of 72 KiB (216 of the SM's 228 KiB).

// `bytes` from global memory at `src` into shared memory at `dst` (16-byte aligned, a multiple
// of 16), completing that many bytes of transactions on the mbarrier `bar`.
__device__ __forceinline__ void bulk_load(unsigned dst, const void* src, unsigned bytes,
                                          unsigned bar) {
  asm volatile(
      "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::
          "r"(dst),
      "l"(src), "r"(bytes), "r"(bar)
      : "memory");
}

// Blocks an SM holds by shared memory (a tile each, 1 KiB reserved), at most 1536 threads:
// 42 registers a thread, which the two passes fit without spilling (at 2048 threads, 32, the
// segmented path spills).
constexpr int kStagedTileBytes = kTileItems * static_cast<int>(sizeof(T));
constexpr int kStagedBySmem = (228 * 1024) / (kStagedTileBytes + 1024 + 512);
constexpr int kStagedBlocks =
    kStagedBySmem < 1536 / BLOCK_THREADS ? kStagedBySmem : 1536 / BLOCK_THREADS;
// The tile comes in chunks of up to 16 KiB (the largest power of two dividing it), each on its
// own mbarrier, so that a warp starts on its packs once their chunks are in rather than the
// whole tile's.
constexpr int kChunk =
    (kStagedTileBytes & -kStagedTileBytes) < 16384 ? (kStagedTileBytes & -kStagedTileBytes) : 16384;
constexpr int kChunks = kStagedTileBytes / kChunk;
constexpr int kWarpBytes = kWarpItems * static_cast<int>(sizeof(T));
static_assert(kChunk % 16 == 0 && kChunks <= 64, "a tile is at most 64 chunks of 16n bytes");

extern "C" __global__ void __launch_bounds__(BLOCK_THREADS, kStagedBlocks > 0 ? kStagedBlocks : 1)
    scan_staged(const T* __restrict__ x, T* __restrict__ y, u64* __restrict__ state, i64 n,
                i64 seg) {
  extern __shared__ __align__(128) unsigned char s_data[];
  __shared__ TileShared s;
  __shared__ u64 s_full[kChunks];
  __shared__ i64 s_tile;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const bool aligned = is_aligned16(x) && is_aligned16(y);
  const unsigned bar = hopper::smem_address(s_full);
  if (threadIdx.x == 0) {
    const i64 t =
        LAUNCH_ORDER ? static_cast<i64>(blockIdx.x) : static_cast<i64>(atomicAdd(state, 1ull));
    s_tile = t;
    for (int c = 0; c < kChunks; ++c) hopper::mbar_init(bar + 8 * c, 1);
    hopper::mbar_init_fence();
    const i64 base = t * kTileItems;
    if (base + kTileItems <= n && aligned) {
      const unsigned dst = hopper::smem_address(s_data);
      const unsigned char* src = reinterpret_cast<const unsigned char*>(x + base);
#pragma unroll 1
      for (int c = 0; c < kChunks; ++c) {
        hopper::mbar_arrive_expect_tx(bar + 8 * c, kChunk);
        bulk_load(dst + c * kChunk, src + c * kChunk, kChunk, bar + 8 * c);
      }
    } else {
      for (int c = 0; c < kChunks; ++c) hopper::mbar_arrive(bar + 8 * c);
    }
  }
  __syncthreads();
  const i64 tile = s_tile;
  const i64 tile_base = tile * kTileItems;
  const i64 tile_rem = kSegmented ? tile_base % seg : 0;
  const bool vector = tile_base + kTileItems <= n && aligned;
  const int warp_offset = warp * kWarpItems;
  // The chunks that hold this warp's packs.
  for (int c = warp * kWarpBytes / kChunk; c <= ((warp + 1) * kWarpBytes - 1) / kChunk; ++c) {
    hopper::mbar_wait(bar + 8 * c, 0);
  }
  const uint4* stage = reinterpret_cast<const uint4*>(s_data);
  scan_tile_rows(
      [&](int p) {
        if (vector) return stage[warp_offset / kVec + p * 32 + lane];
        return load_pack(x, tile_base + warp_offset + static_cast<i64>(p * 32 + lane) * kVec, n,
                         false);
      },
      y, state + 1, tile, n, seg, tile_rem, vector, s);
}

// Zeroes the tile counter and the descriptors (count words) before the scan runs.
extern "C" __global__ void __launch_bounds__(256) scan_clear(u64* __restrict__ state, i64 count) {
  for (i64 i = blockIdx.x * static_cast<i64>(blockDim.x) + threadIdx.x; i < count;
       i += static_cast<i64>(gridDim.x) * blockDim.x) {
    state[i] = 0;
  }
}
