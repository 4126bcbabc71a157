// stablehlo.select: its `pred, value` and functional type forms round-trip and its verifier
// rejects bad predicates and mismatched branches, with located errors.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_error;
using testing::expect_round_trip;

std::string select(const std::string& pred, const std::string& value, const std::string& op) {
  return "func.func @main(%arg0: " + pred + ", %arg1: " + value + ", %arg2: tensor<?xf32>) {\n  " +
         op + "\n  return\n}\n";
}

TEST(Select, RoundTripsBothTypeForms) {
  expect_round_trip(R"(
func.func @main(%arg0: tensor<i1>, %arg1: tensor<4xi1>, %arg2: tensor<4xf32>, %arg3: tensor<?xf32>) -> tensor<4xf32> {
  %0 = stablehlo.select %arg0, %arg2, %arg2 : tensor<i1>, tensor<4xf32>
  %1 = stablehlo.select %arg1, %arg2, %arg3 : (tensor<4xi1>, tensor<4xf32>, tensor<?xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
})",
                    {"stablehlo.select %arg0, %arg2, %arg2 : tensor<i1>, tensor<4xf32>",
                     "stablehlo.select %arg1, %arg2, %arg3 : (tensor<4xi1>, tensor<4xf32>, "
                     "tensor<?xf32>) -> tensor<4xf32>"});
}

TEST(Select, PredicateIsBoolean) {
  expect_error(select("tensor<i32>", "tensor<4xf32>",
                      "%0 = stablehlo.select %arg0, %arg1, %arg1 : tensor<i32>, tensor<4xf32>"),
               "'stablehlo.select' op pred must be a tensor of boolean type, but is tensor<i32>");
}

TEST(Select, PredicateIsScalarOrOfTheValueShape) {
  expect_error(select("tensor<2xi1>", "tensor<4xf32>",
                      "%0 = stablehlo.select %arg0, %arg1, %arg1 : tensor<2xi1>, tensor<4xf32>"),
               "pred must be a scalar or have the shape of on_true, but is tensor<2xi1>");
}

TEST(Select, BranchesMustAgree) {
  expect_error(select("tensor<i1>", "tensor<4xf32>",
                      "%0 = stablehlo.select %arg0, %arg1, %arg2 : (tensor<i1>, tensor<4xf32>, "
                      "tensor<?xf32>) -> tensor<4xf64>"),
               "on_true and result must have compatible types");
  expect_error(R"(func.func @main(%arg0: tensor<i1>, %arg1: tensor<4xf32>, %arg2: tensor<4xi32>) {
  %0 = stablehlo.select %arg0, %arg1, %arg2 : (tensor<i1>, tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  return
})",
               "on_true and on_false must have compatible types");
}

TEST(Select, ShortFormNeedsTwoTypes) {
  expect_error(select("tensor<i1>", "tensor<4xf32>",
                      "%0 = stablehlo.select %arg0, %arg1, %arg1 : tensor<i1>"),
               "',' between the predicate and the value types");
}

}  // namespace
}  // namespace kiln
