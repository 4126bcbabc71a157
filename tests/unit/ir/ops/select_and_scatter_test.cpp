// stablehlo.select_and_scatter: the source has the windowed shape of the operand, select
// returns tensor<i1>, scatter is a reducer of the init value's type.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_error;
using testing::expect_round_trip;

std::string select_and_scatter(const std::string& source, const std::string& select_ret) {
  return "func.func @main(%x: tensor<4x4xf32>, %g: " + source + ", %c: tensor<f32>) {\n"
         "  %0 = \"stablehlo.select_and_scatter\"(%x, %g, %c) <{window_dimensions = array<i64: "
         "2, 2>, window_strides = array<i64: 2, 2>}> ({\n  ^bb0(%a: tensor<f32>, %b: "
         "tensor<f32>):\n    %1 = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, "
         "tensor<f32>) -> tensor<i1>\n    stablehlo.return " + select_ret + "\n  }, {\n  "
         "^bb0(%a: tensor<f32>, %b: tensor<f32>):\n    %1 = stablehlo.add %a, %b : tensor<f32>\n"
         "    stablehlo.return %1 : tensor<f32>\n  }) : (tensor<4x4xf32>, " + source +
         ", tensor<f32>) -> tensor<4x4xf32>\n  return\n}\n";
}

TEST(SelectAndScatter, RoundTripsMaxPoolGradient) {
  expect_round_trip(select_and_scatter("tensor<2x2xf32>", "%1 : tensor<i1>"),
                    {"\"stablehlo.select_and_scatter\"(%arg0, %arg1, %arg2)"});
}

TEST(SelectAndScatter, RejectsSourceShape) {
  expect_error(select_and_scatter("tensor<3x3xf32>", "%1 : tensor<i1>"),
               "source type tensor<3x3xf32> must have the windowed shape");
}

TEST(SelectAndScatter, RejectsSelectResult) {
  expect_error(select_and_scatter("tensor<2x2xf32>", "%a : tensor<f32>"),
               "select returns (tensor<f32>) but must return (tensor<i1>)");
}

}  // namespace
}  // namespace kiln
