// stablehlo.select: its `pred, value` and functional type forms round-trip and its verifier
// rejects bad predicates and mismatched branches, with located errors.
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

std::string select(const std::string& pred, const std::string& value, const std::string& op) {
  return "func.func @main(%arg0: " + pred + ", %arg1: " + value + ", %arg2: tensor<?xf32>) {\n  " +
         op + "\n  return\n}\n";
}

TEST(Select, RoundTripsBothTypeForms) {
  expect_round_trip(R"(
func.func @main(%arg0: tensor<i1>, %arg1: tensor<4xi1>, %arg2: tensor<4xf32>, %arg3: tensor<?xf32>) -> tensor<4xf32> {
  %0 = stablehlo.select %arg0, %arg2, %arg2 : tensor<i1>, tensor<4xf32>
  %1 = stablehlo.select %arg1, %arg2, %arg3 : (tensor<4xi1>, tensor<4xf32>, tensor<?xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
})",
                    {"stablehlo.select %arg0, %arg2, %arg2 : tensor<i1>, tensor<4xf32>",
                     "stablehlo.select %arg1, %arg2, %arg3 : (tensor<4xi1>, tensor<4xf32>, "
                     "tensor<?xf32>) -> tensor<4xf32>"});
}

TEST(Select, PredicateIsBoolean) {
  expect_error(select("tensor<i32>", "tensor<4xf32>",
                      "%0 = stablehlo.select %arg0, %arg1, %arg1 : tensor<i32>, tensor<4xf32>"),
               "'stablehlo.select' op pred must be a tensor of boolean type, but is tensor<i32>");
}

TEST(Select, PredicateIsScalarOrOfTheValueShape) {
  expect_error(select("tensor<2xi1>", "tensor<4xf32>",
                      "%0 = stablehlo.select %arg0, %arg1, %arg1 : tensor<2xi1>, tensor<4xf32>"),
               "pred must be a scalar or have the shape of on_true, but is tensor<2xi1>");
}

TEST(Select, BranchesMustAgree) {
  expect_error(select("tensor<i1>", "tensor<4xf32>",
                      "%0 = stablehlo.select %arg0, %arg1, %arg2 : (tensor<i1>, tensor<4xf32>, "
                      "tensor<?xf32>) -> tensor<4xf64>"),
               "on_true and result must have compatible types");
  expect_error(R"(func.func @main(%arg0: tensor<i1>, %arg1: tensor<4xf32>, %arg2: tensor<4xi32>) {
  %0 = stablehlo.select %arg0, %arg1, %arg2 : (tensor<i1>, tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  return
})",
               "on_true and on_false must have compatible types");
}

TEST(Select, ShortFormNeedsTwoTypes) {
  expect_error(select("tensor<i1>", "tensor<4xf32>",
                      "%0 = stablehlo.select %arg0, %arg1, %arg1 : tensor<i1>"),
               "',' between the predicate and the value types");
}

}  // namespace
}  // namespace kiln
