// The chlo ops: their syntax round-trips and their verifiers reject wrong element types,
// shapes that do not broadcast and bad top_k results, with located errors.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_error;
using testing::expect_round_trip;
using testing::one_op;

TEST(Chlo, RoundTripsEveryForm) {
  expect_round_trip(R"(
func.func @main(%x: tensor<4xf32>, %y: tensor<2x4xf32>, %p: tensor<2x4xi1>) -> tensor<2x4xf32> {
  %0 = chlo.erf_inv %x : tensor<4xf32> -> tensor<4xf32>
  %1 = chlo.is_pos_inf %0 : tensor<4xf32> -> tensor<4xi1>
  %2 = chlo.zeta %x, %0 : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %3 = chlo.broadcast_add %2, %y {broadcast_dimensions = array<i64: 1>} : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %4 = chlo.broadcast_compare %3, %y {comparison_direction = #chlo<comparison_direction GE>} : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xi1>
  %5 = chlo.broadcast_select %p, %3, %x : (tensor<2x4xi1>, tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  %values, %indices = chlo.top_k(%y, k = 3) : tensor<2x4xf32> -> (tensor<2x3xf32>, tensor<2x3xi32>)
  %6 = chlo.constant dense<2.0> : tensor<2x4xf32>
  %7 = "chlo.constant_like"(%x) <{value = 1.0 : f32}> : (tensor<4xf32>) -> tensor<4xf32>
  return %5 : tensor<2x4xf32>
})",
                    {"%0 = chlo.erf_inv %arg0 : tensor<4xf32> -> tensor<4xf32>",
                     "chlo.is_pos_inf %0 : tensor<4xf32> -> tensor<4xi1>",
                     "chlo.zeta %arg0, %0 : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>",
                     "chlo.broadcast_add %2, %arg1 {broadcast_dimensions = array<i64: 1>} : "
                     "(tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>",
                     "{comparison_direction = #chlo<comparison_direction GE>}",
                     "chlo.broadcast_select %arg2, %3, %arg0 : (tensor<2x4xi1>, tensor<2x4xf32>, "
                     "tensor<4xf32>) -> tensor<2x4xf32>",
                     "%6:2 = chlo.top_k(%arg1, k = 3) : tensor<2x4xf32> -> (tensor<2x3xf32>, "
                     "tensor<2x3xi32>)",
                     "chlo.constant dense<2.000000e+00> : tensor<2x4xf32>",
                     "\"chlo.constant_like\"(%arg0) <{value = 1.000000e+00 : f32}>"});
}

TEST(Chlo, UnaryRejectsIntegers) {
  expect_error(one_op("%x: tensor<4xi32>", "%0 = chlo.erf %x : tensor<4xi32> -> tensor<4xi32>"),
               "operand #0 must be a tensor of floats, but is tensor<4xi32>");
}

TEST(Chlo, UnaryKeepsShape) {
  expect_error(one_op("%x: tensor<4xf32>", "%0 = chlo.tan %x : tensor<4xf32> -> tensor<3xf32>"),
               "operand #0 and result must have the same shape");
}

TEST(Chlo, PredicateReturnsBooleans) {
  expect_error(one_op("%x: tensor<4xf32>", "%0 = chlo.is_inf %x : tensor<4xf32> -> tensor<4xf32>"),
               "must have element type i1");
}

TEST(Chlo, MulhiTakesIntegers) {
  expect_error(one_op("%x: tensor<4xf32>",
                      "%0 = chlo.mulhi %x, %x : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>"),
               "must be a tensor of integers");
}

TEST(Chlo, BroadcastRejectsClashingSizes) {
  expect_error(one_op("%x: tensor<3xf32>, %y: tensor<2x4xf32>",
                      "%0 = chlo.broadcast_add %x, %y : (tensor<3xf32>, tensor<2x4xf32>) -> "
                      "tensor<2x4xf32>"),
               "do not broadcast: sizes 4 and 3 differ in result dimension 1");
}

TEST(Chlo, BroadcastDimensionsMatchRank) {
  expect_error(one_op("%x: tensor<4xf32>, %y: tensor<2x4xf32>",
                      "%0 = chlo.broadcast_add %x, %y {broadcast_dimensions = array<i64: 0, 1>} "
                      ": (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>"),
               "broadcast_dimensions has 2 entries but the lower-rank operand has rank 1");
}

TEST(Chlo, BroadcastResultHasBroadcastShape) {
  expect_error(one_op("%x: tensor<4xf32>, %y: tensor<2x4xf32>",
                      "%0 = chlo.broadcast_multiply %x, %y : (tensor<4xf32>, tensor<2x4xf32>) "
                      "-> tensor<4xf32>"),
               "must have the broadcast shape [2, 4]");
}

TEST(Chlo, BroadcastOperandsShareElementType) {
  expect_error(one_op("%x: tensor<4xf32>, %y: tensor<4xf16>",
                      "%0 = chlo.broadcast_add %x, %y : (tensor<4xf32>, tensor<4xf16>) -> "
                      "tensor<4xf32>"),
               "must have the same element type");
}

TEST(Chlo, BroadcastLogicalRejectsFloats) {
  expect_error(one_op("%x: tensor<4xf32>",
                      "%0 = chlo.broadcast_and %x, %x : (tensor<4xf32>, tensor<4xf32>) -> "
                      "tensor<4xf32>"),
               "lhs must be a tensor of booleans or integers");
}

TEST(Chlo, BroadcastComplexReturnsComplex) {
  expect_error(one_op("%x: tensor<4xf32>",
                      "%0 = chlo.broadcast_complex %x, %x : (tensor<4xf32>, tensor<4xf32>) -> "
                      "tensor<4xf32>"),
               "must be complex with parts of the operands' element type");
}

TEST(Chlo, BroadcastCompareNeedsDirection) {
  expect_error(one_op("%x: tensor<4xf32>",
                      "%0 = chlo.broadcast_compare %x, %x {comparison_direction = 1 : i64} : "
                      "(tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>"),
               "comparison_direction must be #chlo<comparison_direction ...>");
}

TEST(Chlo, BroadcastSelectPredIsBoolean) {
  expect_error(one_op("%x: tensor<4xf32>",
                      "%0 = chlo.broadcast_select %x, %x, %x : (tensor<4xf32>, tensor<4xf32>, "
                      "tensor<4xf32>) -> tensor<4xf32>"),
               "pred must be a tensor of booleans");
}

TEST(Chlo, TopKWithinLastDimension) {
  expect_error(one_op("%x: tensor<4xf32>",
                      "%0:2 = chlo.top_k(%x, k = 5) : tensor<4xf32> -> (tensor<5xf32>, "
                      "tensor<5xi32>)"),
               "k = 5 must be in [0, 4]");
}

TEST(Chlo, TopKIndicesAreI32) {
  expect_error(one_op("%x: tensor<4xf32>",
                      "%0:2 = chlo.top_k(%x, k = 2) : tensor<4xf32> -> (tensor<2xf32>, "
                      "tensor<2xi64>)"),
               "indices tensor<2xi64> must be tensor<2xi32>");
}

TEST(Chlo, ConstantLikeKeepsOperandShape) {
  expect_error(one_op("%x: tensor<4xf32>",
                      "%0 = \"chlo.constant_like\"(%x) <{value = 1.0 : f32}> : (tensor<4xf32>) "
                      "-> tensor<2xf32>"),
               "operand and result must have the same shape");
}

TEST(Chlo, ConstantNeedsDenseValue) {
  expect_error(one_op("", "%0 = chlo.constant 1.0 : f32"),
               "expected a dense<...> : tensor<...> value");
}

}  // namespace
}  // namespace kiln
