// stablehlo.reduce: the compact and full forms round-trip and are chosen as the official
// printer chooses them; the verifier enforces dimensions, body signature and result types.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_error;
using testing::expect_round_trip;

TEST(Reduce, CompactFormRoundTrips) {
  expect_round_trip(R"(
func.func @main(%x: tensor<8x8xf32>, %c: tensor<f32>) -> tensor<8xf32> {
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<8x8xf32>, tensor<f32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
)",
                    {"stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add across "
                     "dimensions = [1] : (tensor<8x8xf32>, tensor<f32>) -> tensor<8xf32>"});
}

TEST(Reduce, GenericSingleOpBodyPrintsCompact) {
  expect_round_trip(R"(
func.func @main(%x: tensor<4xi32>, %c: tensor<i32>) -> tensor<i32> {
  %0 = "stablehlo.reduce"(%x, %c) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %1 = stablehlo.maximum %a, %b : tensor<i32>
    stablehlo.return %1 : tensor<i32>
  }) {dimensions = array<i64: 0>} : (tensor<4xi32>, tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}
)",
                    {"applies stablehlo.maximum across dimensions = [0]"});
}

TEST(Reduce, SwappedOperandsKeepTheFullForm) {
  expect_round_trip(R"(
func.func @main(%x: tensor<2x3xf32>, %c: tensor<f32>) -> tensor<3xf32> {
  %0 = stablehlo.reduce(%x init: %c) across dimensions = [0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
   reducer(%a: tensor<f32>, %b: tensor<f32>)  {
    %1 = stablehlo.add %b, %a : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }
  return %0 : tensor<3xf32>
}
)",
                    {"across dimensions = [0] : (tensor<2x3xf32>, tensor<f32>) -> "
                     "tensor<3xf32>\n     reducer(%arg2: tensor<f32>, %arg3: tensor<f32>)  {",
                     "stablehlo.add %arg3, %arg2"});
}

TEST(Reduce, SeveralInputsPairTheirArguments) {
  expect_round_trip(R"(
func.func @main(%x: tensor<5x7xf32>, %i: tensor<5x7xi32>, %c: tensor<f32>, %z: tensor<i32>) -> tensor<5xf32> {
  %0:2 = stablehlo.reduce(%x init: %c), (%i init: %z) across dimensions = [1] : (tensor<5x7xf32>, tensor<5x7xi32>, tensor<f32>, tensor<i32>) -> (tensor<5xf32>, tensor<5xi32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%ai: tensor<i32>, %bi: tensor<i32>)  {
    %1 = stablehlo.add %a, %b : tensor<f32>
    %2 = stablehlo.add %ai, %bi : tensor<i32>
    stablehlo.return %1, %2 : tensor<f32>, tensor<i32>
  }
  return %0#0 : tensor<5xf32>
}
)",
                    {"(%arg0 init: %arg2), (%arg1 init: %arg3)",
                     "reducer(%arg4: tensor<f32>, %arg6: tensor<f32>) (%arg5: tensor<i32>, "
                     "%arg7: tensor<i32>)  {"});
}

std::string reduce(const std::string& dims, const std::string& result) {
  return "func.func @main(%x: tensor<2x3xf32>, %c: tensor<f32>) {\n  %0 = stablehlo.reduce(%x "
         "init: %c) applies stablehlo.add across dimensions = " + dims +
         " : (tensor<2x3xf32>, tensor<f32>) -> " + result + "\n  return\n}\n";
}

TEST(Reduce, RejectsBadDimensions) {
  expect_error(reduce("[2]", "tensor<2x3xf32>"), "dimensions [2] has a dimension out of range");
  expect_error(reduce("[0, 0]", "tensor<3xf32>"), "dimensions [0, 0] repeats dimension 0");
}

TEST(Reduce, RejectsWrongResultType) {
  expect_error(reduce("[0]", "tensor<2xf32>"), "result 0 has type tensor<2xf32> but must be "
                                               "tensor<3xf32>");
}

TEST(Reduce, RejectsBodySignature) {
  expect_error(R"(
func.func @main(%x: tensor<2xf32>, %c: tensor<f32>) {
  %0 = stablehlo.reduce(%x init: %c) across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
   reducer(%a: tensor<f32>, %b: tensor<i32>)  {
    stablehlo.return %a : tensor<f32>
  }
  return
}
)",
               "body argument #1 has type tensor<i32>, whose element type is not promotable from "
               "the input's f32");
  expect_error(R"(
func.func @main(%x: tensor<2xf32>, %c: tensor<2xf32>) {
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}
)",
               "init values must be rank-0 tensors");
}

TEST(Reduce, RejectsInputsOfDifferentShapes) {
  expect_error(R"(
func.func @main(%x: tensor<2xf32>, %y: tensor<3xf32>, %c: tensor<f32>) {
  %0:2 = stablehlo.reduce(%x init: %c), (%y init: %c) across dimensions = [0] : (tensor<2xf32>, tensor<3xf32>, tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%p: tensor<f32>, %q: tensor<f32>)  {
    stablehlo.return %a, %p : tensor<f32>, tensor<f32>
  }
  return
}
)",
               "inputs must have the same shape");
}

}  // namespace
}  // namespace kiln
