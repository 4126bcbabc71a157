// Literals of every element type parse, print and parse back to equal attributes: splats,
// nested lists, hex blobs, complex pairs, booleans, inf/nan bit patterns, quantized types.
#include <gtest/gtest.h>

#include "frontend/parser.h"
#include "ir/printer.h"

namespace kiln {
namespace {

// Wraps an attribute in a function's attribute dictionary, parses it and returns it.
ir::Attribute parse_attr(const std::string& attr_text, std::string* error = nullptr) {
  std::string text = "func.func @f() -> () attributes {a = " + attr_text + "} {\n  return\n}\n";
  auto module = frontend::parse_module_text(text, "literal.mlir");
  if (!module.ok()) {
    if (error) *error = module.error().message();
    return ir::UnitAttr{};
  }
  return *(*module)->functions()[0]->attr("a");
}

void expect_round_trip(const std::string& attr_text) {
  std::string error;
  ir::Attribute a = parse_attr(attr_text, &error);
  ASSERT_TRUE(error.empty()) << attr_text << "\n" << error;
  std::string printed = ir::to_string(a);
  ir::Attribute b = parse_attr(printed, &error);
  ASSERT_TRUE(error.empty()) << printed << "\n" << error;
  EXPECT_EQ(a, b) << attr_text << " printed as " << printed;
  EXPECT_EQ(printed, ir::to_string(b));
}

TEST(Literal, IntegersOfEveryWidth) {
  for (const char* t : {"i1", "i2", "i4", "i8", "i16", "i32", "i64", "ui2", "ui4", "ui8", "ui16",
                        "ui32", "ui64", "si8"}) {
    std::string type = std::string("tensor<2x") + t + ">";
    bool is_bool = std::string(t) == "i1";
    expect_round_trip(std::string("dense<") + (is_bool ? "[true, false]" : "[1, 0]") + "> : " + type);
  }
  expect_round_trip("dense<[-128, 127]> : tensor<2xi8>");
  expect_round_trip("dense<[0, 255]> : tensor<2xui8>");
  expect_round_trip("dense<[-9223372036854775808, 9223372036854775807]> : tensor<2xi64>");
  expect_round_trip("dense<18446744073709551615> : tensor<ui64>");
  expect_round_trip("dense<[-8, 7]> : tensor<2xi4>");
}

TEST(Literal, FloatsOfEveryFormat) {
  for (const char* t : {"f4E2M1FN", "f6E2M3FN", "f6E3M2FN", "f8E3M4", "f8E4M3", "f8E4M3FN",
                        "f8E4M3FNUZ", "f8E4M3B11FNUZ", "f8E5M2", "f8E5M2FNUZ", "bf16", "f16",
                        "f32", "f64"}) {
    expect_round_trip(std::string("dense<[1.5, -2.0, 0.25]> : tensor<3x") + t + ">");
  }
  expect_round_trip("dense<[0.5, 2.0]> : tensor<2xf8E8M0FNU>");
  expect_round_trip("dense<0.1> : tensor<4xf32>");
  expect_round_trip("dense<3.141592653589793> : tensor<f64>");
}

TEST(Literal, NonFiniteAsHexBits) {
  expect_round_trip("dense<[0x7FC00000, 0x7F800000, 0xFF800000, -0.0]> : tensor<4xf32>");
  expect_round_trip("dense<0x7FF8000000000001> : tensor<f64>");  // NaN payload kept
  expect_round_trip("dense<0x7C00> : tensor<bf16>");
  ir::Attribute a = parse_attr("dense<0x7FC00001> : tensor<f32>");
  EXPECT_EQ(a.get<ir::DenseElementsAttr>().element_bits(0), 0x7FC00001u);
}

TEST(Literal, ComplexPairs) {
  expect_round_trip("dense<[(1.0, -2.0), (0.5, 0.0)]> : tensor<2xcomplex<f32>>");
  expect_round_trip("dense<(1.0, 2.0)> : tensor<3xcomplex<f64>>");
}

TEST(Literal, SplatsNestedAndEmpty) {
  expect_round_trip("dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>");
  expect_round_trip("dense<7> : tensor<1000000x1000000xi32>");  // a splat stays one element
  expect_round_trip("dense<> : tensor<0xf32>");
  expect_round_trip("dense<[]> : tensor<0xf32>");
  expect_round_trip("dense<[[]]> : tensor<1x0xi32>");
  expect_round_trip("dense<5> : tensor<i32>");
}

TEST(Literal, HexBlobs) {
  expect_round_trip("dense<\"0x0000803F00000040\"> : tensor<2xf32>");
  ir::Attribute a = parse_attr("dense<\"0x0000803F00000040\"> : tensor<2xf32>");
  EXPECT_EQ(a.get<ir::DenseElementsAttr>().element_bits(1), 0x40000000u);
  // Large tensors print as hex and read back.
  std::string big = "dense<[";
  for (int i = 0; i < 100; ++i) big += (i ? ", " : "") + std::to_string(i);
  expect_round_trip(big + "]> : tensor<100xi32>");
}

TEST(Literal, ScalarsArraysAndStructured) {
  expect_round_trip("3 : i32");
  expect_round_trip("2.5 : f16");
  expect_round_trip("array<i64: 1, 2, 3>");
  expect_round_trip("array<i64>");
  expect_round_trip("array<i1: true, false>");
  expect_round_trip("\"quote \\\" and \\\\ and \\0A\"");
  expect_round_trip("[@f, @g::@h, unit, true]");
  expect_round_trip("{a, b = 1 : i64}");
  expect_round_trip("#stablehlo<comparison_direction GE>");
  expect_round_trip("#stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], "
                    "start_index_map = [0], index_vector_dim = 1>");
  expect_round_trip("#stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], "
                    "scatter_dims_to_operand_dims = [0], index_vector_dim = 1>");
  expect_round_trip("#stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0],"
                    " lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>");
  expect_round_trip("#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>");
  expect_round_trip("#stablehlo.channel_handle<handle = 1, type = 2>");
  expect_round_trip("#stablehlo.result_accuracy<atol = 1.0e-05, rtol = 0.0, ulps = 2, "
                    "mode = #stablehlo.result_accuracy_mode<TOLERANCE>>");
  expect_round_trip("#stablehlo.dot_algorithm<lhs_precision_type = tf32, rhs_precision_type = "
                    "tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count"
                    " = 1, num_primitive_operations = 3, allow_imprecise_accumulation = false>");
  expect_round_trip("#sdy.sharding<@mesh, [{\"x\"}, {}]>");
  expect_round_trip("tensor<2x?xf32, #stablehlo.bounds<?, 4>>");
  expect_round_trip("tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-3>>");
  expect_round_trip("tensor<2x!quant.uniform<i8<-127:127>:f32:0, {1.0:1, 2.0:-2}>>");
}

TEST(Literal, ConvDimsRawForm) {
  ir::Attribute a = parse_attr(
      "#stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, "
      "input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, "
      "kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], "
      "output_batch_dimension = 0, output_feature_dimension = 3, "
      "output_spatial_dimensions = [1, 2]>");
  EXPECT_EQ(a, parse_attr("#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>"));
}

// Typed integer scalars must be values of their type (fuzzer finding: `-76 : ui8` parsed and
// printed back as 18446744073709551540, which the parser then rejected).
TEST(Literal, TypedIntegersInRange) {
  expect_round_trip("255 : i8");  // signless: the unsigned spelling of a bit pattern
  expect_round_trip("-128 : i8");
  expect_round_trip("255 : ui8");
  expect_round_trip("-2 : si2");
  std::string error;
  parse_attr("1 : i1", &error);
  EXPECT_EQ(error, "");
  for (const char* bad : {"-76 : ui8", "256 : ui8", "256 : i8", "-129 : i8", "-1 : ui64", "-3 : si2",
                          "2 : i1"}) {
    parse_attr(bad, &error);
    EXPECT_NE(error.find("does not fit"), std::string::npos) << bad << ": " << error;
  }
}

// A 64-bit quantized storage type can never be narrower than its expressed float (the spec's
// C1); its default range overflowed (fuzzer finding: UBSan, negation of INT64_MIN).
TEST(Literal, QuantizedStorageOf64BitsRejected) {
  for (const char* t : {"i64", "ui64"}) {
    std::string error;
    parse_attr(std::string("tensor<4x!quant.uniform<") + t + ":f32, 5.000000e-01:-3>>", &error);
    EXPECT_NE(error.find("wider than 32 bits"), std::string::npos) << t << ": " << error;
  }
}

}  // namespace
}  // namespace kiln
