// The counter-based generators of stablehlo.rng_bit_generator, bit-exact with XLA (and with
// the interpreter, src/interp/ops/rng.cpp): Threefry-2x32 with 20 rounds and Philox-4x32 with
// 10 rounds (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3"), the 64-bit key
// split into (low, high) words.
#pragma once

namespace kg {

__device__ __forceinline__ unsigned rotl32(unsigned v, int r) { return (v << r) | (v >> (32 - r)); }

__device__ __forceinline__ void threefry2x32(u64 counter, u64 key, unsigned out[2]) {
  const int rot[8] = {13, 15, 26, 6, 17, 29, 16, 24};
  const unsigned k0 = static_cast<unsigned>(key), k1 = static_cast<unsigned>(key >> 32);
  const unsigned ks[3] = {k0, k1, 0x1BD11BDAu ^ k0 ^ k1};
  unsigned x0 = static_cast<unsigned>(counter) + ks[0];
  unsigned x1 = static_cast<unsigned>(counter >> 32) + ks[1];
#pragma unroll
  for (unsigned block = 0; block < 5; ++block) {
#pragma unroll
    for (int r = 0; r < 4; ++r) {
      x0 += x1;
      x1 = rotl32(x1, rot[(block % 2) * 4 + r]);
      x1 ^= x0;
    }
    x0 += ks[(block + 1) % 3];
    x1 += ks[(block + 2) % 3] + block + 1;
  }
  out[0] = x0;
  out[1] = x1;
}

__device__ __forceinline__ void philox4x32(u64 counter_lo, u64 counter_hi, u64 key,
                                           unsigned out[4]) {
  unsigned x0 = static_cast<unsigned>(counter_lo), x1 = static_cast<unsigned>(counter_lo >> 32);
  unsigned x2 = static_cast<unsigned>(counter_hi), x3 = static_cast<unsigned>(counter_hi >> 32);
  unsigned k0 = static_cast<unsigned>(key), k1 = static_cast<unsigned>(key >> 32);
#pragma unroll
  for (int round = 0; round < 10; ++round) {
    const u64 p0 = static_cast<u64>(x0) * 0xD2511F53u;
    const u64 p1 = static_cast<u64>(x2) * 0xCD9E8D57u;
    const unsigned n0 = static_cast<unsigned>(p1 >> 32) ^ x1 ^ k0;
    const unsigned n2 = static_cast<unsigned>(p0 >> 32) ^ x3 ^ k1;
    x0 = n0;
    x1 = static_cast<unsigned>(p1);
    x2 = n2;
    x3 = static_cast<unsigned>(p0);
    k0 += 0x9E3779B9u;
    k1 += 0xBB67AE85u;
  }
  out[0] = x0;
  out[1] = x1;
  out[2] = x2;
  out[3] = x3;
}

}  // namespace kg
