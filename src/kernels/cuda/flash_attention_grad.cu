// Flash attention backward (FlashAttention-2's schedule on mma.sync): dQ, dK, dV of
// O = softmax(scale Q Kᵀ [causal]) V from Q, K, V, O, dO and the forward's row logsumexp, in
// three launches:
//   flash_attention_grad_prep: delta = rowsum(dO * O) (f32 [b, hq, sq], scratch) and dQ's f32
//     accumulator (scratch, [b, hq, sq, HEAD_DIM]) zeroed, one warp a row;
//   flash_attention_grad: one block per BLOCK_N keys of one (batch, KV head), dK and dV of its
//     keys in registers (each of its warps owns 16 keys), looping over the query heads of the
//     KV head's group and over their blocks of BLOCK_M queries (from the first that sees a key
//     of the block, causal), Q, dO, the logsumexp and delta of each block through shared memory
//     (cp.async, double-buffered where STAGES is 2). Per block, transposed so that each warp's
//     rows are its keys: Sᵀ = K Qᵀ, Pᵀ = exp(scale Sᵀ - lse) (masked), dV += Pᵀ dO,
//     dPᵀ = V dOᵀ, dSᵀ = Pᵀ (dPᵀ - delta), dK += dSᵀ Q; then dSᵀ goes to shared memory and the
//     block adds dQ += dS K to the f32 accumulator with atomicAdd;
//   flash_attention_grad_dq_convert: dQ = scale * accumulator, rounded to ELEM.
// dK = scale dSᵀ Q and dV are summed over the group's query heads in registers (no atomics).
// With ATOMIC_DQ 0, dQ has a kernel of its own instead of the atomics and the conversion:
//   flash_attention_grad_dq: one block per BLOCK_M queries of one (batch, query head), a warp
//     16 rows, looping over the keys in tiles of kDqKeys (K and V double-buffered): S = Q Kᵀ,
//     P, dP = dO Vᵀ, dS = P (dP - delta) (S and dP computed a second time) and dQ += dS K in
//     registers, stored once.
//
// Defines: ELEM (bf16_t, half_t), HEAD_DIM (64, 128), BLOCK_M (queries a step: 64, 128),
// BLOCK_N (keys a block, 16 a warp: 64, 128), STAGES (1, 2), CAUSAL (0/1: key j kept for query
// i where j <= i + skv - sq, the diagonal aligned to the bottom right), ATOMIC_DQ (0/1: dQ by
// the dQ kernel, or by atomics in the main one). Tensors packed
// row-major: Q, O, dO, dQ [b, hq, sq, HEAD_DIM], K, V, dK, dV [b, hq / group, skv, HEAD_DIM],
// the logsumexp [b, hq, sq] (natural log; -inf for a row with no key, which then has P = 0).
#include "ops/flash_softmax.cuh"
#include "ops/flash_tiles.cuh"

constexpr int kWarps = BLOCK_N / 16;
constexpr int kThreads = kWarps * 32;
constexpr int kDimTiles = HEAD_DIM / 8;     // n tiles of dK and dV
constexpr int kDimSteps = HEAD_DIM / 16;    // k steps over the head dim
constexpr int kQueryTiles = BLOCK_M / 8;    // n tiles of Sᵀ
constexpr int kQuerySteps = BLOCK_M / 16;   // k steps over a block's queries
constexpr int kDqItems = (BLOCK_M / 16) * (HEAD_DIM / 64);  // 16 x 64 pieces of a block's dQ
static_assert(BLOCK_N % 16 == 0 && BLOCK_M % 64 == 0 && HEAD_DIM % 64 == 0, "whole mma tiles");

constexpr float kLog2e = 1.4426950408889634f;

// delta[r] = sum over the head dim of dO[r] * O[r] in f32, and with ATOMIC_DQ row r of the dQ
// accumulator zeroed, for rows r < rows (one warp a row, 8 elements a lane).
extern "C" __global__ void flash_attention_grad_prep(const ELEM* __restrict__ o,
                                                     const ELEM* __restrict__ d_o,
                                                     float* __restrict__ delta,
                                                     float* __restrict__ dq_accum, i64 rows) {
  const i64 row = static_cast<i64>(blockIdx.x) * (blockDim.x >> 5) + (threadIdx.x >> 5);
  const int lane = threadIdx.x & 31;
  if (row >= rows) return;
  float sum = 0.f;
  for (int c = lane * 8; c < HEAD_DIM; c += 256) {
    const Pack<ELEM> a = load_pack(o + row * HEAD_DIM + c), b = load_pack(d_o + row * HEAD_DIM + c);
#pragma unroll
    for (int i = 0; i < 8; ++i) sum += to_float(a.v[i]) * to_float(b.v[i]);
  }
  sum = lanes_reduce<AddCombiner>(sum);
  if (lane == 0) delta[row] = sum;
  const float4 zero = {0.f, 0.f, 0.f, 0.f};
  for (int c = lane * 4; ATOMIC_DQ && c < HEAD_DIM; c += 128) {
    *reinterpret_cast<float4*>(dq_accum + row * HEAD_DIM + c) = zero;
  }
}

// dq[i] = scale * accumulator[i], 8 elements a thread a step, for 8 n8 elements.
extern "C" __global__ void flash_attention_grad_dq_convert(const float* __restrict__ dq_accum,
                                                           ELEM* __restrict__ dq, i64 n8,
                                                           float scale) {
  for (i64 i = static_cast<i64>(blockIdx.x) * blockDim.x + threadIdx.x; i < n8;
       i += static_cast<i64>(gridDim.x) * blockDim.x) {
    const float4 lo = reinterpret_cast<const float4*>(dq_accum)[2 * i];
    const float4 hi = reinterpret_cast<const float4*>(dq_accum)[2 * i + 1];
    Pack<ELEM> p;
    p.v[0] = from_float<ELEM>(lo.x * scale);
    p.v[1] = from_float<ELEM>(lo.y * scale);
    p.v[2] = from_float<ELEM>(lo.z * scale);
    p.v[3] = from_float<ELEM>(lo.w * scale);
    p.v[4] = from_float<ELEM>(hi.x * scale);
    p.v[5] = from_float<ELEM>(hi.y * scale);
    p.v[6] = from_float<ELEM>(hi.z * scale);
    p.v[7] = from_float<ELEM>(hi.w * scale);
    store_pack(dq + 8 * i, p);
  }
}

// The shared memory of flash_attention_grad: K and V of the block's keys, STAGES of Q and dO
// tiles and of the logsumexp (times log2 e; +inf past sq) and delta of their rows, and dSᵀ.
struct Tiles {
  ELEM k[BLOCK_N * HEAD_DIM], v[BLOCK_N * HEAD_DIM];
  ELEM q[STAGES][BLOCK_M * HEAD_DIM], d_o[STAGES][BLOCK_M * HEAD_DIM];
  ELEM ds[ATOMIC_DQ ? BLOCK_N * BLOCK_M : 8];  // dSᵀ [key][query], swizzled
  float lse[STAGES][BLOCK_M], delta[STAGES][BLOCK_M];
};

// Where step `step` of a block reads: query head and first query row.
struct Step {
  int head, m0;
};

// Starts the copies of step `s`'s Q and dO tiles into `stage` (the caller commits), and
// writes its rows' logsumexp and delta.
__device__ __forceinline__ void load_step(Tiles& t, int stage, Step s, const ELEM* q,
                                          const ELEM* d_o, const float* lse, const float* delta,
                                          int batch, int hq, int sq) {
  const i64 rows = (static_cast<i64>(batch) * hq + s.head) * sq;
  flash::load_tile<BLOCK_M, HEAD_DIM, kThreads>(t.q[stage], q + rows * HEAD_DIM, HEAD_DIM, s.m0,
                                                sq);
  flash::load_tile<BLOCK_M, HEAD_DIM, kThreads>(t.d_o[stage], d_o + rows * HEAD_DIM, HEAD_DIM,
                                                s.m0, sq);
  const float inf = __int_as_float(0x7f800000);
  for (int i = threadIdx.x; i < BLOCK_M; i += kThreads) {
    float l = inf, dl = 0.f;
    if (s.m0 + i < sq) {
      l = lse[rows + s.m0 + i];
      l = l == -inf ? inf : l * kLog2e;  // a row with no key has P = 0
      dl = delta[rows + s.m0 + i];
    }
    t.lse[stage][i] = l;
    t.delta[stage][i] = dl;
  }
}

// p[0] += a and p[1] += b in global memory, atomically (p 8-byte aligned): one vector
// reduction on sm_90, two scalar ones before.
__device__ __forceinline__ void add_pair(float* p, float a, float b) {
#if __CUDA_ARCH__ >= 900
  asm volatile("red.global.add.v2.f32 [%0], {%1, %2};" ::"l"(p), "f"(a), "f"(b) : "memory");
#else
  atomicAdd(p, a);
  atomicAdd(p + 1, b);
#endif
}

// A warp's 16 rows of an [rows, HEAD_DIM] output (row0 the warp's first row; rows at or past
// `limit` not written), from C tiles times `factor`, rounded to ELEM.
__device__ __forceinline__ void store_rows(ELEM* out, const float (&acc)[kDimTiles][4], int row0,
                                           int limit, float factor) {
  const int lane = threadIdx.x & 31;
#pragma unroll
  for (int h = 0; h < 2; ++h) {
    const int row = row0 + (lane >> 2) + h * 8;
    if (row >= limit) continue;
    ELEM* dst = out + static_cast<i64>(row) * HEAD_DIM + (lane & 3) * 2;
#pragma unroll
    for (int d = 0; d < kDimTiles; ++d) {
      *reinterpret_cast<unsigned*>(dst + d * 8) =
          pack_pair<ELEM>(acc[d][2 * h] * factor, acc[d][2 * h + 1] * factor);
    }
  }
}

// Grid: (key blocks, KV heads, b). scale: the scores' scale; scale_log2 = scale * log2 e.
extern "C" __global__ void __launch_bounds__(kThreads)
    flash_attention_grad(const ELEM* __restrict__ q, const ELEM* __restrict__ k,
                         const ELEM* __restrict__ v, const ELEM* __restrict__ d_o,
                         const float* __restrict__ lse, const float* __restrict__ delta,
                         float* __restrict__ dq_accum, ELEM* __restrict__ dk,
                         ELEM* __restrict__ dv, int hq, int sq, int skv, int group, float scale,
                         float scale_log2) {
  extern __shared__ __align__(128) unsigned char shared_bytes[];
  Tiles& t = *reinterpret_cast<Tiles*>(shared_bytes);
  const int n0 = blockIdx.x * BLOCK_N, kv_head = blockIdx.y, batch = blockIdx.z;
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  const int warp_key0 = warp * 16;
  const int diagonal = skv - sq;  // key j is kept for row i where j <= i + diagonal
  const i64 kv_rows = (static_cast<i64>(batch) * gridDim.y + kv_head) * skv;

  flash::load_tile<BLOCK_N, HEAD_DIM, kThreads>(t.k, k + kv_rows * HEAD_DIM, HEAD_DIM, n0, skv);
  flash::load_tile<BLOCK_N, HEAD_DIM, kThreads>(t.v, v + kv_rows * HEAD_DIM, HEAD_DIM, n0, skv);
  cp_async_commit();

  // Causal: the first query block with a row that keeps key n0 (row >= n0 - diagonal).
  const int m_first = CAUSAL ? max(0, n0 - diagonal) / BLOCK_M : 0;
  const int per_head = max(0, (sq + BLOCK_M - 1) / BLOCK_M - m_first);
  const int steps = per_head * group;
  auto step_of = [&](int s) {
    return Step{kv_head * group + s / per_head, (m_first + s % per_head) * BLOCK_M};
  };

  float dk_acc[kDimTiles][4], dv_acc[kDimTiles][4];
  flash::zero_tiles(dk_acc);
  flash::zero_tiles(dv_acc);
  if (steps > 0) load_step(t, 0, step_of(0), q, d_o, lse, delta, batch, hq, sq);
  cp_async_commit();

  for (int s = 0; s < steps; ++s) {
    const int stage = STAGES == 2 ? (s & 1) : 0;
    if (STAGES == 2 && s + 1 < steps) {
      load_step(t, stage ^ 1, step_of(s + 1), q, d_o, lse, delta, batch, hq, sq);
      cp_async_commit();
      cp_async_wait<1>();
    } else {
      cp_async_wait<0>();
    }
    __syncthreads();
    const Step st = step_of(s);
    const ELEM* tq = t.q[stage];
    const ELEM* tdo = t.d_o[stage];

    // Sᵀ = K Qᵀ for the warp's 16 keys, then Pᵀ.
    float p[kQueryTiles][4];
    flash::zero_tiles(p);
    flash::warp_product<ELEM, kQueryTiles, kDimSteps>(
        p, [&](unsigned(&a)[4], int kk) { flash::load_a<HEAD_DIM>(a, t.k, warp_key0, kk); },
        [&](unsigned(&b)[4], int kk, int n) { flash::load_b_nk<HEAD_DIM>(b, tq, n, kk); });
    const bool masked = n0 + BLOCK_N > skv || (CAUSAL && n0 + BLOCK_N - 1 > st.m0 + diagonal);
#pragma unroll
    for (int j = 0; j < kQueryTiles; ++j) {
#pragma unroll
      for (int i = 0; i < 4; ++i) {
        const int col = j * 8 + (lane & 3) * 2 + (i & 1);
        const int key = n0 + warp_key0 + (lane >> 2) + (i >> 1) * 8;
        float x = flash::fast_exp2(fmaf(p[j][i], scale_log2, -t.lse[stage][col]));
        if (masked && (key >= skv || (CAUSAL && key > st.m0 + col + diagonal))) x = 0.f;
        p[j][i] = x;
      }
    }

    // dV += Pᵀ dO.
    flash::warp_product<ELEM, kDimTiles, kQuerySteps>(
        dv_acc, [&](unsigned(&a)[4], int kk) { flash::pack_a<ELEM>(a, p, kk); },
        [&](unsigned(&b)[4], int kk, int n) { flash::load_b_kn<HEAD_DIM>(b, tdo, kk, n); });

    // dPᵀ = V dOᵀ, then dSᵀ = Pᵀ (dPᵀ - delta) in its place.
    float ds[kQueryTiles][4];
    flash::zero_tiles(ds);
    flash::warp_product<ELEM, kQueryTiles, kDimSteps>(
        ds, [&](unsigned(&a)[4], int kk) { flash::load_a<HEAD_DIM>(a, t.v, warp_key0, kk); },
        [&](unsigned(&b)[4], int kk, int n) { flash::load_b_nk<HEAD_DIM>(b, tdo, n, kk); });
#pragma unroll
    for (int j = 0; j < kQueryTiles; ++j) {
#pragma unroll
      for (int i = 0; i < 4; ++i) {
        const int col = j * 8 + (lane & 3) * 2 + (i & 1);
        ds[j][i] = p[j][i] * (ds[j][i] - t.delta[stage][col]);
      }
    }

    // dK += dSᵀ Q (the scale applied at the store).
    flash::warp_product<ELEM, kDimTiles, kQuerySteps>(
        dk_acc, [&](unsigned(&a)[4], int kk) { flash::pack_a<ELEM>(a, ds, kk); },
        [&](unsigned(&b)[4], int kk, int n) { flash::load_b_kn<HEAD_DIM>(b, tq, kk, n); });

    // dSᵀ to shared memory, [key][query] (without ATOMIC_DQ the dQ kernel computes dQ).
#pragma unroll
    for (int j = 0; ATOMIC_DQ && j < kQueryTiles; ++j) {
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        const int row = warp_key0 + (lane >> 2) + h * 8, col = j * 8 + (lane & 3) * 2;
        *reinterpret_cast<unsigned*>(t.ds + flash::tile_offset<BLOCK_M>(row, col)) =
            pack_pair<ELEM>(ds[j][2 * h], ds[j][2 * h + 1]);
      }
    }
    __syncthreads();
    // Every read of this step's Q, dO, logsumexp and delta is done: the next step's copies may
    // start (one stage: here, under the dQ product; two: at the top of the next step).
    if (STAGES == 1 && s + 1 < steps) {
      load_step(t, 0, step_of(s + 1), q, d_o, lse, delta, batch, hq, sq);
      cp_async_commit();
    }
    if (!ATOMIC_DQ) continue;

    // dQ += dS K over the block's keys: pieces of 16 queries by 64 dims, a warp each in turn.
    const i64 q_rows = (static_cast<i64>(batch) * hq + st.head) * sq;
    for (int item = warp; item < kDqItems; item += kWarps) {
      const int r0 = (item % (BLOCK_M / 16)) * 16, c0 = (item / (BLOCK_M / 16)) * 64;
      float acc[8][4];
      flash::zero_tiles(acc);
      flash::warp_product<ELEM, 8, BLOCK_N / 16>(
          acc, [&](unsigned(&a)[4], int kk) { flash::load_a_trans<BLOCK_M>(a, t.ds, r0, kk); },
          [&](unsigned(&b)[4], int kk, int n) {
            flash::load_b_kn<HEAD_DIM>(b, t.k, kk, c0 + n);
          });
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        const int row = st.m0 + r0 + (lane >> 2) + h * 8;
        if (row >= sq) continue;
        float* dst = dq_accum + (q_rows + row) * HEAD_DIM + c0 + (lane & 3) * 2;
#pragma unroll
        for (int n = 0; n < 8; ++n) add_pair(dst + n * 8, acc[n][2 * h], acc[n][2 * h + 1]);
      }
    }
  }
  cp_async_wait<0>();  // no copy outlives the block (no step: K and V's were still committed)

  const int key0 = n0 + warp_key0;
  store_rows(dk + kv_rows * HEAD_DIM, dk_acc, key0, skv, scale);
  store_rows(dv + kv_rows * HEAD_DIM, dv_acc, key0, skv, 1.f);
}

// ---- The dQ kernel (ATOMIC_DQ 0) ------------------------------------------------------------

constexpr int kDqKeys = 64;              // keys a tile of the dQ kernel
constexpr int kDqWarps = BLOCK_M / 16;   // a warp 16 query rows
constexpr int kDqThreads = kDqWarps * 32;

struct DqTiles {
  ELEM q[BLOCK_M * HEAD_DIM], d_o[BLOCK_M * HEAD_DIM];
  ELEM k[2][kDqKeys * HEAD_DIM], v[2][kDqKeys * HEAD_DIM];
};

// Grid: (query blocks, hq, b). dq = scale dS K, written once.
extern "C" __global__ void __launch_bounds__(kDqThreads)
    flash_attention_grad_dq(const ELEM* __restrict__ q, const ELEM* __restrict__ k,
                            const ELEM* __restrict__ v, const ELEM* __restrict__ d_o,
                            const float* __restrict__ lse, const float* __restrict__ delta,
                            ELEM* __restrict__ dq, int hkv, int sq, int skv, float scale,
                            float scale_log2) {
  extern __shared__ __align__(128) unsigned char shared_bytes[];
  DqTiles& t = *reinterpret_cast<DqTiles*>(shared_bytes);
  const int m0 = blockIdx.x * BLOCK_M, head = blockIdx.y, batch = blockIdx.z;
  const int lane = threadIdx.x & 31, warp_row0 = (threadIdx.x >> 5) * 16;
  const int group = gridDim.y / hkv;
  const int diagonal = skv - sq;
  const i64 q_rows = (static_cast<i64>(batch) * gridDim.y + head) * sq;
  const i64 kv_rows = (static_cast<i64>(batch) * hkv + head / group) * skv;
  const ELEM* kb = k + kv_rows * HEAD_DIM;
  const ELEM* vb = v + kv_rows * HEAD_DIM;

  int key_end = skv;
  if (CAUSAL) key_end = max(0, min(skv, m0 + BLOCK_M + diagonal));
  const int tiles = (key_end + kDqKeys - 1) / kDqKeys;

  flash::load_tile<BLOCK_M, HEAD_DIM, kDqThreads>(t.q, q + q_rows * HEAD_DIM, HEAD_DIM, m0, sq);
  flash::load_tile<BLOCK_M, HEAD_DIM, kDqThreads>(t.d_o, d_o + q_rows * HEAD_DIM, HEAD_DIM, m0,
                                                  sq);
  if (tiles > 0) {
    flash::load_tile<kDqKeys, HEAD_DIM, kDqThreads>(t.k[0], kb, HEAD_DIM, 0, skv);
    flash::load_tile<kDqKeys, HEAD_DIM, kDqThreads>(t.v[0], vb, HEAD_DIM, 0, skv);
  }
  cp_async_commit();

  // The thread's two rows' logsumexp (times log2 e; +inf past sq or for a row with no key, so
  // that P = 0) and delta.
  const float inf = __int_as_float(0x7f800000);
  float row_lse[2], row_delta[2];
#pragma unroll
  for (int h = 0; h < 2; ++h) {
    const int row = m0 + warp_row0 + (lane >> 2) + h * 8;
    row_lse[h] = inf;
    row_delta[h] = 0.f;
    if (row < sq) {
      const float l = lse[q_rows + row];
      row_lse[h] = l == -inf ? inf : l * kLog2e;
      row_delta[h] = delta[q_rows + row];
    }
  }

  float acc[kDimTiles][4];
  flash::zero_tiles(acc);
  for (int tile = 0; tile < tiles; ++tile) {
    const int stage = tile & 1;
    if (tile + 1 < tiles) {
      flash::load_tile<kDqKeys, HEAD_DIM, kDqThreads>(t.k[stage ^ 1], kb, HEAD_DIM,
                                                      (tile + 1) * kDqKeys, skv);
      flash::load_tile<kDqKeys, HEAD_DIM, kDqThreads>(t.v[stage ^ 1], vb, HEAD_DIM,
                                                      (tile + 1) * kDqKeys, skv);
      cp_async_commit();
      cp_async_wait<1>();
    } else {
      cp_async_wait<0>();
    }
    __syncthreads();
    const int key0 = tile * kDqKeys;

    // S = Q Kᵀ, then P.
    float p[kDqKeys / 8][4];
    flash::zero_tiles(p);
    flash::warp_product<ELEM, kDqKeys / 8, kDimSteps>(
        p, [&](unsigned(&a)[4], int kk) { flash::load_a<HEAD_DIM>(a, t.q, warp_row0, kk); },
        [&](unsigned(&b)[4], int kk, int n) {
          flash::load_b_nk<HEAD_DIM>(b, t.k[stage], n, kk);
        });
    const bool masked =
        key0 + kDqKeys > skv || (CAUSAL && key0 + kDqKeys - 1 > m0 + warp_row0 + diagonal);
#pragma unroll
    for (int j = 0; j < kDqKeys / 8; ++j) {
#pragma unroll
      for (int i = 0; i < 4; ++i) {
        const int row = m0 + warp_row0 + (lane >> 2) + (i >> 1) * 8;
        const int key = key0 + j * 8 + (lane & 3) * 2 + (i & 1);
        float x = flash::fast_exp2(fmaf(p[j][i], scale_log2, -row_lse[i >> 1]));
        if (masked && (key >= skv || (CAUSAL && key > row + diagonal))) x = 0.f;
        p[j][i] = x;
      }
    }

    // dP = dO Vᵀ, then dS = P (dP - delta) in its place.
    float ds[kDqKeys / 8][4];
    flash::zero_tiles(ds);
    flash::warp_product<ELEM, kDqKeys / 8, kDimSteps>(
        ds, [&](unsigned(&a)[4], int kk) { flash::load_a<HEAD_DIM>(a, t.d_o, warp_row0, kk); },
        [&](unsigned(&b)[4], int kk, int n) {
          flash::load_b_nk<HEAD_DIM>(b, t.v[stage], n, kk);
        });
#pragma unroll
    for (int j = 0; j < kDqKeys / 8; ++j) {
#pragma unroll
      for (int i = 0; i < 4; ++i) ds[j][i] = p[j][i] * (ds[j][i] - row_delta[i >> 1]);
    }

    // dQ += dS K.
    flash::warp_product<ELEM, kDimTiles, kDqKeys / 16>(
        acc, [&](unsigned(&a)[4], int kk) { flash::pack_a<ELEM>(a, ds, kk); },
        [&](unsigned(&b)[4], int kk, int n) {
          flash::load_b_kn<HEAD_DIM>(b, t.k[stage], kk, n);
        });
    __syncthreads();  // the next tile's copies overwrite the other stage
  }
  cp_async_wait<0>();  // no copy outlives the block (no tile: Q's were still committed)
  store_rows(dq + q_rows * HEAD_DIM, acc, m0 + warp_row0, sq, scale);
}
