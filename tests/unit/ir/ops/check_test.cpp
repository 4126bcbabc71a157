// The check test dialect: its syntax round-trips (bare unsigned and f64 attributes
// included) and its verifiers reject mismatched types, with located errors.
#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

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
  EXPECT_TRUE(std::regex_search(error, std::regex("^test\\.mlir:[0-9]+:[0-9]+: error: "))) << error;
}

std::string one_op(const std::string& args, const std::string& op) {
  return "func.func @main(" + args + ") {\n  " + op + "\n  return\n}\n";
}

TEST(Check, RoundTripsEveryForm) {
  expect_round_trip(R"(
func.func @main(%a: tensor<2xf32>, %b: tensor<2xf32>, %i: tensor<2xi64>) {
  check.expect_eq %i, %i : tensor<2xi64>
  check.expect_eq_const %i, dense<[3, 4]> : tensor<2xi64>
  check.expect_almost_eq %a, %b, tolerance = 0.5 : tensor<2xf32>
  check.expect_almost_eq_const %a, dense<1.0> : tensor<2xf32>, tolerance = 1.0e-02
  check.expect_close %a, %b, max_ulp_difference = 4, min_ulp_difference = 1 : tensor<2xf32>, tensor<2xf32>
  check.expect_serialized_eq %i, probe_id = "p", iter = 7 : tensor<2xi64>
  return
})",
                    {"check.expect_eq %arg2, %arg2 : tensor<2xi64>",
                     "check.expect_eq_const %arg2, dense<[3, 4]> : tensor<2xi64>",
                     "check.expect_almost_eq %arg0, %arg1, tolerance = 5.000000e-01 : "
                     "tensor<2xf32>",
                     "tensor<2xf32>, tolerance = 1.000000e-02",
                     "max_ulp_difference = 4, min_ulp_difference = 1 : tensor<2xf32>, "
                     "tensor<2xf32>",
                     "check.expect_serialized_eq %arg2, probe_id = \"p\", iter = 7 : "
                     "tensor<2xi64>"});
}

TEST(Check, UlpBoundsAreUnsignedInGenericForm) {
  expect_round_trip(one_op("%a: tensor<f64>",
                           "check.expect_close %a, %a, max_ulp_difference = 2 : tensor<f64>, "
                           "tensor<f64>"),
                    {"max_ulp_difference = 2 :"});
  bool ok;
  auto module =
      frontend::parse_module_text(one_op("%a: tensor<f64>",
                                         "check.expect_close %a, %a, max_ulp_difference = 2 : "
                                         "tensor<f64>, tensor<f64>"),
                                  "test.mlir");
  ASSERT_TRUE(module.ok());
  ir::PrintOptions generic;
  generic.generic = true;
  std::string printed = ir::print_module(**module, generic);
  EXPECT_NE(printed.find("max_ulp_difference = 2 : ui64"), std::string::npos) << printed;
  (void)ok;
}

TEST(Check, ExpectEqNeedsSameTypes) {
  expect_error(
      one_op("%a: tensor<2xi32>, %b: tensor<2xi64>", "check.expect_eq %a, %b : tensor<2xi32>"),
      "lhs tensor<2xi32> and rhs tensor<2xi64> must have the same type");
}

TEST(Check, ExpectEqConstValueHasOperandType) {
  expect_error(one_op("%a: tensor<2xi32>", "check.expect_eq_const %a, dense<1> : tensor<3xi32>"),
               "value of type tensor<3xi32> must have the operand's type tensor<2xi32>");
}

TEST(Check, AlmostEqRejectsIntegers) {
  expect_error(one_op("%a: tensor<2xi32>", "check.expect_almost_eq %a, %a : tensor<2xi32>"),
               "lhs must be a tensor of floats or complex numbers");
}

TEST(Check, ToleranceIsNotNegative) {
  expect_error(one_op("%a: tensor<2xf32>",
                      "check.expect_almost_eq_const %a, dense<1.0> : tensor<2xf32>, tolerance = "
                      "-1.0"),
               "tolerance must not be negative");
}

TEST(Check, ExpectCloseBoundsOrdered) {
  expect_error(one_op("%a: tensor<2xf32>",
                      "check.expect_close %a, %a, max_ulp_difference = 1, min_ulp_difference = 3 "
                      ": tensor<2xf32>, tensor<2xf32>"),
               "min_ulp_difference 3 exceeds max_ulp_difference 1");
}

TEST(Check, ExpectCloseBoundIsInteger) {
  expect_error(one_op("%a: tensor<2xf32>",
                      "\"check.expect_close\"(%a, %a) <{max_ulp_difference = \"x\"}> : "
                      "(tensor<2xf32>, tensor<2xf32>) -> ()"),
               "max_ulp_difference must be an unsigned integer");
}

TEST(Check, SerializedEqNeedsProbeId) {
  expect_error(
      one_op("%a: tensor<2xf32>", "check.expect_serialized_eq %a, probe_id = \"\" : tensor<2xf32>"),
      "probe_id must not be empty");
}

}  // namespace
}  // namespace kiln
