// Element-wise ops whose quantized operands and result have different scales and zero points:
// the spec allows it (add C2: quantized operands need only the same storage and expressed
// types), and dequantize_op_quantize dequantizes each operand with its own parameters. The
// verifier accepts them (baseline types) and still rejects operands of different storage types.
#include <gtest/gtest.h>

#include "frontend/parser.h"
#include "interp/interpreter.h"
#include "ir/verifier.h"

namespace kiln::interp {
namespace {

// a = [1, 2, -3, 5] (scale 0.5), b = [1, -1, 3, 0] (scale 0.25, zero point 1), then `op`
// into `result`; returns the result's stored integers.
std::vector<int8_t> run_mixed(const std::string& op, const std::string& result) {
  const std::string a = "tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>";
  const std::string b = "tensor<4x!quant.uniform<i8:f32, 2.500000e-01:1>>";
  const std::string text = "func.func @main() -> " + result + " {\n" +
                           "  %a = stablehlo.constant dense<[2, 4, -6, 10]> : " + a + "\n" +
                           "  %b = stablehlo.constant dense<[5, -3, 13, 1]> : " + b + "\n" +
                           "  %r = \"" + op + "\"(%a, %b) : (" + a + ", " + b + ") -> " + result +
                           "\n  func.return %r : " + result + "\n}\n";
  auto module = frontend::parse_module_text(text, "mixed.mlir");
  EXPECT_TRUE(module.ok()) << module.error().message();
  if (!module.ok()) return {};
  Status verified = ir::verify(**module);
  EXPECT_TRUE(verified.ok()) << verified.error().message();
  Interpreter in(**module);
  auto out = in.run("main", {});
  EXPECT_TRUE(out.ok()) << out.error().message();
  if (!out.ok()) return {};
  const Tensor& t = (*out)[0].tensor();
  return std::vector<int8_t>(t.data<int8_t>(), t.data<int8_t>() + t.num_elements());
}

TEST(QuantizedMixedScales, AddDequantizesEachOperandWithItsOwnScale) {
  // [2, 1, 0, 5] at scale 1, zero point -2.
  EXPECT_EQ(run_mixed("stablehlo.add", "tensor<4x!quant.uniform<i8:f32, 1.000000e+00:-2>>"),
            (std::vector<int8_t>{0, -1, -2, 3}));
}

TEST(QuantizedMixedScales, MultiplyIntoAThirdScale) {
  // [1, -2, -9, 0] at scale 0.5.
  EXPECT_EQ(run_mixed("stablehlo.multiply", "tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>"),
            (std::vector<int8_t>{2, -4, -18, 0}));
}

TEST(QuantizedMixedScales, MaximumComparesTheRealValues) {
  // [1, 2, 3, 5] at scale 0.25: the larger stored integer is not always the larger value.
  EXPECT_EQ(run_mixed("stablehlo.maximum", "tensor<4x!quant.uniform<i8:f32, 2.500000e-01>>"),
            (std::vector<int8_t>{4, 8, 12, 20}));
}

TEST(QuantizedMixedScales, DifferentStorageTypesAreRejected) {
  const std::string text =
      "func.func @main(%a: tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>,\n"
      "                %b: tensor<4x!quant.uniform<i16:f32, 5.000000e-01>>) {\n"
      "  %r = \"stablehlo.add\"(%a, %b) : (tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>,"
      " tensor<4x!quant.uniform<i16:f32, 5.000000e-01>>) ->"
      " tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>\n"
      "  func.return\n}\n";
  auto module = frontend::parse_module_text(text, "mixed.mlir");
  ASSERT_TRUE(module.ok()) << module.error().message();
  Status verified = ir::verify(**module);
  ASSERT_FALSE(verified.ok());
  EXPECT_NE(verified.error().message().find("mixed.mlir:3:8: error: 'stablehlo.add' op lhs and rhs must "
                                    "have compatible types"),
            std::string::npos)
      << verified.error().message();
}

}  // namespace
}  // namespace kiln::interp
