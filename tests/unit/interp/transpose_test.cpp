// stablehlo.transpose on tensors large enough to be split across threads, against a plain
// loop, for element sizes of 1, 4 and 16 bytes.
#include <complex>
#include <cstring>

#include "tests/unit/interp/interp_test_helpers.h"

namespace kiln::interp {
namespace {

using testing::run_one;

// Transposes a 40x70x33 tensor with permutation (2, 0, 1) and compares every element with
// the spec's formula result[i, j, k] = operand[j, k, i].
template <class T>
void check_large_transpose(ir::ElementKind kind, const std::string& element, T (*value)(int64_t)) {
  const int64_t a = 40, b = 70, c = 33;
  auto type = ir::Type::tensor({a, b, c}, kind);
  Tensor x = *Tensor::allocate(type);
  for (int64_t i = 0; i < x.num_elements(); ++i) x.data<T>()[i] = value(i);
  std::string t_in = "tensor<40x70x33x" + element + ">", t_out = "tensor<33x40x70x" + element + ">";
  Tensor r = run_one("func.func @main(%x: " + t_in + ") -> " + t_out +
                         " {\n  %r = stablehlo.transpose %x, dims = [2, 0, 1] : (" + t_in +
                         ") -> " + t_out + "\n  func.return %r : " + t_out + "\n}",
                     {x});
  ASSERT_EQ(r.shape(), (std::vector<int64_t>{c, a, b}));
  int64_t mismatches = 0;
  for (int64_t k = 0; k < c; ++k)
    for (int64_t i = 0; i < a; ++i)
      for (int64_t j = 0; j < b; ++j) {
        mismatches += !(r.data<T>()[(k * a + i) * b + j] == x.data<T>()[(i * b + j) * c + k]);
      }
  EXPECT_EQ(mismatches, 0);
}

TEST(Transpose, LargeF32MatchesPlainLoop) {
  check_large_transpose<float>(ir::ElementKind::kF32, "f32",
                               [](int64_t i) { return static_cast<float>(i) * 0.5f; });
}

TEST(Transpose, LargeI8MatchesPlainLoop) {
  check_large_transpose<int8_t>(ir::ElementKind::kSI8, "i8",
                                [](int64_t i) { return static_cast<int8_t>(i * 7); });
}

TEST(Transpose, LargeComplexF64MatchesPlainLoop) {
  check_large_transpose<std::complex<double>>(
      ir::ElementKind::kComplexF64, "complex<f64>", [](int64_t i) {
        return std::complex<double>(static_cast<double>(i), -static_cast<double>(i) / 3);
      });
}

}  // namespace
}  // namespace kiln::interp
