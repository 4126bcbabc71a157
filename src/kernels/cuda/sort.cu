// Radix sort of float keys, ascending in IEEE totalOrder, optionally with i32 values (sort,
// sort_pairs): least-significant digit first, 8-bit digits, Onesweep style (Adinets & Merrill,
// "Onesweep: A Faster Least Significant Digit Radix Sort for GPUs", 2022): one histogram
// pass over the keys for every digit, then one kernel per digit that ranks a tile of keys,
// finds its digits' global offsets by decoupled look-back, and scatters keys and values.
// Specialised by -DELEM (the key type), -DITEMS (keys per thread), -DPAIRS (0/1),
// -DSORT_MIN_BLOCKS (sort_pass's blocks per SM, which caps its registers) and -DSORT_RANK
// (how a warp finds the lanes that share a digit: rank_in_warp).
//
// Keys are sorted as unsigned integers after an order-preserving transform (flip every bit
// of negatives, the sign bit of positives): -NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN.
// `state` (scratch, u32 words): [kCounters] one tile counter per pass, [kSkewed] a flag per
// pass, [kBins] each pass's 256 digit counts (turned into digit start offsets by sort_bins),
// [kDesc] one descriptor per tile and digit: a status in the top two bits, a count below.

typedef ELEM T;

template <class K> struct KeyBitsOf;
template <> struct KeyBitsOf<float> { typedef unsigned type; };
template <> struct KeyBitsOf<half_t> { typedef unsigned short type; };
template <> struct KeyBitsOf<bf16_t> { typedef unsigned short type; };
typedef typename KeyBitsOf<T>::type U;

constexpr int kBlock = 256;  // one thread per digit where digits are counted
constexpr int kWarps = kBlock / 32;
constexpr int kTileItems = kBlock * ITEMS;
constexpr int kKeyBits = 8 * sizeof(U);
constexpr int kPasses = kKeyBits / 8;
constexpr unsigned kSign = 1u << (kKeyBits - 1);
constexpr int kCounters = 0, kSkewed = 8, kBins = 32, kDesc = 32 + 4 * 256;
constexpr unsigned kAggregate = 1u << 30, kPrefix = 2u << 30, kCountMask = (1u << 30) - 1;

__device__ __forceinline__ U to_ordered(U u) {
  return (u & kSign) ? static_cast<U>(~u) : static_cast<U>(u | kSign);
}
__device__ __forceinline__ U from_ordered(U k) {
  return (k & kSign) ? static_cast<U>(k & ~kSign) : static_cast<U>(~k);
}
__device__ __forceinline__ unsigned digit_of(unsigned key, int shift) {
  return (key >> shift) & 255u;
}

__device__ __forceinline__ unsigned load_relaxed(const unsigned* p) {
  unsigned v;
  asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ void store_relaxed(unsigned* p, unsigned v) {
  asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}

// Zeroes state[begin, end) (both multiples of 4 words) with 16-byte stores.
extern "C" __global__ void __launch_bounds__(256)
sort_clear(unsigned* __restrict__ state, i64 begin, i64 end) {
  uint4* p = reinterpret_cast<uint4*>(state + begin);
  const i64 count = (end - begin) / 4;
  for (i64 i = blockIdx.x * static_cast<i64>(blockDim.x) + threadIdx.x; i < count;
       i += static_cast<i64>(gridDim.x) * blockDim.x) {
    p[i] = make_uint4(0, 0, 0, 0);
  }
}

// Every pass's digit counts: per-block shared histograms, added to state[kBins] at the end.
// Lanes spread over kCopies interleaved copies of each counter (lane % kCopies), so that
// lanes holding the same digit (float keys share their top bits) conflict kCopies times less
// and never on a bank.
constexpr int kCopies = 8;

__device__ __forceinline__ void count_key(unsigned* hist, unsigned key, int copy) {
#pragma unroll
  for (int p = 0; p < kPasses; ++p) {
    atomicAdd(&hist[(p * 256 + digit_of(key, 8 * p)) * kCopies + copy], 1u);
  }
}

extern "C" __global__ void __launch_bounds__(kBlock)
sort_histogram(const U* __restrict__ keys, unsigned* __restrict__ state, i64 n) {
  __shared__ unsigned s_hist[kPasses * 256 * kCopies];
  for (int i = threadIdx.x; i < kPasses * 256 * kCopies; i += kBlock) s_hist[i] = 0;
  __syncthreads();
  const int copy = threadIdx.x % kCopies;
  constexpr int kPerVec = 16 / sizeof(U);
  const i64 vecs = is_aligned16(keys) ? n / kPerVec : 0;
  const i64 stride = static_cast<i64>(gridDim.x) * kBlock;
  const i64 first = blockIdx.x * static_cast<i64>(kBlock) + threadIdx.x;
  for (i64 i = first; i < vecs; i += 2 * stride) {
    uint4 raw[2];
    raw[0] = __ldcs(reinterpret_cast<const uint4*>(keys) + i);
    if (i + stride < vecs) raw[1] = __ldcs(reinterpret_cast<const uint4*>(keys) + i + stride);
#pragma unroll
    for (int r = 0; r < 2; ++r) {
      if (r == 1 && i + stride >= vecs) break;
      const U* k = reinterpret_cast<const U*>(&raw[r]);
#pragma unroll
      for (int e = 0; e < kPerVec; ++e) count_key(s_hist, to_ordered(k[e]), copy);
    }
  }
  for (i64 i = vecs * kPerVec + first; i < n; i += stride) {
    count_key(s_hist, to_ordered(keys[i]), copy);
  }
  __syncthreads();
  for (int i = threadIdx.x; i < kPasses * 256; i += kBlock) {
    unsigned c = 0;
#pragma unroll
    for (int k = 0; k < kCopies; ++k) c += s_hist[i * kCopies + k];
    if (c) atomicAdd(&state[kBins + i], c);
  }
}

// Exclusive sum over the 256 digits of this block's values (kBlock == 256, one per thread);
// `scratch` holds kWarps words. Starts and ends with a barrier.
__device__ __forceinline__ unsigned block_exclusive_256(unsigned v, unsigned* scratch) {
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  unsigned incl = v;
#pragma unroll
  for (int o = 1; o < 32; o <<= 1) {
    unsigned u = __shfl_up_sync(0xffffffffu, incl, o);
    if (lane >= o) incl += u;
  }
  __syncthreads();
  if (lane == 31) scratch[warp] = incl;
  __syncthreads();
  unsigned before = 0;
  for (int w = 0; w < warp; ++w) before += scratch[w];
  return before + incl - v;
}

// Turns each pass's digit counts into the digits' start offsets (one block), and flags the
// passes where one digit holds over an eighth of the keys (state[kSkewed + pass]).
extern "C" __global__ void __launch_bounds__(kBlock) sort_bins(unsigned* __restrict__ state) {
  __shared__ unsigned scratch[kWarps];
  __shared__ unsigned largest;
  for (int p = 0; p < kPasses; ++p) {
    unsigned* bins = state + kBins + p * 256;
    unsigned count = bins[threadIdx.x];
    if (threadIdx.x == 0) largest = 0;
    __syncthreads();
    atomicMax(&largest, count);
    unsigned start = block_exclusive_256(count, scratch);
    bins[threadIdx.x] = start;
    if (threadIdx.x == 255) state[kSkewed + p] = largest > (start + count) / 8 ? 1u : 0u;
    __syncthreads();
  }
}

// Ranks this warp's keys among the warp's earlier keys of the same digit: rank[i] = the
// number of such keys, counted in `hist` (this warp's 256 counters), in input order (item
// i of lane l comes before item i of lane l + 1 and after every key of item i - 1). With
// SORT_RANK 1 the lanes that share a digit are found by eight ballots; with 0, by
// match.any.sync where few digits occur (its cost grows with the number of distinct
// values), else by setting bits in `match` (this warp's 256 zeroed words, left zeroed),
// whose cost grows with lanes that share a digit.
__device__ __forceinline__ void rank_in_warp(const U* key, unsigned* rank, unsigned* hist,
                                             unsigned* match, int shift, int lane, bool skewed) {
  const unsigned lower = (1u << lane) - 1;
#pragma unroll
  for (int i = 0; i < ITEMS; ++i) {
    unsigned d = digit_of(key[i], shift);
    unsigned peers;
    if (SORT_RANK == 1) {
      // One ballot per digit bit: the lanes that agree with this one on all eight.
      peers = 0xffffffffu;
#pragma unroll
      for (int b = 0; b < 8; ++b) {
        unsigned vote = __ballot_sync(0xffffffffu, (d >> b) & 1u);
        peers &= ((d >> b) & 1u) ? vote : ~vote;
      }
    } else if (skewed) {
      peers = __match_any_sync(0xffffffffu, d);
    } else {
      atomicOr(&match[d], 1u << lane);
      __syncwarp();
      peers = match[d];
      __syncwarp();
    }
    int leader = 31 - __clz(peers);
    unsigned count = 0;
    if (lane == leader) {
      count = hist[d];
      hist[d] = count + __popc(peers);
      if (SORT_RANK == 0 && !skewed) match[d] = 0;
    }
    count = __shfl_sync(0xffffffffu, count, leader);
    rank[i] = count + __popc(peers & lower);
    __syncwarp();
  }
}

// Publishes this tile's count of `digit` and returns how many keys of that digit the tiles
// before it hold, by decoupled look-back over their descriptors, kWindow tiles per read.
__device__ __forceinline__ unsigned digit_look_back(unsigned* desc, i64 tile, unsigned digit,
                                                    unsigned count) {
  constexpr int kWindow = 4;
  if (tile == 0) {
    store_relaxed(desc + digit, kPrefix | count);
    return 0;
  }
  store_relaxed(desc + tile * 256 + digit, kAggregate | count);
  unsigned before = 0;
  for (i64 j = tile - 1;;) {
    unsigned d[kWindow];
#pragma unroll
    for (int k = 0; k < kWindow; ++k) {
      // Tile 0 always holds a prefix, so nothing before it is ever needed.
      d[k] = j - k >= 0 ? load_relaxed(desc + (j - k) * 256 + digit) : kPrefix;
    }
    bool done = false;
    int k = 0;
    for (; k < kWindow && !done; ++k) {
      if ((d[k] & ~kCountMask) == 0) break;  // not published yet: read again from here
      before += d[k] & kCountMask;
      done = (d[k] & kPrefix) != 0;
    }
    if (done) break;
    j -= k;
  }
  store_relaxed(desc + tile * 256 + digit, kPrefix | (before + count));
  return before;
}

struct PassShared {
  unsigned warp_hist[kWarps][256];   // counts, then where each warp's keys of a digit start
  unsigned global_minus_start[256];  // where the digit's keys go, less its start in the tile
  unsigned exchange[kTileItems];     // the ranking's match words, then the tile in sorted
                                     // order: keys, then values
  unsigned scratch[kWarps];
  unsigned tile;
};

// Loads this thread's keys (transformed; the all-ones key past n, which sorts last in the
// last tile and is never written) in warp-striped order.
__device__ __forceinline__ void load_keys(const U* keys, i64 warp_base, i64 n, int lane, U* key) {
#pragma unroll
  for (int i = 0; i < ITEMS; ++i) {
    i64 pos = warp_base + i * 32 + lane;
    key[i] = pos < n ? to_ordered(keys[pos]) : static_cast<U>(~0u);
  }
}

// Turns the warps' counts into the positions where each warp's keys of each digit start in
// the sorted tile, publishes the tile's digit counts, and finds where each digit goes.
__device__ __forceinline__ void tile_offsets(PassShared& s, unsigned* state, i64 tile, int pass) {
  const unsigned digit = threadIdx.x;
  unsigned count = 0;
#pragma unroll
  for (int w = 0; w < kWarps; ++w) {
    unsigned c = s.warp_hist[w][digit];
    s.warp_hist[w][digit] = count;
    count += c;
  }
  unsigned before = digit_look_back(state + kDesc, tile, digit, count);
  unsigned start = block_exclusive_256(count, s.scratch);
#pragma unroll
  for (int w = 0; w < kWarps; ++w) s.warp_hist[w][digit] += start;
  s.global_minus_start[digit] = state[kBins + pass * 256 + digit] + before - start;
}

// Writes the tile's keys, in sorted order from shared memory (position j of the sorted
// tile goes to global_minus_start[digit] + j); digits[i / 4] keeps item i's digit for the
// values.
__device__ __forceinline__ void write_keys(const PassShared& s, U* out, int shift, int valid,
                                           unsigned* digits) {
#pragma unroll
  for (int i = 0; i < ITEMS; ++i) {
    int j = i * kBlock + threadIdx.x;
    U key = static_cast<U>(s.exchange[j]);
    unsigned d = digit_of(key, shift);
    if (PAIRS) digits[i / 4] = (i % 4 ? digits[i / 4] : 0u) | d << (8 * (i % 4));
    if (j < valid) out[s.global_minus_start[d] + j] = from_ordered(key);
  }
}

// The same for the values, which the caller has put in sorted order in shared memory.
__device__ __forceinline__ void write_values(const PassShared& s, int* out, int valid,
                                             const unsigned* digits) {
#pragma unroll
  for (int i = 0; i < ITEMS; ++i) {
    int j = i * kBlock + threadIdx.x;
    unsigned d = (digits[i / 4] >> (8 * (i % 4))) & 255u;
    if (j < valid) out[s.global_minus_start[d] + j] = static_cast<int>(s.exchange[j]);
  }
}

// One pass over the 8 bits from 8 * pass up.
extern "C" __global__ void __launch_bounds__(kBlock, SORT_MIN_BLOCKS)
sort_pass(const U* __restrict__ keys_in, U* __restrict__ keys_out, const int* __restrict__ vals_in,
          int* __restrict__ vals_out, unsigned* __restrict__ state, i64 n, int pass) {
  __shared__ PassShared s;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, shift = 8 * pass;
  if (threadIdx.x == 0) s.tile = atomicAdd(&state[kCounters + pass], 1u);
#pragma unroll
  for (int w = 0; w < kWarps; ++w) {
    s.warp_hist[w][threadIdx.x] = 0;
    s.exchange[w * 256 + threadIdx.x] = 0;  // the ranking's match words
  }
  __syncthreads();
  const i64 tile = s.tile;
  const i64 warp_base = tile * kTileItems + warp * 32 * ITEMS;
  const int valid = static_cast<int>(min(static_cast<i64>(kTileItems), n - tile * kTileItems));
  U key[ITEMS];
  unsigned rank[ITEMS];
  load_keys(keys_in, warp_base, n, lane, key);
  const bool skewed = state[kSkewed + pass] != 0;
  rank_in_warp(key, rank, s.warp_hist[warp], s.exchange + warp * 256, shift, lane, skewed);
  int val[PAIRS ? ITEMS : 1];
  if (PAIRS) {
    // Loaded now so that they arrive during the look-back.
#pragma unroll
    for (int i = 0; i < ITEMS; ++i) {
      i64 pos = warp_base + i * 32 + lane;
      val[i] = pos < n ? vals_in[pos] : 0;
    }
  }
  __syncthreads();
  tile_offsets(s, state, tile, pass);
  __syncthreads();
#pragma unroll
  for (int i = 0; i < ITEMS; ++i) {
    rank[i] += s.warp_hist[warp][digit_of(key[i], shift)];
    s.exchange[rank[i]] = key[i];
  }
  __syncthreads();
  unsigned digits[(ITEMS + 3) / 4];
  write_keys(s, keys_out, shift, valid, digits);
  if (PAIRS) {
    __syncthreads();
#pragma unroll
    for (int i = 0; i < ITEMS; ++i) s.exchange[rank[i]] = static_cast<unsigned>(val[i]);
    __syncthreads();
    write_values(s, vals_out, valid, digits);
  }
}
