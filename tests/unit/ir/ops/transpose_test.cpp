// Unit tests of stablehlo.transpose: a round trip of the pretty form and the verifier's rejections.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_rejected;
using testing::expect_round_trip;

TEST(Transpose, RoundTrip) {
  expect_round_trip(
      "module {\n"
      "  func.func @main(%arg0: tensor<2x3x4xi8>) -> tensor<4x2x3xi8> {\n"
      "    %0 = stablehlo.transpose %arg0, dims = [2, 0, 1] : (tensor<2x3x4xi8>) -> tensor<4x2x3xi8>\n"
      "    func.return %0 : tensor<4x2x3xi8>\n"
      "  }\n"
      "}\n");
}

TEST(Transpose, PermutationSize) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<2x3xf32>) -> tensor<3x2xf32> {\n"
      "    %0 = stablehlo.transpose %arg0, dims = [1] : (tensor<2x3xf32>) -> tensor<3x2xf32>\n"
      "    func.return %0 : tensor<3x2xf32>\n"
      "  }\n"
      "}\n",
      "permutation [1] must have 2 entries");
}

TEST(Transpose, PermutationRepeats) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<2x3xf32>) -> tensor<3x3xf32> {\n"
      "    %0 = stablehlo.transpose %arg0, dims = [1, 1] : (tensor<2x3xf32>) -> tensor<3x3xf32>\n"
      "    func.return %0 : tensor<3x3xf32>\n"
      "  }\n"
      "}\n",
      "permutation [1, 1] repeats dimension 1");
}

TEST(Transpose, ResultShape) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {\n"
      "    %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<2x3xf32>\n"
      "    func.return %0 : tensor<2x3xf32>\n"
      "  }\n"
      "}\n",
      "result dimension 0 has size 2 but operand dimension 1 has size 3");
}

}  // namespace
}  // namespace kiln
