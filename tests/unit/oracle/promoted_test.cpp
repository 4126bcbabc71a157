// The promoted reference: a bf16 / f16 / f32 program computed in f64, and a backend's float
// outputs judged by how close they come to it next to the interpreter's.
#include "oracle/promoted.h"

#include <gtest/gtest.h>

#include "frontend/parser.h"
#include "interp/scalar_types.h"
#include "oracle/reference.h"

namespace kiln::oracle {
namespace {

using Bf16 = interp::NarrowFloat<ir::ElementKind::kBF16>;

std::unique_ptr<ir::Module> parse(const std::string& text) {
  auto module = frontend::parse_module_text(text);
  EXPECT_TRUE(module.ok()) << module.error().message();
  return module.ok() ? std::move(*module) : nullptr;
}

// A bf16 tensor of `n` elements, all `value`.
interp::Tensor filled_bf16(int64_t n, double value) {
  auto t = interp::Tensor::allocate(ir::Type::tensor({n}, ir::ElementKind::kBF16));
  EXPECT_TRUE(t.ok());
  for (int64_t i = 0; i < n; ++i) t->data<Bf16>()[i] = Bf16(value);
  return std::move(*t);
}

// The sum of 4096 ones in bf16: the interpreter, rounding after every add, stops at 256 (257
// is not a bf16); the program in f64 gives 4096.
const char* kSum = R"(
func.func @main(%a: tensor<4096xbf16>) -> tensor<bf16> {
  %zero = stablehlo.constant dense<0.0> : tensor<bf16>
  %0 = stablehlo.reduce(%a init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<4096xbf16>, tensor<bf16>) -> tensor<bf16>
  return %0 : tensor<bf16>
}
)";

TEST(OraclePromoted, TheProgramRunsInF32) {
  auto module = parse(kSum);
  ASSERT_TRUE(module);
  auto promoted = promote_floats(*module);
  ASSERT_TRUE(promoted.ok()) << promoted.error().message();
  auto exact = promoted_reference_run(*module, {filled_bf16(4096, 1.0)});
  ASSERT_TRUE(exact.ok()) << exact.error().message();
  ASSERT_EQ(exact->size(), 1u);
  EXPECT_EQ((*exact)[0].element().kind(), ir::ElementKind::kF64);
  EXPECT_EQ((*exact)[0].data<double>()[0], 4096.0);
  auto want = reference_run(*module, {filled_bf16(4096, 1.0)});
  ASSERT_TRUE(want.ok());
  EXPECT_EQ(interp::to_double((*want)[0].data<Bf16>()[0]), 256.0);
}

TEST(OraclePromoted, AResultCloserThanTheInterpreterPasses) {
  auto module = parse(kSum);
  ASSERT_TRUE(module);
  auto inputs = std::vector<interp::Tensor>{filled_bf16(4096, 1.0)};
  auto want = reference_run(*module, inputs);
  auto exact = promoted_reference_run(*module, inputs);
  ASSERT_TRUE(want.ok() && exact.ok());
  // A backend summing in f32 and rounding once: 4096, far from the interpreter's 256.
  std::vector<interp::Tensor> got = {filled_bf16(1, 4096.0).with_type(want->at(0).type())};
  EXPECT_FALSE(compare_outputs(got, *want, default_tolerance).passed);
  PromotedReport report = compare_with_promoted(got, *want, *exact, default_tolerance);
  EXPECT_TRUE(report.passed) << report.message();
  ASSERT_EQ(report.widened.size(), 1u);
  EXPECT_EQ(report.widened[0].got_max, 0.0);
  EXPECT_EQ(report.widened[0].want_max, 3840.0);
}

// 100000 times 0.1 in f32: the interpreter's serial sum drifts to 9998.557; a backend summing in
// another order (a tree across threads) lands near 10000, outside the f32 tolerance of the
// interpreter's answer but closer to the program computed in f64.
TEST(OraclePromoted, AnF32SumInAnotherOrderPasses) {
  auto module = parse(R"(
func.func @main(%a: tensor<100000xf32>) -> tensor<f32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%a init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<100000xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
)");
  ASSERT_TRUE(module);
  auto a = interp::Tensor::allocate(ir::Type::tensor({100000}, ir::ElementKind::kF32));
  ASSERT_TRUE(a.ok());
  for (int i = 0; i < 100000; ++i) a->data<float>()[i] = 0.1f;
  std::vector<interp::Tensor> inputs = {*a};
  auto want = reference_run(*module, inputs);
  auto exact = promoted_reference_run(*module, inputs);
  ASSERT_TRUE(want.ok() && exact.ok());
  auto got = interp::Tensor::allocate(want->at(0).type());
  ASSERT_TRUE(got.ok());
  got->data<float>()[0] = static_cast<float>(exact->at(0).data<double>()[0]);
  EXPECT_FALSE(compare_outputs({*got}, *want, default_tolerance).passed);
  ProgramVerdict verdict = judge_program_outputs(*module, inputs, {*got}, *want, default_tolerance);
  EXPECT_TRUE(verdict.passed) << verdict.message;
  EXPECT_TRUE(verdict.by_promoted);
  // Off by ten times the interpreter's error: fails.
  got->data<float>()[0] = 10000.0f + 10 * (10000.0f - want->at(0).data<float>()[0]);
  EXPECT_FALSE(judge_program_outputs(*module, inputs, {*got}, *want, default_tolerance).passed);
}

// Element-wise bf16 ops: the interpreter is exact to an ulp, so a result off by more fails.
const char* kScale = R"(
func.func @main(%a: tensor<64xbf16>) -> (tensor<64xbf16>, tensor<64xi32>) {
  %0 = stablehlo.multiply %a, %a : tensor<64xbf16>
  %1 = stablehlo.convert %a : (tensor<64xbf16>) -> tensor<64xi32>
  return %0, %1 : tensor<64xbf16>, tensor<64xi32>
}
)";

TEST(OraclePromoted, AResultFartherThanTheInterpreterFails) {
  auto module = parse(kScale);
  ASSERT_TRUE(module);
  std::vector<interp::Tensor> inputs = {filled_bf16(64, 3.0)};
  inputs[0].data<Bf16>()[5] = Bf16(1.5);
  auto want = reference_run(*module, inputs);
  auto exact = promoted_reference_run(*module, inputs);
  ASSERT_TRUE(want.ok() && exact.ok());
  EXPECT_TRUE(compare_with_promoted(*want, *want, *exact, default_tolerance).passed);
  auto off = interp::Tensor::allocate(want->at(0).type());
  ASSERT_TRUE(off.ok());
  std::copy(want->at(0).raw(), want->at(0).raw() + off->size_bytes(), off->raw());
  off->data<Bf16>()[7] = Bf16(10.0);  // 9 exactly
  std::vector<interp::Tensor> got = {*off, want->at(1)};
  PromotedReport report = compare_with_promoted(got, *want, *exact, default_tolerance);
  EXPECT_FALSE(report.passed);
  EXPECT_NE(report.message().find("max error 1 (the interpreter's 0)"), std::string::npos)
      << report.message();
}

TEST(OraclePromoted, OtherTypesCompareAsUsual) {
  auto module = parse(kScale);
  ASSERT_TRUE(module);
  std::vector<interp::Tensor> inputs = {filled_bf16(64, 2.0)};
  auto want = reference_run(*module, inputs);
  auto exact = promoted_reference_run(*module, inputs);
  ASSERT_TRUE(want.ok() && exact.ok());
  auto wrong = interp::Tensor::allocate(want->at(1).type());
  ASSERT_TRUE(wrong.ok());
  for (int i = 0; i < 64; ++i) wrong->data<int32_t>()[i] = 3;
  PromotedReport report =
      compare_with_promoted({want->at(0), *wrong}, *want, *exact, default_tolerance);
  EXPECT_FALSE(report.passed);
  EXPECT_FALSE(report.other.passed);
}

TEST(OraclePromoted, ABitcastOfANarrowFloatCannotBePromoted) {
  auto module = parse(R"(
func.func @main(%a: tensor<4xbf16>) -> tensor<4xi16> {
  %0 = stablehlo.bitcast_convert %a : (tensor<4xbf16>) -> tensor<4xi16>
  return %0 : tensor<4xi16>
}
)");
  ASSERT_TRUE(module);
  auto promoted = promote_floats(*module);
  ASSERT_FALSE(promoted.ok());
  EXPECT_EQ(promoted.error().kind(), ErrorKind::kInvalidArgument);
  EXPECT_NE(promoted.error().message().find("does not stay valid in f64"), std::string::npos);
}

}  // namespace
}  // namespace kiln::oracle
