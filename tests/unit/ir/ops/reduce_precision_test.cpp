// stablehlo.reduce_precision: the `format = eXmY` syntax round-trips; the verifier rejects
// non-float operands and out-of-range bit counts, with located errors.
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

TEST(ReducePrecision, RoundTripsTheFormat) {
  expect_round_trip(R"(
func.func @main(%arg0: tensor<6xf32>, %arg1: tensor<?xbf16>) -> tensor<6xf32> {
  %0 = stablehlo.reduce_precision %arg0, format = e5m10 : tensor<6xf32>
  %1 = stablehlo.reduce_precision %arg1, format = e8m0 : (tensor<?xbf16>) -> tensor<3xbf16>
  return %0 : tensor<6xf32>
})",
                    {"stablehlo.reduce_precision %arg0, format = e5m10 : tensor<6xf32>",
                     "stablehlo.reduce_precision %arg1, format = e8m0 : (tensor<?xbf16>) -> "
                     "tensor<3xbf16>"});
}

TEST(ReducePrecision, GenericFormPrintsPretty) {
  expect_round_trip(R"(
func.func @main(%arg0: tensor<f64>) {
  %0 = "stablehlo.reduce_precision"(%arg0) <{exponent_bits = 11 : i32, mantissa_bits = 52 : i32}> : (tensor<f64>) -> tensor<f64>
  return
})",
                    {"stablehlo.reduce_precision %arg0, format = e11m52 : tensor<f64>"});
}

TEST(ReducePrecision, RejectsIntegers) {
  expect_error(R"(func.func @main(%arg0: tensor<6xi32>) {
  %0 = stablehlo.reduce_precision %arg0, format = e5m10 : tensor<6xi32>
  return
})",
               "'stablehlo.reduce_precision' op operand must be a tensor of float or quantized "
               "type");
}

TEST(ReducePrecision, ExponentBitsArePositive) {
  expect_error(R"(func.func @main(%arg0: tensor<6xf32>) {
  %0 = stablehlo.reduce_precision %arg0, format = e0m10 : tensor<6xf32>
  return
})",
               "exponent_bits must be at least 1, but is 0");
}

TEST(ReducePrecision, MantissaBitsAreNotNegative) {
  expect_error(R"(func.func @main(%arg0: tensor<6xf32>) {
  %0 = "stablehlo.reduce_precision"(%arg0) <{exponent_bits = 5 : i32, mantissa_bits = -1 : i32}> : (tensor<6xf32>) -> tensor<6xf32>
  return
})",
               "mantissa_bits must be at least 0, but is -1");
}

TEST(ReducePrecision, MalformedFormatIsAParseError) {
  expect_error(R"(func.func @main(%arg0: tensor<6xf32>) {
  %0 = stablehlo.reduce_precision %arg0, format = f5m10 : tensor<6xf32>
  return
})",
               "expected a format like 'e5m10'");
}

}  // namespace
}  // namespace kiln
