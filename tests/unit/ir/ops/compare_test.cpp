// stablehlo.compare: its syntax round-trips (with and without compare_type) and its
// verifier rejects mismatched operands and non-boolean results, with located errors.
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

std::string compare(const std::string& lhs, const std::string& rhs, const std::string& op) {
  return "func.func @main(%arg0: " + lhs + ", %arg1: " + rhs + ") {\n  " + op + "\n  return\n}\n";
}

TEST(Compare, RoundTripsWithAndWithoutType) {
  expect_round_trip(R"(
func.func @main(%arg0: tensor<16xf32>, %arg1: tensor<i32>) -> tensor<16xi1> {
  %0 = stablehlo.compare  LT, %arg0, %arg0,  FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
  %1 = stablehlo.compare  EQ, %arg1, %arg1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %2 = stablehlo.compare  NE, %arg1, %arg1,  SIGNED {some.attr} : (tensor<i32>, tensor<i32>) -> tensor<i1>
  return %0 : tensor<16xi1>
})",
                    {"stablehlo.compare LT, %arg0, %arg0, FLOAT : (tensor<16xf32>, "
                     "tensor<16xf32>) -> tensor<16xi1>",
                     "stablehlo.compare EQ, %arg1, %arg1 : (tensor<i32>, tensor<i32>) -> "
                     "tensor<i1>",
                     "stablehlo.compare NE, %arg1, %arg1, SIGNED {some.attr} :"});
}

TEST(Compare, OperandsMustAgree) {
  expect_error(compare("tensor<2xf32>", "tensor<2xi32>",
                       "%0 = stablehlo.compare LT, %arg0, %arg1 : (tensor<2xf32>, "
                       "tensor<2xi32>) -> tensor<2xi1>"),
               "'stablehlo.compare' op lhs and rhs must have compatible types");
}

TEST(Compare, ResultIsBoolean) {
  expect_error(compare("tensor<2xf32>", "tensor<2xf32>",
                       "%0 = stablehlo.compare LT, %arg0, %arg1 : (tensor<2xf32>, "
                       "tensor<2xf32>) -> tensor<2xi32>"),
               "result must be a tensor of boolean type, but is tensor<2xi32>");
}

TEST(Compare, ResultHasTheOperandShape) {
  expect_error(compare("tensor<2xf32>", "tensor<2xf32>",
                       "%0 = stablehlo.compare LT, %arg0, %arg1 : (tensor<2xf32>, "
                       "tensor<2xf32>) -> tensor<3xi1>"),
               "operands and result must have the same shape");
}

TEST(Compare, UnknownDirectionIsAParseError) {
  expect_error(compare("tensor<f32>", "tensor<f32>",
                       "%0 = stablehlo.compare XX, %arg0, %arg1 : (tensor<f32>, tensor<f32>) -> "
                       "tensor<i1>"),
               "XX");
}

}  // namespace
}  // namespace kiln
