// stablehlo.dot_general on the fast path (BLAS, the typed blocked loop) against the per-element
// reference path (Options::fast_paths = false) on random inputs with NaNs, infinities and
// negative zeros: every element type, batching, transposed dimensions, mixed operand and result
// types, algorithms, empty dimensions; and the f32 accumulation of narrow floats.
#include <gtest/gtest.h>

#include "tests/unit/interp/fast_path_helpers.h"

namespace kiln::interp {
namespace {

using Kind = ir::ElementKind;
using testing::expect_paths_agree;
using testing::random_with_specials;
using testing::with_types;

// lhs [k, b, m] and rhs [n, b, k]: batch dims 1 x 1, contracting 0 x 2; result [b, m, n].
std::string batched_program(int64_t k, int64_t b, int64_t m, int64_t n) {
  auto s = [](int64_t v) { return std::to_string(v); };
  std::string lt = "tensor<" + s(k) + "x" + s(b) + "x" + s(m) + "x$0>";
  std::string rt = "tensor<" + s(n) + "x" + s(b) + "x" + s(k) + "x$0>";
  std::string ot = "tensor<" + s(b) + "x" + s(m) + "x" + s(n) + "x$1>";
  return "func.func @main(%a: " + lt + ", %b: " + rt + ") -> " + ot + " {\n" +
         "  %r = stablehlo.dot_general %a, %b, batching_dims = [1] x [1], contracting_dims = [0] "
         "x [2] : (" +
         lt + ", " + rt + ") -> " + ot + "\n  func.return %r : " + ot + "\n}";
}

// The batched program with operands of `in` and a result of `out`, both paths, random inputs.
void expect_batched_agree(Kind in, Kind out, int64_t k, int64_t b, int64_t m, int64_t n,
                          uint64_t seed) {
  SCOPED_TRACE(ir::to_string(ir::ElementType(in)) + " -> " + ir::to_string(ir::ElementType(out)));
  Tensor x = random_with_specials(ir::Type::tensor({k, b, m}, in), seed);
  Tensor y = random_with_specials(ir::Type::tensor({n, b, k}, in), seed + 1);
  expect_paths_agree(with_types(batched_program(k, b, m, n), {in, out}), {x, y},
                     static_cast<double>(k));
}

TEST(DotGeneralPaths, EveryFloatType) {
  for (Kind kind : {Kind::kF32, Kind::kF64, Kind::kBF16, Kind::kF16, Kind::kF8E4M3FN, Kind::kF8E5M2,
                    Kind::kF8E4M3FNUZ, Kind::kF8E5M2FNUZ, Kind::kF8E4M3B11FNUZ, Kind::kF8E3M4,
                    Kind::kF4E2M1FN, Kind::kF6E2M3FN}) {
    expect_batched_agree(kind, kind, 37, 3, 50, 41, 1);
  }
}

TEST(DotGeneralPaths, ComplexTypes) {
  for (Kind kind : {Kind::kComplexF32, Kind::kComplexF64})
    expect_batched_agree(kind, kind, 37, 3, 20, 9, 2);
}

TEST(DotGeneralPaths, EveryIntegerTypeAndI1) {
  for (Kind kind : {Kind::kSI8, Kind::kSI16, Kind::kSI32, Kind::kSI64, Kind::kUI8, Kind::kUI16,
                    Kind::kUI32, Kind::kUI64, Kind::kSI4, Kind::kUI4, Kind::kSI2, Kind::kI1}) {
    expect_batched_agree(kind, kind, 37, 3, 50, 41, 3);
  }
}

// Larger than one block of the integer loop in every dimension (64 rows, 256 columns, 256 deep).
TEST(DotGeneralPaths, IntegerBlocksAndEdges) {
  expect_batched_agree(Kind::kSI32, Kind::kSI32, 300, 1, 70, 260, 4);
  expect_batched_agree(Kind::kSI8, Kind::kSI32, 257, 2, 65, 300, 5);
}

TEST(DotGeneralPaths, MixedOperandAndResultTypes) {
  expect_batched_agree(Kind::kBF16, Kind::kF32, 37, 3, 50, 41, 6);
  expect_batched_agree(Kind::kF32, Kind::kBF16, 37, 3, 50, 41, 7);
  expect_batched_agree(Kind::kF16, Kind::kF64, 37, 3, 50, 41, 8);
  expect_batched_agree(Kind::kSI8, Kind::kSI32, 37, 3, 50, 41, 9);
  expect_batched_agree(Kind::kI1, Kind::kSI32, 37, 3, 50, 41, 10);
}

TEST(DotGeneralPaths, EmptyDimensions) {
  for (Kind kind : {Kind::kF32, Kind::kBF16, Kind::kSI32}) {
    expect_batched_agree(kind, kind, 0, 3, 5, 4, 11);  // K = 0: zeros
    expect_batched_agree(kind, kind, 7, 3, 0, 4, 12);  // no rows
    expect_batched_agree(kind, kind, 7, 0, 5, 4, 13);  // no batches
  }
  Tensor x = *Tensor::allocate(ir::Type::tensor({0, 2, 3}, Kind::kBF16));
  Tensor y = *Tensor::allocate(ir::Type::tensor({4, 2, 0}, Kind::kBF16));
  Tensor r = expect_paths_agree(with_types(batched_program(0, 2, 3, 4), {Kind::kBF16, Kind::kBF16}),
                                {x, y}, 1);
  ASSERT_EQ(r.num_elements(), 24);
  for (int64_t i = 0; i < 24; ++i) EXPECT_EQ(r.data<uint16_t>()[i], 0) << i;
}

// An algorithm attribute on [m, k] x [k, n] f32 operands.
void expect_algorithm_agree(const std::string& algorithm, uint64_t seed) {
  SCOPED_TRACE(algorithm);
  std::string text = R"(
func.func @main(%a: tensor<30x40xf32>, %b: tensor<40x20xf32>) -> tensor<30x20xf32> {
  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <)" +
                     algorithm + R"(> : (tensor<30x40xf32>, tensor<40x20xf32>) -> tensor<30x20xf32>
  func.return %r : tensor<30x20xf32>
})";
  Tensor x = random_with_specials(ir::Type::tensor({30, 40}, Kind::kF32), seed);
  Tensor y = random_with_specials(ir::Type::tensor({40, 20}, Kind::kF32), seed + 1);
  expect_paths_agree(text, {x, y}, 40);
}

TEST(DotGeneralPaths, Algorithms) {
  const std::string tail = ", allow_imprecise_accumulation = false";
  for (const char* a : {"bf16, rhs_precision_type = bf16, accumulation_type = f32, "
                        "lhs_component_count = 1, rhs_component_count = 1, "
                        "num_primitive_operations = 3",
                        "bf16, rhs_precision_type = bf16, accumulation_type = f32, "
                        "lhs_component_count = 1, rhs_component_count = 1, "
                        "num_primitive_operations = 6",
                        "tf32, rhs_precision_type = tf32, accumulation_type = f32, "
                        "lhs_component_count = 1, rhs_component_count = 1, "
                        "num_primitive_operations = 1"}) {
    expect_algorithm_agree(std::string("lhs_precision_type = ") + a + tail, 14);
  }
}

// As XLA, a bf16 dot sums in f32 and rounds once, on both paths: 256 plus 64 ones is 320 in f32
// (exact in bf16), while a running bf16 sum stays at 256 (256 + 1 rounds back to 256).
TEST(DotGeneralPaths, NarrowFloatsSumInF32) {
  std::string text = with_types(R"(
func.func @main(%a: tensor<65x$0>, %b: tensor<65x$0>) -> tensor<$0> {
  %r = stablehlo.dot %a, %b : (tensor<65x$0>, tensor<65x$0>) -> tensor<$0>
  func.return %r : tensor<$0>
})",
                                {Kind::kBF16});
  Tensor x = *Tensor::allocate(ir::Type::tensor({65}, Kind::kBF16));
  Tensor y = *Tensor::allocate(ir::Type::tensor({65}, Kind::kBF16));
  for (int64_t i = 0; i < 65; ++i) {
    x.data<NarrowFloat<Kind::kBF16>>()[i] = NarrowFloat<Kind::kBF16>(i == 0 ? 256.0 : 1.0);
    y.data<NarrowFloat<Kind::kBF16>>()[i] = NarrowFloat<Kind::kBF16>(1.0);
  }
  Tensor r = expect_paths_agree(text, {x, y}, 1);
  EXPECT_EQ(r.data<NarrowFloat<Kind::kBF16>>()[0].value(), 320.0);
}

}  // namespace
}  // namespace kiln::interp
