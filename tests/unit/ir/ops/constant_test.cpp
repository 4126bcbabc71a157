// Unit tests of stablehlo.constant: a round trip of the pretty form and the verifier's rejections.
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

TEST(Constant, RoundTrip) {
  expect_round_trip(
      "module {\n"
      "  func.func @main() -> (tensor<2xf32>, tensor<i32>) {\n"
      "    %0 = stablehlo.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>\n"
      "    %1 = stablehlo.constant {tag} dense<-3> : tensor<i32>\n"
      "    func.return %0, %1 : tensor<2xf32>, tensor<i32>\n"
      "  }\n"
      "}\n");
}

TEST(Constant, ValueTypeMustMatchResult) {
  expect_rejected(
      "module {\n"
      "  func.func @main() -> tensor<2xf32> {\n"
      "    %0 = \"stablehlo.constant\"() <{value = dense<1.0> : tensor<3xf32>}> : () -> tensor<2xf32>\n"
      "    func.return %0 : tensor<2xf32>\n"
      "  }\n"
      "}\n",
      "value has type tensor<3xf32> but the result has type tensor<2xf32>");
}

TEST(Constant, ValueMustBeDense) {
  expect_rejected(
      "module {\n"
      "  func.func @main() -> tensor<2xf32> {\n"
      "    %0 = stablehlo.constant array<i64: 1, 2>\n"
      "    func.return %0 : tensor<2xf32>\n"
      "  }\n"
      "}\n",
      "expected a dense<...> : tensor<...> value");
}

}  // namespace
}  // namespace kiln
