// c = a * b for dot_general and convolution: OpenBLAS for f32, f64 and complex, a typed
// cache-blocked loop for every other element type, and the one-sum-per-element reference.
#include "interp/ops/gemm.h"

#include <cblas.h>

#include <algorithm>
#include <climits>
#include <cstring>
#include <vector>

#include "interp/ops/op_helpers.h"

// GCC builds the loop below twice and picks one when the program loads; clang (the fuzzers'
// compiler) cannot clone templates, so it builds the baseline only.
#if defined(__clang__)
#define KILN_AVX2_CLONES
#else
#define KILN_AVX2_CLONES [[gnu::target_clones("avx2", "default")]]
#endif

namespace kiln::interp {

namespace {

// Multiply-adds a thread should have before parallel_for gives it one.
constexpr int64_t kWorkPerThread = int64_t{1} << 20;

bool fits_int(const GemmShape& s) { return std::max({s.n, s.k, s.lda, s.ldb, s.ldc}) <= INT_MAX; }

// One BLAS call per at most INT_MAX rows; false for types BLAS does not have.
template <class T>
bool gemm_blas(const GemmShape& s, const T* a, const T* b, T* c) {
  constexpr bool kBlas = std::is_same_v<T, float> || std::is_same_v<T, double> ||
                         std::is_same_v<T, std::complex<float>> ||
                         std::is_same_v<T, std::complex<double>>;
  if constexpr (!kBlas) {
    return false;
  } else {
    if (!fits_int(s)) return false;
    // OpenBLAS sizes its pool by the machine; kiln's thread count (KILN_NUM_THREADS, the
    // affinity mask) decides instead, once.
    static const bool threads_set =
        (openblas_set_num_threads(static_cast<int>(worker_threads())), true);
    (void)threads_set;
    auto n = static_cast<int>(s.n), k = static_cast<int>(s.k);
    auto lda = static_cast<int>(s.lda), ldb = static_cast<int>(s.ldb);
    auto ldc = static_cast<int>(s.ldc);
    for (int64_t row = 0; row < s.m; row += INT_MAX) {
      auto m = static_cast<int>(std::min<int64_t>(INT_MAX, s.m - row));
      const T* ar = a + row * s.lda;
      T* cr = c + row * s.ldc;
      const T one(1), beta(s.accumulate ? 1 : 0);
      const auto nt = CblasNoTrans;
      if constexpr (std::is_same_v<T, float>) {
        cblas_sgemm(CblasRowMajor, nt, nt, m, n, k, one, ar, lda, b, ldb, beta, cr, ldc);
      } else if constexpr (std::is_same_v<T, double>) {
        cblas_dgemm(CblasRowMajor, nt, nt, m, n, k, one, ar, lda, b, ldb, beta, cr, ldc);
      } else if constexpr (std::is_same_v<T, std::complex<float>>) {
        cblas_cgemm(CblasRowMajor, nt, nt, m, n, k, &one, ar, lda, b, ldb, &beta, cr, ldc);
      } else {
        cblas_zgemm(CblasRowMajor, nt, nt, m, n, k, &one, ar, lda, b, ldb, &beta, cr, ldc);
      }
    }
    return true;
  }
}

// The blocked loop's accumulator. Integers sum in the unsigned type of their width: unsigned
// arithmetic wraps without undefined behaviour, and modulo 2^width truncated to `bits` is the
// sum modulo 2^bits the spec asks for. i1 ors its ands in a byte. Floats sum in T.
template <class T>
struct AccumulatorOf {
  using type = T;
};
template <>
struct AccumulatorOf<bool> {
  using type = uint8_t;
};
template <class T>
requires kIsInt<T>
struct AccumulatorOf<T> {
  using type = std::make_unsigned_t<T>;
};

template <class T>
struct Blocked {
  static constexpr bool kVector = kIsInt<T> || std::is_same_v<T, bool>;
  using Acc = typename AccumulatorOf<T>::type;
  static Acc load(T v) { return static_cast<Acc>(v); }
  static T store(Acc acc, int bits) {
    if constexpr (kIsInt<T>)
      return wrap_int(static_cast<T>(acc), bits);
    else
      return static_cast<T>(acc);
  }
};

// row[0, n) += p * b[0, n) in U's wrapping arithmetic (kOr: row |= p & b, for i1), 32 bytes at
// a time through GCC's generic vectors, so the loop is vectorized whatever the optimizer's
// cost model; built for AVX2 and for the baseline, chosen when the program loads.
template <class U, bool kOr>
KILN_AVX2_CLONES void axpy_row(U* row, U p, const std::byte* b,
                                                        int64_t n) {
  typedef U V __attribute__((vector_size(32)));
  constexpr int64_t kLanes = 32 / sizeof(U);
  int64_t j = 0;
  for (; j + kLanes <= n; j += kLanes) {
    V r, q;
    std::memcpy(&r, row + j, sizeof r);
    std::memcpy(&q, b + j * int64_t{sizeof(U)}, sizeof q);
    if constexpr (kOr)
      r |= p & q;
    else
      r += p * q;
    std::memcpy(row + j, &r, sizeof r);
  }
  // Narrow unsigned types would promote to (signed) int: multiply in at least 32 bits.
  using W = std::conditional_t<(sizeof(U) < 4), uint32_t, U>;
  for (; j < n; ++j) {
    U q;
    std::memcpy(&q, b + j * int64_t{sizeof(U)}, sizeof q);
    row[j] = kOr ? static_cast<U>(row[j] | (p & q)) : static_cast<U>(W(row[j]) + W(p) * W(q));
  }
}

// Rows, columns and depth of one block: a kKc x kNc panel of b stays in the L2 cache while
// kMc rows of a pass over it, each accumulating a kNc-wide row of c in the L1 cache.
constexpr int64_t kMc = 64, kNc = 256, kKc = 256;

template <class T>
void gemm_blocked(const GemmShape& s, const T* a, const T* b, T* c, int bits) {
  using B = Blocked<T>;
  using Acc = typename B::Acc;
  const int64_t blocks = (s.m + kMc - 1) / kMc;
  const int64_t work = std::max<int64_t>(1, kMc * s.n * s.k);
  const int64_t grain = std::max<int64_t>(1, kWorkPerThread / work);
  parallel_for(blocks, grain, [&](int64_t begin, int64_t end) {
    std::vector<Acc> acc(static_cast<size_t>(kMc * kNc));
    for (int64_t i0 = begin * kMc; i0 < std::min(s.m, end * kMc); i0 += kMc) {
      const int64_t mc = std::min(kMc, s.m - i0);
      for (int64_t j0 = 0; j0 < s.n; j0 += kNc) {
        const int64_t nc = std::min(kNc, s.n - j0);
        for (int64_t i = 0; i < mc; ++i) {
          for (int64_t j = 0; j < nc; ++j) {
            acc[i * kNc + j] = s.accumulate ? B::load(c[(i0 + i) * s.ldc + j0 + j]) : Acc(0);
          }
        }
        for (int64_t k0 = 0; k0 < s.k; k0 += kKc) {
          const int64_t kc = std::min(kKc, s.k - k0);
          for (int64_t i = 0; i < mc; ++i) {
            Acc* row = acc.data() + i * kNc;
            const T* ar = a + (i0 + i) * s.lda + k0;
            for (int64_t kk = 0; kk < kc; ++kk) {
              const Acc p = B::load(ar[kk]);
              const T* br = b + (k0 + kk) * s.ldb + j0;
              if constexpr (B::kVector) {
                const auto* bytes = reinterpret_cast<const std::byte*>(br);
                axpy_row<Acc, std::is_same_v<T, bool>>(row, p, bytes, nc);
              } else {
                for (int64_t j = 0; j < nc; ++j) row[j] = row[j] + p * br[j];
              }
            }
          }
        }
        for (int64_t i = 0; i < mc; ++i) {
          for (int64_t j = 0; j < nc; ++j) {
            c[(i0 + i) * s.ldc + j0 + j] = B::store(acc[i * kNc + j], bits);
          }
        }
      }
    }
  });
}

}  // namespace

void gemm(ir::ElementKind kind, int bits, const GemmShape& s, const std::byte* a,
          const std::byte* b, std::byte* c) {
  if (s.m == 0 || s.n == 0) return;
  dispatch_dtype(kind, [&]<class T>() {
    const auto* x = reinterpret_cast<const T*>(a);
    const auto* y = reinterpret_cast<const T*>(b);
    auto* z = reinterpret_cast<T*>(c);
    if (!gemm_blas<T>(s, x, y, z)) gemm_blocked<T>(s, x, y, z, bits);
  });
}

void gemm_reference(ir::ElementKind kind, int bits, const GemmShape& s, const std::byte* a,
                    const std::byte* b, std::byte* c) {
  dispatch_dtype(kind, [&]<class T>() {
    const auto* x = reinterpret_cast<const T*>(a);
    const auto* y = reinterpret_cast<const T*>(b);
    auto* z = reinterpret_cast<T*>(c);
    const int64_t grain = std::max<int64_t>(1, kWorkPerThread / std::max<int64_t>(1, s.n * s.k));
    parallel_for(s.m, grain, [&](int64_t begin, int64_t end) {
      for (int64_t i = begin; i < end; ++i) {
        for (int64_t j = 0; j < s.n; ++j) {
          T acc = s.accumulate ? z[i * s.ldc + j] : from_double<T>(0);
          for (int64_t kk = 0; kk < s.k; ++kk) {
            acc = multiply_add(acc, x[i * s.lda + kk], y[kk * s.ldb + j], bits);
          }
          z[i * s.ldc + j] = acc;
        }
      }
    });
  });
}

}  // namespace kiln::interp
