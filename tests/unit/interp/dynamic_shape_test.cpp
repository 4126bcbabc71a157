// The dynamic-shape ops reject shape operands that contradict the operand or the declared
// result type with an error naming the op, instead of reading out of bounds.
#include "tests/unit/interp/interp_test_helpers.h"

namespace kiln::interp {
namespace {

using testing::parse_verified;

// The error message of running @main, or "" when it runs.
std::string run_error(const std::string& text) {
  auto module = parse_verified(text, "dynamic_shape_test.mlir");
  Interpreter in(*module);
  auto result = in.run("main", {});
  return result.ok() ? "" : result.error().message();
}

TEST(DynamicBroadcastInDim, ShapeThatCannotBroadcastIsAnError) {
  std::string error = run_error(R"(
func.func @main() -> tensor<?xf32> {
  %a = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %s = stablehlo.constant dense<[4]> : tensor<1xi64>
  %r = stablehlo.dynamic_broadcast_in_dim %a, %s, dims = [0] : (tensor<3xf32>, tensor<1xi64>) -> tensor<?xf32>
  func.return %r : tensor<?xf32>
})");
  EXPECT_NE(error.find("'stablehlo.dynamic_broadcast_in_dim'"), std::string::npos) << error;
  EXPECT_NE(error.find("cannot broadcast"), std::string::npos) << error;
}

TEST(DynamicReshape, ShapeThatContradictsResultTypeIsAnError) {
  std::string error = run_error(R"(
func.func @main() -> tensor<3x?xi32> {
  %a = stablehlo.constant dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>
  %c = stablehlo.constant dense<[2, 3]> : tensor<2xi32>
  // The barrier hides the constant from the verifier, which checks constant shapes itself.
  %s = stablehlo.optimization_barrier %c : tensor<2xi32>
  %r = stablehlo.dynamic_reshape %a, %s : (tensor<6xi32>, tensor<2xi32>) -> tensor<3x?xi32>
  func.return %r : tensor<3x?xi32>
})");
  EXPECT_NE(error.find("'stablehlo.dynamic_reshape'"), std::string::npos) << error;
  EXPECT_NE(error.find("does not fit its result type"), std::string::npos) << error;
}

TEST(RealDynamicSlice, LimitBeyondOperandIsAnError) {
  std::string error = run_error(R"(
func.func @main() -> tensor<?xi8> {
  %a = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi8>
  %start = stablehlo.constant dense<[1]> : tensor<1xi32>
  %limit = stablehlo.constant dense<[4]> : tensor<1xi32>
  %strides = stablehlo.constant dense<[1]> : tensor<1xi32>
  %r = stablehlo.real_dynamic_slice %a, %start, %limit, %strides : (tensor<3xi8>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xi8>
  func.return %r : tensor<?xi8>
})");
  EXPECT_NE(error.find("'stablehlo.real_dynamic_slice'"), std::string::npos) << error;
}

}  // namespace
}  // namespace kiln::interp
