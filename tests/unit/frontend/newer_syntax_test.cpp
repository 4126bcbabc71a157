// What newer StableHLO prints and kiln reads: trailing commas in the structured attributes and
// chlo.scan's `attributes {...}`. Each form reads to the same IR as the older spelling.
#include <gtest/gtest.h>

#include "frontend/parser.h"
#include "ir/printer.h"
#include "ir/verifier.h"

namespace kiln {
namespace {

// The printed form of `text` after parsing and verifying, or the error.
std::string parse_and_print(const std::string& text) {
  auto module = frontend::parse_module_text(text, "input.mlir");
  if (!module.ok()) return module.error().message();
  Status verified = ir::verify(**module);
  if (!verified.ok()) return verified.error().message();
  return ir::print_module(**module);
}

constexpr const char* kGather = R"(
func.func @main(%arg0: tensor<3x4xf32>, %i: tensor<2x1xi32>) -> tensor<2x4xf32> {
  %0 = "stablehlo.gather"(%arg0, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1COMMA>, slice_sizes = array<i64: 1, 4>}> : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
)";

constexpr const char* kScatter = R"(
func.func @main(%x: tensor<3xf32>, %i: tensor<1x1xi32>, %u: tensor<1xf32>) -> tensor<3xf32> {
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1COMMA>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<3xf32>, tensor<1x1xi32>, tensor<1xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
)";

constexpr const char* kDot = R"(
func.func @main(%a: tensor<2x4xf32>, %b: tensor<3x4xf32>) -> tensor<2x3xf32> {
  %0 = "stablehlo.dot_general"(%a, %b) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]COMMA>}> : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
)";

std::string with_comma(std::string text, const std::string& comma) {
  size_t at = text.find("COMMA");
  return text.replace(at, 5, comma);
}

TEST(NewerSyntax, TrailingCommaInGatherDimensionNumbers) {
  std::string without = parse_and_print(with_comma(kGather, ""));
  ASSERT_NE(without.find("stablehlo.gather"), std::string::npos) << without;
  EXPECT_EQ(parse_and_print(with_comma(kGather, ",")), without);
}

TEST(NewerSyntax, TrailingCommaInScatterDimensionNumbers) {
  std::string without = parse_and_print(with_comma(kScatter, ""));
  ASSERT_NE(without.find("stablehlo.scatter"), std::string::npos) << without;
  EXPECT_EQ(parse_and_print(with_comma(kScatter, ",")), without);
}

TEST(NewerSyntax, TrailingCommaInDotDimensionNumbers) {
  std::string without = parse_and_print(with_comma(kDot, ""));
  ASSERT_NE(without.find("stablehlo.dot_general"), std::string::npos) << without;
  EXPECT_EQ(parse_and_print(with_comma(kDot, ",")), without);
}

TEST(NewerSyntax, TwoCommasAreStillAnError) {
  std::string message = parse_and_print(with_comma(kDot, ",,"));
  EXPECT_NE(message.find("input.mlir:3:"), std::string::npos) << message;
  EXPECT_NE(message.find("error: "), std::string::npos) << message;
}

// What MLIR prints for a scan with is_reverse (checked with jaxlib's parser and printer).
constexpr const char* kScan = R"(
func.func @main(%arg0: tensor<5x2xf64>, %arg1: tensor<4xf64>) -> (tensor<5x2xf64>, tensor<4xf64>) {
  %0:2 = chlo.scan(%arg0) inits (%arg1) dimension=0  attributes {is_reverse = true} {
  ^bb0(%input: tensor<2xf64>, %carry: tensor<4xf64>):
    %1 = stablehlo.add %carry, %carry : tensor<4xf64>
    stablehlo.return %input, %1 : tensor<2xf64>, tensor<4xf64>
  } : (tensor<5x2xf64>, tensor<4xf64>) -> (tensor<5x2xf64>, tensor<4xf64>)
  return %0#0, %0#1 : tensor<5x2xf64>, tensor<4xf64>
}
)";

TEST(NewerSyntax, ScanWithAttributesKeyword) {
  auto module = frontend::parse_module_text(kScan, "scan.mlir");
  ASSERT_TRUE(module.ok()) << module.error().message();
  ASSERT_TRUE(ir::verify(**module).ok());
  const std::string printed = ir::print_module(**module);
  EXPECT_NE(printed.find("attributes {is_reverse = true}"), std::string::npos) << printed;
  EXPECT_EQ(parse_and_print(printed), printed);
}

}  // namespace
}  // namespace kiln
