// JAX's triangular-solve custom call in the interpreter (@lapack_?trsm_ffi): random
// well-conditioned batches in each type for every side, triangle, transpose and diagonal, the
// residual of each solve small, and the errors for shapes and attributes it does not take.
#include <gtest/gtest.h>

#include "tests/unit/interp/jax_linalg_test_helpers.h"

namespace kiln::interp::jax_linalg_trsm_test {
namespace {

using namespace testing::jax_linalg;  // NOLINT: the helpers of these tests

struct Case {
  char side, uplo, trans, diag;
};

std::string config(const Case& c) {
  auto code = [](char ch) { return std::to_string(static_cast<int>(ch)) + " : ui8"; };
  return "diag = " + code(c.diag) + ", side = " + code(c.side) + ", trans_x = " + code(c.trans) +
         ", uplo = " + code(c.uplo);
}

// op(tri(a)) [i][j] as LAPACK reads it: the `uplo` triangle, ones on a unit diagonal.
template <class T>
std::complex<double> op_a(const T* a, int64_t m, const Case& c, int64_t i, int64_t j) {
  auto tri = [&](int64_t r, int64_t k) -> std::complex<double> {
    if (r == k && c.diag == 'U') return 1.0;
    bool in = c.uplo == 'L' ? k <= r : k >= r;
    return in ? wide(a[r * m + k]) : 0.0;
  };
  if (c.trans == 'N') return tri(i, j);
  return c.trans == 'C' ? std::conj(tri(j, i)) : tri(j, i);
}

template <class T>
class JaxLinalgTrsm : public ::testing::Test {};
TYPED_TEST_SUITE(JaxLinalgTrsm, LapackTypes);

// Every combination on a batch of 2: op(a) x (side L) or x op(a) (side R) gives b back.
TYPED_TEST(JaxLinalgTrsm, EverySideTriangleTransposeAndDiagonalSolves) {
  using T = TypeParam;
  const int64_t rows = 5, cols = 3, batch = 2;
  for (char side : {'L', 'R'}) {
    for (char uplo : {'L', 'U'}) {
      for (char trans : {'N', 'T', 'C'}) {
        for (char diag : {'N', 'U'}) {
          const Case c{side, uplo, trans, diag};
          SCOPED_TRACE(std::string("side ") + side + " uplo " + uplo + " trans " + trans + " diag " + diag);
          const int64_t m = side == 'L' ? rows : cols;
          // A dominant diagonal keeps the triangle well conditioned; the other triangle is
          // garbage the solve must not read.
          Tensor a = random_tensor<T>({batch, m, m}, 17);
          for (int64_t k = 0; k < batch; ++k) {
            for (int64_t i = 0; i < m; ++i) a.data<T>()[k * m * m + i * m + i] = from_double<T>(4.0 + static_cast<double>(i));
          }
          Tensor b = random_tensor<T>({batch, rows, cols}, 23);
          const std::string e = LapackType<T>::kName;
          const std::string target = lapack_target<T>("trsm_ffi");
          Expected<std::vector<Tensor>> out = run(program(target, {{{batch, m, m}, e}, {{batch, rows, cols}, e}},
                                 {{{batch, rows, cols}, e}}, config(c)),
                         {a, b});
          ASSERT_TRUE(out.ok()) << out.error().message();
          const Tensor& x = (*out)[0];
          for (int64_t k = 0; k < batch; ++k) {
            const T* am = a.data<T>() + k * m * m;
            const T* xm = x.data<T>() + k * rows * cols;
            for (int64_t i = 0; i < rows; ++i) {
              for (int64_t j = 0; j < cols; ++j) {
                std::complex<double> s = 0;
                if (side == 'L') {
                  for (int64_t t = 0; t < m; ++t) s += op_a(am, m, c, i, t) * wide(xm[t * cols + j]);
                } else {
                  for (int64_t t = 0; t < m; ++t) s += wide(xm[i * cols + t]) * op_a(am, m, c, t, j);
                }
                const std::complex<double> want = wide(b.data<T>()[k * rows * cols + i * cols + j]);
                EXPECT_LE(std::abs(s - want), 10 * LapackType<T>::kTolerance) << k << " (" << i << ", " << j << ")";
              }
            }
          }
        }
      }
    }
  }
}


TEST(JaxLinalgTrsmErrors, AOfTheWrongSideIsRejected) {
  // side R needs a 3x3 for a 4x3 b.
  std::string text = program("lapack_strsm_ffi", {{{4, 4}, "f32"}, {{4, 3}, "f32"}}, {{{4, 3}, "f32"}},
                             config({'R', 'L', 'N', 'N'}));
  expect_error(run(text, {random_tensor<float>({4, 4}, 1), random_tensor<float>({4, 3}, 2)}),
               "operand #0 (a) must have shape [3, 3] for b tensor<4x3xf32> (side R), but is "
               "tensor<4x4xf32>");
}

TEST(JaxLinalgTrsmErrors, AnUnknownTransposeCodeIsRejected) {
  std::string text = program("lapack_strsm_ffi", {{{2, 2}, "f32"}, {{2, 1}, "f32"}}, {{{2, 1}, "f32"}},
                             config({'L', 'L', 'X', 'N'}));
  expect_error(run(text, {random_tensor<float>({2, 2}, 1), random_tensor<float>({2, 1}, 2)}),
               "attribute 'trans_x' is 88, not the ASCII code of one of 'NTC'");
}

TEST(JaxLinalgTrsmErrors, ARowMajorRightHandSideIsUnimplemented) {
  std::string text = program("lapack_strsm_ffi", {{{2, 2}, "f32"}, {{2, 3}, "f32"}}, {{{2, 3}, "f32"}},
                             config({'L', 'L', 'N', 'N'}),
                             "dense<[0, 1]> : tensor<2xindex>, dense<[1, 0]> : tensor<2xindex>");
  Expected<std::vector<Tensor>> r = run(text, {random_tensor<float>({2, 2}, 1), random_tensor<float>({2, 3}, 2)});
  expect_error(r, "operand #1 has layout [1, 0]");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind(), ErrorKind::kUnimplemented);
}

}  // namespace
}  // namespace kiln::interp::jax_linalg_trsm_test
