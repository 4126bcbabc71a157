// stablehlo.reduce_window: the native prefix scan (cumsum, cummax) and the native window fold
// against the per-element region path, on inputs with NaNs, signed zeros and infinities.
#include <string>

#include "tests/unit/interp/fast_path_helpers.h"

namespace kiln::interp {
namespace {

using testing::expect_fast_matches_reference;
using testing::salted_tensor;

// jnp.cumsum-style prefix window along dim 1 of a 3x150x2 tensor.
std::string prefix_text(const std::string& t, const std::string& op) {
  return "func.func @main(%x: tensor<3x150x2x" + t + ">, %z: tensor<" + t +
         ">) -> tensor<3x150x2x" + t + "> {\n" +
         "  %r = \"stablehlo.reduce_window\"(%x, %z) <{padding = dense<[[0, 0], [149, 0], [0, 0]]> "
         ": "
         "tensor<3x2xi64>, window_dimensions = array<i64: 1, 150, 1>}> ({\n" +
         "  ^bb0(%a: tensor<" + t + ">, %b: tensor<" + t + ">):\n" + "    %s = stablehlo." + op +
         " %a, %b : tensor<" + t + ">\n" + "    stablehlo.return %s : tensor<" + t + ">\n" +
         "  }) : (tensor<3x150x2x" + t + ">, tensor<" + t + ">) -> tensor<3x150x2x" + t + ">\n" +
         "  func.return %r : tensor<3x150x2x" + t + ">\n}";
}

Tensor scalar(ir::ElementKind k, double v) {
  Tensor t = *Tensor::allocate(ir::Type::tensor({}, k));
  uint64_t bits = ir::double_to_bits(k, v);
  std::memcpy(t.raw(), &bits, t.element_bytes());
  return t;
}

TEST(ReduceWindow, PrefixScanMatchesRegionPath) {
  using K = ir::ElementKind;
  for (auto [t, k] : {std::pair{"f32", K::kF32}, {"bf16", K::kBF16}, {"f64", K::kF64}}) {
    Tensor x = salted_tensor(ir::Type::tensor({3, 150, 2}, k), 21);
    SCOPED_TRACE(t);
    expect_fast_matches_reference(prefix_text(t, "add"), {x, scalar(k, 0.0)});
    expect_fast_matches_reference(prefix_text(t, "add"), {x, scalar(k, -0.0)});
    expect_fast_matches_reference(prefix_text(t, "maximum"),
                                  {x, scalar(k, -std::numeric_limits<double>::infinity())});
    // An init that is not idempotent (1 + 1 != 1) takes the general path: still the same.
    expect_fast_matches_reference(prefix_text(t, "add"), {x, scalar(k, 1.0)});
  }
  Tensor xi = salted_tensor(ir::Type::tensor({3, 150, 2}, K::kSI32), 22);
  Tensor zero = *Tensor::allocate(ir::Type::tensor({}, K::kSI32));
  expect_fast_matches_reference(prefix_text("i32", "add"), {xi, zero});
}

// Strides, base and window dilations and padding on both sides: the general native fold.
TEST(ReduceWindow, StridedDilatedPaddedWindows) {
  const std::string text = R"(
func.func @main(%x: tensor<9x11xf32>, %z: tensor<f32>) -> tensor<4x8xf32> {
  %r = "stablehlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 3, 2>, window_strides = array<i64: 2, 3>, base_dilations = array<i64: 1, 2>, window_dilations = array<i64: 2, 1>, padding = dense<[[2, 1], [1, 2]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.maximum %b, %a : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<9x11xf32>, tensor<f32>) -> tensor<4x8xf32>
  func.return %r : tensor<4x8xf32>
})";
  Tensor x = salted_tensor(ir::Type::tensor({9, 11}, ir::ElementKind::kF32), 23);
  expect_fast_matches_reference(text, {x, scalar(ir::ElementKind::kF32, -1.0)});
}

}  // namespace
}  // namespace kiln::interp
