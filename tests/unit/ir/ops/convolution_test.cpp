// stablehlo.convolution: dim_numbers and window round-trip; the verifier checks layouts,
// group counts and the result shape.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_error;
using testing::expect_round_trip;

std::string conv(const std::string& lhs, const std::string& rhs, const std::string& window,
                 const std::string& groups, const std::string& result,
                 const std::string& dims = "[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]") {
  return "func.func @main(%x: " + lhs + ", %k: " + rhs + ") {\n  %0 = stablehlo.convolution(%x, "
         "%k) dim_numbers = " + dims + ", window = {" + window + "} {" + groups + "} : (" + lhs +
         ", " + rhs + ") -> " + result + "\n  return\n}\n";
}

const char* kGroups = "batch_group_count = 1 : i64, feature_group_count = 1 : i64";

TEST(Convolution, RoundTripsJaxConv) {
  expect_round_trip(
      conv("tensor<2x8x8x8xf32>", "tensor<3x3x8x16xf32>",
           "stride = [2, 2], pad = [[1, 2], [1, 2]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], "
           "reverse = [false, false]",
           kGroups, "tensor<2x5x5x16xf32>"),
      {"stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, "
       "f], window = {stride = [2, 2], pad = [[1, 2], [1, 2]], lhs_dilate = [1, 1], rhs_dilate "
       "= [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64"});
}

TEST(Convolution, RoundTripsEmptyWindowAndFeatureGroups) {
  expect_round_trip(conv("tensor<1x4x9x9xbf16>", "tensor<8x2x3x3xbf16>", "rhs_dilate = [1, 2]",
                         "batch_group_count = 1 : i64, feature_group_count = 2 : i64",
                         "tensor<1x8x7x5xf32>", "[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]"),
                    {"window = {rhs_dilate = [1, 2]}"});
  expect_round_trip(conv("tensor<1x3x3x1xf32>", "tensor<1x1x1x1xf32>", "", kGroups,
                         "tensor<1x3x3x1xf32>"),
                    {"window = {} {"});
}

TEST(Convolution, RejectsWrongResultShape) {
  expect_error(conv("tensor<2x8x8x8xf32>", "tensor<3x3x8x16xf32>", "", kGroups,
                    "tensor<2x8x8x16xf32>"),
               "does not match the inferred shape tensor<2x6x6x16xf32>");
}

TEST(Convolution, RejectsFeatureMismatch) {
  expect_error(conv("tensor<2x8x8x4xf32>", "tensor<3x3x8x16xf32>", "", kGroups,
                    "tensor<2x6x6x16xf32>"),
               "must equal the kernel input feature size 8");
  expect_error(conv("tensor<2x8x8x3xf32>", "tensor<3x3x1x16xf32>", "",
                    "batch_group_count = 1 : i64, feature_group_count = 2 : i64",
                    "tensor<2x6x6x16xf32>"),
               "input feature size 3 must be a multiple of feature_group_count 2");
}

TEST(Convolution, RejectsBothGroupCounts) {
  expect_error(conv("tensor<2x8x8x4xf32>", "tensor<3x3x2x16xf32>", "",
                    "batch_group_count = 2 : i64, feature_group_count = 2 : i64",
                    "tensor<1x6x6x16xf32>"),
               "must be positive and not both above 1");
}

TEST(Convolution, RejectsWindowOfWrongLength) {
  expect_error(conv("tensor<2x8x8x8xf32>", "tensor<3x3x8x16xf32>", "stride = [1]", kGroups,
                    "tensor<2x6x6x16xf32>"),
               "window_strides [1] must have 2 entries");
}

}  // namespace
}  // namespace kiln
