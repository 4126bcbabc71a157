// stablehlo.dot_general and stablehlo.dot: pretty forms round-trip; the verifier enforces the
// spec's dimension rules and result shape, with located errors.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_error;
using testing::expect_round_trip;

std::string dot_general(const std::string& lhs, const std::string& rhs, const std::string& dims,
                        const std::string& result) {
  return "func.func @main(%a: " + lhs + ", %b: " + rhs + ") {\n  %0 = stablehlo.dot_general %a, %b, " +
         dims + " : (" + lhs + ", " + rhs + ") -> " + result + "\n  return\n}\n";
}

TEST(DotGeneral, RoundTripsBatchedWithPrecisionAndAlgorithm) {
  expect_round_trip(R"(
func.func @main(%a: tensor<4x16x8xbf16>, %b: tensor<4x8x16xbf16>, %c: tensor<2x3xf32>, %d: tensor<3x4xf32>) {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, HIGH] : (tensor<4x16x8xbf16>, tensor<4x8x16xbf16>) -> tensor<4x16x16xf32>
  %1 = stablehlo.dot_general %c, %d, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %2 = stablehlo.dot %c, %d, precision = [HIGHEST, HIGHEST] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return
}
)",
                    {"batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = "
                     "[DEFAULT, HIGH] :",
                     "contracting_dims = [1] x [0], algorithm = <lhs_precision_type = tf32",
                     "stablehlo.dot %arg2, %arg3, precision = [HIGHEST, HIGHEST] :"});
}

TEST(DotGeneral, GenericFormPrintsPretty) {
  expect_round_trip(R"(
func.func @main(%a: tensor<3x2xi8>, %b: tensor<3xi8>) {
  %0 = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>} : (tensor<3x2xi8>, tensor<3xi8>) -> tensor<2xi32>
  return
}
)",
                    {"stablehlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0] :"});
}

TEST(DotGeneral, RejectsUnequalDimensionCounts) {
  expect_error(dot_general("tensor<2x3xf32>", "tensor<3x4xf32>", "contracting_dims = [1] x []",
                           "tensor<2x3x4xf32>"),
               "same number of contracting dimensions");
  expect_error(dot_general("tensor<2x3xf32>", "tensor<2x3xf32>",
                           "batching_dims = [0] x [], contracting_dims = [1] x [1]",
                           "tensor<2xf32>"),
               "same number of batching dimensions");
}

TEST(DotGeneral, RejectsOverlappingOrOutOfRangeDims) {
  expect_error(dot_general("tensor<2x3xf32>", "tensor<2x3xf32>",
                           "batching_dims = [0] x [0], contracting_dims = [0] x [1]",
                           "tensor<2xf32>"),
               "lhs batching and contracting dimensions [0, 0] repeats dimension 0");
  expect_error(dot_general("tensor<2x3xf32>", "tensor<3x4xf32>", "contracting_dims = [1] x [2]",
                           "tensor<2x4xf32>"),
               "rhs batching and contracting dimensions [2] has a dimension out of range");
}

TEST(DotGeneral, RejectsMismatchedSizes) {
  expect_error(dot_general("tensor<2x3xf32>", "tensor<4x4xf32>", "contracting_dims = [1] x [0]",
                           "tensor<2x4xf32>"),
               "contracting dimension 0 has size 3 in lhs (dim 1) but 4 in rhs (dim 0)");
  expect_error(dot_general("tensor<2x3xf32>", "tensor<5x3xf32>",
                           "batching_dims = [0] x [0], contracting_dims = [1] x [1]",
                           "tensor<2xf32>"),
               "batching dimension 0 has size 2 in lhs");
}

TEST(DotGeneral, RejectsWrongResultShape) {
  expect_error(dot_general("tensor<2x3xf32>", "tensor<3x4xf32>", "contracting_dims = [1] x [0]",
                           "tensor<4x2xf32>"),
               "does not match the inferred shape tensor<2x4xf32>");
}

TEST(DotGeneral, RejectsPrecisionWithAlgorithmOrWrongCount) {
  expect_error(dot_general("tensor<2x3xf32>", "tensor<3x4xf32>",
                           "contracting_dims = [1] x [0], precision = [HIGH, HIGH, HIGH]",
                           "tensor<2x4xf32>"),
               "precision_config must have at most 2 entries");
  expect_error(
      dot_general("tensor<2x3xf32>", "tensor<3x4xf32>",
                  "contracting_dims = [1] x [0], precision = [HIGH, HIGH], algorithm = "
                  "<lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, "
                  "lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = "
                  "1, allow_imprecise_accumulation = false>",
                  "tensor<2x4xf32>"),
      "precision_config must be DEFAULT when an algorithm is set");
}

TEST(Dot, RejectsRankAboveTwo) {
  expect_error(R"(
func.func @main(%a: tensor<2x2x2xf32>) {
  %0 = stablehlo.dot %a, %a : (tensor<2x2x2xf32>, tensor<2x2x2xf32>) -> tensor<2x2x2x2xf32>
  return
}
)",
               "operands must have rank 1 or 2");
}

}  // namespace
}  // namespace kiln
