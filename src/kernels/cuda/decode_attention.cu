// Decode attention, split over the KV length (flash-decoding), for decode_attention.cpp: a few
// query tokens (Sq) of every query head over a KV cache, contiguous [B, Hkv, S, D] or paged
// ([P, Hkv, PAGE_SIZE, D] pages through a block table), softmax and accumulation in f32.
// Specialised by -DELEM (f16/bf16), -DHEAD_DIM (D: 16 .. 256, a power of two),
// -DBLOCK_THREADS, -DROWS (query rows of one KV head per block), -DUNROLL (keys per lane group
// per step), -DSTAGES (0: a step's K and V loaded into registers before use; 2 .. 4: through a
// ring of STAGES steps in shared memory filled by cp.async, STAGES - 1 steps in flight),
// -DFINISH (1, with several splits: the last split block of each row tile merges the splits,
// no combine launch), -DMERGE_LOADS (splits whose partials the merge of the splits loads
// before using any: 1 or 4), -DMMA (1: the tensor-core path below, with ROWS 16 and a ring of STAGES
// >= 2) and, for the paged cache, -DPAGE_SIZE.
//
// A block serves ROWS query rows (query head g of the KV head's group, token sq: row g * Sq +
// sq) of one KV head and one sequence, over one split of the keys (blockIdx.x), so that K and V
// are read once for all query heads of the group (GQA). Its lanes form groups of HEAD_DIM / 8
// lanes, one 16-byte pack of a key's row each; each group takes UNROLL keys per step (K and V
// loaded before any is used), reduces its rows' scores within the group, and keeps an online
// softmax (max, sum, unnormalised output) of its own; the groups of a warp, then the warps of
// the block (shared memory), are merged at the end. With one split the block writes the
// output; with several it writes its rows' partial (max, sum, O) to scratch, and
// decode_attention_combine merges the splits in split order (deterministic).
// Scores are kept in base 2: q is multiplied by scale * log2(e) when loaded.
//
// MMA=1 (HEAD_DIM 16 .. 128): the block's 16 query rows are the A operand of mma.sync m16n8k16
// for q k^T and p v, so the per-key arithmetic is a few tensor-core instructions whatever the
// rows. Each warp takes 16 consecutive keys per step (warp w: keys step + 16 w ..), copied by
// its own lanes with cp.async into its own part of a ring of STAGES steps (16-byte chunks
// XOR-swizzled by key so that ldmatrix is conflict-free; no barrier, __syncwarp only), and
// keeps FlashAttention-2's online softmax of its rows (ops/flash_softmax.cuh); the warps are
// merged as in the CUDA-core path.
#include "ops/flash_softmax.cuh"

// Off unless the plan turns them on.
#ifndef STAGES
#define STAGES 0
#endif
#ifndef FINISH
#define FINISH 0
#endif
#ifndef MMA
#define MMA 0
#endif
#ifndef MERGE_LOADS
#define MERGE_LOADS 1
#endif

typedef ELEM T;

constexpr int kVec = Pack<T>::kSize;
constexpr int kLanes = HEAD_DIM / kVec;  // lanes of one key's row
constexpr int kGroupsPerWarp = 32 / kLanes;
constexpr int kWarps = BLOCK_THREADS / 32;
constexpr int kGroups = kWarps * kGroupsPerWarp;
static_assert(kVec == 8, "decode attention takes 16-bit element types");
static_assert(HEAD_DIM % kVec == 0 && kLanes <= 32 && 32 % kLanes == 0,
              "HEAD_DIM must be a power of two from 8 to 256");
static_assert(BLOCK_THREADS % 32 == 0, "BLOCK_THREADS must be whole warps");

__device__ __forceinline__ float neg_inf() { return -__int_as_float(0x7f800000); }

// exp2(x - m) where m may be -inf (an empty softmax): the shift is then 0, so -inf scores
// give 0 and never NaN.
__device__ __forceinline__ float shift_of(float m) { return m == neg_inf() ? 0.f : m; }

// One pack of a row: a 16-byte load where the cache is aligned, else element by element.
__device__ __forceinline__ Pack<T> load_row_pack(const T* __restrict__ p, bool aligned) {
  if (aligned) return load_pack_stream(p);
  Pack<T> r;
#pragma unroll
  for (int e = 0; e < kVec; ++e) r.v[e] = p[e];
  return r;
}

// Where key t of this block's sequence and KV head starts in K (and V): in the contiguous
// cache at base + t * HEAD_DIM; in the paged one in page table[t / PAGE_SIZE] at slot
// t % PAGE_SIZE.
struct ContiguousRows {
  i64 base;
  __device__ __forceinline__ i64 offset(i64 t) const { return base + t * HEAD_DIM; }
};

#ifdef PAGE_SIZE
struct PagedRows {
  const int* __restrict__ table;  // this sequence's row of the block table
  i64 kv_heads, head;
  __device__ __forceinline__ i64 offset(i64 t) const {
    const i64 page = table[t / PAGE_SIZE];
    return ((page * kv_heads + head) * PAGE_SIZE + t % PAGE_SIZE) * HEAD_DIM;
  }
};
#endif

// The problem's sizes and the block's place in it.
struct Work {
  int kv_heads, group, seq_q;  // Hkv, Hq / Hkv, Sq
  i64 keys_per_split;
  float scale_log2;  // 1/sqrt(D) * log2(e)
};

// One online softmax per row: running max m, sum l and unnormalised output o (this lane's
// kVec columns), all in base 2.
struct RowState {
  float m[ROWS], l[ROWS], o[ROWS][kVec];
};

// state (m, l, o) merged with (m2, l2, o2).
__device__ __forceinline__ void merge(float& m, float& l, float* o, float m2, float l2,
                                      const float* o2) {
  const float mx = fmaxf(m, m2), s = shift_of(mx);
  const float a = exp2f(m - s), b = exp2f(m2 - s);
  l = l * a + l2 * b;
#pragma unroll
  for (int e = 0; e < kVec; ++e) o[e] = o[e] * a + o2[e] * b;
  m = mx;
}

// One step's keys into the lane group's state: UNROLL keys (step + u * kGroups + group) of
// K and V (kp, vp; zeros where !live), this lane's kVec columns of each.
__device__ __forceinline__ void attend_step(const Pack<T> (&kp)[UNROLL],
                                            const Pack<T> (&vp)[UNROLL], const bool (&live)[UNROLL],
                                            const float (&q)[ROWS][kVec], RowState& st) {
  // Scores: this lane's share of each dot product, then the group's sum (in every lane).
  float s[ROWS][UNROLL];
#pragma unroll
  for (int u = 0; u < UNROLL; ++u) {
    float kf[kVec];
#pragma unroll
    for (int e = 0; e < kVec; ++e) kf[e] = to_float(kp[u].v[e]);
#pragma unroll
    for (int r = 0; r < ROWS; ++r) {
      float d = 0.f;
#pragma unroll
      for (int e = 0; e < kVec; ++e) d += q[r][e] * kf[e];
      s[r][u] = d;
    }
  }
#pragma unroll
  for (int r = 0; r < ROWS; ++r)
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) s[r][u] = lanes_reduce<AddCombiner, kLanes>(s[r][u]);
  // The step's keys into each row's softmax: one rescale per step, s becomes p.
#pragma unroll
  for (int r = 0; r < ROWS; ++r) {
    float mx = st.m[r];
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
      if (!live[u]) s[r][u] = neg_inf();
      mx = fmaxf(mx, s[r][u]);
    }
    const float shift = shift_of(mx), correction = exp2f(st.m[r] - shift);
    st.l[r] *= correction;
#pragma unroll
    for (int e = 0; e < kVec; ++e) st.o[r][e] *= correction;
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
      s[r][u] = exp2f(s[r][u] - shift);
      st.l[r] += s[r][u];
    }
    st.m[r] = mx;
  }
#pragma unroll
  for (int u = 0; u < UNROLL; ++u) {
    float vf[kVec];
#pragma unroll
    for (int e = 0; e < kVec; ++e) vf[e] = to_float(vp[u].v[e]);
#pragma unroll
    for (int r = 0; r < ROWS; ++r)
#pragma unroll
      for (int e = 0; e < kVec; ++e) st.o[r][e] += s[r][u] * vf[e];
  }
}

// Keys [t0, t1) of this block into the lane group's state, loaded into registers (UNROLL keys
// of K and V before any is used).
template <class Rows>
__device__ __forceinline__ void attend_keys(const T* __restrict__ k, const T* __restrict__ v,
                                            const Rows& rows, i64 t0, i64 t1,
                                            const float (&q)[ROWS][kVec], RowState& st,
                                            int group, int sub, bool aligned) {
  for (i64 step = t0; step < t1; step += kGroups * UNROLL) {
    Pack<T> kp[UNROLL], vp[UNROLL];
    bool live[UNROLL];
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
      const i64 t = step + u * kGroups + group;
      live[u] = t < t1;
      if (live[u]) {
        const i64 at = rows.offset(t) + sub * kVec;
        kp[u] = load_row_pack(k + at, aligned);
        vp[u] = load_row_pack(v + at, aligned);
      } else {
#pragma unroll
        for (int e = 0; e < kVec; ++e) kp[u].v[e] = vp[u].v[e] = from_float<T>(0.f);
      }
    }
    attend_step(kp, vp, live, q, st);
  }
}

#if STAGES
// The ring of STAGES steps in shared memory: pack (stage, u, K or V) of thread i at index
// ((stage * UNROLL + u) * 2 + kv) * BLOCK_THREADS + i (16 bytes each; consecutive threads,
// consecutive packs: no bank conflicts).
constexpr int kRingPacks = STAGES * UNROLL * 2 * BLOCK_THREADS;

__device__ __forceinline__ int ring_index(int stage, int u, int kv) {
  return ((stage * UNROLL + u) * 2 + kv) * BLOCK_THREADS + static_cast<int>(threadIdx.x);
}

// Copies (cp.async, 16 bytes each) this lane's packs of one step's keys into ring stage
// `stage`, zeros for keys at or past t1, and closes the step's group.
template <class Rows>
__device__ __forceinline__ void issue_step(const T* __restrict__ k, const T* __restrict__ v,
                                           const Rows& rows, i64 step, i64 t1, int group,
                                           int sub, const uint4* ring, int stage) {
#pragma unroll
  for (int u = 0; u < UNROLL; ++u) {
    const i64 t = step + u * kGroups + group;
    const bool live = t < t1;
    const i64 at = live ? rows.offset(t) + sub * kVec : 0;
    cp_async_16(shared_address(ring + ring_index(stage, u, 0)), k + at, live);
    cp_async_16(shared_address(ring + ring_index(stage, u, 1)), v + at, live);
  }
  cp_async_commit();
}

// attend_keys through the ring (the plan's stages > 0; K, V 16-byte aligned): STAGES - 1
// steps' copies in flight while a step is used, without registers to hold them. Each lane
// reads back only the packs it copied itself, so its own wait orders them: no barrier.
template <class Rows>
__device__ __forceinline__ void attend_keys_ring(const T* __restrict__ k,
                                                 const T* __restrict__ v, const Rows& rows,
                                                 i64 t0, i64 t1, const float (&q)[ROWS][kVec],
                                                 RowState& st, int group, int sub,
                                                 const uint4* ring) {
  constexpr i64 kStepKeys = kGroups * UNROLL;
#pragma unroll
  for (int s = 0; s < STAGES - 1; ++s)
    issue_step(k, v, rows, t0 + s * kStepKeys, t1, group, sub, ring, s);
  int stage = 0;
  for (i64 step = t0; step < t1; step += kStepKeys) {
    // Refill the stage used in the previous step (its packs are in registers by now), then
    // wait for this step's copies: STAGES - 1 groups may stay in flight.
    issue_step(k, v, rows, step + (STAGES - 1) * kStepKeys, t1, group, sub, ring,
               (stage + STAGES - 1) % STAGES);
    cp_async_wait<STAGES - 1>();
    Pack<T> kp[UNROLL], vp[UNROLL];
    bool live[UNROLL];
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
      live[u] = step + u * kGroups + group < t1;
      const uint4 kw = ring[ring_index(stage, u, 0)], vw = ring[ring_index(stage, u, 1)];
      kp[u] = *reinterpret_cast<const Pack<T>*>(&kw);
      vp[u] = *reinterpret_cast<const Pack<T>*>(&vw);
    }
    attend_step(kp, vp, live, q, st);
    stage = (stage + 1) % STAGES;
  }
  cp_async_wait<0>();  // the copies issued past t1 (zeros) have landed before the block ends
}
#endif

#if MMA
constexpr int kTileKeys = 16;             // keys of a warp step
constexpr int kChunks = HEAD_DIM / 8;     // 16-byte chunks of a key's row
constexpr int kKSteps = HEAD_DIM / 16;    // k steps of q k^T
constexpr int kDimTiles = HEAD_DIM / 8;   // n tiles of O
constexpr int kTileElems = kTileKeys * HEAD_DIM;
constexpr int kSwizzle = kChunks < 8 ? kChunks - 1 : 7;
static_assert(ROWS == 16, "the tensor-core path takes 16 query rows a block");
static_assert(HEAD_DIM >= 16 && HEAD_DIM <= 128, "the tensor-core path takes D 16 .. 128");
static_assert(STAGES >= 2, "the tensor-core path reads K and V through the ring");

// Element (key, col) of a warp's K or V tile, chunks XOR-swizzled by key (the 8 row addresses
// of an ldmatrix in different banks where a row has 8 chunks or more).
__device__ __forceinline__ int tile_offset(int key, int col) {
  return key * HEAD_DIM + (((col >> 3) ^ (key & kSwizzle)) << 3) + (col & 7);
}

// Keys key0 .. key0 + 16 of K and V into a warp's tiles (zeros at or past t1): cp.async where
// K and V are 16-byte aligned, else element copies; closes the lane's copy group.
template <class Rows>
__device__ __forceinline__ void issue_tile(const T* __restrict__ k, const T* __restrict__ v,
                                           const Rows& rows, i64 key0, i64 t1, T* k_tile,
                                           T* v_tile, bool aligned, int lane) {
  static_assert(kTileKeys * kChunks % 32 == 0, "whole chunks a lane");
#pragma unroll
  for (int j = 0; j < kTileKeys * kChunks / 32; ++j) {
    const int i = lane + 32 * j;
    const int key = i / kChunks, c = (i % kChunks) * 8;
    const bool live = key0 + key < t1;
    const i64 at = live ? rows.offset(key0 + key) + c : 0;
    const int to = tile_offset(key, c);
    if (aligned) {
      cp_async_16(shared_address(k_tile + to), k + at, live);
      cp_async_16(shared_address(v_tile + to), v + at, live);
    } else {
#pragma unroll
      for (int e = 0; e < kVec; ++e) {
        k_tile[to + e] = live ? k[at + e] : from_float<T>(0.f);
        v_tile[to + e] = live ? v[at + e] : from_float<T>(0.f);
      }
    }
  }
  cp_async_commit();
}

// Two 16-bit elements at p (row-major q) as one A-fragment register; zeros where !live.
__device__ __forceinline__ unsigned q_pair(const T* p, bool live) {
  if (!live) return 0u;
  return static_cast<unsigned>(p[0].bits) | (static_cast<unsigned>(p[1].bits) << 16);
}

// The warp's keys of [t0, t1) (16 a step, the warps' steps interleaved) into its online
// softmax of the block's 16 rows (O in the C layout, m and l per thread row), q's fragments
// (qa) in registers; ring: the block's [STAGES][warps][K, V][16 keys][HEAD_DIM] tiles.
template <class Rows>
__device__ __forceinline__ void attend_keys_mma(const T* __restrict__ k, const T* __restrict__ v,
                                                const Rows& rows, i64 t0, i64 t1,
                                                const unsigned (&qa)[kKSteps][4],
                                                float scale_log2, T* ring, bool aligned,
                                                float (&o)[kDimTiles][4], float (&m)[2],
                                                float (&l)[2]) {
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  constexpr i64 kStride = kWarps * kTileKeys;
  constexpr int kStageElems = kWarps * 2 * kTileElems;
  T* mine = ring + warp * 2 * kTileElems;
  const i64 first = t0 + warp * kTileKeys;
#pragma unroll
  for (int s = 0; s < STAGES - 1; ++s) {
    T* kt = mine + s * kStageElems;
    issue_tile(k, v, rows, first + s * kStride, t1, kt, kt + kTileElems, aligned, lane);
  }
  int stage = 0;
  for (i64 key0 = first; key0 < t1; key0 += kStride) {
    {  // Refill the stage used in the previous step (every lane is past it: __syncwarp below).
      T* kt = mine + ((stage + STAGES - 1) % STAGES) * kStageElems;
      issue_tile(k, v, rows, key0 + (STAGES - 1) * kStride, t1, kt, kt + kTileElems, aligned,
                 lane);
    }
    cp_async_wait<STAGES - 1>();
    __syncwarp();  // every lane's copies of this step have landed
    const T* k_tile = mine + stage * kStageElems;
    const T* v_tile = k_tile + kTileElems;
    float sc[2][4] = {};
#pragma unroll
    for (int kk = 0; kk < kKSteps; ++kk) {
      const int key = (lane & 7) + (lane >> 4) * 8, col = kk * 16 + ((lane >> 3) & 1) * 8;
      unsigned b[4];
      ldmatrix_x4(b, shared_address(k_tile + tile_offset(key, col)));
      const unsigned lo[2] = {b[0], b[1]}, hi[2] = {b[2], b[3]};
      mma_16816<T>(sc[0], qa[kk], lo);
      mma_16816<T>(sc[1], qa[kk], hi);
    }
    const bool masked = key0 + kTileKeys > t1;
    const int live = static_cast<int>(min(t1 - key0, static_cast<i64>(kTileKeys)));
    flash::online_softmax<true>(sc, o, m, l, scale_log2, masked, false, 0, 0, live, 0);
    const unsigned a[4] = {pack_pair<T>(sc[0][0], sc[0][1]), pack_pair<T>(sc[0][2], sc[0][3]),
                           pack_pair<T>(sc[1][0], sc[1][1]), pack_pair<T>(sc[1][2], sc[1][3])};
#pragma unroll
    for (int dn = 0; dn < HEAD_DIM / 16; ++dn) {
      const int key = (lane & 7) + ((lane >> 3) & 1) * 8, col = dn * 16 + (lane >> 4) * 8;
      unsigned b[4];
      ldmatrix_x4_trans(b, shared_address(v_tile + tile_offset(key, col)));
      const unsigned lo[2] = {b[0], b[1]}, hi[2] = {b[2], b[3]};
      mma_16816<T>(o[2 * dn], a, lo);
      mma_16816<T>(o[2 * dn + 1], a, hi);
    }
    __syncwarp();  // every lane's ldmatrix of this stage is done before it is refilled
    stage = (stage + 1) % STAGES;
  }
  cp_async_wait<0>();  // the copies past t1 (zeros) have landed before the ring is reused
}
#endif

// The output row at out_row (HEAD_DIM values) from the splits' partial (m, l, O) of one row,
// split s at index first + s * stride of partial_ml (2 floats) and partial_o (HEAD_DIM floats),
// merged in split order by one warp, lanes along D. Splits with m = -inf (past a sequence's
// end) add nothing. Read through L2: other blocks wrote them (this launch or the last).
__device__ __forceinline__ void combine_row(const float* __restrict__ partial_o,
                                            const float* __restrict__ partial_ml,
                                            T* __restrict__ out_row, i64 first, i64 stride,
                                            int splits, int lane) {
  float m = neg_inf();
  for (int s = 0; s < splits; ++s) m = fmaxf(m, __ldcg(partial_ml + (first + s * stride) * 2));
  const float shift = shift_of(m);
  constexpr int kCols = (HEAD_DIM + 31) / 32;
  float l = 0.f, o[kCols];
#pragma unroll
  for (int j = 0; j < kCols; ++j) o[j] = 0.f;
#if MERGE_LOADS > 1
  // MERGE_LOADS splits' (m, l, O) loaded before any is used (an empty split's O is loaded,
  // never written, and not used), then added in split order as below.
  for (int s0 = 0; s0 < splits; s0 += MERGE_LOADS) {
    float ms[MERGE_LOADS], ls[MERGE_LOADS], os[MERGE_LOADS][kCols];
#pragma unroll
    for (int u = 0; u < MERGE_LOADS; ++u) {
      const bool live = s0 + u < splits;
      const i64 at = first + (live ? s0 + u : 0) * stride;
      ms[u] = live ? __ldcg(partial_ml + at * 2) : neg_inf();
      ls[u] = __ldcg(partial_ml + at * 2 + 1);
#pragma unroll
      for (int j = 0; j < kCols; ++j) {
        const int d = j * 32 + lane;
        os[u][j] = d < HEAD_DIM ? __ldcg(partial_o + at * HEAD_DIM + d) : 0.f;
      }
    }
#pragma unroll
    for (int u = 0; u < MERGE_LOADS; ++u) {
      if (ms[u] == neg_inf()) continue;
      const float f = exp2f(ms[u] - shift);
      l += ls[u] * f;
#pragma unroll
      for (int j = 0; j < kCols; ++j) o[j] += os[u][j] * f;
    }
  }
#else
  for (int s = 0; s < splits; ++s) {
    const i64 at = first + s * stride;
    const float ms = __ldcg(partial_ml + at * 2);
    if (ms == neg_inf()) continue;
    const float f = exp2f(ms - shift);
    l += __ldcg(partial_ml + at * 2 + 1) * f;
#pragma unroll
    for (int j = 0; j < kCols; ++j) {
      const int d = j * 32 + lane;
      if (d < HEAD_DIM) o[j] += __ldcg(partial_o + at * HEAD_DIM + d) * f;
    }
  }
#endif
  const float inv = l > 0.f ? 1.f / l : 0.f;
#pragma unroll
  for (int j = 0; j < (HEAD_DIM + 31) / 32; ++j) {
    const int d = j * 32 + lane;
    if (d < HEAD_DIM) out_row[d] = from_float<T>(o[j] * inv);
  }
}

#if FINISH
// The end of a split block (the plan's finish=1, several splits), after its partial (m, l, O)
// are written: the last of the splits of (b, h, tile) to get here merges every split's
// partials of the tile's rows in split order (combine_row, a warp a row) and writes them to
// out; counts[(b * Hkv + h) * tiles + tile] counts the finished splits, zero before the launch,
// and that block sets it back to zero (the plan's state). Every thread of the block calls it.
__device__ __forceinline__ void finish_split(const float* __restrict__ partial_o,
                                             const float* __restrict__ partial_ml,
                                             T* __restrict__ out, unsigned* __restrict__ counts,
                                             const Work& w, int b, int h, int tile) {
  __shared__ bool s_last;
  const int total_rows = w.group * w.seq_q, tiles = (total_rows + ROWS - 1) / ROWS;
  const i64 counter = (static_cast<i64>(b) * w.kv_heads + h) * tiles + tile;
  // Each writer's fence, then the barrier, order the block's partials before its count.
  __threadfence();
  __syncthreads();
  if (threadIdx.x == 0) s_last = atomicAdd(&counts[counter], 1u) == gridDim.x - 1;
  __syncthreads();
  if (!s_last) return;
  __threadfence();  // the other splits' partials, counted before ours, are visible
  const int lane = threadIdx.x & 31, splits = gridDim.x, row0 = tile * ROWS;
  const int hq = w.kv_heads * w.group;
  for (int r = threadIdx.x >> 5; r < ROWS && row0 + r < total_rows; r += kWarps) {
    const int row = row0 + r, g = row / w.seq_q, sq = row % w.seq_q;
    const i64 out_row = (static_cast<i64>(b) * hq + h * w.group + g) * w.seq_q + sq;
    const i64 first = (static_cast<i64>(b) * w.kv_heads + h) * splits * total_rows + row;
    combine_row(partial_o, partial_ml, out + out_row * HEAD_DIM, first, total_rows, splits, lane);
  }
  if (threadIdx.x == 0) counts[counter] = 0;  // every split has counted
}
#endif

// The block's rows over keys [t0, t1) of sequence b, KV head h (blockIdx.y = h * tiles +
// tile): the output where there is one split, else the partial (m, l, O) of each row at
// index ((b * Hkv + h) * splits + split) * rows + row of partial_ml (2 floats) and
// partial_o (HEAD_DIM floats).
template <class Rows>
__device__ __forceinline__ void attend_split(const T* __restrict__ q, const T* __restrict__ k,
                                             const T* __restrict__ v, T* __restrict__ out,
                                             float* __restrict__ partial_o,
                                             float* __restrict__ partial_ml,
                                             unsigned* __restrict__ counts, const Rows& rows,
                                             const Work& w, i64 len, int b, int h, int tile) {
  // [kRingPacks] uint4 (STAGES > 0), then [kWarps][ROWS][HEAD_DIM] outputs, m and l; with
  // MMA, the warps' tiles (attend_keys_mma), then the same merge area over them.
  extern __shared__ uint4 s_dynamic[];
#if STAGES && !MMA
  float* s_merge = reinterpret_cast<float*>(s_dynamic + kRingPacks);
#else
  float* s_merge = reinterpret_cast<float*>(s_dynamic);
#endif
  const int total_rows = w.group * w.seq_q, row0 = tile * ROWS;
  const int split = blockIdx.x, splits = gridDim.x;
  const i64 t0 = split * w.keys_per_split, t1 = min(len, t0 + w.keys_per_split);
  const i64 partial_row0 = ((static_cast<i64>(b) * w.kv_heads + h) * splits + split) * total_rows;
  const int hq = w.kv_heads * w.group;
  // Row r's place in q and out ([B, Hq, Sq, D]).
  auto row_offset = [&](int r) {
    const int row = row0 + r, g = row / w.seq_q, sq = row % w.seq_q;
    return ((static_cast<i64>(b) * hq + h * w.group + g) * w.seq_q + sq) * HEAD_DIM;
  };
  if (splits > 1 && t0 >= t1) {  // past this sequence's length: an empty softmax
    for (int r = threadIdx.x; r < ROWS && row0 + r < total_rows; r += BLOCK_THREADS) {
      partial_ml[(partial_row0 + row0 + r) * 2] = neg_inf();
      partial_ml[(partial_row0 + row0 + r) * 2 + 1] = 0.f;
    }
#if FINISH
    finish_split(partial_o, partial_ml, out, counts, w, b, h, tile);
#endif
    return;
  }
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  float* s_o = s_merge;
  float* s_m = s_merge + kWarps * ROWS * HEAD_DIM;
  float* s_l = s_m + kWarps * ROWS;
#if MMA
  {
    const int g = lane >> 2, t = lane & 3;
    unsigned qa[kKSteps][4];
#pragma unroll
    for (int kk = 0; kk < kKSteps; ++kk) {
#pragma unroll
      for (int i = 0; i < 4; ++i) {
        const int r = g + (i & 1) * 8, col = kk * 16 + 2 * t + (i >> 1) * 8;
        const bool live = row0 + r < total_rows;
        qa[kk][i] = q_pair(live ? q + row_offset(r) + col : q, live);
      }
    }
    float o[kDimTiles][4] = {}, m[2] = {neg_inf(), neg_inf()}, l[2] = {0.f, 0.f};
    const bool aligned = is_aligned16(k) && is_aligned16(v);
    attend_keys_mma(k, v, rows, t0, t1, qa, w.scale_log2, reinterpret_cast<T*>(s_dynamic),
                    aligned, o, m, l);
    __syncthreads();  // the merge area overlaps the other warps' rings
#pragma unroll
    for (int half = 0; half < 2; ++half) {  // the thread's rows g and g + 8
      const int r = g + 8 * half;
      const float total = lanes_reduce<AddCombiner, 4>(l[half]);
#pragma unroll
      for (int dn = 0; dn < kDimTiles; ++dn) {
        s_o[(warp * ROWS + r) * HEAD_DIM + dn * 8 + 2 * t] = o[dn][2 * half];
        s_o[(warp * ROWS + r) * HEAD_DIM + dn * 8 + 2 * t + 1] = o[dn][2 * half + 1];
      }
      if (t == 0) {
        s_m[warp * ROWS + r] = m[half];
        s_l[warp * ROWS + r] = total;
      }
    }
  }
#else
  const int group = warp * kGroupsPerWarp + lane / kLanes, sub = lane % kLanes;
  const bool aligned = is_aligned16(q) && is_aligned16(k) && is_aligned16(v);
  float qf[ROWS][kVec];
  RowState st;
#pragma unroll
  for (int r = 0; r < ROWS; ++r) {
    st.m[r] = neg_inf();
    st.l[r] = 0.f;
#pragma unroll
    for (int e = 0; e < kVec; ++e) st.o[r][e] = qf[r][e] = 0.f;
    if (row0 + r < total_rows) {
      const Pack<T> p = load_row_pack(q + row_offset(r) + sub * kVec, aligned);
#pragma unroll
      for (int e = 0; e < kVec; ++e) qf[r][e] = to_float(p.v[e]) * w.scale_log2;
    }
  }
#if STAGES
  if (aligned) {
    attend_keys_ring(k, v, rows, t0, t1, qf, st, group, sub, s_dynamic);
  } else {
    attend_keys(k, v, rows, t0, t1, qf, st, group, sub, aligned);
  }
#else
  attend_keys(k, v, rows, t0, t1, qf, st, group, sub, aligned);
#endif

  // Merge the lane groups of each warp (butterfly over the groups), then the warps.
#pragma unroll
  for (int r = 0; r < ROWS; ++r) {
#pragma unroll
    for (int off = kLanes; off < 32; off *= 2) {
      float o2[kVec];
#pragma unroll
      for (int e = 0; e < kVec; ++e) o2[e] = __shfl_xor_sync(0xffffffffu, st.o[r][e], off);
      const float m2 = __shfl_xor_sync(0xffffffffu, st.m[r], off);
      const float l2 = __shfl_xor_sync(0xffffffffu, st.l[r], off);
      merge(st.m[r], st.l[r], st.o[r], m2, l2, o2);
    }
  }
  if (lane < kLanes) {
#pragma unroll
    for (int r = 0; r < ROWS; ++r) {
#pragma unroll
      for (int e = 0; e < kVec; ++e)
        s_o[(warp * ROWS + r) * HEAD_DIM + sub * kVec + e] = st.o[r][e];
      if (lane == 0) {
        s_m[warp * ROWS + r] = st.m[r];
        s_l[warp * ROWS + r] = st.l[r];
      }
    }
  }
#endif
  __syncthreads();
  for (int i = threadIdx.x; i < ROWS * HEAD_DIM; i += BLOCK_THREADS) {
    const int r = i / HEAD_DIM, d = i % HEAD_DIM;
    if (row0 + r >= total_rows) break;  // rows are in order: the rest are past the end too
    float m = neg_inf();
    for (int x = 0; x < kWarps; ++x) m = fmaxf(m, s_m[x * ROWS + r]);
    const float shift = shift_of(m);
    float l = 0.f, o = 0.f;
    for (int x = 0; x < kWarps; ++x) {
      const float f = exp2f(s_m[x * ROWS + r] - shift);
      l += s_l[x * ROWS + r] * f;
      o += s_o[(x * ROWS + r) * HEAD_DIM + d] * f;
    }
    if (splits == 1) {
      out[row_offset(r) + d] = from_float<T>(l > 0.f ? o / l : 0.f);
    } else {
      const i64 at = partial_row0 + row0 + r;
      partial_o[at * HEAD_DIM + d] = o;
      if (d == 0) {
        partial_ml[at * 2] = m;
        partial_ml[at * 2 + 1] = l;
      }
    }
  }
#if FINISH
  finish_split(partial_o, partial_ml, out, counts, w, b, h, tile);
#endif
}

// The contiguous cache: K, V [B, Hkv, S, D], every sequence S long. Grid (splits, Hkv *
// row tiles, B).
extern "C" __global__ void __launch_bounds__(BLOCK_THREADS)
decode_attention_split(const T* __restrict__ q, const T* __restrict__ k, const T* __restrict__ v,
                       T* __restrict__ out, float* __restrict__ partial_o,
                       float* __restrict__ partial_ml, i64 seq_len, int kv_heads, int group,
                       int seq_q, i64 keys_per_split, float scale_log2
#if FINISH
                       , unsigned* __restrict__ counts
#endif
) {
#if !FINISH
  unsigned* counts = nullptr;
#endif
  const Work w{kv_heads, group, seq_q, keys_per_split, scale_log2};
  const int tiles = (group * seq_q + ROWS - 1) / ROWS;
  const int b = blockIdx.z, h = blockIdx.y / tiles, tile = blockIdx.y % tiles;
  const ContiguousRows rows{(static_cast<i64>(b) * kv_heads + h) * seq_len * HEAD_DIM};
  attend_split(q, k, v, out, partial_o, partial_ml, counts, rows, w, seq_len, b, h, tile);
}

#ifdef PAGE_SIZE
// The paged cache: K, V pages [P, Hkv, PAGE_SIZE, D], sequence b's key t in page
// table[b, t / PAGE_SIZE] (table [B, max_pages]), lengths[b] keys (taken in [0, seq_len]).
extern "C" __global__ void __launch_bounds__(BLOCK_THREADS)
decode_attention_paged_split(const T* __restrict__ q, const T* __restrict__ k,
                             const T* __restrict__ v, const int* __restrict__ table,
                             const int* __restrict__ lengths, T* __restrict__ out,
                             float* __restrict__ partial_o, float* __restrict__ partial_ml,
                             i64 seq_len, i64 max_pages, int kv_heads, int group, int seq_q,
                             i64 keys_per_split, float scale_log2
#if FINISH
                             , unsigned* __restrict__ counts
#endif
) {
#if !FINISH
  unsigned* counts = nullptr;
#endif
  const Work w{kv_heads, group, seq_q, keys_per_split, scale_log2};
  const int tiles = (group * seq_q + ROWS - 1) / ROWS;
  const int b = blockIdx.z, h = blockIdx.y / tiles, tile = blockIdx.y % tiles;
  const PagedRows rows{table + b * max_pages, kv_heads, h};
  const i64 len = min(max(static_cast<i64>(lengths[b]), i64{0}), seq_len);
  attend_split(q, k, v, out, partial_o, partial_ml, counts, rows, w, len, b, h, tile);
}
#endif

// out[B, Hq, Sq, D] from the splits' partial (m, l, O), merged in split order: one warp per
// output row (combine_row).
extern "C" __global__ void __launch_bounds__(BLOCK_THREADS)
decode_attention_combine(const float* __restrict__ partial_o,
                         const float* __restrict__ partial_ml, T* __restrict__ out,
                         i64 out_rows, int kv_heads, int group, int seq_q, int splits) {
  const i64 row = blockIdx.x * static_cast<i64>(kWarps) + (threadIdx.x >> 5);
  if (row >= out_rows) return;
  const int lane = threadIdx.x & 31;
  const int hq = kv_heads * group, sq = static_cast<int>(row % seq_q);
  const int head = static_cast<int>(row / seq_q % hq);
  const i64 b = row / (static_cast<i64>(seq_q) * hq);
  const int h = head / group, r = (head % group) * seq_q + sq;
  const i64 first = (b * kv_heads + h) * splits * static_cast<i64>(group * seq_q) + r;
  const i64 stride = group * seq_q;  // between one split's row and the next's
  combine_row(partial_o, partial_ml, out + row * HEAD_DIM, first, stride, splits, lane);
}
