// Unit tests of stablehlo.reshape: a round trip of the pretty form and the verifier's rejections.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_rejected;
using testing::expect_round_trip;

TEST(Reshape, RoundTrip) {
  expect_round_trip(
      "module {\n"
      "  func.func @main(%arg0: tensor<2x3xf32>) -> tensor<3x2xf32> {\n"
      "    %0 = stablehlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<3x2xf32>\n"
      "    func.return %0 : tensor<3x2xf32>\n"
      "  }\n"
      "}\n");
}

TEST(Reshape, ElementCountsMatch) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<2x3xf32>) -> tensor<5xf32> {\n"
      "    %0 = stablehlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<5xf32>\n"
      "    func.return %0 : tensor<5xf32>\n"
      "  }\n"
      "}\n",
      "must have the same number of elements");
}

TEST(Reshape, ElementTypesMatch) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf16> {\n"
      "    %0 = stablehlo.reshape %arg0 : (tensor<2xf32>) -> tensor<2xf16>\n"
      "    func.return %0 : tensor<2xf16>\n"
      "  }\n"
      "}\n",
      "operand and result must have the same element type");
}

TEST(Reshape, ResultStatic) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<2xf32>) -> tensor<?xf32> {\n"
      "    %0 = stablehlo.reshape %arg0 : (tensor<2xf32>) -> tensor<?xf32>\n"
      "    func.return %0 : tensor<?xf32>\n"
      "  }\n"
      "}\n",
      "must have a static shape");
}

}  // namespace
}  // namespace kiln
