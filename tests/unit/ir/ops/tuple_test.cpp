// Unit tests of stablehlo.tuple and stablehlo.get_tuple_element: a round trip of the pretty form and the verifier's rejections.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_rejected;
using testing::expect_round_trip;

TEST(Tuple, RoundTrip) {
  expect_round_trip(
      "module {\n"
      "  func.func @main(%arg0: tensor<f32>, %arg1: tensor<i32>) -> tensor<i32> {\n"
      "    %0 = stablehlo.tuple %arg0, %arg1 : tuple<tensor<f32>, tensor<i32>>\n"
      "    %1 = stablehlo.get_tuple_element %0[1] : (tuple<tensor<f32>, tensor<i32>>) -> tensor<i32>\n"
      "    %2 = stablehlo.tuple : tuple<>\n"
      "    func.return %1 : tensor<i32>\n"
      "  }\n"
      "}\n");
}

TEST(Tuple, ResultIsTupleOfOperands) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<f32>) -> tuple<tensor<i32>> {\n"
      "    %0 = \"stablehlo.tuple\"(%arg0) : (tensor<f32>) -> tuple<tensor<i32>>\n"
      "    func.return %0 : tuple<tensor<i32>>\n"
      "  }\n"
      "}\n",
      "result tuple<tensor<i32>> must be tuple<tensor<f32>>");
}

TEST(Tuple, TypeListsOperands) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<f32>) -> tuple<> {\n"
      "    %0 = stablehlo.tuple %arg0 : tuple<>\n"
      "    func.return %0 : tuple<>\n"
      "  }\n"
      "}\n",
      "expected a tuple type of 1 elements");
}

TEST(Tuple, IndexInRange) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tuple<tensor<f32>, tensor<i32>>) -> tensor<f32> {\n"
      "    %0 = stablehlo.get_tuple_element %arg0[2] : (tuple<tensor<f32>, tensor<i32>>) -> tensor<f32>\n"
      "    func.return %0 : tensor<f32>\n"
      "  }\n"
      "}\n",
      "index 2 is out of range [0, 2)");
}

TEST(Tuple, ElementType) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tuple<tensor<f32>, tensor<i32>>) -> tensor<f32> {\n"
      "    %0 = stablehlo.get_tuple_element %arg0[1] : (tuple<tensor<f32>, tensor<i32>>) -> tensor<f32>\n"
      "    func.return %0 : tensor<f32>\n"
      "  }\n"
      "}\n",
      "result tensor<f32> must be tensor<i32>, element 1 of the tuple");
}

TEST(Tuple, OperandIsTuple) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<f32>) -> tensor<f32> {\n"
      "    %0 = stablehlo.get_tuple_element %arg0[0] : (tensor<f32>) -> tensor<f32>\n"
      "    func.return %0 : tensor<f32>\n"
      "  }\n"
      "}\n",
      "operand must be a tuple");
}

}  // namespace
}  // namespace kiln
