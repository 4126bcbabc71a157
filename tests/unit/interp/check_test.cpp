// The check dialect in the interpreter: failures are recorded with expected and actual values
// and reported by `kiln check`; the custom_call checks of JAX test data.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "frontend/parser.h"
#include "interp/interpreter.h"
#include "interp/ops/check.h"
#include "ir/verifier.h"
#include "tools/kiln/commands.h"

namespace kiln::interp {
namespace {

// Runs @main of `text` and returns the recorded check failures' messages.
std::vector<std::string> failures_of(const std::string& text) {
  auto module = frontend::parse_module_text(text, "check_test.mlir");
  EXPECT_TRUE(module.ok()) << module.error().message();
  if (!module.ok()) return {"<parse error>"};
  EXPECT_TRUE(ir::verify(**module).ok());
  Interpreter in(**module);
  auto result = in.run("main", {});
  EXPECT_TRUE(result.ok()) << result.error().message();
  std::vector<std::string> out;
  for (const auto& f : in.check_failures) out.push_back(f.message);
  return out;
}

TEST(InterpCheck, FailingExpectEqConstReportsExpectedAndActual) {
  auto failures = failures_of(R"(
    func.func @main() {
      %a = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
      check.expect_eq_const %a, dense<[1, 5, 3]> : tensor<3xi32>
      func.return
    })");
  ASSERT_EQ(failures.size(), 1u);
  EXPECT_NE(failures[0].find("dense<[1, 5, 3]>"), std::string::npos) << failures[0];
  EXPECT_NE(failures[0].find("dense<[1, 2, 3]>"), std::string::npos) << failures[0];
  EXPECT_NE(failures[0].find("at [1]: actual 2 vs expected 5"), std::string::npos) << failures[0];
}

TEST(InterpCheck, KeepsGoingAfterAFailure) {
  auto failures = failures_of(R"(
    func.func @main() {
      %a = stablehlo.constant dense<1.0> : tensor<f32>
      check.expect_eq_const %a, dense<2.0> : tensor<f32>
      check.expect_eq_const %a, dense<1.0> : tensor<f32>
      check.expect_eq_const %a, dense<3.0> : tensor<f32>
      func.return
    })");
  EXPECT_EQ(failures.size(), 2u);
}

TEST(InterpCheck, NanDiffersFromNumberAndInfinity) {
  auto failures = failures_of(R"(
    func.func @main() {
      %a = stablehlo.constant dense<[0x7FC00000, 0x7F800000]> : tensor<2xf32>
      check.expect_eq_const %a, dense<[1.0, 0xFF800000]> : tensor<2xf32>
      check.expect_almost_eq_const %a, dense<[1.0, 3.4e38]> : tensor<2xf32>
      func.return
    })");
  ASSERT_EQ(failures.size(), 2u);
  EXPECT_NE(failures[0].find("2 of 2"), std::string::npos) << failures[0];
}

TEST(InterpCheck, AlmostEqRespectsToleranceAndSign) {
  auto failures = failures_of(R"(
    func.func @main() {
      %a = stablehlo.constant dense<[5.0, 1.0e-5]> : tensor<2xf64>
      check.expect_almost_eq_const %a, dense<[5.001, 1.0e-5]> : tensor<2xf64>
      check.expect_almost_eq_const %a, dense<[5.0, -1.0e-5]> : tensor<2xf64> {tolerance = 0.1 : f64}
      func.return
    })");
  EXPECT_EQ(failures.size(), 2u);
}

TEST(InterpCheck, ExpectCloseCountsUlps) {
  auto failures = failures_of(R"(
    func.func @main() {
      %a = stablehlo.constant dense<1.0> : tensor<f32>
      %b = stablehlo.constant dense<1.00000024> : tensor<f32>
      check.expect_close %a, %b, max_ulp_difference = 1 : tensor<f32>, tensor<f32>
      check.expect_close %a, %b, max_ulp_difference = 2 : tensor<f32>, tensor<f32>
      check.expect_close %a, %a, max_ulp_difference = 2, min_ulp_difference = 1 :
          tensor<f32>, tensor<f32>
      func.return
    })");
  ASSERT_EQ(failures.size(), 2u);
  EXPECT_NE(failures[0].find("(2 ulps)"), std::string::npos) << failures[0];
}

TEST(InterpCheck, SerializedEqWithoutProbeValueFails) {
  auto failures = failures_of(R"(
    func.func @main() {
      %a = stablehlo.constant dense<1> : tensor<i32>
      %p = interpreter.probe %a, probe_id = "x" : tensor<i32>
      check.expect_serialized_eq %a, probe_id = "x", iter = 1 : tensor<i32>
      check.expect_serialized_eq %a, probe_id = "y" : tensor<i32>
      func.return
    })");
  EXPECT_EQ(failures.size(), 2u);
}

TEST(InterpCheck, CustomCallChecks) {
  auto module = frontend::parse_module_text(R"(
    func.func @main() {
      %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
      %b = stablehlo.constant dense<[1.00001, 2.5]> : tensor<2xf32>
      %r = stablehlo.custom_call @check.eq(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<i1>
      func.return
    })", "custom.mlir");
  ASSERT_TRUE(module.ok()) << module.error().message();
  const ir::Operation* main = (*module)->lookup_function("main");
  const ir::Operation* call = nullptr;
  for (const auto& op : main->region(0).front().operations()) {
    if (op->name() == "stablehlo.custom_call") call = op.get();
  }
  ASSERT_NE(call, nullptr);
  Interpreter in(**module);
  auto a = Tensor::allocate(ir::Type::tensor({2}, ir::ElementKind::kF32));
  auto b = Tensor::allocate(ir::Type::tensor({2}, ir::ElementKind::kF32));
  a->data<float>()[0] = 1.0f;
  a->data<float>()[1] = 2.0f;
  b->data<float>()[0] = 1.00001f;
  b->data<float>()[1] = 2.0f;
  std::vector<RuntimeValue> args{*a, *b};
  auto pass = run_check_custom_call(in, *call, args);
  ASSERT_TRUE(pass.ok()) << pass.error().message();
  EXPECT_TRUE((*pass)[0].tensor().data<bool>()[0]);
  EXPECT_TRUE(in.check_failures.empty());
  b->data<float>()[1] = 2.5f;
  auto fail = run_check_custom_call(in, *call, args);
  ASSERT_TRUE(fail.ok());
  EXPECT_FALSE((*fail)[0].tensor().data<bool>()[0]);
  ASSERT_EQ(in.check_failures.size(), 1u);
  EXPECT_NE(in.check_failures[0].message.find("@check.eq"), std::string::npos);
}

TEST(InterpCheck, KilnCheckReportsFailWithExpectedAndActual) {
  auto path = std::filesystem::temp_directory_path() / "kiln_check_test_failing.mlir";
  std::ofstream(path) << R"(func.func @main() {
  %a = stablehlo.constant dense<[1.5, 2.5]> : tensor<2xf32>
  check.expect_eq_const %a, dense<[1.5, 3.5]> : tensor<2xf32>
  func.return
}
)";
  ::testing::internal::CaptureStdout();
  int status = tools::run_check({.file = path.string(), .split = true});
  std::string out = ::testing::internal::GetCapturedStdout();
  std::filesystem::remove(path);
  EXPECT_EQ(status, 1);
  EXPECT_NE(out.find("FAIL"), std::string::npos) << out;
  EXPECT_NE(out.find("expected: dense<[1.500000e+00, 3.500000e+00]>"), std::string::npos) << out;
  EXPECT_NE(out.find("actual 2.5"), std::string::npos) << out;
  EXPECT_NE(out.find("0 passed, 1 failed"), std::string::npos) << out;
}

}  // namespace
}  // namespace kiln::interp
