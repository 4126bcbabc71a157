// Flash attention forward on Hopper (wgmma and TMA): O = softmax(scale Q Kᵀ [causal]) V for
// CONSUMERS x 64 query rows of one (batch, head) per block. Warpgroup 0 is the producer: one
// thread loads the block's Q tile once and the K and V tiles of 128 keys into a two-stage ring
// of shared memory by TMA (K and V each in a ring of their own, a stage a "full" and an
// "empty" mbarrier, ops/gemm_pipeline.cuh's ring: a K tile goes back as soon as its S is done).
// Each consumer warpgroup owns 64 query rows: per KV tile, S = Q Kᵀ by wgmma with both operands in
// shared memory (f32 accumulators in registers), the online softmax in registers
// (ops/flash_softmax.cuh: the wgmma accumulator layout is mma.sync's, per warp of 16 rows), P
// rounded to ELEM in registers and O += P V by wgmma with P as the A operand from registers
// and V (keys x head dim, N-major) from shared memory.
//
// Defines: ELEM (bf16_t, half_t), HEAD_DIM (64, 128), CONSUMERS (1, 2), CAUSAL (0/1: key j
// kept for query i where j <= i + skv - sq, the diagonal aligned to the bottom right),
// WITH_LSE (0/1: write the row logsumexp, natural log, f32 [b, h, sq]), OVERLAP (0/1: 1 issues
// S of the next tile before P V of this one and runs the softmax while P V does, as
// FlashAttention-3 does within a warpgroup; 0 runs each tile's steps in turn), PINGPONG (0/1,
// 1 only with two consumers and OVERLAP: the consumers take turns to issue their products),
// POSITIVE_SCALE (0/1: scale_log2 > 0, which lets the softmax fold it into the exponent).
//
// Tiles: shared memory holds Q as HEAD_DIM / 64 boxes of [CONSUMERS x 64 rows, 64 columns]
// and each K and V tile as HEAD_DIM / 64 boxes of [128 keys, 64 columns], all with the
// 128-byte swizzle. Edges: TMA fills rows past sq and skv with zeros; keys at or past skv are
// masked to -inf; rows at or past sq are not written. A row with no key (a causal row above
// the diagonal's start) gives zeros and a logsumexp of -inf. sq and skv are at least 1 (the
// plan takes the mma.sync kernel otherwise).
#include "ops/flash_softmax.cuh"
#include "ops/gemm_pipeline.cuh"
#include "ops/hopper.cuh"

typedef ELEM T;

constexpr int kBlockN = 128;                // keys a tile
constexpr int kRows = 64;                   // query rows a consumer warpgroup
constexpr int kBlockM = CONSUMERS * kRows;  // query rows a block
constexpr int kThreads = (CONSUMERS + 1) * 128;
constexpr int kStages = 2;
constexpr int kBoxes = HEAD_DIM / 64;                    // 64-column boxes of a row
constexpr unsigned kSwizzleAtom = 1024;                  // 8 rows of 128 bytes
constexpr unsigned kQBoxBytes = kBlockM * 128;           // one box of Q
constexpr unsigned kKvBoxBytes = kBlockN * 128;          // one box of K or V: 16 KiB
constexpr unsigned kKvTileBytes = kBoxes * kKvBoxBytes;  // a K or a V tile
constexpr unsigned kQBytes = kBoxes * kQBoxBytes;
constexpr int kKeyTiles = kBlockN / 8;   // 8-column groups of S
constexpr int kDimTiles = HEAD_DIM / 8;  // 8-column groups of O
static_assert(HEAD_DIM == 64 || HEAD_DIM == 128, "HEAD_DIM is 64 or 128");
static_assert(CONSUMERS == 1 || CONSUMERS == 2, "one or two consumer warpgroups");
static_assert(!PINGPONG || (CONSUMERS == 2 && OVERLAP), "ping-pong takes two overlapped consumers");
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

// Maps (3-D, innermost first): Q [b hq, sq, HEAD_DIM] in boxes of 64 x kBlockM, K and V
// [b hkv, skv, HEAD_DIM] in boxes of 64 x 128, all 128-byte swizzled. O [b, hq, sq, HEAD_DIM]
// packed; lse f32 [b, hq, sq] (written only with WITH_LSE). Grid: (query blocks, hq, b).
extern "C" __global__ void __launch_bounds__(kThreads, 1)
    flash_attention_sm90(const __grid_constant__ TmaDescriptor map_q,
                         const __grid_constant__ TmaDescriptor map_k,
                         const __grid_constant__ TmaDescriptor map_v, T* __restrict__ o,
                         float* __restrict__ lse, int sq, int skv, int group, float scale_log2) {
  extern __shared__ unsigned char smem_raw[];
  // The swizzle atoms must start 1024-byte aligned (the plan asks for 1 KiB more).
  const unsigned raw = hopper::smem_address(smem_raw);
  const unsigned base = (raw + kSwizzleAtom - 1) & ~(kSwizzleAtom - 1);
  const unsigned q_tile = base;
  const unsigned k_tiles = q_tile + kQBytes;
  const unsigned v_tiles = k_tiles + kStages * kKvTileBytes;
  // K's and V's rings, kStages barriers of 8 bytes each, and Q's barrier.
  const unsigned k_full = v_tiles + kStages * kKvTileBytes;
  const unsigned k_empty = k_full + kStages * 8;
  const unsigned v_full = k_empty + kStages * 8;
  const unsigned v_empty = v_full + kStages * 8;
  const unsigned q_full = v_empty + kStages * 8;

  // Causal blocks near the end of the queries see the most keys: run them first.
  const int block = CAUSAL ? gridDim.x - 1 - blockIdx.x : blockIdx.x;
  const int m0 = block * kBlockM, head = blockIdx.y, batch = blockIdx.z;
  const int diagonal = skv - sq;  // key j is kept for row i where j <= i + diagonal
  int key_end = skv;
  if (CAUSAL) key_end = max(0, min(skv, m0 + kBlockM + diagonal));
  const int tiles = (key_end + kBlockN - 1) / kBlockN;
  const int warpgroup = threadIdx.x / 128;

  if (threadIdx.x == 0) {
    hopper::tma_prefetch_descriptor(&map_q);
    hopper::tma_prefetch_descriptor(&map_k);
    hopper::tma_prefetch_descriptor(&map_v);
    hopper::mbar_init(q_full, 1);
    // One arrival a consumer warp hands a stage back.
    gemm_pipeline::ring_init<kStages>(k_full, k_empty, CONSUMERS * 4);
    gemm_pipeline::ring_init<kStages>(v_full, v_empty, CONSUMERS * 4);
  }
  __syncthreads();

  if (warpgroup == 0) {
#if CONSUMERS == 2
    hopper::release_registers<40>();
#endif
    if (threadIdx.x != 0) return;
    const int q_slice = batch * gridDim.y + head;
    const int kv_slice = batch * (gridDim.y / group) + head / group;
    hopper::mbar_arrive_expect_tx(q_full, kQBytes);
#pragma unroll
    for (int x = 0; x < kBoxes; ++x) {
      hopper::tma_load_3d(q_tile + x * kQBoxBytes, &map_q, q_full, 64 * x, m0, q_slice);
    }
    // K and V tiles by turns, each into its ring's next free stage.
    gemm_pipeline::Ring<kStages> rings[2] = {{k_full, k_empty}, {v_full, v_empty}};
    for (int t = 0; t < tiles; ++t) {
#pragma unroll
      for (int kv = 0; kv < 2; ++kv) {
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
    return;
  }

#if CONSUMERS == 2
  hopper::claim_registers<232>();
#endif
  const int consumer = warpgroup - 1;
  const int warp = (threadIdx.x / 32) % 4;
  const int consumer_row0 = m0 + consumer * kRows;
  const int row0 = consumer_row0 + warp * 16;  // the warp's first row
  const bool warp_leader = threadIdx.x % 32 == 0;
  // The consumer's rows in box 0 of Q: 64 rows of 128 bytes, whole swizzle atoms.
  const unsigned q_rows = q_tile + consumer * kRows * 128;

  float oacc[kDimTiles][4];
  float m[2] = {-__int_as_float(0x7f800000), -__int_as_float(0x7f800000)}, l[2] = {0.f, 0.f};
#pragma unroll
  for (int d = 0; d < kDimTiles; ++d) oacc[d][0] = oacc[d][1] = oacc[d][2] = oacc[d][3] = 0.f;
  float(&o_acc)[HEAD_DIM / 2] = reinterpret_cast<float(&)[HEAD_DIM / 2]>(oacc);

  hopper::mbar_wait(q_full, 0);
  gemm_pipeline::Ring<kStages> k_ring(k_full, k_empty), v_ring(v_full, v_empty);
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
  // every arrival is waited for).
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
    flash::softmax_step<kPositiveScale>(s, m, l, alpha, scale_log2, masked(0), CAUSAL, row0, 0, skv,
                                        diagonal);
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
#endif

  const i64 slice = static_cast<i64>(batch) * gridDim.y + head;
  T* out = o + (slice * sq + row0) * HEAD_DIM;
  float* lse_rows = WITH_LSE ? lse + slice * sq + row0 : nullptr;
  flash::store_rows<T>(oacc, m, l, out, HEAD_DIM, lse_rows, row0, sq);
}
