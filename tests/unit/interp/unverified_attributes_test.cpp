// The interpreter does not rely on the verifier: ops whose attributes index out of range, or
// whose result types disagree with them, are located errors when run unverified, not crashes.
#include <gtest/gtest.h>

#include <string>

#include "frontend/parser.h"
#include "interp/interpreter.h"
#include "ir/verifier.h"

namespace kiln::interp {
namespace {

// Runs @main of `text` without verifying it first; the run must fail with an error holding
// `words`. With `verifier_rejects`, the verifier must reject the program too (so the test shows
// the interpreter's own check, not a program the spec allows).
void expect_run_error(const std::string& text, const std::string& words,
                      bool verifier_rejects = true) {
  auto module = frontend::parse_module_text(text, "unverified.mlir");
  ASSERT_TRUE(module.ok()) << module.error().message();
  if (verifier_rejects) {
    EXPECT_FALSE(ir::verify(**module).ok()) << "the verifier accepts:\n" << text;
  }
  Interpreter in(**module);
  std::vector<RuntimeValue> args;
  for (const auto& arg : (*module)->lookup_function("main")->region(0).front().arguments()) {
    auto t = Tensor::allocate(arg->type());
    ASSERT_TRUE(t.ok());
    args.emplace_back(std::move(*t));
  }
  auto result = in.run("main", std::move(args));
  ASSERT_FALSE(result.ok()) << text;
  EXPECT_NE(result.error().message().find(words), std::string::npos) << result.error().message();
}

// One op of @main: `body` defines %r of `type` from %x (tensor<2x3xf32>) and, with `scalars`,
// %z (tensor<f32>) and %i (tensor<i32>).
std::string program(const std::string& body, const std::string& type, bool scalars = false) {
  const std::string args = scalars ? "%x: tensor<2x3xf32>, %z: tensor<f32>, %i: tensor<i32>"
                                   : "%x: tensor<2x3xf32>";
  return "func.func @main(" + args + ") -> " + type + " {\n  %r = " + body +
         "\n  return %r : " + type + "\n}\n";
}

TEST(UnverifiedAttributes, IotaDimensionPastTheRank) {
  expect_run_error(program(R"("stablehlo.iota"() {iota_dimension = 7 : i64} : () -> tensor<4xf32>)",
                           "tensor<4xf32>"),
                   "iota_dimension holds dimension 7, out of range for rank 1");
}

TEST(UnverifiedAttributes, NegativeIotaDimension) {
  expect_run_error(program(R"("stablehlo.iota"() {iota_dimension = -1 : i64} : () -> tensor<4xf32>)",
                           "tensor<4xf32>"),
                   "out of range for rank 1");
}

TEST(UnverifiedAttributes, TransposePermutationOutOfRange) {
  expect_run_error(
      program(R"("stablehlo.transpose"(%x) {permutation = array<i64: 1, 9>} : (tensor<2x3xf32>) -> tensor<3x2xf32>)",
              "tensor<3x2xf32>"),
      "permutation holds dimension 9");
}

TEST(UnverifiedAttributes, TransposeResultOfTheWrongShape) {
  expect_run_error(
      program(R"("stablehlo.transpose"(%x) {permutation = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<30x2xf32>)",
              "tensor<30x2xf32>"),
      "does not have the shape");
}

TEST(UnverifiedAttributes, BroadcastDimensionNegative) {
  expect_run_error(
      program(R"("stablehlo.broadcast_in_dim"(%x) {broadcast_dimensions = array<i64: -1, 1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>)",
              "tensor<2x3xf32>"),
      "broadcast_dimensions holds dimension -1");
}

TEST(UnverifiedAttributes, BroadcastToASmallerDimension) {
  expect_run_error(
      program(R"("stablehlo.broadcast_in_dim"(%x) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x3xf32>) -> tensor<2x1xf32>)",
              "tensor<2x1xf32>"),
      "cannot broadcast");
}

TEST(UnverifiedAttributes, ConcatenateDimensionPastTheRank) {
  expect_run_error(
      program(R"("stablehlo.concatenate"(%x, %x) {dimension = 2 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>)",
              "tensor<4x3xf32>"),
      "dimension holds dimension 2, out of range for rank 2");
}

TEST(UnverifiedAttributes, ConcatenateResultTooLarge) {
  expect_run_error(
      program(R"("stablehlo.concatenate"(%x, %x) {dimension = 0 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<40x3xf32>)",
              "tensor<40x3xf32>"),
      "does not have the shape");
}

TEST(UnverifiedAttributes, ReverseDimensionOutOfRange) {
  expect_run_error(
      program(R"("stablehlo.reverse"(%x) {dimensions = array<i64: 5>} : (tensor<2x3xf32>) -> tensor<2x3xf32>)",
              "tensor<2x3xf32>"),
      "dimensions holds dimension 5");
}

TEST(UnverifiedAttributes, GetDimensionSizePastTheRank) {
  expect_run_error(
      program(R"("stablehlo.get_dimension_size"(%x) {dimension = 3 : i64} : (tensor<2x3xf32>) -> tensor<i32>)",
              "tensor<i32>"),
      "dimension holds dimension 3");
}

TEST(UnverifiedAttributes, SliceStrideZero) {
  expect_run_error(
      program(R"("stablehlo.slice"(%x) {start_indices = array<i64: 0, 0>, limit_indices = array<i64: 2, 3>, strides = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>)",
              "tensor<2x3xf32>"),
      "do not describe a slice");
}

TEST(UnverifiedAttributes, SlicePastTheOperand) {
  expect_run_error(
      program(R"("stablehlo.slice"(%x) {start_indices = array<i64: 0, 1>, limit_indices = array<i64: 2, 9>, strides = array<i64: 1, 1>} : (tensor<2x3xf32>) -> tensor<2x8xf32>)",
              "tensor<2x8xf32>"),
      "do not describe a slice");
}

TEST(UnverifiedAttributes, QuantizationAxisPastTheRank) {
  expect_run_error(
      program(R"("stablehlo.uniform_quantize"(%x) : (tensor<2x3xf32>) -> tensor<2x3x!quant.uniform<i8:f32:5, {0.5,0.5}>>)",
              "tensor<2x3x!quant.uniform<i8:f32:5, {0.5,0.5}>>"),
      "has axis 5, out of range for rank 2", /*verifier_rejects=*/false);  // issue 12: it should
}

TEST(UnverifiedAttributes, QuantizationScalesOfTheWrongCount) {
  expect_run_error(
      program(R"("stablehlo.uniform_quantize"(%x) : (tensor<2x3xf32>) -> tensor<2x3x!quant.uniform<i8:f32:1, {0.5,0.5}>>)",
              "tensor<2x3x!quant.uniform<i8:f32:1, {0.5,0.5}>>"),
      "has 2 scales and 2 zero points; 3 of each were expected",
      /*verifier_rejects=*/false);  // issue 12: the verifier should reject it too
}


TEST(UnverifiedAttributes, PadWithNegativeInteriorPadding) {
  expect_run_error(
      program(R"("stablehlo.pad"(%x, %z) {edge_padding_low = array<i64: 0, 0>, edge_padding_high = array<i64: 0, 0>, interior_padding = array<i64: 0, -1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x1xf32>)",
              "tensor<2x1xf32>", true),
      "does not give the result type's size");
}

TEST(UnverifiedAttributes, PadResultLargerThanThePadding) {
  expect_run_error(
      program(R"("stablehlo.pad"(%x, %z) {edge_padding_low = array<i64: 0, 0>, edge_padding_high = array<i64: 0, 0>, interior_padding = array<i64: 0, 0>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x9xf32>)",
              "tensor<2x9xf32>", true),
      "does not give the result type's size");
}

TEST(UnverifiedAttributes, DynamicSliceLargerThanTheOperand) {
  expect_run_error(
      program(R"("stablehlo.dynamic_slice"(%x, %i, %i) {slice_sizes = array<i64: 2, 7>} : (tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<2x7xf32>)",
              "tensor<2x7xf32>", true),
      "slice_sizes at dimension 1 is not within the operand");
}

TEST(UnverifiedAttributes, ReducePrecisionWithNegativeBits) {
  expect_run_error(
      program(R"("stablehlo.reduce_precision"(%x) {exponent_bits = 5 : i32, mantissa_bits = -3 : i32} : (tensor<2x3xf32>) -> tensor<2x3xf32>)",
              "tensor<2x3xf32>"),
      "needs exponent_bits >= 1 and mantissa_bits >= 0, not 5 and -3");
}

}  // namespace
}  // namespace kiln::interp
