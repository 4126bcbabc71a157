// Unit tests of stablehlo.reverse: a round trip of the pretty form and the verifier's rejections.
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

TEST(Reverse, RoundTrip) {
  expect_round_trip(
      "module {\n"
      "  func.func @main(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {\n"
      "    %0 = stablehlo.reverse %arg0, dims = [1, 0] : tensor<2x3xf32>\n"
      "    func.return %0 : tensor<2x3xf32>\n"
      "  }\n"
      "}\n");
}

TEST(Reverse, DimsInRange) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {\n"
      "    %0 = stablehlo.reverse %arg0, dims = [2] : tensor<2x3xf32>\n"
      "    func.return %0 : tensor<2x3xf32>\n"
      "  }\n"
      "}\n",
      "dimensions [2] has a dimension out of range [0, 2)");
}

TEST(Reverse, DimsUnique) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {\n"
      "    %0 = stablehlo.reverse %arg0, dims = [0, 0] : tensor<2x3xf32>\n"
      "    func.return %0 : tensor<2x3xf32>\n"
      "  }\n"
      "}\n",
      "dimensions [0, 0] repeats dimension 0");
}

TEST(Reverse, SameType) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<2x3xf32>) -> tensor<3x2xf32> {\n"
      "    %0 = \"stablehlo.reverse\"(%arg0) <{dimensions = array<i64: 0>}> : (tensor<2x3xf32>) -> tensor<3x2xf32>\n"
      "    func.return %0 : tensor<3x2xf32>\n"
      "  }\n"
      "}\n",
      "result tensor<3x2xf32> must have the operand's type tensor<2x3xf32>");
}

}  // namespace
}  // namespace kiln
