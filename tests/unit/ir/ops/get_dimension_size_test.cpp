// Unit tests of stablehlo.get_dimension_size: a round trip of the pretty form and the verifier's rejections.
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

TEST(GetDimensionSize, RoundTrip) {
  expect_round_trip(
      "module {\n"
      "  func.func @main(%arg0: tensor<2x3xf32>) -> tensor<i32> {\n"
      "    %0 = stablehlo.get_dimension_size %arg0, dim = 1 : (tensor<2x3xf32>) -> tensor<i32>\n"
      "    func.return %0 : tensor<i32>\n"
      "  }\n"
      "}\n");
}

TEST(GetDimensionSize, DimensionInRange) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<2x3xf32>) -> tensor<i32> {\n"
      "    %0 = stablehlo.get_dimension_size %arg0, dim = 2 : (tensor<2x3xf32>) -> tensor<i32>\n"
      "    func.return %0 : tensor<i32>\n"
      "  }\n"
      "}\n",
      "dimension 2 is out of range [0, 2)");
}

TEST(GetDimensionSize, ResultIsI32) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<2x3xf32>) -> tensor<i64> {\n"
      "    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<2x3xf32>) -> tensor<i64>\n"
      "    func.return %0 : tensor<i64>\n"
      "  }\n"
      "}\n",
      "result must be tensor<i32>");
}

}  // namespace
}  // namespace kiln
