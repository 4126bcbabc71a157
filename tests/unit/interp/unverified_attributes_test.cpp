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

// The body of reduce, reduce_window, scatter and the reducing collectives: a + b on f32.
const std::string kAdd = R"(({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }))";

// sort's comparator on f32.
const std::string kLess = R"(({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }))";

TEST(UnverifiedAttributes, SortDimensionPastTheRank) {
  expect_run_error(program(R"("stablehlo.sort"(%x) <{dimension = 2 : i64}> )" + kLess +
                               R"( : (tensor<2x3xf32>) -> tensor<2x3xf32>)",
                           "tensor<2x3xf32>"),
                   "dimension holds dimension 2, out of range for rank 2");
}

TEST(UnverifiedAttributes, ReduceDimensionPastTheRank) {
  expect_run_error(program(R"("stablehlo.reduce"(%x, %z) )" + kAdd +
                               R"( {dimensions = array<i64: 5>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>)",
                           "tensor<2xf32>", true),
                   "dimensions holds dimension 5, out of range for rank 2");
}

TEST(UnverifiedAttributes, ReduceWindowBaseDilationZero) {
  expect_run_error(
      program(R"("stablehlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 1, 1>, base_dilations = array<i64: 1, 0>}> )" +
                  kAdd + R"( : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>)",
              "tensor<2x3xf32>", true),
      "need a size >= 0 and strides and dilations >= 1");
}

TEST(UnverifiedAttributes, ReduceWindowDimensionsOfTheWrongCount) {
  expect_run_error(
      program(R"("stablehlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 1>}> )" +
                  kAdd + R"( : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>)",
              "tensor<2x3xf32>", true),
      "window_dimensions has 1 entries; 2 were expected");
}

TEST(UnverifiedAttributes, ReduceWindowResultLargerThanTheWindows) {
  expect_run_error(
      program(R"("stablehlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 1, 1>}> )" +
                  kAdd + R"( : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x9xf32>)",
              "tensor<2x9xf32>", true),
      "does not have the shape");
}

// A 1-D convolution of %x (batch 2, 4 features, 5 points) by %k (`kernel`) with `attrs`.
std::string convolution(const std::string& attrs, const std::string& kernel,
                        const std::string& result) {
  return "func.func @main(%x: tensor<2x4x5xf32>, %k: " + kernel + ") -> " + result +
         " {\n  %r = \"stablehlo.convolution\"(%x, %k) <{" + attrs +
         "}> : (tensor<2x4x5xf32>, " + kernel + ") -> " + result + "\n  return %r : " + result +
         "\n}\n";
}

TEST(UnverifiedAttributes, ConvolutionFeatureGroupCountZero) {
  expect_run_error(
      convolution("dimension_numbers = #stablehlo.conv<[b, f, 0]x[o, i, 0]->[b, f, 0]>, "
                  "feature_group_count = 0 : i64, batch_group_count = 1 : i64",
                  "tensor<6x4x3xf32>", "tensor<2x6x3xf32>"),
      "feature_group_count 0 and batch_group_count 1 do not split");
}

TEST(UnverifiedAttributes, ConvolutionBatchGroupCountNotADivisor) {
  expect_run_error(
      convolution("dimension_numbers = #stablehlo.conv<[b, f, 0]x[o, i, 0]->[b, f, 0]>, "
                  "feature_group_count = 1 : i64, batch_group_count = 3 : i64",
                  "tensor<6x4x3xf32>", "tensor<1x6x3xf32>"),
      "feature_group_count 1 and batch_group_count 3 do not split");
}

TEST(UnverifiedAttributes, ConvolutionDimensionNumbersOfTheWrongRank) {
  expect_run_error(
      convolution("dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0]->[b, f, 0]>, "
                  "feature_group_count = 1 : i64, batch_group_count = 1 : i64",
                  "tensor<6x4x3xf32>", "tensor<2x6x3xf32>"),
      "input dimension numbers has 4 entries; 3 were expected");
}

TEST(UnverifiedAttributes, ConvolutionStridesOfTheWrongCount) {
  expect_run_error(
      convolution("dimension_numbers = #stablehlo.conv<[b, f, 0]x[o, i, 0]->[b, f, 0]>, "
                  "window_strides = array<i64: 1, 1>, "
                  "feature_group_count = 1 : i64, batch_group_count = 1 : i64",
                  "tensor<6x4x3xf32>", "tensor<2x6x3xf32>"),
      "window_strides has 2 entries; 1 were expected");
}

TEST(UnverifiedAttributes, AllGatherDimPastTheRank) {
  expect_run_error(
      program(R"("stablehlo.all_gather"(%x) <{all_gather_dim = 4 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>}> : (tensor<2x3xf32>) -> tensor<2x3xf32>)",
              "tensor<2x3xf32>"),
      "all_gather_dim holds dimension 4, out of range for rank 2");
}

TEST(UnverifiedAttributes, AllToAllSplitDimensionPastTheRank) {
  expect_run_error(
      program(R"("stablehlo.all_to_all"(%x) <{split_dimension = 3 : i64, concat_dimension = 0 : i64, split_count = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>}> : (tensor<2x3xf32>) -> tensor<2x3xf32>)",
              "tensor<2x3xf32>"),
      "split_dimension holds dimension 3, out of range for rank 2");
}

TEST(UnverifiedAttributes, AllToAllConcatDimensionNegative) {
  expect_run_error(
      program(R"("stablehlo.all_to_all"(%x) <{split_dimension = 0 : i64, concat_dimension = -1 : i64, split_count = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>}> : (tensor<2x3xf32>) -> tensor<2x3xf32>)",
              "tensor<2x3xf32>"),
      "concat_dimension holds dimension -1");
}

TEST(UnverifiedAttributes, ReduceScatterDimensionPastTheRank) {
  expect_run_error(
      program(R"("stablehlo.reduce_scatter"(%x) <{scatter_dimension = 2 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>}> )" +
                  kAdd + R"( : (tensor<2x3xf32>) -> tensor<2x3xf32>)",
              "tensor<2x3xf32>"),
      "scatter_dimension holds dimension 2, out of range for rank 2");
}

TEST(UnverifiedAttributes, ChloBroadcastDimensionPastTheRank) {
  expect_run_error(
      program(R"(chlo.broadcast_add %z, %x {broadcast_dimensions = array<i64: 1>} : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>)",
              "tensor<2x3xf32>", true),
      "broadcast_dimensions has 1 entries; 0 were expected");
}

TEST(UnverifiedAttributes, ChloBroadcastDimensionOutOfRange) {
  expect_run_error(
      "func.func @main(%x: tensor<2x3xf32>, %y: tensor<3xf32>) -> tensor<2x3xf32> {\n"
      "  %r = chlo.broadcast_add %y, %x {broadcast_dimensions = array<i64: 7>} : "
      "(tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>\n"
      "  return %r : tensor<2x3xf32>\n}\n",
      "broadcast_dimensions holds dimension 7, out of range for rank 2");
}

TEST(UnverifiedAttributes, ScanDimensionPastTheRank) {
  expect_run_error(R"(func.func @main(%x: tensor<2x3xf32>, %c: tensor<2xf32>) -> (tensor<2x3xf32>, tensor<2xf32>) {
  %r:2 = chlo.scan(%x) inits(%c) dimension=5 {
  ^bb0(%a: tensor<2xf32>, %b: tensor<2xf32>):
    stablehlo.return %a, %b : tensor<2xf32>, tensor<2xf32>
  } : (tensor<2x3xf32>, tensor<2xf32>) -> (tensor<2x3xf32>, tensor<2xf32>)
  return %r#0, %r#1 : tensor<2x3xf32>, tensor<2xf32>
}
)",
                   "dimension holds dimension 5, out of range for rank 2");
}

TEST(UnverifiedAttributes, DotGeneralContractingDimensionPastTheRank) {
  expect_run_error(
      program(R"("stablehlo.dot_general"(%x, %x) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [4], rhs_contracting_dimensions = [1]>}> : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>)",
              "tensor<2x2xf32>"),
      "lhs batching and contracting dimensions holds dimension 4, out of range for rank 2");
}

TEST(UnverifiedAttributes, DotGeneralDimensionBothBatchingAndContracting) {
  expect_run_error(
      program(R"("stablehlo.dot_general"(%x, %x) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [1]>}> : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>)",
              "tensor<2x3xf32>"),
      "lhs batching and contracting dimensions holds dimension 0 twice");
}

TEST(UnverifiedAttributes, DotGeneralContractingSizesDiffer) {
  expect_run_error(
      program(R"("stablehlo.dot_general"(%x, %x) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>)",
              "tensor<2x3xf32>"),
      "lhs dimension 1 and rhs dimension 0 are paired but differ in size");
}

TEST(UnverifiedAttributes, DotResultOfTheWrongShape) {
  expect_run_error(
      program(R"("stablehlo.dot"(%x, %x) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>)",
              "tensor<2x3xf32>"),
      "lhs dimension 1 and rhs dimension 0 are paired but differ in size");
}

// A gather from %x at indices %i (tensor<2x1xi32>) with `dims` and `sizes`.
std::string gather(const std::string& dims, const std::string& sizes, const std::string& result) {
  return "func.func @main(%x: tensor<2x3xf32>, %i: tensor<2x1xi32>) -> " + result +
         " {\n  %r = \"stablehlo.gather\"(%x, %i) <{dimension_numbers = #stablehlo.gather<" + dims +
         ">, slice_sizes = array<i64: " + sizes + ">}> : (tensor<2x3xf32>, tensor<2x1xi32>) -> " +
         result + "\n  return %r : " + result + "\n}\n";
}

TEST(UnverifiedAttributes, GatherIndexVectorDimPastTheRank) {
  expect_run_error(gather("offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], "
                          "index_vector_dim = 3",
                          "1, 3", "tensor<2x3xf32>"),
                   "index_vector_dim 3 is out of range for rank 2");
}

TEST(UnverifiedAttributes, GatherStartIndexMapPastTheRank) {
  expect_run_error(gather("offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [6], "
                          "index_vector_dim = 1",
                          "1, 3", "tensor<2x3xf32>"),
                   "start_index_map holds dimension 6, out of range for rank 2");
}

TEST(UnverifiedAttributes, GatherOffsetDimPastTheResult) {
  expect_run_error(gather("offset_dims = [5], collapsed_slice_dims = [0], start_index_map = [0], "
                          "index_vector_dim = 1",
                          "1, 3", "tensor<2x3xf32>"),
                   "offset_dims holds dimension 5, out of range for rank 2");
}

TEST(UnverifiedAttributes, GatherSliceLargerThanTheOperand) {
  expect_run_error(gather("offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], "
                          "index_vector_dim = 1",
                          "1, 8", "tensor<2x8xf32>"),
                   "slice_sizes holds 8 for operand dimension 1");
}

// A scatter into %x at indices %i (tensor<2x1xi32>) of updates %u with `dims`.
std::string scatter(const std::string& dims, const std::string& updates) {
  return "func.func @main(%x: tensor<2x3xf32>, %i: tensor<2x1xi32>, %u: " + updates +
         ") -> tensor<2x3xf32> {\n  %r = \"stablehlo.scatter\"(%x, %i, %u) "
         "<{scatter_dimension_numbers = #stablehlo.scatter<" + dims + ">}> " + kAdd +
         " : (tensor<2x3xf32>, tensor<2x1xi32>, " + updates +
         ") -> tensor<2x3xf32>\n  return %r : tensor<2x3xf32>\n}\n";
}

TEST(UnverifiedAttributes, ScatterDimsToOperandDimsPastTheRank) {
  expect_run_error(scatter("update_window_dims = [1], inserted_window_dims = [0], "
                           "scatter_dims_to_operand_dims = [9], index_vector_dim = 1",
                           "tensor<2x3xf32>"),
                   "scatter_dims_to_operand_dims holds dimension 9, out of range for rank 2");
}

// Scatter's guards name scatter's own attributes, not gather's.
TEST(UnverifiedAttributes, ScatterInsertedWindowDimPastTheRank) {
  expect_run_error(scatter("update_window_dims = [1], inserted_window_dims = [5], "
                           "scatter_dims_to_operand_dims = [0], index_vector_dim = 1",
                           "tensor<2x3xf32>"),
                   "inserted_window_dims holds dimension 5, out of range for rank 2");
}

TEST(UnverifiedAttributes, ScatterInsertedWindowDimAlsoBatching) {
  expect_run_error(scatter("update_window_dims = [1], inserted_window_dims = [0], "
                           "input_batching_dims = [0], scatter_indices_batching_dims = [0], "
                           "scatter_dims_to_operand_dims = [0], index_vector_dim = 1",
                           "tensor<2x3xf32>"),
                   "inserted_window_dims with input_batching_dims holds dimension 0 twice");
}

TEST(UnverifiedAttributes, ScatterDimsToOperandDimsOfTheWrongCount) {
  expect_run_error(scatter("update_window_dims = [1], inserted_window_dims = [0], "
                           "scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1",
                           "tensor<2x3xf32>"),
                   "scatter_dims_to_operand_dims has 2 entries; 1 were expected");
}

TEST(UnverifiedAttributes, ScatterIndicesBatchingDimsOfTheWrongCount) {
  expect_run_error(scatter("update_window_dims = [1], inserted_window_dims = [0], "
                           "scatter_indices_batching_dims = [0], "
                           "scatter_dims_to_operand_dims = [0], index_vector_dim = 1",
                           "tensor<2x3xf32>"),
                   "scatter_indices_batching_dims has 1 entries; 0 were expected");
}

TEST(UnverifiedAttributes, ScatterIndexVectorDimPastTheRank) {
  expect_run_error(scatter("update_window_dims = [1], inserted_window_dims = [0], "
                           "scatter_dims_to_operand_dims = [0], index_vector_dim = 3",
                           "tensor<2x3xf32>"),
                   "index_vector_dim 3 is out of range for rank 2");
}

TEST(UnverifiedAttributes, ScatterUpdateWindowDimPastTheRank) {
  expect_run_error(scatter("update_window_dims = [4], inserted_window_dims = [0], "
                           "scatter_dims_to_operand_dims = [0], index_vector_dim = 1",
                           "tensor<2x3xf32>"),
                   "update_window_dims holds dimension 4, out of range for rank 2");
}

TEST(UnverifiedAttributes, ScatterUpdatesLargerThanTheIndices) {
  expect_run_error(scatter("update_window_dims = [1], inserted_window_dims = [0], "
                           "scatter_dims_to_operand_dims = [0], index_vector_dim = 1",
                           "tensor<7x3xf32>"),
                   "do not have the indices' batch shape");
}

// Spec (C1): case needs a branch; without one the index selects none.
TEST(UnverifiedAttributes, CaseWithoutBranches) {
  expect_run_error(
      "func.func @main(%i: tensor<i32>) {\n  \"stablehlo.case\"(%i) : (tensor<i32>) -> ()\n"
      "  return\n}\n",
      "unverified.mlir:2:3: error: 'stablehlo.case' has no branches; it needs at least one");
}

TEST(UnverifiedAttributes, FftLengthZero) {
  expect_run_error(
      "func.func @main(%x: tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>> {\n"
      "  %r = stablehlo.fft %x, type = FFT, length = [0] : (tensor<2x3xcomplex<f32>>) -> "
      "tensor<2x3xcomplex<f32>>\n  return %r : tensor<2x3xcomplex<f32>>\n}\n",
      "fft_length does not match the operand's trailing dimensions");
}

TEST(UnverifiedAttributes, FftLengthLongerThanTheOperand) {
  expect_run_error(
      "func.func @main(%x: tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>> {\n"
      "  %r = stablehlo.fft %x, type = FFT, length = [8] : (tensor<2x3xcomplex<f32>>) -> "
      "tensor<2x3xcomplex<f32>>\n  return %r : tensor<2x3xcomplex<f32>>\n}\n",
      "fft_length does not match the operand's trailing dimensions");
}

TEST(UnverifiedAttributes, WhileConditionNotABoolean) {
  expect_run_error(R"(func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %r = "stablehlo.while"(%x) ({
  ^bb0(%a: tensor<2x3xf32>):
    %c = stablehlo.constant dense<> : tensor<0xi1>
    stablehlo.return %c : tensor<0xi1>
  }, {
  ^bb0(%a: tensor<2x3xf32>):
    stablehlo.return %a : tensor<2x3xf32>
  }) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
)",
                   "the value cond returns must be a tensor<i1>");
}

TEST(UnverifiedAttributes, IfPredicateNotABoolean) {
  expect_run_error(R"(func.func @main(%p: tensor<0xi1>, %x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %r = "stablehlo.if"(%p) ({
    stablehlo.return %x : tensor<2x3xf32>
  }, {
    stablehlo.return %x : tensor<2x3xf32>
  }) : (tensor<0xi1>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
)",
                   "pred must be a tensor<i1>");
}

}  // namespace
}  // namespace kiln::interp
