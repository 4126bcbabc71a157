// stablehlo.batch_norm_*: per-feature operands are 1-D of the feature dimension's size.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_error;
using testing::expect_round_trip;

TEST(BatchNorm, RoundTripsAllThree) {
  expect_round_trip(R"(
func.func @main(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>) {
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %s) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  %1 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %s) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  %2:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %x) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}
)",
                    {"\"stablehlo.batch_norm_grad\"(%arg0, %arg1, %arg1, %arg1, %arg0)"});
}

TEST(BatchNorm, RejectsFeatureIndexAndSizes) {
  expect_error(R"(
func.func @main(%x: tensor<2x3xf32>, %s: tensor<3xf32>) {
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %s) <{epsilon = 1.0 : f32, feature_index = 2 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}
)",
               "feature_index 2 is out of range");
  expect_error(R"(
func.func @main(%x: tensor<2x3xf32>, %s: tensor<2xf32>) {
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %s) <{epsilon = 1.0 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return
}
)",
               "operand 1 has type tensor<2xf32> but must be tensor<3xf32>");
}

}  // namespace
}  // namespace kiln
