// Unit tests of stablehlo.concatenate: a round trip of the pretty form and the verifier's rejections.
#include <gtest/gtest.h>

#include "frontend/parser.h"
#include "ir/printer.h"
#include "ir/verifier.h"

namespace kiln {
namespace {

// The parse or verify error of `text` (named test.mlir), or "" when it is valid.
std::string error_of(const std::string& text) {
  auto module = frontend::parse_module_text(text, "test.mlir");
  if (!module.ok()) return module.error().message();
  Status verified = ir::verify(**module);
  return verified.ok() ? "" : verified.error().message();
}

// `text` is rejected with a located error (test.mlir:line:col) that contains `message`.
void expect_rejected(const std::string& text, const std::string& message) {
  std::string error = error_of(text);
  EXPECT_NE(error.find(message), std::string::npos) << "expected: " << message << "\nactual: " << error;
  EXPECT_EQ(error.rfind("test.mlir:", 0), 0u) << "not located: " << error;
}

// `text` is valid and prints back unchanged (it is written in kiln's printed form).
void expect_round_trip(const std::string& text) {
  auto module = frontend::parse_module_text(text, "test.mlir");
  ASSERT_TRUE(module.ok()) << module.error().message();
  Status verified = ir::verify(**module);
  ASSERT_TRUE(verified.ok()) << verified.error().message();
  EXPECT_EQ(ir::print_module(**module), text);
}

// `text` is valid and prints as `printed`.
[[maybe_unused]] void expect_prints_as(const std::string& text, const std::string& printed) {
  auto module = frontend::parse_module_text(text, "test.mlir");
  ASSERT_TRUE(module.ok()) << module.error().message();
  Status verified = ir::verify(**module);
  ASSERT_TRUE(verified.ok()) << verified.error().message();
  EXPECT_EQ(ir::print_module(**module), printed);
}

TEST(Concatenate, RoundTrip) {
  expect_round_trip(
      "module {\n"
      "  func.func @main(%arg0: tensor<3x1xui32>, %arg1: tensor<3x2xui32>) -> tensor<3x3xui32> {\n"
      "    %0 = stablehlo.concatenate %arg0, %arg1, dim = 1 : (tensor<3x1xui32>, tensor<3x2xui32>) -> tensor<3x3xui32>\n"
      "    func.return %0 : tensor<3x3xui32>\n"
      "  }\n"
      "}\n");
}

TEST(Concatenate, DimensionInRange) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<3xf32>) -> tensor<3xf32> {\n"
      "    %0 = stablehlo.concatenate %arg0, dim = 1 : (tensor<3xf32>) -> tensor<3xf32>\n"
      "    func.return %0 : tensor<3xf32>\n"
      "  }\n"
      "}\n",
      "dimension 1 is out of range [0, 1)");
}

TEST(Concatenate, OtherDimensionsAgree) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<3x1xf32>, %arg1: tensor<2x1xf32>) -> tensor<3x2xf32> {\n"
      "    %0 = stablehlo.concatenate %arg0, %arg1, dim = 1 : (tensor<3x1xf32>, tensor<2x1xf32>) -> tensor<3x2xf32>\n"
      "    func.return %0 : tensor<3x2xf32>\n"
      "  }\n"
      "}\n",
      "inputs and result must agree in dimension 0");
}

TEST(Concatenate, SizesAddUp) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<2xf32>) -> tensor<5xf32> {\n"
      "    %0 = stablehlo.concatenate %arg0, %arg0, dim = 0 : (tensor<2xf32>, tensor<2xf32>) -> tensor<5xf32>\n"
      "    func.return %0 : tensor<5xf32>\n"
      "  }\n"
      "}\n",
      "result dimension 0 has size 5 but the inputs' sizes add up to 4");
}

TEST(Concatenate, ElementTypes) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xi32>) -> tensor<4xf32> {\n"
      "    %0 = stablehlo.concatenate %arg0, %arg1, dim = 0 : (tensor<2xf32>, tensor<2xi32>) -> tensor<4xf32>\n"
      "    func.return %0 : tensor<4xf32>\n"
      "  }\n"
      "}\n",
      "inputs and result must have the same element type");
}

TEST(Concatenate, AtLeastOneInput) {
  expect_rejected(
      "module {\n"
      "  func.func @main() -> tensor<4xf32> {\n"
      "    %0 = \"stablehlo.concatenate\"() <{dimension = 0 : i64}> : () -> tensor<4xf32>\n"
      "    func.return %0 : tensor<4xf32>\n"
      "  }\n"
      "}\n",
      "must have at least one input");
}

}  // namespace
}  // namespace kiln
