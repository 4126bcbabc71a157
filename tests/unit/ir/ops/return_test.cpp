// stablehlo.return: ends StableHLO regions with values or none; not a function terminator.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_error;
using testing::expect_round_trip;

TEST(Return, RoundTripsWithAndWithoutValues) {
  expect_round_trip(R"(
func.func @main(%p: tensor<i1>, %a: tensor<f32>) -> tensor<f32> {
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %a : tensor<f32>
  }, {
    stablehlo.return %a : tensor<f32>
  }) : (tensor<i1>) -> tensor<f32>
  "stablehlo.if"(%p) ({
    stablehlo.return
  }, {
    stablehlo.return
  }) : (tensor<i1>) -> ()
  return %0 : tensor<f32>
}
)",
                    {"stablehlo.return %arg1 : tensor<f32>", "stablehlo.return\n"});
}

TEST(Return, RejectsEndingAFunction) {
  expect_error(R"(
func.func @main(%a: tensor<f32>) -> tensor<f32> {
  stablehlo.return %a : tensor<f32>
}
)",
               "functions end with func.return");
}

TEST(Return, MustBeLast) {
  expect_error(R"(
func.func @main(%p: tensor<i1>, %a: tensor<f32>) {
  "stablehlo.if"(%p) ({
    "stablehlo.return"() : () -> ()
    "stablehlo.return"() : () -> ()
  }, {
    stablehlo.return
  }) : (tensor<i1>) -> ()
  return
}
)",
               "must be the last operation of its block");
}

}  // namespace
}  // namespace kiln
