// Unit tests of stablehlo.constant: a round trip of the pretty form and the verifier's rejections.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_rejected;
using testing::expect_round_trip;

TEST(Constant, RoundTrip) {
  expect_round_trip(
      "module {\n"
      "  func.func @main() -> (tensor<2xf32>, tensor<i32>) {\n"
      "    %0 = stablehlo.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>\n"
      "    %1 = stablehlo.constant {tag} dense<-3> : tensor<i32>\n"
      "    func.return %0, %1 : tensor<2xf32>, tensor<i32>\n"
      "  }\n"
      "}\n");
}

TEST(Constant, ValueTypeMustMatchResult) {
  expect_rejected(
      "module {\n"
      "  func.func @main() -> tensor<2xf32> {\n"
      "    %0 = \"stablehlo.constant\"() <{value = dense<1.0> : tensor<3xf32>}> : () -> tensor<2xf32>\n"
      "    func.return %0 : tensor<2xf32>\n"
      "  }\n"
      "}\n",
      "value has type tensor<3xf32> but the result has type tensor<2xf32>");
}

TEST(Constant, ValueMustBeDense) {
  expect_rejected(
      "module {\n"
      "  func.func @main() -> tensor<2xf32> {\n"
      "    %0 = stablehlo.constant array<i64: 1, 2>\n"
      "    func.return %0 : tensor<2xf32>\n"
      "  }\n"
      "}\n",
      "expected a dense<...> : tensor<...> value");
}

}  // namespace
}  // namespace kiln
