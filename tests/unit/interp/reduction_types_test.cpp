// Reduction bodies promoted from their operands' element types (spec is_promotable): operands
// converted to the body's types, the native paths bit for bit equal to the region path.
#include <limits>
#include <string>
#include <tuple>

#include "tests/unit/interp/fast_path_helpers.h"

namespace kiln::interp {
namespace {

using testing::expect_fast_matches_reference;
using testing::iota_tensor;
using testing::parse_verified;
using testing::salted_tensor;

// reduce of a 6x50x7 tensor of `t` (init `t`) over dimension 1 by `op` in the body's type `b`.
std::string reduce_text(const std::string& t, const std::string& b, const std::string& op) {
  return "func.func @main(%x: tensor<6x50x7x" + t + ">, %z: tensor<" + t +
         ">) -> tensor<6x7x" + b + "> {\n  %r = stablehlo.reduce(%x init: %z) across dimensions"
         " = [1] : (tensor<6x50x7x" + t + ">, tensor<" + t + ">) -> tensor<6x7x" + b + ">\n" +
         "   reducer(%a: tensor<" + b + ">, %c: tensor<" + b + ">) {\n    %s = stablehlo." + op +
         " %a, %c : tensor<" + b + ">\n    stablehlo.return %s : tensor<" + b + ">\n  }\n" +
         "  func.return %r : tensor<6x7x" + b + ">\n}";
}

TEST(ReductionTypes, PromotedReduceNativeMatchesRegionPath) {
  using K = ir::ElementKind;
  for (auto [t, b, k] : {std::tuple{"f32", "f64", K::kF32}, {"bf16", "f32", K::kBF16},
                         {"f32", "f16", K::kF32}, {"i8", "i32", K::kSI8},
                         {"ui8", "i64", K::kUI8}}) {
    for (std::string op : {"add", "multiply", "maximum", "minimum"}) {
      SCOPED_TRACE(std::string(t) + " in " + b + " " + op);
      Tensor x = salted_tensor(ir::Type::tensor({6, 50, 7}, k), 5);
      Tensor z = salted_tensor(ir::Type::tensor({}, k), 6);
      expect_fast_matches_reference(reduce_text(t, b, op), {x, z});
    }
  }
}

// i8 values summed in i32 do not wrap: 50 values of 100 make 5000 on either path.
TEST(ReductionTypes, PromotedIntegerSumDoesNotWrap) {
  Tensor x = *Tensor::allocate(ir::Type::tensor({6, 50, 7}, ir::ElementKind::kSI8));
  for (int64_t i = 0; i < x.num_elements(); ++i) x.data<int8_t>()[i] = 100;
  Tensor z = *Tensor::allocate(ir::Type::tensor({}, ir::ElementKind::kSI8));
  auto out = expect_fast_matches_reference(reduce_text("i8", "i32", "add"), {x, z});
  ASSERT_EQ(out.size(), 1u);
  for (int64_t i = 0; i < out[0].num_elements(); ++i) EXPECT_EQ(out[0].data<int32_t>()[i], 5000);
}

// JAX's argmax body over f32 values and i32 indices, run in f64 and i64.
TEST(ReductionTypes, PromotedArgmaxMatchesRegionPath) {
  const std::string text = R"(
func.func @main(%x: tensor<30x40xf32>, %i: tensor<30x40xi32>, %z: tensor<f32>, %c: tensor<i32>) -> (tensor<30xf64>, tensor<30xi64>) {
  %r:2 = stablehlo.reduce(%x init: %z), (%i init: %c) across dimensions = [1] : (tensor<30x40xf32>, tensor<30x40xi32>, tensor<f32>, tensor<i32>) -> (tensor<30xf64>, tensor<30xi64>)
   reducer(%a: tensor<f64>, %b: tensor<f64>) (%ai: tensor<i64>, %bi: tensor<i64>) {
    %1 = stablehlo.compare GT, %a, %b, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
    %2 = stablehlo.compare NE, %a, %a, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
    %3 = stablehlo.or %1, %2 : tensor<i1>
    %4 = stablehlo.compare EQ, %a, %b, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
    %5 = stablehlo.compare LT, %ai, %bi, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %6 = stablehlo.and %4, %5 : tensor<i1>
    %7 = stablehlo.or %3, %6 : tensor<i1>
    %8 = stablehlo.select %3, %a, %b : tensor<i1>, tensor<f64>
    %9 = stablehlo.select %7, %ai, %bi : tensor<i1>, tensor<i64>
    stablehlo.return %8, %9 : tensor<f64>, tensor<i64>
  }
  func.return %r#0, %r#1 : tensor<30xf64>, tensor<30xi64>
})";
  Tensor x = salted_tensor(ir::Type::tensor({30, 40}, ir::ElementKind::kF32), 7);
  Tensor i = iota_tensor(ir::Type::tensor({30, 40}, ir::ElementKind::kSI32), 1);
  Tensor z = *Tensor::allocate(ir::Type::tensor({}, ir::ElementKind::kF32));
  z.data<float>()[0] = -std::numeric_limits<float>::infinity();
  Tensor c = *Tensor::allocate(ir::Type::tensor({}, ir::ElementKind::kSI32));
  expect_fast_matches_reference(text, {x, i, z, c});
}

// A general window (stride 2, padding of init values) and a prefix window (cumsum), in f64.
TEST(ReductionTypes, PromotedReduceWindowMatchesRegionPath) {
  const std::string text = R"(
func.func @main(%x: tensor<20x30xf32>, %z: tensor<f32>) -> (tensor<10x16xf64>, tensor<20x30xf64>) {
  %w = "stablehlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 2, 2>, padding = dense<[[0, 0], [1, 2]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %r = stablehlo.add %a, %b : tensor<f64>
    stablehlo.return %r : tensor<f64>
  }) : (tensor<20x30xf32>, tensor<f32>) -> tensor<10x16xf64>
  %s = "stablehlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 1, 30>, padding = dense<[[0, 0], [29, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %r = stablehlo.add %a, %b : tensor<f64>
    stablehlo.return %r : tensor<f64>
  }) : (tensor<20x30xf32>, tensor<f32>) -> tensor<20x30xf64>
  func.return %w, %s : tensor<10x16xf64>, tensor<20x30xf64>
})";
  Tensor x = salted_tensor(ir::Type::tensor({20, 30}, ir::ElementKind::kF32), 8);
  Tensor z = salted_tensor(ir::Type::tensor({}, ir::ElementKind::kF32), 9);
  expect_fast_matches_reference(text, {x, z});
}

// Rows of bf16 updates scattered into a bf16 input, summed in f32; indices repeat.
TEST(ReductionTypes, PromotedScatterMatchesRegionPath) {
  const std::string text = R"(
func.func @main(%x: tensor<32x8xbf16>, %i: tensor<300x1xi32>, %u: tensor<300x8xbf16>) -> tensor<32x8xf32> {
  %r = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<32x8xbf16>, tensor<300x1xi32>, tensor<300x8xbf16>) -> tensor<32x8xf32>
  func.return %r : tensor<32x8xf32>
})";
  Tensor x = salted_tensor(ir::Type::tensor({32, 8}, ir::ElementKind::kBF16), 10);
  Tensor i = *oracle::random_tensor(ir::Type::tensor({300, 1}, ir::ElementKind::kSI32), 11,
                                    oracle::Range{-3, 40});
  Tensor u = salted_tensor(ir::Type::tensor({300, 8}, ir::ElementKind::kBF16), 12);
  expect_fast_matches_reference(text, {x, i, u});
}

// Max-pool gradient with overlapping windows, its scatter region summing in f64.
TEST(ReductionTypes, PromotedSelectAndScatterMatchesRegionPath) {
  const std::string text = R"(
func.func @main(%x: tensor<16x16xf32>, %s: tensor<14x14xf32>, %z: tensor<f32>) -> tensor<16x16xf64> {
  %r = "stablehlo.select_and_scatter"(%x, %s, %z) <{window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %sum = stablehlo.add %a, %b : tensor<f64>
    stablehlo.return %sum : tensor<f64>
  }) : (tensor<16x16xf32>, tensor<14x14xf32>, tensor<f32>) -> tensor<16x16xf64>
  func.return %r : tensor<16x16xf64>
})";
  Tensor x = salted_tensor(ir::Type::tensor({16, 16}, ir::ElementKind::kF32), 13);
  Tensor s = salted_tensor(ir::Type::tensor({14, 14}, ir::ElementKind::kF32), 14);
  Tensor z = salted_tensor(ir::Type::tensor({}, ir::ElementKind::kF32), 15);
  expect_fast_matches_reference(text, {x, s, z});
}

// Quantized values promote to a wider storage of the same expressed type by their real values:
// 3 in i8 at scale 0.5, zero point -3 is 3.0, which is 13 in i16 at scale 0.25, zero point 1.
TEST(ReductionTypes, QuantizedOperandsAreRequantized) {
  const std::string text = R"(
func.func @main(%x: tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-3>>, %z: tensor<!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<2x!quant.uniform<i16:f32, 2.500000e-01:1>> {
  %r = stablehlo.reduce(%x init: %z) across dimensions = [] : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-3>>, tensor<!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<2x!quant.uniform<i16:f32, 2.500000e-01:1>>
   reducer(%a: tensor<!quant.uniform<i16:f32, 2.500000e-01:1>>, %b: tensor<!quant.uniform<i16:f32, 2.500000e-01:1>>) {
    stablehlo.return %b : tensor<!quant.uniform<i16:f32, 2.500000e-01:1>>
  }
  func.return %r : tensor<2x!quant.uniform<i16:f32, 2.500000e-01:1>>
})";
  std::unique_ptr<ir::Module> module = parse_verified(text);
  ASSERT_NE(module, nullptr);
  const ir::Block& entry = module->lookup_function("main")->region(0).front();
  Tensor x = *Tensor::allocate(entry.argument(0)->type());
  x.data<int8_t>()[0] = 3;
  x.data<int8_t>()[1] = -128;
  Tensor z = *Tensor::allocate(entry.argument(1)->type());
  auto out = expect_fast_matches_reference(text, {x, z});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].data<int16_t>()[0], 13);    // (3 + 3) * 0.5 / 0.25 + 1
  EXPECT_EQ(out[0].data<int16_t>()[1], -249);  // (-128 + 3) * 0.5 / 0.25 + 1
}

}  // namespace
}  // namespace kiln::interp
