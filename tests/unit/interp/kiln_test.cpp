// The kiln dialect on the interpreter: kiln.fusion and the named composites run their region on
// the values they are given (arguments, not only constants), nested in each other; an
// unverified op without its region is a located error, not a crash.
#include "tests/unit/interp/interp_test_helpers.h"

namespace kiln::interp {
namespace {

using testing::run_one;

Tensor f32_vector(std::initializer_list<float> values) {
  auto t = Tensor::allocate(ir::Type::tensor({static_cast<int64_t>(values.size())},
                                             ir::ElementKind::kF32));
  EXPECT_TRUE(t.ok());
  float* out = t->data<float>();
  for (float v : values) *out++ = v;
  return std::move(*t);
}

TEST(InterpKiln, FusionRunsItsBodyOnTheArguments) {
  Tensor r = run_one(R"(func.func @main(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  %0 = kiln.fusion "loop" (%b, %a) ({
  ^bb0(%x: tensor<3xf32>, %y: tensor<3xf32>):
    %d = stablehlo.subtract %x, %y : tensor<3xf32>
    %m = stablehlo.multiply %d, %d : tensor<3xf32>
    stablehlo.return %m : tensor<3xf32>
  }) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
)",
                     {f32_vector({1.0f, 2.0f, -3.0f}), f32_vector({4.0f, 2.0f, 0.5f})});
  ASSERT_EQ(r.num_elements(), 3);
  EXPECT_EQ(r.data<float>()[0], 9.0f);
  EXPECT_EQ(r.data<float>()[1], 0.0f);
  EXPECT_EQ(r.data<float>()[2], 12.25f);
}

TEST(InterpKiln, CompositeInsideAFusionRunsItsDecomposition) {
  Tensor r = run_one(R"(func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = kiln.fusion "loop" (%a) ({
  ^bb0(%x: tensor<2xf32>):
    %s = kiln.silu(%x) {config = {approximate = false}} ({
    ^bb0(%y: tensor<2xf32>):
      %sig = stablehlo.logistic %y : tensor<2xf32>
      %p = stablehlo.multiply %y, %sig : tensor<2xf32>
      stablehlo.return %p : tensor<2xf32>
    }) : (tensor<2xf32>) -> tensor<2xf32>
    stablehlo.return %s : tensor<2xf32>
  }) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
)",
                     {f32_vector({0.0f, 2.0f})});
  ASSERT_EQ(r.num_elements(), 2);
  EXPECT_EQ(r.data<float>()[0], 0.0f);
  EXPECT_NEAR(r.data<float>()[1], 1.7615942f, 1e-6f);
}

TEST(InterpKiln, UnverifiedOpWithoutItsRegionIsALocatedError) {
  auto module = frontend::parse_module_text(R"(func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "kiln.attention"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
)",
                                            "unverified.mlir");
  ASSERT_TRUE(module.ok()) << module.error().message();
  Interpreter in(**module);
  auto result = in.run("main", {f32_vector({1.0f, 2.0f})});
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.error().message().find("unverified.mlir:2:8: error: 'kiln.attention' "
                                          "needs one region holding its body"),
            std::string::npos)
      << result.error().message();
}

}  // namespace
}  // namespace kiln::interp
