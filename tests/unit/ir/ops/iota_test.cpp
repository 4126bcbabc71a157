// Unit tests of stablehlo.iota: a round trip of the pretty form and the verifier's rejections.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_rejected;
using testing::expect_round_trip;

TEST(Iota, RoundTrip) {
  expect_round_trip(
      "module {\n"
      "  func.func @main() -> tensor<2x3xf32> {\n"
      "    %0 = stablehlo.iota dim = 1 : tensor<2x3xf32>\n"
      "    func.return %0 : tensor<2x3xf32>\n"
      "  }\n"
      "}\n");
}

TEST(Iota, DimensionOutOfRange) {
  expect_rejected(
      "module {\n"
      "  func.func @main() -> tensor<4xi32> {\n"
      "    %0 = stablehlo.iota dim = 1 : tensor<4xi32>\n"
      "    func.return %0 : tensor<4xi32>\n"
      "  }\n"
      "}\n",
      "iota_dimension 1 is out of range [0, 1)");
}

TEST(Iota, RankZeroRejected) {
  expect_rejected(
      "module {\n"
      "  func.func @main() -> tensor<i32> {\n"
      "    %0 = stablehlo.iota dim = 0 : tensor<i32>\n"
      "    func.return %0 : tensor<i32>\n"
      "  }\n"
      "}\n",
      "iota_dimension 0 is out of range [0, 0)");
}

TEST(Iota, BoolRejected) {
  expect_rejected(
      "module {\n"
      "  func.func @main() -> tensor<4xi1> {\n"
      "    %0 = stablehlo.iota dim = 0 : tensor<4xi1>\n"
      "    func.return %0 : tensor<4xi1>\n"
      "  }\n"
      "}\n",
      "result must hold integers, floats or complex numbers");
}

}  // namespace
}  // namespace kiln
