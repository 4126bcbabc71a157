// JAX's Hermitian eigendecomposition custom calls in the interpreter (@lapack_?syevd_ffi,
// @lapack_?heevd_ffi, @cusolver_syevd_ffi). Eigenvectors are defined up to a sign (a phase for
// complex types), so the tests compare what does not depend on it: a V = V diag(w) and
// V^H V = I, on random batches in each type read from either triangle; eigenvalues ascending
// and known values on a case worked by hand; info; the verifier's refusals.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "tests/unit/interp/jax_linalg_test_helpers.h"

namespace kiln::interp::jax_linalg_syevd_test {
namespace {

using namespace testing::jax_linalg;  // NOLINT: the helpers of these tests

template <class T>
std::string real_name() {
  return interp::kIsComplex<T> ? (sizeof(T) == 8 ? "f32" : "f64") : LapackType<T>::kName;
}

template <class T>
std::string syevd(const std::string& target, int64_t batch, int64_t n, const std::string& config) {
  const std::string e = LapackType<T>::kName;
  return program(target, {{{batch, n, n}, e}},
                 {{{batch, n, n}, e}, {{batch, n}, real_name<T>(), false}, {{batch}, "i32", false}}, config);
}

template <class T>
std::string lapack_syevd() {
  return lapack_target<T>(interp::kIsComplex<T> ? "heevd_ffi" : "syevd_ffi");
}

// The Hermitian matrix a's `lower` (or upper) triangle and real diagonal stand for.
template <class T>
std::complex<double> hermitian(const T* a, int64_t n, bool lower, int64_t i, int64_t j) {
  if (i == j) return wide(a[i * n + i]).real();
  return (lower ? i > j : i < j) ? wide(a[i * n + j]) : std::conj(wide(a[j * n + i]));
}

template <class T>
void expect_eigh(const Tensor& a, const Tensor& v, const Tensor& w, int64_t n, bool lower) {
  using R = decltype(std::abs(T{}));  // the real type: float for complex<float>
  const double tol = 20 * LapackType<T>::kTolerance;
  for (int64_t b = 0; b < a.num_elements() / (n * n); ++b) {
    const T* x = a.data<T>() + b * n * n;
    const T* vm = v.data<T>() + b * n * n;
    const R* wm = w.data<R>() + b * n;
    for (int64_t j = 0; j + 1 < n; ++j) EXPECT_LE(wm[j], wm[j + 1]) << "ascending";
    for (int64_t i = 0; i < n; ++i) {
      for (int64_t j = 0; j < n; ++j) {
        std::complex<double> av = 0, vhv = 0;
        for (int64_t t = 0; t < n; ++t) {
          av += hermitian(x, n, lower, i, t) * wide(vm[t * n + j]);
          vhv += std::conj(wide(vm[t * n + i])) * wide(vm[t * n + j]);
        }
        EXPECT_LE(std::abs(av - wide(vm[i * n + j]) * static_cast<double>(wm[j])), tol) << "A V (" << i << ", " << j << ")";
        EXPECT_LE(std::abs(vhv - (i == j ? 1.0 : 0.0)), tol) << "V^H V (" << i << ", " << j << ")";
      }
    }
  }
}

template <class T>
class JaxLinalgSyevd : public ::testing::Test {};
TYPED_TEST_SUITE(JaxLinalgSyevd, LapackTypes);

TYPED_TEST(JaxLinalgSyevd, RandomBatchesFromEitherTriangle) {
  using T = TypeParam;
  Tensor a = random_tensor<T>({3, 5, 5}, 23);  // not Hermitian: only one triangle is read
  for (bool lower : {true, false}) {
    for (bool cusolver : {false, true}) {
      SCOPED_TRACE(std::string(lower ? "lower" : "upper") + (cusolver ? " cusolver" : " lapack"));
      const std::string config = cusolver ? std::string("algorithm = 0 : ui8, lower = ") + (lower ? "true" : "false")
                                           : std::string("mode = 86 : ui8, uplo = ") + (lower ? "76" : "85") + " : ui8";
      Expected<std::vector<Tensor>> out =
          run(syevd<T>(cusolver ? "cusolver_syevd_ffi" : lapack_syevd<T>(), 3, 5, config), {a});
      ASSERT_TRUE(out.ok()) << out.error().message();
      expect_eigh<T>(a, (*out)[0], (*out)[1], 5, lower);
      for (int b = 0; b < 3; ++b) EXPECT_EQ((*out)[2].data<int32_t>()[b], 0);
    }
  }
}

// [[2, 1], [1, 2]] has eigenvalues 1 and 3, eigenvectors (1, -1) / sqrt 2 and (1, 1) / sqrt 2;
// a diagonal matrix with a repeated value keeps it twice.
TYPED_TEST(JaxLinalgSyevd, KnownEigenvalues) {
  using T = TypeParam;
  using R = decltype(std::abs(T{}));  // the real type: float for complex<float>
  Tensor a = *Tensor::allocate(ir::Type::tensor({2, 2, 2}, LapackType<T>::kKind));
  const double v[8] = {2, 1, 1, 2, 5, 0, 0, 5};
  for (int i = 0; i < 8; ++i) a.data<T>()[i] = from_double<T>(v[i]);
  Expected<std::vector<Tensor>> out = run(syevd<T>(lapack_syevd<T>(), 2, 2, "mode = 86 : ui8, uplo = 76 : ui8"), {a});
  ASSERT_TRUE(out.ok()) << out.error().message();
  const R* w = (*out)[1].data<R>();
  const double tol = LapackType<T>::kTolerance;
  EXPECT_NEAR(w[0], 1, tol);
  EXPECT_NEAR(w[1], 3, tol);
  EXPECT_EQ(w[2], 5);
  EXPECT_EQ(w[3], 5);
  const T* vm = (*out)[0].data<T>();
  EXPECT_NEAR(std::abs(wide(vm[0]) + wide(vm[2])), 0, tol);  // (1, -1) up to sign
  EXPECT_NEAR(std::abs(wide(vm[1]) - wide(vm[3])), 0, tol);  // (1, 1) up to sign
  expect_eigh<T>(a, (*out)[0], (*out)[1], 2, true);
}

TEST(JaxLinalgSyevdInfo, NaNElementsDoNotConverge) {
  Tensor a = random_tensor<double>({2, 3, 3}, 4);
  a.data<double>()[9 + 3] = std::nan("");  // the second matrix's (1, 0)
  Expected<std::vector<Tensor>> out = run(syevd<double>("lapack_dsyevd_ffi", 2, 3, "mode = 86 : ui8, uplo = 76 : ui8"), {a});
  ASSERT_TRUE(out.ok()) << out.error().message();
  EXPECT_EQ((*out)[2].data<int32_t>()[0], 0);
  EXPECT_EQ((*out)[2].data<int32_t>()[1], 1);
}

// A diagonal matrix with a NaN never converges (info 1); its rotations are all skipped, and
// the eigenvalues come out ascending with the NaN last, each column following its value.
TEST(JaxLinalgSyevdInfo, ANaNEigenvalueIsSortedLast) {
  Tensor a = random_tensor<double>({1, 3, 3}, 5);
  const double diagonal[9] = {3, 0, 0, 0, std::nan(""), 0, 0, 0, 1};
  std::copy(diagonal, diagonal + 9, a.data<double>());
  Expected<std::vector<Tensor>> out =
      run(syevd<double>("lapack_dsyevd_ffi", 1, 3, "mode = 86 : ui8, uplo = 85 : ui8"), {a});
  ASSERT_TRUE(out.ok()) << out.error().message();
  const double* w = (*out)[1].data<double>();
  EXPECT_EQ(w[0], 1);
  EXPECT_EQ(w[1], 3);
  EXPECT_TRUE(std::isnan(w[2]));
  const double* v = (*out)[0].data<double>();
  const double want[9] = {0, 1, 0, 0, 0, 1, 1, 0, 0};  // columns e2, e0, e1
  for (int i = 0; i < 9; ++i) EXPECT_EQ(v[i], want[i]) << i;
  EXPECT_EQ((*out)[2].data<int32_t>()[0], 1);
}

TEST(JaxLinalgSyevdErrors, ComplexEigenvaluesAreRejected) {
  std::string text = program("lapack_cheevd_ffi", {{{2, 2}, "complex<f32>"}},
                             {{{2, 2}, "complex<f32>"}, {{2}, "complex<f32>", false}, {{}, "i32", false}},
                             "mode = 86 : ui8, uplo = 76 : ui8");
  expect_error(run(text, {random_tensor<std::complex<float>>({2, 2}, 1)}),
               "result #1 (eigenvalues) must be tensor<2xf32>, but is tensor<2xcomplex<f32>>");
}

TEST(JaxLinalgSyevdErrors, AnUnknownModeIsRejected) {
  std::string text = syevd<float>("lapack_ssyevd_ffi", 1, 2, "mode = 88 : ui8, uplo = 76 : ui8");
  expect_error(run(text, {random_tensor<float>({1, 2, 2}, 1)}), "attribute 'mode' is 88");
}

TEST(JaxLinalgSyevdErrors, CusolverNeedsLower) {
  std::string text = syevd<float>("cusolver_syevd_ffi", 1, 2, "algorithm = 0 : ui8");
  expect_error(run(text, {random_tensor<float>({1, 2, 2}, 1)}), "needs the boolean attribute 'lower'");
}

TEST(JaxLinalgSyevdErrors, NonSquareMatricesAreRejected) {
  std::string text = program("lapack_ssyevd_ffi", {{{2, 3}, "f32"}},
                             {{{2, 3}, "f32"}, {{3}, "f32", false}, {{}, "i32", false}}, "mode = 86 : ui8, uplo = 76 : ui8");
  expect_error(run(text, {random_tensor<float>({2, 3}, 1)}), "batch of square matrices");
}

}  // namespace
}  // namespace kiln::interp::jax_linalg_syevd_test
