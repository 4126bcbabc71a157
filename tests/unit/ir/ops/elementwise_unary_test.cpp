// The element-wise unary ops: their syntax round-trips and their verifier rejects what the
// spec forbids, with located errors.
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

std::string program(const std::string& arg_type, const std::string& op) {
  return "func.func @main(%arg0: " + arg_type + ") {\n  " + op + "\n  return\n}\n";
}

TEST(ElementwiseUnary, RoundTripsEveryForm) {
  expect_round_trip(R"(
func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<4xcomplex<f32>>, %arg2: tensor<i32>, %arg3: tensor<?xf32>) -> tensor<4xf32> {
  %0 = stablehlo.exponential %arg0 {result_accuracy = #stablehlo.result_accuracy<ulps = 1, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<4xf32>
  %1 = stablehlo.abs %arg1 : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  %2 = stablehlo.popcnt %arg2 : tensor<i32>
  %3 = stablehlo.is_finite %arg0 : (tensor<4xf32>) -> tensor<4xi1>
  %4 = stablehlo.sqrt %arg3 : (tensor<?xf32>) -> tensor<4xf32>
  %5 = stablehlo.imag %arg1 : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
})",
                    {"stablehlo.exponential %arg0 {result_accuracy = ",
                     "stablehlo.abs %arg1 : (tensor<4xcomplex<f32>>) -> tensor<4xf32>",
                     "stablehlo.popcnt %arg2 : tensor<i32>\n",
                     "stablehlo.is_finite %arg0 : (tensor<4xf32>) -> tensor<4xi1>",
                     "stablehlo.sqrt %arg3 : (tensor<?xf32>) -> tensor<4xf32>"});
}

TEST(ElementwiseUnary, FloorRejectsIntegers) {
  expect_error(program("tensor<4xi32>", "%0 = stablehlo.floor %arg0 : tensor<4xi32>"),
               "'stablehlo.floor' op operand must be a tensor of float or quantized type, but "
               "is tensor<4xi32>");
}

TEST(ElementwiseUnary, PopcntRejectsFloats) {
  expect_error(program("tensor<f32>", "%0 = stablehlo.popcnt %arg0 : tensor<f32>"),
               "operand must be a tensor of integer type");
}

TEST(ElementwiseUnary, NotRejectsFloats) {
  expect_error(program("tensor<f32>", "%0 = stablehlo.not %arg0 : tensor<f32>"),
               "operand must be a tensor of boolean or integer type");
}

TEST(ElementwiseUnary, ResultMustMatchOperand) {
  expect_error(
      program("tensor<4xf32>", "%0 = stablehlo.sqrt %arg0 : (tensor<4xf32>) -> tensor<4xf64>"),
      "operand and result must have compatible types, but tensor<4xf32> and tensor<4xf64>");
  expect_error(
      program("tensor<4xf32>", "%0 = stablehlo.tanh %arg0 : (tensor<4xf32>) -> tensor<5xf32>"),
      "operand and result must have compatible types");
}

TEST(ElementwiseUnary, AbsOfComplexGivesItsPart) {
  expect_error(program("tensor<2xcomplex<f64>>",
                       "%0 = stablehlo.abs %arg0 : (tensor<2xcomplex<f64>>) -> tensor<2xf32>"),
               "result element type must be f64 for an operand of type tensor<2xcomplex<f64>>");
}

TEST(ElementwiseUnary, RealKeepsTheShape) {
  expect_error(program("tensor<2xcomplex<f32>>",
                       "%0 = stablehlo.real %arg0 : (tensor<2xcomplex<f32>>) -> tensor<3xf32>"),
               "operand and result must have the same shape");
}

TEST(ElementwiseUnary, IsFiniteGivesBooleans) {
  expect_error(
      program("tensor<2xf32>", "%0 = stablehlo.is_finite %arg0 : (tensor<2xf32>) -> tensor<2xi32>"),
      "result must be a tensor of i1, but is tensor<2xi32>");
  expect_error(
      program("tensor<2xi32>", "%0 = stablehlo.is_finite %arg0 : (tensor<2xi32>) -> tensor<2xi1>"),
      "operand must be a tensor of float or quantized type");
}

TEST(ElementwiseUnary, SingleTypeMustBeTheOperands) {
  expect_error(program("tensor<4xf32>", "%0 = stablehlo.sine %arg0 : tensor<4xf64>"),
               "use of value expects type 'tensor<4xf64>'");
}

}  // namespace
}  // namespace kiln
