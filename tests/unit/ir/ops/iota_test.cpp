// Unit tests of stablehlo.iota: a round trip of the pretty form and the verifier's rejections.
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

TEST(Iota, RoundTrip) {
  expect_round_trip(
      "module {\n"
      "  func.func @main() -> tensor<2x3xf32> {\n"
      "    %0 = stablehlo.iota dim = 1 : tensor<2x3xf32>\n"
      "    func.return %0 : tensor<2x3xf32>\n"
      "  }\n"
      "}\n");
}

TEST(Iota, DimensionOutOfRange) {
  expect_rejected(
      "module {\n"
      "  func.func @main() -> tensor<4xi32> {\n"
      "    %0 = stablehlo.iota dim = 1 : tensor<4xi32>\n"
      "    func.return %0 : tensor<4xi32>\n"
      "  }\n"
      "}\n",
      "iota_dimension 1 is out of range [0, 1)");
}

TEST(Iota, RankZeroRejected) {
  expect_rejected(
      "module {\n"
      "  func.func @main() -> tensor<i32> {\n"
      "    %0 = stablehlo.iota dim = 0 : tensor<i32>\n"
      "    func.return %0 : tensor<i32>\n"
      "  }\n"
      "}\n",
      "iota_dimension 0 is out of range [0, 0)");
}

TEST(Iota, BoolRejected) {
  expect_rejected(
      "module {\n"
      "  func.func @main() -> tensor<4xi1> {\n"
      "    %0 = stablehlo.iota dim = 0 : tensor<4xi1>\n"
      "    func.return %0 : tensor<4xi1>\n"
      "  }\n"
      "}\n",
      "result must hold integers, floats or complex numbers");
}

}  // namespace
}  // namespace kiln
