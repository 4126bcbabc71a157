// JAX's LU custom calls in the interpreter (@lapack_?getrf_ffi, @cusolver_getrf_ffi,
// @cu_lu_pivots_to_permutation): P a = L U on random square, tall and wide batches in each
// type, LAPACK's pivots and info on small cases worked by hand, the permutation the swaps make.
#include <gtest/gtest.h>

#include <algorithm>

#include "tests/unit/interp/jax_linalg_test_helpers.h"

namespace kiln::interp::jax_linalg_getrf_test {
namespace {

using namespace testing::jax_linalg;  // NOLINT: the helpers of these tests

template <class T>
std::string getrf(const std::string& target, int64_t batch, int64_t m, int64_t n) {
  const std::string e = LapackType<T>::kName;
  return program(target, {{{batch, m, n}, e}},
                 {{{batch, m, n}, e}, {{batch, std::min(m, n)}, "i32", false}, {{batch}, "i32", false}},
                 "");
}

// Applies the 1-based row swaps to a's rows and checks that L U (unit lower L, upper U, both
// from lu) gives them back.
template <class T>
void expect_lu(const Tensor& a, const Tensor& lu, const Tensor& pivots, int64_t m, int64_t n) {
  const int64_t k = std::min(m, n), batch = a.num_elements() / (m * n);
  for (int64_t b = 0; b < batch; ++b) {
    std::vector<int64_t> rows(static_cast<size_t>(m));
    for (int64_t i = 0; i < m; ++i) rows[static_cast<size_t>(i)] = i;
    for (int64_t j = 0; j < k; ++j) {
      int32_t p = pivots.data<int32_t>()[b * k + j];
      ASSERT_GE(p, j + 1);
      ASSERT_LE(p, m);
      std::swap(rows[static_cast<size_t>(j)], rows[static_cast<size_t>(p - 1)]);
    }
    const T* f = lu.data<T>() + b * m * n;
    for (int64_t i = 0; i < m; ++i) {
      for (int64_t j = 0; j < n; ++j) {
        std::complex<double> s = 0;
        for (int64_t t = 0; t <= std::min({i, j, k - 1}); ++t) {
          std::complex<double> l = t == i ? 1.0 : wide(f[i * n + t]);
          s += l * wide(f[t * n + j]);
        }
        const std::complex<double> want = wide(a.data<T>()[b * m * n + rows[static_cast<size_t>(i)] * n + j]);
        EXPECT_LE(std::abs(s - want), 20 * LapackType<T>::kTolerance) << b << " (" << i << ", " << j << ")";
      }
    }
  }
}

template <class T>
class JaxLinalgGetrf : public ::testing::Test {};
TYPED_TEST_SUITE(JaxLinalgGetrf, LapackTypes);

TYPED_TEST(JaxLinalgGetrf, SquareTallAndWideBatchesFactor) {
  using T = TypeParam;
  for (auto [m, n] : {std::pair<int64_t, int64_t>{5, 5}, {6, 3}, {3, 6}}) {
    SCOPED_TRACE(std::to_string(m) + "x" + std::to_string(n));
    Tensor a = random_tensor<T>({2, m, n}, 31);
    for (const std::string& target : {lapack_target<T>("getrf_ffi"), std::string("cusolver_getrf_ffi")}) {
      Expected<std::vector<Tensor>> out = run(getrf<T>(target, 2, m, n), {a});
      ASSERT_TRUE(out.ok()) << out.error().message();
      expect_lu<T>(a, (*out)[0], (*out)[1], m, n);
      EXPECT_EQ((*out)[2].data<int32_t>()[0], 0);
      EXPECT_EQ((*out)[2].data<int32_t>()[1], 0);
    }
  }
}

// [[1, 2], [3, 4]]: row 2 pivots (the larger), l = 1/3, u22 = 2 - 4/3.
TYPED_TEST(JaxLinalgGetrf, PivotsOnTheLargestMagnitude) {
  using T = TypeParam;
  Tensor a = *Tensor::allocate(ir::Type::tensor({1, 2, 2}, LapackType<T>::kKind));
  const double v[4] = {1, 2, 3, 4};
  for (int i = 0; i < 4; ++i) a.data<T>()[i] = from_double<T>(v[i]);
  Expected<std::vector<Tensor>> out = run(getrf<T>(lapack_target<T>("getrf_ffi"), 1, 2, 2), {a});
  ASSERT_TRUE(out.ok()) << out.error().message();
  EXPECT_EQ((*out)[1].data<int32_t>()[0], 2);
  EXPECT_EQ((*out)[1].data<int32_t>()[1], 2);
  const T* f = (*out)[0].data<T>();
  EXPECT_EQ(f[0], from_double<T>(3));
  EXPECT_EQ(f[1], from_double<T>(4));
  EXPECT_NEAR(std::abs(wide(f[2]) - 1.0 / 3), 0, LapackType<T>::kTolerance);
  EXPECT_NEAR(std::abs(wide(f[3]) - 2.0 / 3), 0, LapackType<T>::kTolerance);
}

// A zero column makes U's diagonal zero there: info is its 1-based index, the factorization
// goes on.
TYPED_TEST(JaxLinalgGetrf, InfoNamesTheFirstZeroPivot) {
  using T = TypeParam;
  Tensor a = random_tensor<T>({1, 4, 4}, 5);
  for (int64_t i = 0; i < 4; ++i) a.data<T>()[i * 4 + 1] = from_double<T>(0);
  Expected<std::vector<Tensor>> out = run(getrf<T>(lapack_target<T>("getrf_ffi"), 1, 4, 4), {a});
  ASSERT_TRUE(out.ok()) << out.error().message();
  EXPECT_EQ((*out)[2].data<int32_t>()[0], 2);
  expect_lu<T>(a, (*out)[0], (*out)[1], 4, 4);
}

TEST(JaxLinalgGetrfErrors, PivotsOfTheWrongLengthAreRejected) {
  std::string text = program("lapack_sgetrf_ffi", {{{3, 2}, "f32"}},
                             {{{3, 2}, "f32"}, {{3}, "i32", false}, {{}, "i32", false}}, "");
  Expected<std::vector<Tensor>> r = run(text, {random_tensor<float>({3, 2}, 1)});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message().find("result #1 (pivots) must be tensor<2xi32>, but is tensor<3xi32>"),
            std::string::npos)
      << r.error().message();
}

// ---- cu_lu_pivots_to_permutation ----------------------------------------------------------

std::string permutation(int64_t batch, int64_t k, int64_t size) {
  return program("cu_lu_pivots_to_permutation", {{{batch, k}, "i32", false}},
                 {{{batch, size}, "i32", false}}, "");
}

TEST(JaxLinalgLuPivotsToPermutation, AppliesTheSwapsInOrder) {
  Tensor pivots = *Tensor::allocate(ir::Type::tensor({2, 3}, ir::ElementKind::kSI32));
  const int32_t swaps[6] = {2, 2, 3, 0, 1, 2};  // 0-based; the second row swaps nothing
  std::copy(swaps, swaps + 6, pivots.data<int32_t>());
  Expected<std::vector<Tensor>> out = run(permutation(2, 3, 4), {pivots});
  ASSERT_TRUE(out.ok()) << out.error().message();
  const std::vector<int32_t> want = {2, 0, 3, 1, 0, 1, 2, 3};
  EXPECT_EQ(std::vector<int32_t>((*out)[0].data<int32_t>(), (*out)[0].data<int32_t>() + 8), want);
}

TEST(JaxLinalgLuPivotsToPermutation, APermutationShorterThanThePivotsIsRejected) {
  Tensor pivots = *Tensor::allocate(ir::Type::tensor({1, 3}, ir::ElementKind::kSI32));
  Expected<std::vector<Tensor>> r = run(permutation(1, 3, 2), {pivots});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message().find("a permutation size of at least 3"), std::string::npos)
      << r.error().message();
}

// The permutation of getrf's pivots (less one, as JAX passes them) orders a's rows as L U.
TEST(JaxLinalgLuPivotsToPermutation, OrdersTheRowsOfGetrf) {
  Tensor a = random_tensor<double>({1, 5, 5}, 9);
  Expected<std::vector<Tensor>> lu = run(getrf<double>("cusolver_getrf_ffi", 1, 5, 5), {a});
  ASSERT_TRUE(lu.ok()) << lu.error().message();
  Tensor pivots = (*lu)[1];
  for (int i = 0; i < 5; ++i) pivots.data<int32_t>()[i] -= 1;
  Expected<std::vector<Tensor>> perm = run(permutation(1, 5, 5), {pivots});
  ASSERT_TRUE(perm.ok()) << perm.error().message();
  const double* f = (*lu)[0].data<double>();
  for (int64_t i = 0; i < 5; ++i) {
    const int32_t row = (*perm)[0].data<int32_t>()[i];
    for (int64_t j = 0; j < 5; ++j) {
      double s = 0;
      for (int64_t t = 0; t <= std::min(i, j); ++t) s += (t == i ? 1.0 : f[i * 5 + t]) * f[t * 5 + j];
      EXPECT_NEAR(s, a.data<double>()[row * 5 + j], 1e-12);
    }
  }
}

}  // namespace
}  // namespace kiln::interp::jax_linalg_getrf_test
