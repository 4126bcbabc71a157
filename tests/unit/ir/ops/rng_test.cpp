// stablehlo.rng and stablehlo.rng_bit_generator: pretty forms round-trip; operand and result
// types follow the spec.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_error;
using testing::expect_round_trip;

std::string rng(const std::string& scalar, const std::string& shape_type,
                const std::string& dist, const std::string& result) {
  return "func.func @main(%a: " + scalar + ", %s: " + shape_type + ") {\n  %0 = stablehlo.rng %a, "
         "%a, %s, distribution = " + dist + " : (" + scalar + ", " + scalar + ", " + shape_type +
         ") -> " + result + "\n  return\n}\n";
}

TEST(Rng, RoundTrips) {
  expect_round_trip(rng("tensor<f32>", "tensor<2xi64>", "NORMAL", "tensor<2x3xf32>"),
                    {"stablehlo.rng %arg0, %arg0, %arg1, distribution = NORMAL : (tensor<f32>, "
                     "tensor<f32>, tensor<2xi64>) -> tensor<2x3xf32>"});
}

TEST(Rng, RejectsShapeAndTypes) {
  expect_error(rng("tensor<f32>", "tensor<3xi64>", "UNIFORM", "tensor<2x3xf32>"),
               "shape has 3 entries but the result has rank 2");
  expect_error(rng("tensor<i32>", "tensor<1xi64>", "NORMAL", "tensor<4xi32>"),
               "NORMAL distribution needs a float result");
  expect_error(rng("tensor<f64>", "tensor<1xi64>", "UNIFORM", "tensor<4xf32>"),
               "a and b must be rank-0 tensors of the result's element type");
}

TEST(RngBitGenerator, RoundTrips) {
  expect_round_trip(R"(
func.func @main(%s: tensor<2xui64>) {
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4x4xui32>)
  return
}
)",
                    {"stablehlo.rng_bit_generator %arg0, algorithm = THREE_FRY : "
                     "(tensor<2xui64>) -> (tensor<2xui64>, tensor<4x4xui32>)"});
}

TEST(RngBitGenerator, RejectsStateMismatch) {
  expect_error(R"(
func.func @main(%s: tensor<2xui64>) {
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  return
}
)",
               "output_state tensor<3xui64> must have the shape of initial_state tensor<2xui64>");
}

}  // namespace
}  // namespace kiln
