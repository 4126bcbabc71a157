// JAX's QR custom calls in the interpreter (@lapack_?geqrf_ffi, @cusolver_geqrf_ffi,
// @lapack_?orgqr_ffi, @lapack_?ungqr_ffi, @cusolver_orgqr_ffi): Q R = a with Q orthonormal
// (unitary) and R upper triangular on square, tall and wide batches in each type, LAPACK's
// reflector on a case worked by hand, and the verifier's refusals.
#include <gtest/gtest.h>

#include <algorithm>

#include "tests/unit/interp/jax_linalg_test_helpers.h"

namespace kiln::interp::jax_linalg_geqrf_test {
namespace {

using namespace testing::jax_linalg;  // NOLINT: the helpers of these tests

template <class T>
std::string geqrf(const std::string& target, int64_t batch, int64_t m, int64_t n) {
  const std::string e = LapackType<T>::kName;
  return program(target, {{{batch, m, n}, e}},
                 {{{batch, m, n}, e}, {{batch, std::min(m, n)}, e, false}}, "");
}

template <class T>
std::string orgqr(const std::string& target, int64_t batch, int64_t m, int64_t n, int64_t k) {
  const std::string e = LapackType<T>::kName;
  return program(target, {{{batch, m, n}, e}, {{batch, k}, e, false}}, {{{batch, m, n}, e}}, "");
}

template <class T>
std::string orgqr_target() {
  return lapack_target<T>(interp::kIsComplex<T> ? "ungqr_ffi" : "orgqr_ffi");
}

template <class T>
class JaxLinalgQr : public ::testing::Test {};
TYPED_TEST_SUITE(JaxLinalgQr, LapackTypes);

// geqrf then orgqr on the first min(m, n) columns: Q^H Q = I, Q R = a, R upper triangular.
TYPED_TEST(JaxLinalgQr, SquareTallAndWideBatchesFactor) {
  using T = TypeParam;
  const double tol = 20 * LapackType<T>::kTolerance;
  for (auto [m, n] : {std::pair<int64_t, int64_t>{4, 4}, {6, 3}, {3, 5}}) {
    SCOPED_TRACE(std::to_string(m) + "x" + std::to_string(n));
    const int64_t k = std::min(m, n);
    Tensor a = random_tensor<T>({2, m, n}, 17);
    for (bool cusolver : {false, true}) {
      Expected<std::vector<Tensor>> f =
          run(geqrf<T>(cusolver ? "cusolver_geqrf_ffi" : lapack_target<T>("geqrf_ffi"), 2, m, n), {a});
      ASSERT_TRUE(f.ok()) << f.error().message();
      // orgqr takes the first k columns (JAX slices a wide factor so).
      Tensor reflectors = *Tensor::allocate(ir::Type::tensor({2, m, k}, LapackType<T>::kKind));
      for (int64_t b = 0; b < 2; ++b) {
        for (int64_t i = 0; i < m; ++i) {
          for (int64_t j = 0; j < k; ++j)
            reflectors.data<T>()[(b * m + i) * k + j] = (*f)[0].data<T>()[(b * m + i) * n + j];
        }
      }
      Expected<std::vector<Tensor>> q = run(
          orgqr<T>(cusolver ? "cusolver_orgqr_ffi" : orgqr_target<T>(), 2, m, k, k), {reflectors, (*f)[1]});
      ASSERT_TRUE(q.ok()) << q.error().message();
      for (int64_t b = 0; b < 2; ++b) {
        const T* qm = (*q)[0].data<T>() + b * m * k;
        const T* r = (*f)[0].data<T>() + b * m * n;
        for (int64_t i = 0; i < k; ++i) {
          for (int64_t j = 0; j < k; ++j) {
            std::complex<double> s = 0;
            for (int64_t t = 0; t < m; ++t) s += std::conj(wide(qm[t * k + i])) * wide(qm[t * k + j]);
            EXPECT_LE(std::abs(s - (i == j ? 1.0 : 0.0)), tol) << "Q^H Q (" << i << ", " << j << ")";
          }
        }
        for (int64_t i = 0; i < m; ++i) {
          for (int64_t j = 0; j < n; ++j) {
            std::complex<double> s = 0;
            for (int64_t t = 0; t <= std::min(j, k - 1); ++t) s += wide(qm[i * k + t]) * wide(r[t * n + j]);
            EXPECT_LE(std::abs(s - wide(a.data<T>()[b * m * n + i * n + j])), tol) << "QR (" << i << ", " << j << ")";
          }
        }
      }
    }
  }
}

// [[3], [4]]: beta = -5, tau = (beta - 3) / beta = 1.6, v = (1, 4 / (3 - beta)) = (1, 0.5);
// Q's column is -(0.6, 0.8).
TYPED_TEST(JaxLinalgQr, ReflectsAsLapackDoes) {
  using T = TypeParam;
  Tensor a = *Tensor::allocate(ir::Type::tensor({1, 2, 1}, LapackType<T>::kKind));
  a.data<T>()[0] = from_double<T>(3);
  a.data<T>()[1] = from_double<T>(4);
  Expected<std::vector<Tensor>> f = run(geqrf<T>(lapack_target<T>("geqrf_ffi"), 1, 2, 1), {a});
  ASSERT_TRUE(f.ok()) << f.error().message();
  const double tol = LapackType<T>::kTolerance;
  EXPECT_NEAR(std::abs(wide((*f)[0].data<T>()[0]) - -5.0), 0, tol);
  EXPECT_NEAR(std::abs(wide((*f)[0].data<T>()[1]) - 0.5), 0, tol);
  EXPECT_NEAR(std::abs(wide((*f)[1].data<T>()[0]) - 1.6), 0, tol);
  Expected<std::vector<Tensor>> q = run(orgqr<T>(orgqr_target<T>(), 1, 2, 1, 1), {(*f)[0], (*f)[1]});
  ASSERT_TRUE(q.ok()) << q.error().message();
  EXPECT_NEAR(std::abs(wide((*q)[0].data<T>()[0]) - -0.6), 0, tol);
  EXPECT_NEAR(std::abs(wide((*q)[0].data<T>()[1]) - -0.8), 0, tol);
}

// A column already zero below the diagonal (and real on it) needs no reflection: tau 0.
TYPED_TEST(JaxLinalgQr, AReducedColumnHasTauZero) {
  using T = TypeParam;
  Tensor a = random_tensor<T>({1, 3, 2}, 3);
  a.data<T>()[0] = from_double<T>(2);
  a.data<T>()[2] = from_double<T>(0);
  a.data<T>()[4] = from_double<T>(0);
  Expected<std::vector<Tensor>> f = run(geqrf<T>(lapack_target<T>("geqrf_ffi"), 1, 3, 2), {a});
  ASSERT_TRUE(f.ok()) << f.error().message();
  EXPECT_EQ((*f)[1].data<T>()[0], from_double<T>(0));
  EXPECT_EQ((*f)[0].data<T>()[0], from_double<T>(2));
}

// Complete Q of a tall matrix: orgqr of the m x m matrix holding k < m reflectors.
TEST(JaxLinalgQrComplete, FewerReflectorsThanColumnsGiveAUnitaryQ) {
  Tensor a = random_tensor<double>({1, 4, 2}, 8);
  Expected<std::vector<Tensor>> f = run(geqrf<double>("lapack_dgeqrf_ffi", 1, 4, 2), {a});
  ASSERT_TRUE(f.ok()) << f.error().message();
  Tensor square = *Tensor::allocate(ir::Type::tensor({1, 4, 4}, ir::ElementKind::kF64));
  for (int64_t i = 0; i < 4; ++i) {
    for (int64_t j = 0; j < 4; ++j) square.data<double>()[i * 4 + j] = j < 2 ? (*f)[0].data<double>()[i * 2 + j] : 0;
  }
  Expected<std::vector<Tensor>> q = run(orgqr<double>("lapack_dorgqr_ffi", 1, 4, 4, 2), {square, (*f)[1]});
  ASSERT_TRUE(q.ok()) << q.error().message();
  const double* qm = (*q)[0].data<double>();
  for (int64_t i = 0; i < 4; ++i) {
    for (int64_t j = 0; j < 4; ++j) {
      double s = 0;
      for (int64_t t = 0; t < 4; ++t) s += qm[t * 4 + i] * qm[t * 4 + j];
      EXPECT_NEAR(s, i == j ? 1 : 0, 1e-12);
    }
  }
}

TEST(JaxLinalgQrErrors, TausOfTheWrongLengthAreRejected) {
  std::string text = program("lapack_sgeqrf_ffi", {{{3, 2}, "f32"}}, {{{3, 2}, "f32"}, {{3}, "f32", false}}, "");
  expect_error(run(text, {random_tensor<float>({3, 2}, 1)}), "result #1 (taus) must be tensor<2xf32>, but is tensor<3xf32>");
}

TEST(JaxLinalgQrErrors, OrgqrOfAWideMatrixIsRejected) {
  std::string text = program("cusolver_orgqr_ffi", {{{2, 3}, "f32"}, {{2}, "f32", false}}, {{{2, 3}, "f32"}}, "");
  expect_error(run(text, {random_tensor<float>({2, 3}, 1), random_tensor<float>({2}, 2)}),
               "must have no more columns than rows");
}

TEST(JaxLinalgQrErrors, MoreTausThanColumnsAreRejected) {
  std::string text = program("lapack_sorgqr_ffi", {{{3, 2}, "f32"}, {{3}, "f32", false}}, {{{3, 2}, "f32"}}, "");
  expect_error(run(text, {random_tensor<float>({3, 2}, 1), random_tensor<float>({3}, 2)}), "at most 2 taus");
}

TEST(JaxLinalgQrErrors, TausLaidOutAsAMatrixAreRefused) {
  std::string text = program("lapack_sorgqr_ffi", {{{3, 2, 2}, "f32"}, {{3, 2}, "f32", true}},
                             {{{3, 2, 2}, "f32"}}, "");
  expect_error(run(text, {random_tensor<float>({3, 2, 2}, 1), random_tensor<float>({3, 2}, 2)}),
               "operand #1 has layout [0, 1]");
}

TEST(JaxLinalgQrErrors, TheRealNameOfAComplexRoutineIsNoTarget) {
  std::string text = program("lapack_corgqr_ffi", {{{2, 2}, "complex<f32>"}, {{2}, "complex<f32>", false}},
                             {{{2, 2}, "complex<f32>"}}, "");
  expect_error(run(text, {random_tensor<std::complex<float>>({2, 2}, 1),
                          random_tensor<std::complex<float>>({2}, 2)}),
               "lapack_corgqr_ffi");
}

}  // namespace
}  // namespace kiln::interp::jax_linalg_geqrf_test
