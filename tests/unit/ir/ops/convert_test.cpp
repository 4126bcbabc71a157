// stablehlo.convert: conversions between element types round-trip (an identity convert prints
// one type); the verifier rejects a change of shape, with a located error.
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

TEST(Convert, RoundTripsConversionsAndIdentity) {
  expect_round_trip(R"(
func.func @main(%arg0: tensor<12xf32>, %arg1: tensor<i32>) -> tensor<12xbf16> {
  %0 = stablehlo.convert %arg0 : (tensor<12xf32>) -> tensor<12xbf16>
  %1 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<complex<f32>>
  %2 = stablehlo.convert %arg1 : tensor<i32>
  %3 = stablehlo.convert %arg0 : (tensor<12xf32>) -> tensor<12xf32>
  return %0 : tensor<12xbf16>
})",
                    {"stablehlo.convert %arg0 : (tensor<12xf32>) -> tensor<12xbf16>",
                     "stablehlo.convert %arg1 : (tensor<i32>) -> tensor<complex<f32>>",
                     "stablehlo.convert %arg1 : tensor<i32>\n",
                     "stablehlo.convert %arg0 : tensor<12xf32>\n"});
}

TEST(Convert, KeepsTheShape) {
  expect_error(R"(func.func @main(%arg0: tensor<12xf32>) {
  %0 = stablehlo.convert %arg0 : (tensor<12xf32>) -> tensor<6xi32>
  return
})",
               "'stablehlo.convert' op operand and result must have the same shape, but "
               "tensor<12xf32> and tensor<6xi32> differ");
}

TEST(Convert, RejectsTokens) {
  expect_error(R"(func.func @main(%arg0: !stablehlo.token) {
  %0 = stablehlo.convert %arg0 : (!stablehlo.token) -> tensor<i32>
  return
})",
               "operand must be a tensor, but is !stablehlo.token");
}

}  // namespace
}  // namespace kiln
