// Flash attention forward on Hopper (wgmma and TMA): O = softmax(scale Q Kᵀ [causal]) V for
// CONSUMERS x 64 query rows of one (batch, head) per tile. Warpgroup 0 is the producer: one
// thread loads the tile's Q once and the K and V tiles of BLOCK_N keys into STAGES-stage rings
// of shared memory by TMA (K and V each in a ring of their own, a stage a "full" and an
// "empty" mbarrier, ops/gemm_pipeline.cuh's ring: a K tile goes back as soon as its S is done;
// Q is a one-stage ring of its own, so that a persistent block loads the next tile's Q as soon
// as the last S of the current one is done).
// Each consumer warpgroup owns 64 query rows: per KV tile, S = Q Kᵀ by wgmma with both operands in
// shared memory (f32 accumulators in registers), the online softmax in registers
// (ops/flash_softmax.cuh: the wgmma accumulator layout is mma.sync's, per warp of 16 rows), P
// rounded to ELEM in registers and O += P V by wgmma with P as the A operand from registers
// and V (keys x head dim, N-major) from shared memory.
//
// Defines: ELEM (bf16_t, half_t), HEAD_DIM (64, 128, 256), BLOCK_N (keys a K/V tile: 64, 80,
// 128, 176 or 192), STAGES (2, 3), CONSUMERS (1, 2), CAUSAL (0/1: key j
// kept for query i where j <= i + skv - sq, the diagonal aligned to the bottom right),
// WITH_LSE (0/1: write the row logsumexp, natural log, f32 [b, h, sq]), OVERLAP (0/1: 1 issues
// S of the next tile before P V of this one and runs the softmax while P V does, as
// FlashAttention-3 does within a warpgroup; 0 runs each tile's steps in turn), PINGPONG (0/1,
// 1 only with two consumers and OVERLAP: the consumers take turns to issue their products),
// POSITIVE_SCALE (0/1: scale_log2 > 0, which lets the softmax fold it into the exponent),
// PERSISTENT (0/1: 0, one block per tile, grid (query blocks, hq, b); 1, a block per SM at
// most, each taking tiles blockIdx.x, blockIdx.x + gridDim.x, ... of a static schedule:
// query blocks of `head_group` (batch, head) slices at a time, the last query block first
// where causal (the longest first), so that one tile's Q load, first K/V latency and O store
// overlap its neighbours').
//
// Tiles: shared memory holds Q as HEAD_DIM / 64 boxes of [CONSUMERS x 64 rows, 64 columns]
// and each K and V tile as HEAD_DIM / 64 boxes of [BLOCK_N keys, 64 columns], all with the
// 128-byte swizzle. Edges: TMA fills rows past sq and skv with zeros; keys at or past skv are
// masked to -inf; rows at or past sq are not written. A row with no key (a causal row above
// the diagonal's start) gives zeros and a logsumexp of -inf. sq and skv are at least 1 (the
// plan takes the mma.sync kernel otherwise).
#include "ops/flash_softmax.cuh"
#include "ops/gemm_pipeline.cuh"
#include "ops/hopper.cuh"

typedef ELEM T;

constexpr int kBlockN = BLOCK_N;            // keys a tile
constexpr int kRows = 64;                   // query rows a consumer warpgroup
constexpr int kBlockM = CONSUMERS * kRows;  // query rows a block
constexpr int kThreads = (CONSUMERS + 1) * 128;
constexpr int kStages = STAGES;
constexpr int kBoxes = HEAD_DIM / 64;                    // 64-column boxes of a row
constexpr unsigned kSwizzleAtom = 1024;                  // 8 rows of 128 bytes
constexpr unsigned kQBoxBytes = kBlockM * 128;           // one box of Q
constexpr unsigned kKvBoxBytes = kBlockN * 128;          // one box of K or V
constexpr unsigned kKvTileBytes = kBoxes * kKvBoxBytes;  // a K or a V tile
constexpr unsigned kQBytes = kBoxes * kQBoxBytes;
constexpr int kKeyTiles = kBlockN / 8;   // 8-column groups of S
constexpr int kDimTiles = HEAD_DIM / 8;  // 8-column groups of O
static_assert(HEAD_DIM == 64 || HEAD_DIM == 128 || HEAD_DIM == 256, "HEAD_DIM is 64, 128, 256");
static_assert(kBlockN % 16 == 0 && kBlockN <= 256, "BLOCK_N: whole k16 steps of P V");
static_assert(STAGES == 2 || STAGES == 3, "two or three K/V stages");
static_assert(CONSUMERS == 1 || CONSUMERS == 2, "one or two consumer warpgroups");
static_assert(!PINGPONG || (CONSUMERS == 2 && OVERLAP), "ping-pong takes two overlapped consumers");
// Registers a thread after setmaxnreg with two consumers: O of 64 x 256 or S of 64 x 176+
// keys take FlashAttention-3's 240 a consumer (and 24 for the producer), else 232 and 40.
constexpr bool kWideTiles = HEAD_DIM == 256 || kBlockN > 128;
constexpr bool kPositiveScale = POSITIVE_SCALE != 0;

// Issues S = Q Kᵀ for the consumer's 64 rows (q_rows: their first row in box 0) and the
// tile's keys (the first k step not reading S): both operands K-major (the head dim contiguous), a
// k step of 16 elements 32 bytes along a swizzled row, the next 64 columns in the next box. The
// caller commits and waits.
__device__ __forceinline__ void issue_scores(float (&s)[kKeyTiles][4], unsigned q_rows,
                                             unsigned k_tile) {
  float(&acc)[kBlockN / 2] = reinterpret_cast<float(&)[kBlockN / 2]>(s);
  hopper::wgmma_fence();
#pragma unroll
  for (int kk = 0; kk < HEAD_DIM / 16; ++kk) {
    const unsigned step = 32 * (kk % 4);
    const u64 a =
        hopper::smem_descriptor_sw128(q_rows + (kk / 4) * kQBoxBytes + step, 16, kSwizzleAtom);
    const u64 b =
        hopper::smem_descriptor_sw128(k_tile + (kk / 4) * kKvBoxBytes + step, 16, kSwizzleAtom);
    hopper::wgmma_m64k16<T, kBlockN, 0>(acc, a, b, kk > 0 ? 1 : 0);
  }
}

// P (the probabilities in S's registers) rounded to T and repacked as wgmma A fragments: two
// 8-column groups of S are one k16 fragment, as for mma.sync.
__device__ __forceinline__ void pack_probabilities(unsigned (&a)[kBlockN / 16][4],
                                                   const float (&p)[kKeyTiles][4]) {
#pragma unroll
  for (int kk = 0; kk < kBlockN / 16; ++kk) {
    a[kk][0] = pack_pair<T>(p[2 * kk][0], p[2 * kk][1]);
    a[kk][1] = pack_pair<T>(p[2 * kk][2], p[2 * kk][3]);
    a[kk][2] = pack_pair<T>(p[2 * kk + 1][0], p[2 * kk + 1][1]);
    a[kk][3] = pack_pair<T>(p[2 * kk + 1][2], p[2 * kk + 1][3]);
  }
}

// Issues O += P V, P from registers, V N-major (the head dim contiguous): a k step is 16 keys,
// two swizzle atoms; the next 64 columns of the head dim a box further. The caller commits
// and waits, and keeps `a` unchanged until then (hopper::fence_operands).
__device__ __forceinline__ void issue_pv(float (&o)[kDimTiles][4],
                                         const unsigned (&a)[kBlockN / 16][4], unsigned v_tile) {
  float(&acc)[HEAD_DIM / 2] = reinterpret_cast<float(&)[HEAD_DIM / 2]>(o);
  hopper::fence_accumulators(acc);
  hopper::wgmma_fence();
#pragma unroll
  for (int kk = 0; kk < kBlockN / 16; ++kk) {
    const u64 b =
        hopper::smem_descriptor_sw128(v_tile + 2 * kSwizzleAtom * kk, kKvBoxBytes, kSwizzleAtom);
    hopper::wgmma_m64k16_rs<T, HEAD_DIM, 1>(acc, a[kk], b);
  }
}

// A tile of work: query rows [m0, m0 + kBlockM) of one (batch, query head).
struct Tile {
  int m0, head, batch;
};

// The tiles of the problem: m_blocks query blocks of `heads` query heads of `batches`
// batches. Without PERSISTENT, the block's own (blockIdx.x the query block, the last first
// where causal; blockIdx.y the head, blockIdx.z the batch). With it, tile u of `count` lies in
// section u / (m_blocks x head_group): head_group consecutive (batch, head) slices (fewer in
// the last section), walked query block by query block (the last first where causal), slice
// fastest, so that the blocks running at once share K and V in L2 and, causal, the longest
// tiles start first.
struct Schedule {
  int m_blocks, heads, head_group, slices;
  i64 count;

  __device__ __forceinline__ Schedule(int m_blocks_, int heads_, int batches, int head_group_)
      : m_blocks(m_blocks_),
        heads(heads_),
        head_group(head_group_),
        slices(heads_ * batches),
        count(static_cast<i64>(m_blocks_) * heads_ * batches) {}

  __device__ __forceinline__ Tile tile(i64 u) const {
    const i64 span = static_cast<i64>(m_blocks) * head_group;
    const int first = static_cast<int>(u / span) * head_group;
    const int group = min(head_group, slices - first);
    const int r = static_cast<int>(u % span);
    const int rank = r / group, slice = first + r % group;
    const int block = CAUSAL ? m_blocks - 1 - rank : rank;
    return {block * kBlockM, slice % heads, slice / heads};
  }

  __device__ __forceinline__ Tile own_tile() const {
    const int block = CAUSAL ? gridDim.x - 1 - blockIdx.x : blockIdx.x;
    return {block * kBlockM, static_cast<int>(blockIdx.y), static_cast<int>(blockIdx.z)};
  }

  // f(tile) for each of the block's tiles in turn.
  template <class F>
  __device__ __forceinline__ void for_each(F f) const {
#if PERSISTENT
    for (i64 u = blockIdx.x; u < count; u += gridDim.x) f(tile(u));
#else
    f(own_tile());
#endif
  }
};

// Maps (3-D, innermost first): Q [b hq, sq, HEAD_DIM] in boxes of 64 x kBlockM, K and V
// [b hkv, skv, HEAD_DIM] in boxes of 64 x BLOCK_N, all 128-byte swizzled. O [b, hq, sq,
// HEAD_DIM] packed; lse f32 [b, hq, sq] (written only with WITH_LSE). Grid: (query blocks, hq,
// b), or with PERSISTENT (a block per SM at most, 1, 1); heads, batches, m_blocks and
// head_group describe the tiles either way (Schedule).
extern "C" __global__ void __launch_bounds__(kThreads, 1)
    flash_attention_sm90(const __grid_constant__ TmaDescriptor map_q,
                         const __grid_constant__ TmaDescriptor map_k,
                         const __grid_constant__ TmaDescriptor map_v, T* __restrict__ o,
                         float* __restrict__ lse, int sq, int skv, int group, float scale_log2,
                         int heads, int batches, int m_blocks, int head_group) {
  extern __shared__ unsigned char smem_raw[];
  // The swizzle atoms must start 1024-byte aligned (the plan asks for 1 KiB more).
  const unsigned raw = hopper::smem_address(smem_raw);
  const unsigned base = (raw + kSwizzleAtom - 1) & ~(kSwizzleAtom - 1);
  const unsigned q_tile = base;
  const unsigned k_tiles = q_tile + kQBytes;
  const unsigned v_tiles = k_tiles + kStages * kKvTileBytes;
  // K's and V's rings, kStages barriers of 8 bytes each, and Q's one-stage ring.
  const unsigned k_full = v_tiles + kStages * kKvTileBytes;
  const unsigned k_empty = k_full + kStages * 8;
  const unsigned v_full = k_empty + kStages * 8;
  const unsigned v_empty = v_full + kStages * 8;
  const unsigned q_full = v_empty + kStages * 8;
  const unsigned q_empty = q_full + 8;

  const Schedule schedule(m_blocks, heads, batches, head_group);
  const int diagonal = skv - sq;  // key j is kept for row i where j <= i + diagonal
  // The KV tiles a query block starting at row m0 reads: causal, none past its last row's
  // diagonal.
  auto key_tiles = [&](int m0) {
    int key_end = skv;
    if (CAUSAL) key_end = max(0, min(skv, m0 + kBlockM + diagonal));
    return (key_end + kBlockN - 1) / kBlockN;
  };
  const int warpgroup = threadIdx.x / 128;

  if (threadIdx.x == 0) {
    hopper::tma_prefetch_descriptor(&map_q);
    hopper::tma_prefetch_descriptor(&map_k);
    hopper::tma_prefetch_descriptor(&map_v);
    // One arrival a consumer warp hands a stage (or Q) back.
    gemm_pipeline::ring_init<1>(q_full, q_empty, CONSUMERS * 4);
    gemm_pipeline::ring_init<kStages>(k_full, k_empty, CONSUMERS * 4);
    gemm_pipeline::ring_init<kStages>(v_full, v_empty, CONSUMERS * 4);
  }
  __syncthreads();

  if (warpgroup == 0) {
#if CONSUMERS == 2
    if (kWideTiles) {
      hopper::release_registers<24>();
    } else {
      hopper::release_registers<40>();
    }
#endif
    if (threadIdx.x != 0) return;
    gemm_pipeline::Ring<1> q_ring(q_full, q_empty);
    gemm_pipeline::Ring<kStages> rings[2] = {{k_full, k_empty}, {v_full, v_empty}};
    schedule.for_each([&](const Tile w) {
      const int q_slice = w.batch * heads + w.head;
      const int kv_slice = w.batch * (heads / group) + w.head / group;
      // Q once the consumers' last S of the previous tile is done.
      auto load_q = [&] {
        hopper::mbar_wait(q_ring.empty_bar(0), q_ring.phase ^ 1);
        hopper::mbar_arrive_expect_tx(q_full, kQBytes);
#pragma unroll
        for (int x = 0; x < kBoxes; ++x) {
          hopper::tma_load_3d(q_tile + x * kQBoxBytes, &map_q, q_full, 64 * x, w.m0, q_slice);
        }
        q_ring.advance();
      };
      const int tiles = key_tiles(w.m0);
      if (tiles == 0) load_q();
      // K and V tiles by turns, each into its ring's next free stage (the first K before Q,
      // which may wait for the previous tile's last S).
      for (int t = 0; t < tiles; ++t) {
#pragma unroll
        for (int kv = 0; kv < 2; ++kv) {
          if (kv == 1 && t == 0) load_q();
          gemm_pipeline::Ring<kStages>& ring = rings[kv];
          hopper::mbar_wait(ring.empty_bar(ring.stage), ring.phase ^ 1);
          const unsigned bar = ring.full_bar();
          hopper::mbar_arrive_expect_tx(bar, kKvTileBytes);
          const unsigned dst = (kv == 0 ? k_tiles : v_tiles) + ring.stage * kKvTileBytes;
#pragma unroll
          for (int x = 0; x < kBoxes; ++x) {
            hopper::tma_load_3d(dst + x * kKvBoxBytes, kv == 0 ? &map_k : &map_v, bar, 64 * x,
                                t * kBlockN, kv_slice);
          }
          ring.advance();
        }
      }
    });
    return;
  }

#if CONSUMERS == 2
  if (kWideTiles) {
    hopper::claim_registers<240>();
  } else {
    hopper::claim_registers<232>();
  }
#endif
  const int consumer = warpgroup - 1;
  const int warp = (threadIdx.x / 32) % 4;
  const bool warp_leader = threadIdx.x % 32 == 0;
  // The consumer's rows in box 0 of Q: 64 rows of 128 bytes, whole swizzle atoms.
  const unsigned q_rows = q_tile + consumer * kRows * 128;
  gemm_pipeline::Ring<1> q_ring(q_full, q_empty);
  gemm_pipeline::Ring<kStages> k_ring(k_full, k_empty), v_ring(v_full, v_empty);

  schedule.for_each([&](const Tile w) {
    const int tiles = key_tiles(w.m0);
    const int consumer_row0 = w.m0 + consumer * kRows;
    const int row0 = consumer_row0 + warp * 16;  // the warp's first row
    float oacc[kDimTiles][4];
    float m[2] = {-__int_as_float(0x7f800000), -__int_as_float(0x7f800000)}, l[2] = {0.f, 0.f};
#pragma unroll
    for (int d = 0; d < kDimTiles; ++d) oacc[d][0] = oacc[d][1] = oacc[d][2] = oacc[d][3] = 0.f;
    float(&o_acc)[HEAD_DIM / 2] = reinterpret_cast<float(&)[HEAD_DIM / 2]>(oacc);

    hopper::mbar_wait(q_ring.full_bar(), q_ring.phase);
    // Q goes back to the producer once every S of the tile is done.
    auto release_q = [&] {
      if (warp_leader) hopper::mbar_arrive(q_ring.empty_bar(0));
      q_ring.advance();
    };
    // Whether tile t needs masking for this consumer's rows: it crosses skv or, causal, a row's
    // diagonal.
    auto masked = [&](int t) {
      const int key0 = t * kBlockN;
      return key0 + kBlockN > skv || (CAUSAL && key0 + kBlockN - 1 > consumer_row0 + diagonal);
    };
    float s[kKeyTiles][4];
    float(&s_acc)[kBlockN / 2] = reinterpret_cast<float(&)[kBlockN / 2]>(s);
    unsigned p[kBlockN / 16][4];
    unsigned(&p_regs)[kBlockN / 4] = reinterpret_cast<unsigned(&)[kBlockN / 4]>(p);
#if OVERLAP
    // FlashAttention-3's schedule within the warpgroup: while P(t-1) V(t-1) runs, S(t) = Q K(t)
    // has been issued before it and its softmax runs; O is rescaled once P V has completed.
    // With PINGPONG, the two consumers also take turns to issue their products (phases: S(0),
    // then S(t) with P(t-1) V(t-1), then the last P V), so that one's softmax runs while the
    // other's products do: consumer c waits on named barrier 1 + c, and after issuing arrives
    // on the other's (consumer 1 lets consumer 0 start, and skips its last arrival so that
    // every arrival is waited for; both consumers take the same number of phases a tile).
    auto phase_begin = [&] {
      if (PINGPONG) hopper::named_barrier_sync(1 + consumer, 256);
    };
    auto phase_end = [&](bool last) {
      if (PINGPONG && !(last && consumer == 1)) hopper::named_barrier_arrive(2 - consumer, 256);
    };
    if (tiles > 0) {
      if (PINGPONG && consumer == 1) hopper::named_barrier_arrive(1, 256);
      phase_begin();
      hopper::mbar_wait(k_ring.full_bar(), k_ring.phase);
      issue_scores(s, q_rows, k_tiles + k_ring.stage * kKvTileBytes);
      hopper::wgmma_commit();
      phase_end(false);
      hopper::wgmma_wait<0>();
      hopper::fence_accumulators(s_acc);
      if (warp_leader) hopper::mbar_arrive(k_ring.empty_bar(k_ring.stage));
      k_ring.advance();
      float alpha[2];
      flash::softmax_step<kPositiveScale>(s, m, l, alpha, scale_log2, masked(0), CAUSAL, row0, 0,
                                          skv, diagonal);
      pack_probabilities(p, s);
    }
    for (int t = 1; t < tiles; ++t) {
      phase_begin();
      hopper::mbar_wait(k_ring.full_bar(), k_ring.phase);
      issue_scores(s, q_rows, k_tiles + k_ring.stage * kKvTileBytes);
      hopper::wgmma_commit();
      hopper::mbar_wait(v_ring.full_bar(), v_ring.phase);
      issue_pv(oacc, p, v_tiles + v_ring.stage * kKvTileBytes);
      hopper::wgmma_commit();
      phase_end(false);
      hopper::wgmma_wait<1>();  // S(t) is done
      hopper::fence_accumulators(s_acc);
      if (warp_leader) hopper::mbar_arrive(k_ring.empty_bar(k_ring.stage));
      k_ring.advance();
      float alpha[2];
      flash::softmax_step<kPositiveScale>(s, m, l, alpha, scale_log2, masked(t), CAUSAL, row0,
                                          t * kBlockN, skv, diagonal);
      hopper::wgmma_wait<0>();  // P(t-1) V(t-1) is done
      hopper::fence_accumulators(o_acc);
      hopper::fence_operands(p_regs);
      if (warp_leader) hopper::mbar_arrive(v_ring.empty_bar(v_ring.stage));
      v_ring.advance();
      flash::rescale_rows(oacc, alpha);
      pack_probabilities(p, s);
    }
    release_q();
    if (tiles > 0) {
      phase_begin();
      hopper::mbar_wait(v_ring.full_bar(), v_ring.phase);
      issue_pv(oacc, p, v_tiles + v_ring.stage * kKvTileBytes);
      hopper::wgmma_commit();
      phase_end(true);
      hopper::wgmma_wait<0>();
      hopper::fence_accumulators(o_acc);
      hopper::fence_operands(p_regs);
      if (warp_leader) hopper::mbar_arrive(v_ring.empty_bar(v_ring.stage));
      v_ring.advance();
    }
#else
    // Each tile in turn: S = Q K(t), its softmax and O's rescaling, O += P V(t).
    for (int t = 0; t < tiles; ++t) {
      hopper::mbar_wait(k_ring.full_bar(), k_ring.phase);
      issue_scores(s, q_rows, k_tiles + k_ring.stage * kKvTileBytes);
      hopper::wgmma_commit();
      hopper::wgmma_wait<0>();
      hopper::fence_accumulators(s_acc);
      if (warp_leader) hopper::mbar_arrive(k_ring.empty_bar(k_ring.stage));
      k_ring.advance();
      if (t == tiles - 1) release_q();
      flash::online_softmax<kPositiveScale>(s, oacc, m, l, scale_log2, masked(t), CAUSAL, row0,
                                            t * kBlockN, skv, diagonal);
      pack_probabilities(p, s);
      hopper::mbar_wait(v_ring.full_bar(), v_ring.phase);
      issue_pv(oacc, p, v_tiles + v_ring.stage * kKvTileBytes);
      hopper::wgmma_commit();
      hopper::wgmma_wait<0>();
      hopper::fence_accumulators(o_acc);
      hopper::fence_operands(p_regs);
      if (warp_leader) hopper::mbar_arrive(v_ring.empty_bar(v_ring.stage));
      v_ring.advance();
    }
    if (tiles == 0) release_q();
#endif

    const i64 slice = static_cast<i64>(w.batch) * heads + w.head;
    T* out = o + (slice * sq + row0) * HEAD_DIM;
    float* lse_rows = WITH_LSE ? lse + slice * sq + row0 : nullptr;
    flash::store_rows<T>(oacc, m, l, out, HEAD_DIM, lse_rows, row0, sq);
  });
}
