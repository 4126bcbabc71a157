// stablehlo.clamp: scalar and full-shape bounds round-trip; the verifier rejects bounds of
// another shape or element type, with located errors.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "frontend/parser.h"
#include "ir/printer.h"
#include "ir/verifier.h"

namespace kiln {
namespace {

// The printed module, or the (located) parse or verify error.
std::string parse_verify_print(const std::string& text, bool& ok) {
  auto module = frontend::parse_module_text(text, "test.mlir");
  ok = false;
  if (!module.ok()) return module.error().message();
  Status verified = ir::verify(**module);
  if (!verified.ok()) return verified.error().message();
  ok = true;
  return ir::print_module(**module);
}

void expect_round_trip(const std::string& text, const std::vector<std::string>& lines) {
  bool ok;
  std::string printed = parse_verify_print(text, ok);
  ASSERT_TRUE(ok) << printed;
  for (const std::string& line : lines) EXPECT_NE(printed.find(line), std::string::npos) << line;
  std::string again = parse_verify_print(printed, ok);
  ASSERT_TRUE(ok) << again;
  EXPECT_EQ(printed, again);
}

void expect_error(const std::string& text, const std::string& message) {
  bool ok;
  std::string error = parse_verify_print(text, ok);
  ASSERT_FALSE(ok) << "accepted:\n" << text;
  EXPECT_NE(error.find(message), std::string::npos) << error;
  EXPECT_TRUE(std::regex_search(error, std::regex("^test\\.mlir:[0-9]+:[0-9]+: error: ")))
      << error;
}

std::string clamp(const std::string& bound, const std::string& operand, const std::string& op) {
  return "func.func @main(%arg0: " + bound + ", %arg1: " + operand + ") {\n  " + op +
         "\n  return\n}\n";
}

TEST(Clamp, RoundTripsScalarAndFullBounds) {
  expect_round_trip(R"(
func.func @main(%arg0: tensor<f32>, %arg1: tensor<2x3xf32>, %arg2: tensor<i32>) -> tensor<2x3xf32> {
  %0 = stablehlo.clamp %arg0, %arg1, %arg0 : (tensor<f32>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %1 = stablehlo.clamp %arg1, %arg1, %arg1 : tensor<2x3xf32>
  %2 = stablehlo.clamp %arg2, %arg2, %arg2 : tensor<i32>
  return %0 : tensor<2x3xf32>
})",
                    {"stablehlo.clamp %arg0, %arg1, %arg0 : (tensor<f32>, tensor<2x3xf32>, "
                     "tensor<f32>) -> tensor<2x3xf32>",
                     "stablehlo.clamp %arg1, %arg1, %arg1 : tensor<2x3xf32>",
                     "stablehlo.clamp %arg2, %arg2, %arg2 : tensor<i32>"});
}

TEST(Clamp, BoundsAreScalarOrOfTheOperandShape) {
  expect_error(clamp("tensor<2xf32>", "tensor<4xf32>",
                     "%0 = stablehlo.clamp %arg0, %arg1, %arg0 : (tensor<2xf32>, tensor<4xf32>, "
                     "tensor<2xf32>) -> tensor<4xf32>"),
               "'stablehlo.clamp' op min must be a scalar or have the operand's shape, but is "
               "tensor<2xf32>");
}

TEST(Clamp, BoundsHaveTheOperandElementType) {
  expect_error(clamp("tensor<i32>", "tensor<4xf32>",
                     "%0 = stablehlo.clamp %arg1, %arg1, %arg0 : (tensor<4xf32>, tensor<4xf32>, "
                     "tensor<i32>) -> tensor<4xf32>"),
               "max must have the element type of the operand, f32, but is tensor<i32>");
}

TEST(Clamp, ResultHasTheOperandType) {
  expect_error(clamp("tensor<f32>", "tensor<4xf32>",
                     "%0 = stablehlo.clamp %arg0, %arg1, %arg0 : (tensor<f32>, tensor<4xf32>, "
                     "tensor<f32>) -> tensor<5xf32>"),
               "operand and result must have compatible types");
}

}  // namespace
}  // namespace kiln
