// The interpreter's dense value slots: values captured by nested regions stay alive until the
// op holding the region has run, each value is dropped after its last reader, and a plan is
// built once per region however often it runs.
#include "interp/region_plan.h"

#include <cmath>

#include "interp/elementwise_chain.h"

#include <gtest/gtest.h>

#include "tests/unit/interp/interp_test_helpers.h"

namespace kiln::interp {
namespace {

using testing::parse_verified;
using testing::run_one;

Tensor scalar_f32(float v) {
  Tensor t = *Tensor::allocate(ir::Type::tensor({}, ir::ElementKind::kF32));
  t.data<float>()[0] = v;
  return t;
}

// %x is last read inside the while body, three levels below its definition.
constexpr const char* kCapturedInLoop = R"(
func.func @main(%a: tensor<f32>) -> tensor<f32> {
  %x = stablehlo.add %a, %a : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %zero, %acc = %a) : tensor<i32>, tensor<f32>
  cond {
    %n = stablehlo.constant dense<1000> : tensor<i32>
    %c = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %one : tensor<i32>
    %t = stablehlo.add %acc, %x : tensor<f32>
    %u = stablehlo.multiply %t, %t : tensor<f32>
    %v = stablehlo.sqrt %u : tensor<f32>
    stablehlo.return %j, %v : tensor<i32>, tensor<f32>
  }
  func.return %r#1 : tensor<f32>
}
)";

TEST(RegionPlan, ValuesCapturedByLoopBodiesLiveThroughTheLoop) {
  Tensor r = run_one(kCapturedInLoop, {scalar_f32(0.25f)});
  ASSERT_EQ(r.num_elements(), 1);
  float want = 0.25f;
  for (int i = 0; i < 1000; ++i) {
    float t = want + 0.5f;
    want = std::sqrt(t * t);
  }
  EXPECT_EQ(r.data<float>()[0], want);
}

TEST(RegionPlan, ValuesAreReleasedAfterTheirLastReader) {
  auto module = parse_verified(kCapturedInLoop);
  ASSERT_NE(module, nullptr);
  const ir::Block& block = module->lookup_function("main")->region(0).front();
  auto plan = plan_block(block, false);
  ASSERT_EQ(plan->steps.size(), 4u);
  // %a (slot 0) is last read by the while (step 2), as is %x (slot 1) through its body, and
  // %zero (slot 2); %r#1 goes to the terminator and is never released.
  auto released = [&](uint32_t s) {
    const PlanStep& step = plan->steps[s];
    return std::vector<uint32_t>(plan->releases.begin() + step.releases_begin,
                                 plan->releases.begin() + step.releases_end);
  };
  EXPECT_EQ(released(0), std::vector<uint32_t>{});
  EXPECT_EQ(released(1), std::vector<uint32_t>{});
  EXPECT_EQ(released(2), (std::vector<uint32_t>{0, 1, 2, 3}));
  EXPECT_EQ(released(3), std::vector<uint32_t>{});
}

TEST(RegionPlan, ScalarChainsInLoopBodiesAreFused) {
  auto module = parse_verified(kCapturedInLoop);
  ASSERT_NE(module, nullptr);
  const ir::Operation& loop = *module->lookup_function("main")->region(0).front().operations()[2];
  auto body = plan_block(loop.region(1).front(), true);
  // %t reads %x of the enclosing function, which chains do not take as inputs: it ends the run
  // that %j starts, alone; multiply and sqrt of rank-0 values form the chain.
  ASSERT_EQ(body->chains.size(), 1u);
  EXPECT_EQ(body->chains[0]->ops.size(), 2u);
}

}  // namespace
}  // namespace kiln::interp
