// Data-movement kernels: a contiguous copy, a strided copy (every STRIDE-th element) and a 2-D
// transpose through shared memory. Specialised by -DELEM (the element type), -DUNROLL (16-byte
// packs of output per thread, copy and strided_copy), -DSTRIDE (strided_copy) and
// -DTILE_WORDS and -DTILE_ROWS (transpose2d: the tile's width in 4-byte words, the block's rows
// of 32 threads).

typedef ELEM T;

#ifdef UNROLL

constexpr int kPack = Pack<T>::kSize;

// y = x: UNROLL 16-byte packs per thread, all loaded before the first store.
extern "C" __global__ void __launch_bounds__(1024)
copy(const T* __restrict__ x, T* __restrict__ y, i64 n) {
  const i64 step = static_cast<i64>(blockDim.x) * kPack;
  const i64 base = blockIdx.x * step * UNROLL + threadIdx.x * kPack;
  if (is_aligned16(x) && is_aligned16(y) && base + (UNROLL - 1) * step + kPack <= n) {
    Pack<T> v[UNROLL];
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) v[u] = load_pack(x + base + u * step);
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) store_pack(y + base + u * step, v[u]);
    return;
  }
  for (int u = 0; u < UNROLL; ++u) {
    for (int k = 0; k < kPack; ++k) {
      i64 i = base + u * step + k;
      if (i < n) y[i] = x[i];
    }
  }
}

#ifdef STRIDE

// Strides up to 4 read whole 16-byte packs (every byte of them is fetched from memory anyway):
// each thread takes UNROLL packs of output, loading the STRIDE input packs that hold each and
// picking every STRIDE-th element. Larger strides read element by element, consecutive threads
// taking consecutive outputs (as the warp's loads then span the fewest memory lines), each
// thread kPack * UNROLL of them, all loaded before the first store.
constexpr bool kPackedReads = STRIDE <= 4;

__device__ __forceinline__ Pack<T> strided_pick(const Pack<T> (&in)[STRIDE]) {
  Pack<T> out;
#pragma unroll
  for (int k = 0; k < kPack; ++k) out.v[k] = in[k * STRIDE / kPack].v[k * STRIDE % kPack];
  return out;
}

// y[o] = x[o * STRIDE] for o < n: the output [R, C] of an input [R, C * STRIDE] (row r's
// element c is at r * C * STRIDE + c * STRIDE = (r * C + c) * STRIDE).
extern "C" __global__ void __launch_bounds__(1024)
strided_copy(const T* __restrict__ x, T* __restrict__ y, i64 n) {
  const i64 per_block = static_cast<i64>(blockDim.x) * kPack * UNROLL;
  if constexpr (kPackedReads) {
    const i64 step = static_cast<i64>(blockDim.x) * kPack;
    const i64 base = blockIdx.x * per_block + threadIdx.x * kPack;
    if (is_aligned16(x) && is_aligned16(y) && base + (UNROLL - 1) * step + kPack <= n) {
      Pack<T> in[UNROLL][STRIDE];
#pragma unroll
      for (int u = 0; u < UNROLL; ++u) {
#pragma unroll
        for (int i = 0; i < STRIDE; ++i) {
          in[u][i] = load_pack(x + (base + u * step) * STRIDE + i * kPack);
        }
      }
#pragma unroll
      for (int u = 0; u < UNROLL; ++u) store_pack(y + base + u * step, strided_pick(in[u]));
      return;
    }
    for (int u = 0; u < UNROLL; ++u) {
      for (int k = 0; k < kPack; ++k) {
        i64 i = base + u * step + k;
        if (i < n) y[i] = x[i * STRIDE];
      }
    }
  } else {
    constexpr int kItems = kPack * UNROLL;
    const i64 base = blockIdx.x * per_block + threadIdx.x;
    T v[kItems];
#pragma unroll
    for (int k = 0; k < kItems; ++k) {
      const i64 i = base + static_cast<i64>(k) * blockDim.x;
      if (i < n) v[k] = x[i * STRIDE];
    }
#pragma unroll
    for (int k = 0; k < kItems; ++k) {
      const i64 i = base + static_cast<i64>(k) * blockDim.x;
      if (i < n) y[i] = v[k];
    }
  }
}

#endif  // STRIDE

#endif  // UNROLL

#ifdef TILE_ROWS

// transpose2d moves 4-byte words: kWord elements (1 for f32, 2 for 16-bit types) along a row of
// x on the way in, and kWord elements down a column of x (a row of y) on the way out. A tile is
// TILE_WORDS words square (64 words: 64x64 f32, 128x128 16-bit elements), so that each thread
// has kSteps * kAcross loads in flight; each row of the shared-memory tile is padded by one
// element, so that the column reads of the way out hit 32 different banks.
constexpr int kWord = 4 / sizeof(T);
constexpr int kTile = TILE_WORDS * kWord;
constexpr int kSteps = kTile / TILE_ROWS;  // rows of the tile per thread
constexpr int kAcross = TILE_WORDS / 32;   // words of a row per thread

struct alignas(4) Word {
  T v[kWord];
};

// The block's tile when it lies inside the matrix and rows of both x and y start on 4-byte
// boundaries: every access is a 4-byte word, each warp reading or writing 128 contiguous bytes.
__device__ __forceinline__ void transpose_tile_words(const T* __restrict__ x, T* __restrict__ y,
                                                     i64 rows, i64 cols, i64 r0, i64 c0,
                                                     T (*tile)[kTile + 1]) {
  const int tx = threadIdx.x, ty = threadIdx.y;
  Word w[kSteps][kAcross];
#pragma unroll
  for (int j = 0; j < kSteps; ++j) {
    const T* row = x + (r0 + ty + j * TILE_ROWS) * cols + c0;
#pragma unroll
    for (int h = 0; h < kAcross; ++h) {
      w[j][h] = *reinterpret_cast<const Word*>(row + (tx + 32 * h) * kWord);
    }
  }
#pragma unroll
  for (int j = 0; j < kSteps; ++j) {
#pragma unroll
    for (int h = 0; h < kAcross; ++h) {
#pragma unroll
      for (int v = 0; v < kWord; ++v) {
        tile[ty + j * TILE_ROWS][(tx + 32 * h) * kWord + v] = w[j][h].v[v];
      }
    }
  }
  __syncthreads();
#pragma unroll
  for (int j = 0; j < kSteps; ++j) {
    T* row = y + (c0 + ty + j * TILE_ROWS) * rows + r0;
#pragma unroll
    for (int h = 0; h < kAcross; ++h) {
      Word o;
#pragma unroll
      for (int v = 0; v < kWord; ++v) {
        o.v[v] = tile[(tx + 32 * h) * kWord + v][ty + j * TILE_ROWS];
      }
      *reinterpret_cast<Word*>(row + (tx + 32 * h) * kWord) = o;
    }
  }
}

// The same for 16-bit types with 32-bit shared-memory accesses: a thread loads the words at one
// column of two neighbouring rows and swaps their halves (a 2x2 transpose in registers), so that
// each word it stores holds two elements of one column, already in y's order. The shared tile
// holds words [row pair][column], column c at (c % 2) * kTile / 2 + c / 2 so that a warp's stores
// fall in 32 different banks; the way out reads a column of words.
// (A template, instantiated for 16-bit types only.)
template <int kPairSteps = kSteps / 2>  // row pairs of the tile per thread
__device__ __forceinline__ void transpose_tile_pairs(const T* __restrict__ x, T* __restrict__ y,
                                                     i64 rows, i64 cols, i64 r0, i64 c0,
                                                     unsigned (*tile)[kTile + 1]) {
  const int tx = threadIdx.x, ty = threadIdx.y;
  unsigned w[kPairSteps][kAcross][2];
#pragma unroll
  for (int j = 0; j < kPairSteps; ++j) {
    const T* row = x + (r0 + 2 * (ty + j * TILE_ROWS)) * cols + c0;
#pragma unroll
    for (int h = 0; h < kAcross; ++h) {
#pragma unroll
      for (int p = 0; p < 2; ++p) {
        w[j][h][p] = *reinterpret_cast<const unsigned*>(row + p * cols + (tx + 32 * h) * 2);
      }
    }
  }
#pragma unroll
  for (int j = 0; j < kPairSteps; ++j) {
#pragma unroll
    for (int h = 0; h < kAcross; ++h) {
      const int c = tx + 32 * h;  // the word column: element columns 2c, 2c + 1
      tile[ty + j * TILE_ROWS][c] = __byte_perm(w[j][h][0], w[j][h][1], 0x5410);
      tile[ty + j * TILE_ROWS][kTile / 2 + c] = __byte_perm(w[j][h][0], w[j][h][1], 0x7632);
    }
  }
  __syncthreads();
#pragma unroll
  for (int j = 0; j < kSteps; ++j) {
    const int c = ty + j * TILE_ROWS;  // the tile's column: y's row
    T* row = y + (c0 + c) * rows + r0;
#pragma unroll
    for (int h = 0; h < kAcross; ++h) {
      *reinterpret_cast<unsigned*>(row + (tx + 32 * h) * 2) =
          tile[tx + 32 * h][(c % 2) * (kTile / 2) + c / 2];
    }
  }
}

// Edge tiles and unaligned rows: element by element, bounds checked.
__device__ __forceinline__ void transpose_tile_elements(const T* __restrict__ x,
                                                        T* __restrict__ y, i64 rows, i64 cols,
                                                        i64 r0, i64 c0, T (*tile)[kTile + 1]) {
  for (int r = threadIdx.y; r < kTile; r += TILE_ROWS) {
    for (int c = threadIdx.x; c < kTile; c += 32) {
      if (r0 + r < rows && c0 + c < cols) tile[r][c] = x[(r0 + r) * cols + c0 + c];
    }
  }
  __syncthreads();
  for (int c = threadIdx.y; c < kTile; c += TILE_ROWS) {
    for (int r = threadIdx.x; r < kTile; r += 32) {
      if (r0 + r < rows && c0 + c < cols) y[(c0 + c) * rows + r0 + r] = tile[r][c];
    }
  }
}

// y [cols, rows] = x [rows, cols] transposed; one tile per block, tiles numbered row-major
// (tiles_c of them across).
extern "C" __global__ void __launch_bounds__(32 * TILE_ROWS)
transpose2d(const T* __restrict__ x, T* __restrict__ y, i64 rows, i64 cols, i64 tiles_c) {
  __shared__ __align__(4) T tile[kTile][kTile + 1];
  const i64 r0 = blockIdx.x / tiles_c * kTile, c0 = blockIdx.x % tiles_c * kTile;
  const bool words = r0 + kTile <= rows && c0 + kTile <= cols && rows % kWord == 0 &&
                     cols % kWord == 0 && (reinterpret_cast<u64>(x) & 3) == 0 &&
                     (reinterpret_cast<u64>(y) & 3) == 0;
  if (words) {
    if constexpr (kWord == 2) {
      // The same bytes as `tile`: (kTile / 2) x (kTile + 1) words.
      transpose_tile_pairs(x, y, rows, cols, r0, c0,
                           reinterpret_cast<unsigned (*)[kTile + 1]>(tile));
    } else {
      transpose_tile_words(x, y, rows, cols, r0, c0, tile);
    }
  } else {
    transpose_tile_elements(x, y, rows, cols, r0, c0, tile);
  }
}

#endif  // TILE_ROWS
