// JAX's Cholesky custom calls in the interpreter (@lapack_?potrf_ffi, @cusolver_potrf_ffi):
// the factor of random positive definite batches in each type and triangle, the other triangle
// left as the operand's, info for matrices that are not positive definite, and the errors for
// types, attributes and layouts the targets do not take.
#include <gtest/gtest.h>

#include <cstring>

#include "tests/unit/interp/jax_linalg_test_helpers.h"

namespace kiln::interp::jax_linalg_potrf_test {
namespace {

using namespace testing::jax_linalg;  // NOLINT: the helpers of these tests

// A batch of Hermitian positive definite matrices: b b^H + n I from random b.
template <class T>
Tensor positive_definite(const std::vector<int64_t>& shape, uint32_t seed) {
  Tensor b = random_tensor<T>(shape, seed);
  Tensor a = *Tensor::allocate(b.type());
  const int64_t n = shape.back(), batch = b.num_elements() / (n * n);
  for (int64_t k = 0; k < batch; ++k) {
    const T* x = b.data<T>() + k * n * n;
    for (int64_t i = 0; i < n; ++i) {
      for (int64_t j = 0; j < n; ++j) {
        std::complex<double> s = i == j ? static_cast<double>(n) : 0.0;
        for (int64_t c = 0; c < n; ++c) s += wide(x[i * n + c]) * std::conj(wide(x[j * n + c]));
        if constexpr (kIsComplex<T>)
          a.data<T>()[k * n * n + i * n + j] = T(static_cast<typename T::value_type>(s.real()),
                                                 static_cast<typename T::value_type>(s.imag()));
        else
          a.data<T>()[k * n * n + i * n + j] = static_cast<T>(s.real());
      }
    }
  }
  return a;
}

std::vector<int64_t> batch_of(const std::vector<int64_t>& shape) {
  return {shape.begin(), shape.end() - 2};
}

template <class T>
std::string potrf(const std::vector<int64_t>& shape, const std::string& target,
                  const std::string& config) {
  const std::string e = LapackType<T>::kName;
  return program(target, {{shape, e}}, {{shape, e}, {batch_of(shape), "i32", false}}, config);
}

// The factor's triangle times its adjoint gives a back; the other triangle is a's.
template <class T>
void expect_factor(const Tensor& a, const Tensor& f, bool lower) {
  const int64_t n = a.shape().back(), batch = a.num_elements() / (n * n);
  for (int64_t k = 0; k < batch; ++k) {
    auto F = [&](int64_t i, int64_t j) -> std::complex<double> {
      bool in = lower ? j <= i : j >= i;
      return in ? wide(f.data<T>()[k * n * n + i * n + j]) : 0.0;
    };
    for (int64_t i = 0; i < n; ++i) {
      for (int64_t j = 0; j < n; ++j) {
        std::complex<double> s = 0;
        // lower: a = L L^H; upper: a = U^H U.
        for (int64_t c = 0; c < n; ++c)
          s += lower ? F(i, c) * std::conj(F(j, c)) : std::conj(F(c, i)) * F(c, j);
        const std::complex<double> want = wide(a.data<T>()[k * n * n + i * n + j]);
        EXPECT_LE(std::abs(s - want), LapackType<T>::kTolerance * n * std::abs(want) + 1e-30)
            << "matrix " << k << " (" << i << ", " << j << ")";
        if (lower ? j > i : j < i) {
          EXPECT_EQ(f.data<T>()[k * n * n + i * n + j], a.data<T>()[k * n * n + i * n + j]);
        }
      }
    }
  }
}

template <class T>
class JaxLinalgPotrf : public ::testing::Test {};
TYPED_TEST_SUITE(JaxLinalgPotrf, LapackTypes);

TYPED_TEST(JaxLinalgPotrf, LowerFactorsABatch) {
  using T = TypeParam;
  const std::vector<int64_t> shape = {2, 3, 5, 5};
  Tensor a = positive_definite<T>(shape, 7);
  Expected<std::vector<Tensor>> out = run(potrf<T>(shape, lapack_target<T>("potrf_ffi"), "uplo = 76 : ui8"), {a});
  ASSERT_TRUE(out.ok()) << out.error().message();
  expect_factor<T>(a, (*out)[0], true);
  for (int64_t k = 0; k < 6; ++k) EXPECT_EQ((*out)[1].data<int32_t>()[k], 0);
}

TYPED_TEST(JaxLinalgPotrf, UpperFactorsOneMatrix) {
  using T = TypeParam;
  const std::vector<int64_t> shape = {7, 7};
  Tensor a = positive_definite<T>(shape, 11);
  Expected<std::vector<Tensor>> out = run(potrf<T>(shape, lapack_target<T>("potrf_ffi"), "uplo = 85 : ui8"), {a});
  ASSERT_TRUE(out.ok()) << out.error().message();
  expect_factor<T>(a, (*out)[0], false);
  EXPECT_EQ((*out)[1].data<int32_t>()[0], 0);
}

TYPED_TEST(JaxLinalgPotrf, CusolverSpellingGivesTheSameFactor) {
  using T = TypeParam;
  const std::vector<int64_t> shape = {3, 4, 4};
  Tensor a = positive_definite<T>(shape, 3);
  for (bool lower : {true, false}) {
    Expected<std::vector<Tensor>> lapack = run(potrf<T>(shape, lapack_target<T>("potrf_ffi"), lower ? "uplo = 76 : ui8" : "uplo = 85 : ui8"), {a});
    Expected<std::vector<Tensor>> cusolver = run(potrf<T>(shape, "cusolver_potrf_ffi", lower ? "lower = true" : "lower = false"), {a});
    ASSERT_TRUE(lapack.ok()) << lapack.error().message();
    ASSERT_TRUE(cusolver.ok()) << cusolver.error().message();
    EXPECT_EQ(std::memcmp((*lapack)[0].raw(), (*cusolver)[0].raw(), a.size_bytes()), 0);
  }
}

// The factor's triangle is stablehlo.cholesky's, bit for bit (one implementation).
TYPED_TEST(JaxLinalgPotrf, FactorIsStablehloCholeskys) {
  using T = TypeParam;
  const std::vector<int64_t> shape = {2, 6, 6};
  Tensor a = positive_definite<T>(shape, 5);
  const std::string t = tensor_type(shape, LapackType<T>::kName);
  Expected<std::vector<Tensor>> want = run("func.func @main(%a: " + t + ") -> " + t + " {\n  %r = stablehlo.cholesky %a, lower = true : " +
                      t + "\n  func.return %r : " + t + "\n}\n",
                  {a});
  Expected<std::vector<Tensor>> got = run(potrf<T>(shape, lapack_target<T>("potrf_ffi"), "uplo = 76 : ui8"), {a});
  ASSERT_TRUE(want.ok()) << want.error().message();
  ASSERT_TRUE(got.ok()) << got.error().message();
  for (int64_t k = 0; k < 2; ++k) {
    for (int64_t i = 0; i < 6; ++i) {
      for (int64_t j = 0; j <= i; ++j) {
        int64_t e = k * 36 + i * 6 + j;
        EXPECT_EQ((*got)[0].data<T>()[e], (*want)[0].data<T>()[e]) << e;
      }
    }
  }
}

// info is the order of the first leading minor that is not positive definite, per matrix.
TYPED_TEST(JaxLinalgPotrf, InfoNamesTheFirstMinorThatIsNotPositiveDefinite) {
  using T = TypeParam;
  const std::vector<int64_t> shape = {3, 3, 3};
  Tensor a = *Tensor::allocate(ir::Type::tensor(shape, LapackType<T>::kKind));
  const double values[3][9] = {
      {4, 2, 0, 2, 5, 0, 0, 0, 6},   // positive definite: info 0
      {1, 2, 0, 2, 1, 0, 0, 0, 1},   // minor of order 2 is 1 - 4 < 0: info 2
      {-1, 0, 0, 0, 1, 0, 0, 0, 1},  // the first pivot is negative: info 1
  };
  for (int k = 0; k < 3; ++k) {
    for (int e = 0; e < 9; ++e) a.data<T>()[k * 9 + e] = from_double<T>(values[k][e]);
  }
  Expected<std::vector<Tensor>> out = run(potrf<T>(shape, lapack_target<T>("potrf_ffi"), "uplo = 76 : ui8"), {a});
  ASSERT_TRUE(out.ok()) << out.error().message();
  EXPECT_EQ((*out)[1].data<int32_t>()[0], 0);
  EXPECT_EQ((*out)[1].data<int32_t>()[1], 2);
  EXPECT_EQ((*out)[1].data<int32_t>()[2], 1);
}

// ---- errors -----------------------------------------------------------------------------------


TEST(JaxLinalgPotrfErrors, AnotherLetterThanTheOperandsTypeIsRejected) {
  const std::vector<int64_t> shape = {2, 2};
  std::string text = program("lapack_dpotrf_ffi", {{shape, "f32"}},
                             {{shape, "f32"}, {{}, "i32", false}}, "uplo = 76 : ui8");
  expect_error(run(text, {positive_definite<float>(shape, 1)}),
               "operand must have element type f64, but is tensor<2x2xf32>");
}

TEST(JaxLinalgPotrfErrors, InfoOfAnotherShapeIsRejected) {
  const std::vector<int64_t> shape = {3, 2, 2};
  std::string text = program("lapack_spotrf_ffi", {{shape, "f32"}},
                             {{shape, "f32"}, {{}, "i32", false}}, "uplo = 76 : ui8");
  expect_error(run(text, {positive_definite<float>(shape, 1)}),
               "result #1 (info) must be tensor<3xi32>, but is tensor<i32>");
}

TEST(JaxLinalgPotrfErrors, BadOrMissingUploIsRejected) {
  const std::vector<int64_t> shape = {2, 2};
  Tensor a = positive_definite<float>(shape, 1);
  expect_error(run(potrf<float>(shape, "lapack_spotrf_ffi", "uplo = 88 : ui8"), {a}),
               "attribute 'uplo' is 88, not the ASCII code of one of 'LU'");
  expect_error(run(potrf<float>(shape, "lapack_spotrf_ffi", "diag = 78 : ui8"), {a}),
               "needs the integer attribute 'uplo'");
  expect_error(run(potrf<float>(shape, "cusolver_potrf_ffi", "uplo = 76 : ui8"), {a}),
               "needs the boolean attribute 'lower'");
}

TEST(JaxLinalgPotrfErrors, RowMajorMatricesAreUnimplemented) {
  const std::vector<int64_t> shape = {2, 2};
  std::string text = program("lapack_spotrf_ffi", {{shape, "f32"}},
                             {{shape, "f32"}, {{}, "i32", false}}, "uplo = 76 : ui8",
                             "dense<[1, 0]> : tensor<2xindex>");
  Expected<std::vector<Tensor>> r = run(text, {positive_definite<float>(shape, 1)});
  expect_error(r, "operand #0 has layout [1, 0]; kiln runs column-major matrices, layout [0, 1]");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind(), ErrorKind::kUnimplemented);
}

TEST(JaxLinalgPotrfErrors, NumBatchDimsMustMatchTheOperand) {
  const std::vector<int64_t> shape = {2, 2};
  std::string text = potrf<float>(shape, "lapack_spotrf_ffi", "uplo = 76 : ui8");
  text.replace(text.find("operand_layouts"), 0, "mhlo.frontend_attributes = {num_batch_dims = \"1\"}, ");
  expect_error(run(text, {positive_definite<float>(shape, 1)}),
               "num_batch_dims \"1\" does not match the operand tensor<2x2xf32>, which has 0 batch "
               "dimensions");
}

}  // namespace
}  // namespace kiln::interp::jax_linalg_potrf_test
