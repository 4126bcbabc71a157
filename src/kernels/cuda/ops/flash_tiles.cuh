// Shared-memory tiles and mma.sync fragments of the flash attention kernels on mma.sync
// (flash_attention.cu, forward; flash_attention_grad.cu, backward): [rows, kCols] tiles of
// 16-bit elements whose 16-byte chunks are XOR-swizzled by row % 8 (so that the 8 row
// addresses of an ldmatrix fall in different banks), filled by cp.async, and the A and B
// fragments of mma_16816 read from them with ldmatrix (layouts: ops/mma.cuh).
#pragma once

#include "ops/mma.cuh"

namespace flash {

// Element (row, col) of a swizzled [rows, kCols] tile. kCols >= 64: a row has at least 8
// chunks, so the XOR stays within the row.
template <int kCols>
__device__ __forceinline__ int tile_offset(int row, int col) {
  static_assert(kCols % 64 == 0, "swizzled rows of whole 8-chunk groups");
  return row * kCols + (((col >> 3) ^ (row & 7)) << 3) + (col & 7);
}

// Rows [row0, row0 + kRows) of a [*, kCols] tensor (row stride `stride` elements, 16-byte
// aligned) into a swizzled tile by the block's kThreads threads; rows at or past `limit` are
// zero-filled. The copies join the thread's open cp.async group.
template <int kRows, int kCols, int kThreads, class E>
__device__ __forceinline__ void load_tile(E* tile, const E* base, i64 stride, int row0,
                                          int limit) {
  constexpr int kChunks = kCols / 8;
#pragma unroll
  for (int i = threadIdx.x; i < kRows * kChunks; i += kThreads) {
    const int r = i / kChunks, c = (i % kChunks) * 8;
    const bool valid = row0 + r < limit;
    const E* src = valid ? base + static_cast<i64>(row0 + r) * stride + c : base;
    cp_async_16(shared_address(tile + tile_offset<kCols>(r, c)), src, valid);
  }
}

// The A fragment of rows [row0, row0 + 16) and k step `kk` (columns 16 kk ..) of a tile.
template <int kCols, class E>
__device__ __forceinline__ void load_a(unsigned (&a)[4], const E* tile, int row0, int kk) {
  const int lane = threadIdx.x & 31;
  const int row = row0 + (lane & 7) + ((lane >> 3) & 1) * 8, col = kk * 16 + (lane >> 4) * 8;
  ldmatrix_x4(a, shared_address(tile + tile_offset<kCols>(row, col)));
}

// The A fragment of the transpose of a [k][m] tile: rows m0 .. m0 + 15 of Aᵀ (the tile's
// columns), k step `kk` (the tile's rows 16 kk ..), by ldmatrix.trans.
template <int kCols, class E>
__device__ __forceinline__ void load_a_trans(unsigned (&a)[4], const E* tile, int m0, int kk) {
  const int lane = threadIdx.x & 31;
  const int row = kk * 16 + (lane & 7) + (lane >> 4) * 8, col = m0 + ((lane >> 3) & 1) * 8;
  ldmatrix_x4_trans(a, shared_address(tile + tile_offset<kCols>(row, col)));
}

// B fragments of two n tiles (n0 .. n0 + 15) at k step `kk` from an [n][k] tile (B = the
// tile's transpose: K's rows for Q Kᵀ): b[0], b[1] the first tile's, b[2], b[3] the second's.
template <int kCols, class E>
__device__ __forceinline__ void load_b_nk(unsigned (&b)[4], const E* tile, int n0, int kk) {
  const int lane = threadIdx.x & 31;
  const int row = n0 + (lane & 7) + (lane >> 4) * 8, col = kk * 16 + ((lane >> 3) & 1) * 8;
  ldmatrix_x4(b, shared_address(tile + tile_offset<kCols>(row, col)));
}

// B fragments of two n tiles (columns n0 .. n0 + 15) at k step `kk` (rows 16 kk ..) from a
// row-major [k][n] tile (V's rows for P V), by ldmatrix.trans; order as load_b_nk.
template <int kCols, class E>
__device__ __forceinline__ void load_b_kn(unsigned (&b)[4], const E* tile, int kk, int n0) {
  const int lane = threadIdx.x & 31;
  const int row = kk * 16 + (lane & 7) + ((lane >> 3) & 1) * 8, col = n0 + (lane >> 4) * 8;
  ldmatrix_x4_trans(b, shared_address(tile + tile_offset<kCols>(row, col)));
}

// The A fragment of k step `kk` of a warp's 16 rows held in the C layout (n tiles 2 kk and
// 2 kk + 1 of c are the step's 16 columns), rounded to E: P for P V without shared memory.
template <class E, int kTiles>
__device__ __forceinline__ void pack_a(unsigned (&a)[4], const float (&c)[kTiles][4], int kk) {
  a[0] = pack_pair<E>(c[2 * kk][0], c[2 * kk][1]);
  a[1] = pack_pair<E>(c[2 * kk][2], c[2 * kk][3]);
  a[2] = pack_pair<E>(c[2 * kk + 1][0], c[2 * kk + 1][1]);
  a[3] = pack_pair<E>(c[2 * kk + 1][2], c[2 * kk + 1][3]);
}

// acc (a warp's 16 x 8 kTiles C tiles) += A B, A [16][16 kSteps] by `a_of(a, kk)`, B by
// `b_of(b, kk, n0)` two n tiles at a time (load_b_nk/load_b_kn's order).
template <class E, int kTiles, int kSteps, class AOf, class BOf>
__device__ __forceinline__ void warp_product(float (&acc)[kTiles][4], AOf a_of, BOf b_of) {
#pragma unroll
  for (int kk = 0; kk < kSteps; ++kk) {
    unsigned a[4];
    a_of(a, kk);
#pragma unroll
    for (int n = 0; n < kTiles / 2; ++n) {
      unsigned b[4];
      b_of(b, kk, n * 16);
      const unsigned lo[2] = {b[0], b[1]}, hi[2] = {b[2], b[3]};
      mma_16816<E>(acc[2 * n], a, lo);
      mma_16816<E>(acc[2 * n + 1], a, hi);
    }
  }
}

template <int kTiles>
__device__ __forceinline__ void zero_tiles(float (&acc)[kTiles][4]) {
#pragma unroll
  for (int j = 0; j < kTiles; ++j) acc[j][0] = acc[j][1] = acc[j][2] = acc[j][3] = 0.f;
}

}  // namespace flash
