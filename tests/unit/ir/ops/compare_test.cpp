// stablehlo.compare: its syntax round-trips (with and without compare_type) and its
// verifier rejects mismatched operands and non-boolean results, with located errors.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_error;
using testing::expect_round_trip;

std::string compare(const std::string& lhs, const std::string& rhs, const std::string& op) {
  return "func.func @main(%arg0: " + lhs + ", %arg1: " + rhs + ") {\n  " + op + "\n  return\n}\n";
}

TEST(Compare, RoundTripsWithAndWithoutType) {
  expect_round_trip(R"(
func.func @main(%arg0: tensor<16xf32>, %arg1: tensor<i32>) -> tensor<16xi1> {
  %0 = stablehlo.compare  LT, %arg0, %arg0,  FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
  %1 = stablehlo.compare  EQ, %arg1, %arg1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %2 = stablehlo.compare  NE, %arg1, %arg1,  SIGNED {some.attr} : (tensor<i32>, tensor<i32>) -> tensor<i1>
  return %0 : tensor<16xi1>
})",
                    {"stablehlo.compare LT, %arg0, %arg0, FLOAT : (tensor<16xf32>, "
                     "tensor<16xf32>) -> tensor<16xi1>",
                     "stablehlo.compare EQ, %arg1, %arg1 : (tensor<i32>, tensor<i32>) -> "
                     "tensor<i1>",
                     "stablehlo.compare NE, %arg1, %arg1, SIGNED {some.attr} :"});
}

TEST(Compare, OperandsMustAgree) {
  expect_error(compare("tensor<2xf32>", "tensor<2xi32>",
                       "%0 = stablehlo.compare LT, %arg0, %arg1 : (tensor<2xf32>, "
                       "tensor<2xi32>) -> tensor<2xi1>"),
               "'stablehlo.compare' op lhs and rhs must have compatible types");
}

TEST(Compare, ResultIsBoolean) {
  expect_error(compare("tensor<2xf32>", "tensor<2xf32>",
                       "%0 = stablehlo.compare LT, %arg0, %arg1 : (tensor<2xf32>, "
                       "tensor<2xf32>) -> tensor<2xi32>"),
               "result must be a tensor of boolean type, but is tensor<2xi32>");
}

TEST(Compare, ResultHasTheOperandShape) {
  expect_error(compare("tensor<2xf32>", "tensor<2xf32>",
                       "%0 = stablehlo.compare LT, %arg0, %arg1 : (tensor<2xf32>, "
                       "tensor<2xf32>) -> tensor<3xi1>"),
               "operands and result must have the same shape");
}

TEST(Compare, UnknownDirectionIsAParseError) {
  expect_error(compare("tensor<f32>", "tensor<f32>",
                       "%0 = stablehlo.compare XX, %arg0, %arg1 : (tensor<f32>, tensor<f32>) -> "
                       "tensor<i1>"),
               "XX");
}

}  // namespace
}  // namespace kiln
