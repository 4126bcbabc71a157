// The grouped GEMM of a mixture-of-experts layer (moe_gemm_sm80_mma): chlo.ragged_dot with the
// tokens' dimension ragged, as jax.lax.ragged_dot computes it. X [T, K] holds the tokens sorted
// by expert; group_sizes [E] (int32) says how many rows each expert takes, in order (expert e:
// rows start(e) .. start(e + 1), start the running sum clamped to T); W holds the experts'
// weights, [E, K, N] (jax's layout) or with -DW_K_MAJOR=1 [E, N, K]; out [T, N] = X_e W_e for
// the rows of expert e, f32 accumulation rounded once, and zero for the rows past the groups.
// Group sizes are non-negative (jax requires it); a negative one is taken as 0.
//
// One launch for every expert. Each (persistent) block first turns group_sizes into the
// experts' row ranges and a flattened tile list in shared memory (two block-wide scans): group
// g in 0 .. E (E being the rows past the groups, whose tiles write zeros) has
// ceil(rows / BLOCK_M) x ceil(N / 128) tiles, the m-tiles of one n-tile consecutive so that the
// blocks in flight share the weights' column panel and the expert's rows in L2. Block b takes
// tiles b, b + grid, ...; a tile's group is a binary search over the tile starts.
//
// A tile is BLOCK_M x 128 of out, eight warps (2 x 4) of BLOCK_M / 2 x 32 each, K walked 32
// at a time through a ring of STAGES shared-memory buffers filled by cp.async (16 bytes; rows
// of other experts and the K tail zero-filled; an operand whose rows are not 16-byte aligned,
// -DALIGNED=0, goes element by element), the products mma.sync m16n8k16 on ldmatrix fragments
// (ldmatrix.trans for [K, N] weights). Specialised by -DELEM (bf16_t, half_t), -DBLOCK_M (64,
// 128), -DSTAGES (2..4), -DMIN_BLOCKS (blocks per SM for __launch_bounds__), -DW_K_MAJOR and
// -DALIGNED.
#include "ops/mma.cuh"

#ifndef W_K_MAJOR
#define W_K_MAJOR 0
#endif
#ifndef ALIGNED
#define ALIGNED 1
#endif

typedef ELEM T;

constexpr int kBlockM = BLOCK_M;
constexpr int kBlockN = 128;
constexpr int kBlockK = 32;
constexpr int kStages = STAGES;
constexpr int kThreads = 256;
constexpr int kWarpM = kBlockM / 2;  // warps 2 (m) x 4 (n)
constexpr int kWarpN = kBlockN / 4;
constexpr int kMTiles = kWarpM / 16;
constexpr int kNTiles = kWarpN / 8;
// Shared rows padded by 8 elements (16 bytes): the 8 row addresses of an ldmatrix then fall in
// different banks.
constexpr int kLdA = kBlockK + 8;                            // X tile [BLOCK_M][kLdA]
constexpr int kLdB = W_K_MAJOR ? kBlockK + 8 : kBlockN + 8;  // W tile [128][kLdB] or [32][kLdB]
constexpr int kTileA = kBlockM * kLdA;
constexpr int kTileB = W_K_MAJOR ? kBlockN * kLdB : kBlockK * kLdB;

static_assert(kBlockM == 64 || kBlockM == 128, "BLOCK_M is 64 or 128");
static_assert(kStages >= 2, "STAGES is at least 2");

// The inclusive sum of `v` over the block's threads in order; `total` the whole block's sum.
// `scratch` holds 32 values of shared memory.
__device__ __forceinline__ i64 block_inclusive_scan(i64 v, i64* scratch, i64& total) {
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  constexpr int kWarps = kThreads / 32;
#pragma unroll
  for (int o = 1; o < 32; o <<= 1) {
    const i64 n = __shfl_up_sync(0xffffffffu, v, o);
    if (lane >= o) v += n;
  }
  if (lane == 31) scratch[warp] = v;
  __syncthreads();
  if (warp == 0) {
    i64 w = lane < kWarps ? scratch[lane] : 0;
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
      const i64 n = __shfl_up_sync(0xffffffffu, w, o);
      if (lane >= o) w += n;
    }
    if (lane < kWarps) scratch[lane] = w;
  }
  __syncthreads();
  if (warp > 0) v += scratch[warp - 1];
  total = scratch[kWarps - 1];
  __syncthreads();  // scratch is free again
  return v;
}

// row_start[g] (g = 0 .. E + 1): the first row of group g (row_start[E + 1] = T); tile_start[g]:
// its first tile in the flattened list (tile_start[E + 1] = the tile count).
__device__ void build_schedule(const int* __restrict__ group_sizes, int experts, i64 t,
                               int tiles_n, int* row_start, int* tile_start, i64* scratch) {
  i64 carry = 0, total = 0;
  if (threadIdx.x == 0) row_start[0] = 0;
  for (int base = 0; base < experts; base += kThreads) {
    const int i = base + threadIdx.x;
    const i64 size = i < experts ? max(group_sizes[i], 0) : 0;
    const i64 end = carry + block_inclusive_scan(size, scratch, total);
    if (i < experts) row_start[i + 1] = static_cast<int>(min(end, t));
    carry += total;
  }
  if (threadIdx.x == 0) row_start[experts + 1] = static_cast<int>(t);
  __syncthreads();
  carry = 0;
  if (threadIdx.x == 0) tile_start[0] = 0;
  for (int base = 0; base <= experts; base += kThreads) {
    const int g = base + threadIdx.x;
    i64 tiles = 0;
    if (g <= experts) {
      const i64 rows = row_start[g + 1] - row_start[g];
      tiles = (rows + kBlockM - 1) / kBlockM * tiles_n;
    }
    const i64 end = carry + block_inclusive_scan(tiles, scratch, total);
    if (g <= experts) tile_start[g + 1] = static_cast<int>(end);
    carry += total;
  }
  __syncthreads();
}

// The group of tile `tile` (< tile_start[experts + 1]): the last g with tile_start[g] <= tile.
__device__ __forceinline__ int group_of(const int* tile_start, int experts, int tile) {
  int lo = 0, hi = experts + 1;  // tile_start[lo] <= tile < tile_start[hi]
  while (hi - lo > 1) {
    const int mid = (lo + hi) / 2;
    if (tile_start[mid] <= tile) lo = mid; else hi = mid;
  }
  return lo;
}

// Eight elements of a row from `src` (cols c .. c + 7 of a row of `cols`) into shared `dst`:
// one 16-byte cp.async where the row is valid, whole and aligned; else element by element,
// zeros past the row's end or for an invalid row.
__device__ __forceinline__ void load_chunk(T* dst, const T* src, bool row_valid, i64 c, i64 cols) {
  if (ALIGNED && (!row_valid || c + 8 <= cols)) {
    cp_async_16(shared_address(dst), src, row_valid);
    return;
  }
#pragma unroll
  for (int j = 0; j < 8; ++j) dst[j] = row_valid && c + j < cols ? src[j] : from_float<T>(0.f);
}

// One stage: X's rows row0 .. row0 + BLOCK_M (those below `row_end`) and columns k0 .. k0 + 32,
// and W's matching 32 x 128 block of expert `w` (columns n0 ..).
__device__ __forceinline__ void load_stage(T* sa, T* sb, const T* __restrict__ x,
                                           const T* __restrict__ w, i64 row0, i64 row_end,
                                           i64 n0, i64 k0, i64 n, i64 k) {
  constexpr int kChunksA = kBlockM * kBlockK / 8;
  for (int i = threadIdx.x; i < kChunksA; i += kThreads) {
    const int r = i / (kBlockK / 8), c = (i % (kBlockK / 8)) * 8;
    const i64 row = row0 + r;
    const bool valid = row < row_end;
    load_chunk(sa + r * kLdA + c, x + (valid ? row * k + k0 + c : 0), valid && k0 + c < k, k0 + c,
               k);
  }
  constexpr int kChunksB = kBlockN * kBlockK / 8;
  for (int i = threadIdx.x; i < kChunksB; i += kThreads) {
    if constexpr (W_K_MAJOR) {  // W [N, K]: rows are columns of out
      const int r = i / (kBlockK / 8), c = (i % (kBlockK / 8)) * 8;
      const i64 col = n0 + r;
      const bool valid = col < n && k0 + c < k;
      load_chunk(sb + r * kLdB + c, w + (valid ? col * k + k0 + c : 0), valid, k0 + c, k);
    } else {  // W [K, N]
      const int r = i / (kBlockN / 8), c = (i % (kBlockN / 8)) * 8;
      const i64 kr = k0 + r;
      const bool valid = kr < k && n0 + c < n;
      load_chunk(sb + r * kLdB + c, w + (valid ? kr * n + n0 + c : 0), valid, n0 + c, n);
    }
  }
}

// The warp's BLOCK_M / 2 x 32 share of one 32-deep stage.
__device__ __forceinline__ void compute_stage(float (&acc)[kMTiles][kNTiles][4], const T* sa,
                                              const T* sb, int warp_m, int warp_n) {
  const int lane = threadIdx.x % 32;
#pragma unroll
  for (int kk = 0; kk < kBlockK / 16; ++kk) {
    unsigned a[kMTiles][4];
#pragma unroll
    for (int i = 0; i < kMTiles; ++i) {
      const int row = warp_m * kWarpM + i * 16 + lane % 16;
      const int col = kk * 16 + (lane / 16) * 8;
      ldmatrix_x4(a[i], shared_address(sa + row * kLdA + col));
    }
    unsigned b[kNTiles][2];
#pragma unroll
    for (int j = 0; j < kNTiles; j += 2) {
      unsigned r[4];
      if constexpr (W_K_MAJOR) {
        // Matrices (n 0-7, k 0-7), (n 0-7, k 8-15), (n 8-15, k 0-7), (n 8-15, k 8-15).
        const int q = lane / 8;
        const int nrow = warp_n * kWarpN + j * 8 + (q / 2) * 8 + lane % 8;
        const int kcol = kk * 16 + (q % 2) * 8;
        ldmatrix_x4(r, shared_address(sb + nrow * kLdB + kcol));
      } else {
        // Transposed: matrices (k 0-7, n 0-7), (k 8-15, n 0-7), (k 0-7, n 8-15), (k 8-15, n 8-15).
        const int krow = kk * 16 + lane % 8 + ((lane / 8) % 2) * 8;
        const int ncol = warp_n * kWarpN + j * 8 + (lane / 16) * 8;
        ldmatrix_x4_trans(r, shared_address(sb + krow * kLdB + ncol));
      }
      b[j][0] = r[0];
      b[j][1] = r[1];
      b[j + 1][0] = r[2];
      b[j + 1][1] = r[3];
    }
#pragma unroll
    for (int i = 0; i < kMTiles; ++i) {
#pragma unroll
      for (int j = 0; j < kNTiles; ++j) mma_16816<T>(acc[i][j], a[i], b[j]);
    }
  }
}

// The warp's accumulators to out's rows below `row_end` and columns below N (pairs where N is
// even: each pair is then 4-byte aligned).
__device__ __forceinline__ void store_tile(const float (&acc)[kMTiles][kNTiles][4],
                                           T* __restrict__ out, i64 row0, i64 row_end, i64 n0,
                                           i64 n, int warp_m, int warp_n) {
  const int lane = threadIdx.x % 32;
  const bool pairs = n % 2 == 0;
#pragma unroll
  for (int i = 0; i < kMTiles; ++i) {
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      const i64 row = row0 + warp_m * kWarpM + i * 16 + lane / 4 + 8 * h;
      if (row >= row_end) continue;
#pragma unroll
      for (int j = 0; j < kNTiles; ++j) {
        const i64 col = n0 + warp_n * kWarpN + j * 8 + 2 * (lane % 4);
        if (col >= n) continue;
        T* p = out + row * n + col;
        const float v0 = acc[i][j][2 * h], v1 = acc[i][j][2 * h + 1];
        if (pairs) {
          *reinterpret_cast<unsigned*>(p) = pack_pair<T>(v0, v1);
        } else {
          p[0] = from_float<T>(v0);
          if (col + 1 < n) p[1] = from_float<T>(v1);
        }
      }
    }
  }
}

extern "C" __global__ void __launch_bounds__(kThreads, MIN_BLOCKS)
    moe_gemm(const T* __restrict__ x, const T* __restrict__ w,
             const int* __restrict__ group_sizes, T* __restrict__ out, i64 t, i64 n, i64 k,
             int experts) {
  extern __shared__ __align__(16) unsigned char smem_raw[];
  T* tiles_a = reinterpret_cast<T*>(smem_raw);
  T* tiles_b = tiles_a + kStages * kTileA;
  i64* scratch = reinterpret_cast<i64*>(tiles_b + kStages * kTileB);
  int* row_start = reinterpret_cast<int*>(scratch + 32);
  int* tile_start = row_start + experts + 2;

  const int tiles_n = static_cast<int>((n + kBlockN - 1) / kBlockN);
  build_schedule(group_sizes, experts, t, tiles_n, row_start, tile_start, scratch);
  const int tiles = tile_start[experts + 1];
  const int warp = threadIdx.x / 32;
  const int warp_m = warp / 4, warp_n = warp % 4;
  const int k_tiles = static_cast<int>((k + kBlockK - 1) / kBlockK);

  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int g = group_of(tile_start, experts, tile);
    const int rows = row_start[g + 1] - row_start[g];
    const int m_tiles = (rows + kBlockM - 1) / kBlockM;
    const int local = tile - tile_start[g];
    const i64 row0 = row_start[g] + static_cast<i64>(local % m_tiles) * kBlockM;
    const i64 row_end = row_start[g + 1];
    const i64 n0 = static_cast<i64>(local / m_tiles) * kBlockN;

    float acc[kMTiles][kNTiles][4];
#pragma unroll
    for (int i = 0; i < kMTiles; ++i)
#pragma unroll
      for (int j = 0; j < kNTiles; ++j)
#pragma unroll
        for (int e = 0; e < 4; ++e) acc[i][j][e] = 0.f;

    if (g < experts) {  // group `experts` is the rows past the groups: zeros
      const T* we = w + static_cast<i64>(g) * n * k;
#pragma unroll
      for (int s = 0; s < kStages - 1; ++s) {
        if (s < k_tiles) {
          load_stage(tiles_a + s * kTileA, tiles_b + s * kTileB, x, we, row0, row_end, n0,
                     static_cast<i64>(s) * kBlockK, n, k);
        }
        cp_async_commit();
      }
      for (int kt = 0; kt < k_tiles; ++kt) {
        cp_async_wait<kStages - 2>();
        __syncthreads();  // stage kt is in; every warp is done with stage kt - 1
        const int next = kt + kStages - 1;
        if (next < k_tiles) {
          const int s = next % kStages;
          load_stage(tiles_a + s * kTileA, tiles_b + s * kTileB, x, we, row0, row_end, n0,
                     static_cast<i64>(next) * kBlockK, n, k);
        }
        cp_async_commit();
        const int s = kt % kStages;
        compute_stage(acc, tiles_a + s * kTileA, tiles_b + s * kTileB, warp_m, warp_n);
      }
      cp_async_wait<0>();
      __syncthreads();  // the ring is free for the next tile
    }
    store_tile(acc, out, row0, row_end, n0, n, warp_m, warp_n);
  }
}
