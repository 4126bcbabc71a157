// stablehlo.bitcast_convert: equal, narrowing and widening bit casts round-trip; the verifier
// enforces the spec's shape rules for a change of bit width, with located errors.
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

std::string bitcast(const std::string& from, const std::string& to) {
  return "func.func @main(%arg0: " + from + ") {\n  %0 = stablehlo.bitcast_convert %arg0 : (" +
         from + ") -> " + to + "\n  return\n}\n";
}

TEST(BitcastConvert, RoundTripsEveryWidthChange) {
  expect_round_trip(R"(
func.func @main(%arg0: tensor<12xf32>, %arg1: tensor<2xui64>, %arg2: tensor<2x2xui32>) -> tensor<12xui32> {
  %0 = stablehlo.bitcast_convert %arg0 : (tensor<12xf32>) -> tensor<12xui32>
  %1 = stablehlo.bitcast_convert %arg1 : (tensor<2xui64>) -> tensor<2x2xui32>
  %2 = stablehlo.bitcast_convert %arg2 : (tensor<2x2xui32>) -> tensor<2xui64>
  %3 = stablehlo.bitcast_convert %arg0 : (tensor<12xf32>) -> tensor<12xf32>
  return %0 : tensor<12xui32>
})",
                    {"stablehlo.bitcast_convert %arg0 : (tensor<12xf32>) -> tensor<12xui32>",
                     "stablehlo.bitcast_convert %arg1 : (tensor<2xui64>) -> tensor<2x2xui32>",
                     "stablehlo.bitcast_convert %arg0 : (tensor<12xf32>) -> tensor<12xf32>"});
}

TEST(BitcastConvert, SameWidthKeepsTheShape) {
  expect_error(bitcast("tensor<4xf32>", "tensor<2xi32>"),
               "'stablehlo.bitcast_convert' op operand and result must have the same shape");
}

TEST(BitcastConvert, NarrowingAddsTheRatioDimension) {
  expect_error(bitcast("tensor<4xf64>", "tensor<4xf32>"),
               "must have rank one more than the other");
  expect_error(bitcast("tensor<4xf64>", "tensor<4x4xf32>"),
               "the minor dimension of tensor<4x4xf32> must be the bit-width ratio 2, but is 4");
  expect_error(bitcast("tensor<4xf64>", "tensor<3x2xf32>"),
               "dimension 0 differs between tensor<3x2xf32> and tensor<4xf64>");
}

TEST(BitcastConvert, WideningDropsTheRatioDimension) {
  expect_error(bitcast("tensor<4x2xui32>", "tensor<4x2xui64>"),
               "must have rank one more than the other");
}

TEST(BitcastConvert, RealAndComplexDoNotMix) {
  expect_error(bitcast("tensor<4xcomplex<f32>>", "tensor<4xf64>"),
               "cannot convert between real and complex types");
}

}  // namespace
}  // namespace kiln
