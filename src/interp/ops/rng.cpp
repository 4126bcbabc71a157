// stablehlo.rng_bit_generator (THREE_FRY and PHILOX bit-exact with XLA; DEFAULT is PHILOX,
// as on XLA's CPU; other states than XLA's read as their bits) and stablehlo.rng (UNIFORM and
// NORMAL from a fixed per-op Philox stream).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <numbers>

#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

uint32_t lo32(uint64_t v) { return static_cast<uint32_t>(v); }
uint32_t hi32(uint64_t v) { return static_cast<uint32_t>(v >> 32); }
uint64_t join64(uint32_t lo, uint32_t hi) { return lo | (static_cast<uint64_t>(hi) << 32); }
uint32_t rotl32(uint32_t v, int r) { return (v << r) | (v >> (32 - r)); }

// Threefry-2x32 with 20 rounds (Salmon et al., "Parallel random numbers: as easy as 1, 2,
// 3"), as XLA's builder library computes it: the 64-bit key split into (low, high) words.
std::array<uint32_t, 2> threefry2x32(uint64_t counter, uint64_t key) {
  constexpr std::array<int, 8> kRotations = {13, 15, 26, 6, 17, 29, 16, 24};
  const std::array<uint32_t, 3> ks = {lo32(key), hi32(key), 0x1BD11BDAu ^ lo32(key) ^ hi32(key)};
  std::array<uint32_t, 2> x = {lo32(counter) + ks[0], hi32(counter) + ks[1]};
  for (uint32_t block = 0; block < 5; ++block) {
    for (int r = 0; r < 4; ++r) {
      x[0] += x[1];
      x[1] = rotl32(x[1], kRotations[(block % 2) * 4 + r]);
      x[1] ^= x[0];
    }
    // Key injection after every four rounds.
    x[0] += ks[(block + 1) % 3];
    x[1] += ks[(block + 2) % 3] + block + 1;
  }
  return x;
}

struct U128 {
  uint64_t lo = 0, hi = 0;
};

U128 add(U128 a, uint64_t b) {
  U128 r{a.lo + b, a.hi};
  if (r.lo < a.lo) ++r.hi;
  return r;
}

// Philox-4x32 with 10 rounds (same paper), the key split into (low, high) words.
std::array<uint32_t, 4> philox4x32(U128 counter, uint64_t key) {
  std::array<uint32_t, 4> x = {lo32(counter.lo), hi32(counter.lo), lo32(counter.hi),
                               hi32(counter.hi)};
  uint32_t k0 = lo32(key), k1 = hi32(key);
  for (int round = 0; round < 10; ++round) {
    uint64_t p0 = static_cast<uint64_t>(x[0]) * 0xD2511F53u;
    uint64_t p1 = static_cast<uint64_t>(x[2]) * 0xCD9E8D57u;
    x = {hi32(p1) ^ x[1] ^ k0, lo32(p1), hi32(p0) ^ x[3] ^ k1, lo32(p0)};
    k0 += 0x9E3779B9u;
    k1 += 0xBB67AE85u;
  }
  return x;
}

constexpr int64_t kRngGrain = 1 << 14;

// The dimension that XLA halves to lay out 32-bit Threefry words: the first even one, else
// the largest (the first of equals), which is padded to an even size.
size_t three_fry_split_dim(const std::vector<int64_t>& shape) {
  size_t best = 0;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] >= 2 && shape[d] % 2 == 0) return d;
    if (shape[d] > shape[best]) best = d;
  }
  return best;
}

// Words of 32 (wide: 64) random bits from Threefry, one per element of `shape`, as XLA lays
// them out. 64-bit words join both outputs of the counter state + (row-major index). 32-bit
// words come in pairs: one split dimension is halved (rounded up), each element of that half
// shape takes counter state + (its row-major index), and its two outputs become the elements
// 2j and 2j + 1 of the split dimension.
std::vector<uint64_t> three_fry_bits(uint64_t key, uint64_t& counter,
                                     const std::vector<int64_t>& shape, bool wide) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  std::vector<uint64_t> out(static_cast<size_t>(n));
  const uint64_t base = counter;
  if (wide) {
    parallel_for(n, kRngGrain, [&](int64_t begin, int64_t end) {
      for (int64_t i = begin; i < end; ++i) {
        auto y = threefry2x32(base + static_cast<uint64_t>(i), key);
        out[i] = join64(y[0], y[1]);
      }
    });
    counter += static_cast<uint64_t>(n);
    return out;
  }
  // Element i = (outer, k, inner) around the split dimension d of size s: the pair index is
  // (outer, k / 2, inner) in the half shape, the output k % 2.
  std::vector<int64_t> dims = shape.empty() ? std::vector<int64_t>{1} : shape;
  size_t d = three_fry_split_dim(dims);
  int64_t s = dims[d], half = (s + 1) / 2, inner = 1;
  for (size_t j = d + 1; j < dims.size(); ++j) inner *= dims[j];
  parallel_for(n, kRngGrain, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) {
      int64_t outer = i / (s * inner), k = (i / inner) % s, in = i % inner;
      int64_t pair = (outer * half + k / 2) * inner + in;
      out[i] = threefry2x32(base + static_cast<uint64_t>(pair), key)[k % 2];
    }
  });
  counter += static_cast<uint64_t>(n == 0 ? 0 : n / s * half);
  return out;
}

// n words from Philox: each 128-bit counter gives four 32-bit words (or two 64-bit ones),
// in order.
std::vector<uint64_t> philox_bits(uint64_t key, U128& counter, int64_t n, bool wide) {
  std::vector<uint64_t> out(static_cast<size_t>(n));
  const U128 base = counter;
  const int64_t per_block = wide ? 2 : 4;
  const int64_t blocks = (n + per_block - 1) / per_block;
  parallel_for(blocks, kRngGrain, [&](int64_t begin, int64_t end) {
    for (int64_t b = begin; b < end; ++b) {
      auto y = philox4x32(add(base, static_cast<uint64_t>(b)), key);
      std::array<uint64_t, 4> words = {y[0], y[1], y[2], y[3]};
      if (wide) words = {join64(y[0], y[1]), join64(y[2], y[3]), 0, 0};
      for (int64_t j = 0; j < per_block && b * per_block + j < n; ++j) {
        out[b * per_block + j] = words[j];
      }
    }
  });
  counter = add(counter, static_cast<uint64_t>(blocks));
  return out;
}

// Stores each word's low bits as one element (XLA converts 32-bit words to narrower
// unsigned types by truncation, then bitcasts to the element type).
void store_bits(Tensor& out, const std::vector<uint64_t>& words) {
  const ir::ElementType storage = out.element().storage_type();
  const int bits = storage.bit_width();
  dispatch_dtype(storage.kind(), [&]<class T>() {
    using Bits = std::conditional_t<sizeof(T) == 1, uint8_t,
                 std::conditional_t<sizeof(T) == 2, uint16_t,
                 std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>>;
    auto* dst = reinterpret_cast<Bits*>(out.raw());
    for (size_t i = 0; i < words.size(); ++i) {
      uint64_t w = words[i];
      if (bits < 64) w &= (uint64_t{1} << bits) - 1;
      // Sub-byte signed integers are held sign-extended in their byte.
      if (storage.is_signed_int() && bits < 8 && ((w >> (bits - 1)) & 1)) w |= ~uint64_t{0} << bits;
      dst[i] = static_cast<Bits>(w);
    }
  });
}

// The state's bits as `count` 64-bit words: its storage bytes in order (element k's bits at
// bit 8 * k * bytes of one little-endian string; XLA's ui64[2] and ui64[3] are the words
// themselves), zero-extended.
std::array<uint64_t, 3> state_words(const Tensor& state) {
  std::array<uint64_t, 3> w{};
  std::memcpy(w.data(), state.raw(),
              static_cast<size_t>(state.num_elements()) * state.element().storage_bytes());
  return w;
}

// Whether `t` holds whole bytes of bits (no sub-byte or i1 elements, whose storage byte holds
// fewer bits), the states the interpreter reads.
bool whole_byte_elements(const ir::ElementType& t) {
  return t.storage_type().bit_width() == 8 * t.storage_bytes();
}

Expected<std::vector<RuntimeValue>> rng_bit_generator(Interpreter&, const ir::Operation& op,
                                                      std::span<const RuntimeValue> operands) {
  const Tensor& state = operands[0].tensor();
  int algorithm = op.attr_as<ir::EnumAttr>("rng_algorithm")->value;
  bool philox = algorithm != 1;  // DEFAULT is PHILOX on XLA's CPU.
  KILN_TRY(Tensor new_state, allocate_result(op, 0));
  KILN_TRY(Tensor out, allocate_result(op, 1));
  // XLA's states are ui64[2] (THREE_FRY) and ui64[2] or ui64[3] (PHILOX); the verifier takes
  // any state of integers or floats, which kiln reads as its bits: up to 128 of them as two
  // words, up to 192 as three (PHILOX), zero-extended.
  const int64_t bytes = state.num_elements() * state.element().storage_bytes();
  if (!whole_byte_elements(state.element()) || !whole_byte_elements(new_state.element()) ||
      bytes > (philox ? 24 : 16)) {
    return op_error(op, std::string("needs an initial_state of at most ") +
                            (philox ? "192 bits for PHILOX" : "128 bits for THREE_FRY") +
                            " in elements of whole bytes, such as XLA's " +
                            (philox ? "tensor<2xui64> or tensor<3xui64>" : "tensor<2xui64>"));
  }
  const std::array<uint64_t, 3> s = state_words(state);
  std::array<uint64_t, 3> ns = s;
  const bool wide = out.element().storage_type().bit_width() > 32;
  std::vector<uint64_t> words;
  if (philox) {
    // With a 2-word state, XLA reads the counter's high half from the key word.
    const bool three = bytes > 16;
    U128 counter{s[1], three ? s[2] : s[0]};
    words = philox_bits(s[0], counter, out.num_elements(), wide);
    ns[1] = counter.lo;
    if (three) ns[2] = counter.hi;
  } else {
    uint64_t counter = s[1];
    words = three_fry_bits(s[0], counter, out.shape(), wide);
    ns[1] = counter;
  }
  // The new state's bytes: the words' first bytes (the state's own words, advanced).
  std::memcpy(new_state.raw(), ns.data(),
              std::min<size_t>(sizeof ns, static_cast<size_t>(new_state.num_elements()) *
                                              new_state.element().storage_bytes()));
  store_bits(out, words);
  return std::vector<RuntimeValue>{new_state, out};
}

// A uniform double in [0, 1) from the top 53 bits of a word.
double unit_double(uint64_t w) { return static_cast<double>(w >> 11) * 0x1p-53; }

// spec: the values of stablehlo.rng are implementation-defined. kiln's are deterministic:
// a Philox stream keyed by the op's position in its source text, so a program gives the same
// values on every run (and each evaluation of one op the same values).
template <class T>
void fill_random(Tensor& out, T a, T b, bool normal, uint64_t key) {
  U128 counter;
  std::vector<uint64_t> words = philox_bits(key, counter, out.num_elements() * 2, true);
  T* dst = out.data<T>();
  for (int64_t i = 0; i < out.num_elements(); ++i) {
    if constexpr (kIsInt<T> || std::is_same_v<T, bool>) {
      // UNIFORM on [a, b): a plus the word modulo the range, in unsigned arithmetic.
      using U = std::make_unsigned_t<std::conditional_t<std::is_same_v<T, bool>, uint8_t, T>>;
      U range = static_cast<U>(static_cast<U>(b) - static_cast<U>(a));
      dst[i] = b <= a ? a : static_cast<T>(static_cast<U>(a) + static_cast<U>(words[2 * i] % range));
    } else if (normal) {
      // Box-Muller: mean a, standard deviation b.
      double u1 = 1.0 - unit_double(words[2 * i]), u2 = unit_double(words[2 * i + 1]);
      double z = std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
      dst[i] = from_double<T>(to_double(a) + to_double(b) * z);
    } else {
      double lo = to_double(a), hi = to_double(b);
      T v = from_double<T>(lo + (hi - lo) * unit_double(words[2 * i]));
      // Rounding may reach b; the interval is half-open.
      dst[i] = (hi > lo && to_double(v) >= hi) ? a : v;
    }
  }
}

Expected<std::vector<RuntimeValue>> rng(Interpreter&, const ir::Operation& op,
                                        std::span<const RuntimeValue> operands) {
  KILN_TRY(Tensor out, allocate_result(op));
  const ir::ElementType storage = out.element().storage_type();
  if (storage.is_complex()) {
    return op_error(op, "supports integer, boolean and float results only");
  }
  bool normal = op.attr_as<ir::EnumAttr>("rng_distribution")->value == 1;
  uint64_t key = 0x6b696c6e00000000ull ^ op.location().offset;
  dispatch_dtype(storage.kind(), [&]<class T>() {
    if constexpr (!kIsComplex<T>) {
      fill_random<T>(out, operands[0].tensor().data<T>()[0], operands[1].tensor().data<T>()[0],
                     normal, key);
      if constexpr (kIsInt<T>) {
        for (int64_t i = 0; i < out.num_elements(); ++i) {
          out.data<T>()[i] = wrap_int(out.data<T>()[i], storage.bit_width());
        }
      }
    }
  });
  return std::vector<RuntimeValue>{out};
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.rng_bit_generator", rng_bit_generator);
KILN_REGISTER_INTERP("stablehlo.rng", rng);

}  // namespace kiln::interp
