// stablehlo.cholesky: `%a, lower = true : T` round-trips; the operand is a batch of square
// float or complex matrices.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_error;
using testing::expect_round_trip;

TEST(Cholesky, RoundTripsLowerAndDefault) {
  expect_round_trip(R"(
func.func @main(%a: tensor<6x6xf32>, %b: tensor<2x3x3xf64>) {
  %0 = stablehlo.cholesky %a, lower = true : tensor<6x6xf32>
  %1 = stablehlo.cholesky %b : tensor<2x3x3xf64>
  return
}
)",
                    {"stablehlo.cholesky %arg0, lower = true : tensor<6x6xf32>",
                     "stablehlo.cholesky %arg1 : tensor<2x3x3xf64>"});
}

TEST(Cholesky, RejectsNonSquare) {
  expect_error(R"(
func.func @main(%a: tensor<2x3xf32>) {
  %0 = stablehlo.cholesky %a : tensor<2x3xf32>
  return
}
)",
               "a must be a batch of square matrices");
}

TEST(Cholesky, RejectsIntegers) {
  expect_error(R"(
func.func @main(%a: tensor<2x2xi32>) {
  %0 = stablehlo.cholesky %a : tensor<2x2xi32>
  return
}
)",
               "a must have a float or complex element type");
}

}  // namespace
}  // namespace kiln
