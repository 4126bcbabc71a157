// Unit tests of stablehlo.optimization_barrier: a round trip of the pretty form and the verifier's rejections.
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

TEST(OptimizationBarrier, RoundTrip) {
  expect_round_trip(
      "module {\n"
      "  func.func @main(%arg0: tensor<f32>, %arg1: tensor<4xi32>) -> (tensor<f32>, tensor<4xi32>) {\n"
      "    stablehlo.optimization_barrier()\n"
      "    %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<f32>, tensor<4xi32>\n"
      "    func.return %0#0, %0#1 : tensor<f32>, tensor<4xi32>\n"
      "  }\n"
      "}\n");
}

TEST(OptimizationBarrier, ResultTypesMatch) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<f32>) -> tensor<i32> {\n"
      "    %0 = \"stablehlo.optimization_barrier\"(%arg0) : (tensor<f32>) -> tensor<i32>\n"
      "    func.return %0 : tensor<i32>\n"
      "  }\n"
      "}\n",
      "result 0 has type tensor<i32> but its operand has type tensor<f32>");
}

TEST(OptimizationBarrier, CountsMatch) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<f32>) {\n"
      "    \"stablehlo.optimization_barrier\"(%arg0) : (tensor<f32>) -> ()\n"
      "    func.return\n"
      "  }\n"
      "}\n",
      "has 1 operands but 0 results");
}

TEST(OptimizationBarrier, TuplesRejected) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tuple<>) -> tuple<> {\n"
      "    %0 = stablehlo.optimization_barrier %arg0 : tuple<>\n"
      "    func.return %0 : tuple<>\n"
      "  }\n"
      "}\n",
      "operand 0 must be a tensor or a token");
}

}  // namespace
}  // namespace kiln
