// stablehlo.custom_call: a target without a defined meaning fails with a message naming it.
#include <gtest/gtest.h>

#include "frontend/parser.h"
#include "interp/interpreter.h"
#include "ir/verifier.h"

namespace kiln::interp {
namespace {

TEST(CustomCall, UnknownTargetIsNamedInTheError) {
  auto module = frontend::parse_module_text(R"(
func.func @main(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %r = stablehlo.custom_call @lapack_sgesdd_ffi(%x) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  func.return %r : tensor<2x2xf32>
})");
  ASSERT_TRUE(module.ok()) << module.error().message();
  ASSERT_TRUE(ir::verify(**module).ok());
  Interpreter in(**module);
  auto result = in.run("main", {*Tensor::allocate(ir::Type::tensor({2, 2}, ir::ElementKind::kF32))});
  ASSERT_FALSE(result.ok());
  const std::string& m = result.error().message();
  EXPECT_NE(m.find("custom_call target '@lapack_sgesdd_ffi' is not supported"), std::string::npos) << m;
  EXPECT_NE(m.find(":3:"), std::string::npos) << m;  // located at the op
}

TEST(CustomCall, ShardingThatChangesTheShapeIsAnError) {
  auto module = frontend::parse_module_text(R"(
func.func @main(%x: tensor<4xf32>) -> tensor<2xf32> {
  %r = stablehlo.custom_call @SPMDFullToShardShape(%x) {mhlo.sharding = "{devices=[2]<=[2]}"} : (tensor<4xf32>) -> tensor<2xf32>
  func.return %r : tensor<2xf32>
})");
  ASSERT_TRUE(module.ok()) << module.error().message();
  Interpreter in(**module);
  auto result = in.run("main", {*Tensor::allocate(ir::Type::tensor({4}, ir::ElementKind::kF32))});
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.error().message().find("SPMDFullToShardShape"), std::string::npos);
}

TEST(HostIo, InfeedIsUnsupported) {
  auto module = frontend::parse_module_text(R"(
func.func @main() -> tensor<2xf32> {
  %t = stablehlo.create_token : !stablehlo.token
  %r:2 = "stablehlo.infeed"(%t) {infeed_config = ""} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  func.return %r#0 : tensor<2xf32>
})");
  ASSERT_TRUE(module.ok()) << module.error().message();
  Interpreter in(**module);
  auto result = in.run("main", {});
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.error().message().find("host I/O"), std::string::npos);
}

}  // namespace
}  // namespace kiln::interp
