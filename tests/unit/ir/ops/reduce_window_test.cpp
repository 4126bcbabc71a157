// stablehlo.reduce_window: window attributes are checked against the rank, and the result
// shape follows the spec's padding, dilation and stride arithmetic.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_error;
using testing::expect_round_trip;

std::string reduce_window(const std::string& attrs, const std::string& result) {
  return "func.func @main(%x: tensor<3x12xf32>, %c: tensor<f32>) {\n  %0 = "
         "\"stablehlo.reduce_window\"(%x, %c) <{" + attrs + "}> ({\n  ^bb0(%a: tensor<f32>, %b: "
         "tensor<f32>):\n    %1 = stablehlo.add %a, %b : tensor<f32>\n    stablehlo.return %1 : "
         "tensor<f32>\n  }) : (tensor<3x12xf32>, tensor<f32>) -> " + result + "\n  return\n}\n";
}

TEST(ReduceWindow, RoundTripsCumulativeSum) {
  expect_round_trip(
      reduce_window("padding = dense<[[0, 0], [11, 0]]> : tensor<2x2xi64>, window_dimensions = "
                    "array<i64: 1, 12>, window_strides = array<i64: 1, 1>",
                    "tensor<3x12xf32>"),
      {"padding = dense<[[0, 0], [11, 0]]> : tensor<2x2xi64>"});
}

TEST(ReduceWindow, InfersStridedDilatedShape) {
  // Dimension 1: base-dilated to 23, padded to 24, window 3 dilated to 5, stride 2 -> 10.
  expect_round_trip(
      reduce_window("base_dilations = array<i64: 1, 2>, padding = dense<[[0, 0], [1, 0]]> : "
                    "tensor<2x2xi64>, window_dilations = array<i64: 1, 2>, window_dimensions = "
                    "array<i64: 1, 3>, window_strides = array<i64: 1, 2>",
                    "tensor<3x10xf32>"),
      {"-> tensor<3x10xf32>"});
}

TEST(ReduceWindow, RejectsWrongResultShape) {
  expect_error(reduce_window("window_dimensions = array<i64: 1, 2>", "tensor<3x12xf32>"),
               "result 0 has type tensor<3x12xf32> but must be tensor<3x11xf32>");
}

TEST(ReduceWindow, RejectsBadWindowAttributes) {
  expect_error(reduce_window("window_dimensions = array<i64: 2>", "tensor<3x12xf32>"),
               "window_dimensions [2] must have 2 entries");
  expect_error(reduce_window("window_dimensions = array<i64: 1, 0>", "tensor<3x12xf32>"),
               "window_dimensions [1, 0] must be positive");
  expect_error(reduce_window("padding = dense<0> : tensor<3x2xi64>, window_dimensions = "
                             "array<i64: 1, 1>",
                             "tensor<3x12xf32>"),
               "padding must have shape [2, 2]");
}

}  // namespace
}  // namespace kiln
