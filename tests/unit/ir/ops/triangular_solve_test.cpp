// stablehlo.triangular_solve: batch dimensions, squareness and the side that b matches.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_error;
using testing::expect_round_trip;

std::string solve(const std::string& a, const std::string& b, bool left,
                  const std::string& transpose = "NO_TRANSPOSE") {
  return "func.func @main(%a: " + a + ", %b: " + b + ") {\n  %0 = "
         "\"stablehlo.triangular_solve\"(%a, %b) <{left_side = " + (left ? "true" : "false") +
         ", lower = true, transpose_a = #stablehlo<transpose " + transpose +
         ">, unit_diagonal = false}> : (" + a + ", " + b + ") -> " + b + "\n  return\n}\n";
}

TEST(TriangularSolve, RoundTripsBothSides) {
  expect_round_trip(solve("tensor<6x6xf32>", "tensor<6x3xf32>", true),
                    {"\"stablehlo.triangular_solve\"(%arg0, %arg1) <{left_side = true"});
  expect_round_trip(solve("tensor<2x4x4xf64>", "tensor<2x3x4xf64>", false, "ADJOINT"),
                    {"#stablehlo<transpose ADJOINT>"});
}

TEST(TriangularSolve, RejectsSideMismatch) {
  expect_error(solve("tensor<6x6xf32>", "tensor<3x6xf32>", true),
               "b dimension 0 must match a's size 6 (left_side)");
}

TEST(TriangularSolve, RejectsNonSquareAndBatch) {
  expect_error(solve("tensor<6x5xf32>", "tensor<6x3xf32>", true),
               "a must be a batch of square matrices");
  expect_error(solve("tensor<2x3x3xf32>", "tensor<4x3x3xf32>", true),
               "batch dimension 0 of a and b differ");
}

TEST(TriangularSolve, RejectsInvalidTranspose) {
  expect_error(solve("tensor<3x3xf32>", "tensor<3x3xf32>", true, "TRANSPOSE_INVALID"),
               "transpose_a must not be TRANSPOSE_INVALID");
}

}  // namespace
}  // namespace kiln
