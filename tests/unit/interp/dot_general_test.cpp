// stablehlo.dot_general on operands large enough for BLAS and for the threaded typed loop,
// with batch and contracting dimensions out of order, against plain loops; the conversions and
// permutations it shares with convolution fail cleanly when they cannot allocate.
#include <cmath>

#include "interp/ops/convert.h"
#include "interp/ops/dot_general.h"
#include "tests/unit/interp/interp_test_helpers.h"

namespace kiln::interp {
namespace {

using testing::parse_verified;

// lhs [K, B, M] and rhs [N, B, K]: batch dims 1 x 1, contracting 0 x 2; result [B, M, N].
constexpr const char* kDotProgram = R"(
func.func @main(%a: tensor<37x3x50xELEM>, %b: tensor<41x3x37xELEM>) -> tensor<3x50x41xELEM> {
  %r = stablehlo.dot_general %a, %b, batching_dims = [1] x [1], contracting_dims = [0] x [2] : (tensor<37x3x50xELEM>, tensor<41x3x37xELEM>) -> tensor<3x50x41xELEM>
  func.return %r : tensor<3x50x41xELEM>
})";
constexpr int64_t K = 37, B = 3, M = 50, N = 41;

template <class T>
std::vector<RuntimeValue> run_dot(ir::ElementKind kind, const std::string& elem, Tensor& a,
                                  Tensor& b) {
  std::string text = kDotProgram;
  for (size_t p; (p = text.find("ELEM")) != std::string::npos;) text.replace(p, 4, elem);
  auto module = parse_verified(text);
  a = *Tensor::allocate(ir::Type::tensor({K, B, M}, kind));
  b = *Tensor::allocate(ir::Type::tensor({N, B, K}, kind));
  for (int64_t i = 0; i < a.num_elements(); ++i) a.data<T>()[i] = static_cast<T>((i * 7) % 23) - 11;
  for (int64_t i = 0; i < b.num_elements(); ++i) b.data<T>()[i] = static_cast<T>((i * 5) % 19) - 9;
  Interpreter in(*module);
  auto result = in.run("main", {a, b});
  EXPECT_TRUE(result.ok()) << result.error().message();
  return *result;
}

template <class T>
T reference(const Tensor& a, const Tensor& b, int64_t bi, int64_t m, int64_t n) {
  T acc = 0;
  for (int64_t k = 0; k < K; ++k) {
    acc += a.data<T>()[(k * B + bi) * M + m] * b.data<T>()[(n * B + bi) * K + k];
  }
  return acc;
}

TEST(DotGeneral, BatchedTransposedF32ThroughBlasMatchesPlainLoop) {
  Tensor a, b;
  auto r = run_dot<float>(ir::ElementKind::kF32, "f32", a, b);
  const float* out = r[0].tensor().data<float>();
  int64_t bad = 0;
  for (int64_t bi = 0; bi < B; ++bi)
    for (int64_t m = 0; m < M; ++m)
      for (int64_t n = 0; n < N; ++n) {
        // Small integers: every partial sum is exact in f32, so any order gives the same.
        bad += out[(bi * M + m) * N + n] != reference<float>(a, b, bi, m, n);
      }
  EXPECT_EQ(bad, 0);
}

TEST(DotGeneral, BatchedTransposedI32TypedLoopMatchesPlainLoop) {
  Tensor a, b;
  auto r = run_dot<int32_t>(ir::ElementKind::kSI32, "i32", a, b);
  const int32_t* out = r[0].tensor().data<int32_t>();
  int64_t bad = 0;
  for (int64_t bi = 0; bi < B; ++bi)
    for (int64_t m = 0; m < M; ++m)
      for (int64_t n = 0; n < N; ++n)
        bad += out[(bi * M + m) * N + n] != reference<int32_t>(a, b, bi, m, n);
  EXPECT_EQ(bad, 0);
}

// A small tensor that claims a type of `shape` (i8): conversions and permutations of it must
// fail to allocate cleanly, before touching its storage.
Tensor posing_as(const std::vector<int64_t>& shape) {
  Tensor small = *Tensor::allocate(ir::Type::tensor({4}, ir::ElementKind::kSI8));
  return small.with_type(ir::Type::tensor(shape, ir::ElementKind::kSI8));
}

TEST(DotGeneral, ConvertElementsReportsAnAllocationFailure) {
  auto converted = convert_elements(posing_as({int64_t{1} << 36}), ir::ElementKind::kF32);
  ASSERT_FALSE(converted.ok());
  EXPECT_NE(converted.error().message().find("too large to allocate"), std::string::npos)
      << converted.error().message();
}

TEST(DotGeneral, PermuteDimsReportsAnAllocationFailure) {
  std::vector<int64_t> perm = {1, 0};
  auto permuted = permute_dims(posing_as({3, int64_t{1} << 35}), perm);
  ASSERT_FALSE(permuted.ok());
  EXPECT_NE(permuted.error().message().find("too large to allocate"), std::string::npos)
      << permuted.error().message();
}

}  // namespace
}  // namespace kiln::interp
