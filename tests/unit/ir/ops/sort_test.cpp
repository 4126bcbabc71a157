// stablehlo.sort: the generic form round-trips; the verifier checks inputs, dimension and the
// comparator's signature.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_error;
using testing::expect_round_trip;

std::string sort(const std::string& attrs, const std::string& args, const std::string& ret) {
  return "func.func @main(%x: tensor<4x5xf32>, %y: tensor<4x5xi32>) {\n  %0:2 = "
         "\"stablehlo.sort\"(%x, %y) <{" + attrs + "}> ({\n  ^bb0(" + args + "):\n"
         "    stablehlo.return " + ret + "\n  }) : (tensor<4x5xf32>, tensor<4x5xi32>) -> "
         "(tensor<4x5xf32>, tensor<4x5xi32>)\n  return\n}\n";
}

const char* kArgs = "%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>";

TEST(Sort, RoundTripsSeveralInputs) {
  expect_round_trip(R"(
func.func @main(%x: tensor<4x5xf32>, %y: tensor<4x5xi32>) {
  %0:2 = "stablehlo.sort"(%x, %y) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %1 = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) : (tensor<4x5xf32>, tensor<4x5xi32>) -> (tensor<4x5xf32>, tensor<4x5xi32>)
  return
}
)",
                    {"\"stablehlo.sort\"(%arg0, %arg1) <{dimension = 1 : i64, is_stable = true}> ({"});
}

TEST(Sort, RejectsDimensionOutOfRange) {
  expect_error(sort("dimension = 2 : i64", kArgs, "%x : tensor<4x5xf32>"),
               "dimension 2 is out of range for rank 2");
}

TEST(Sort, RejectsComparatorSignature) {
  expect_error(sort("dimension = 0 : i64", "%a: tensor<f32>, %b: tensor<f32>",
                    "%a : tensor<f32>"),
               "comparator takes (tensor<f32>, tensor<f32>) but must take");
  expect_error(sort("dimension = 0 : i64", kArgs, "%a : tensor<f32>"),
               "comparator returns (tensor<f32>) but must return (tensor<i1>)");
}

}  // namespace
}  // namespace kiln
