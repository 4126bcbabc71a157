// The kiln dialect: kiln.fusion and the named composites round-trip in their pretty form, are
// found by identity through kiln_ops.h, and stay isolated from above when built by a rewrite.
#include "ir/ops/kiln_ops.h"
#include "ir/rewriter.h"
#include "tests/unit/ir/edit_test_util.h"
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_error;
using testing::expect_round_trip;

constexpr const char* kLoopFusion = R"(func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0:2 = kiln.fusion "loop" (%a, %b) ({
  ^bb0(%x: tensor<4xf32>, %y: tensor<4xf32>):
    %m = stablehlo.multiply %x, %y : tensor<4xf32>
    %n = stablehlo.negate %m : tensor<4xf32>
    stablehlo.return %m, %n : tensor<4xf32>, tensor<4xf32>
  }) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xf32>
}
)";

TEST(KilnFusion, RoundTripsInThePrettyForm) {
  expect_round_trip(kLoopFusion,
                    {"%0:2 = kiln.fusion \"loop\" (%arg0, %arg1) ({\n"
                     "    ^bb0(%arg2: tensor<4xf32>, %arg3: tensor<4xf32>):\n",
                     "stablehlo.return %1, %2 : tensor<4xf32>, tensor<4xf32>\n    }) : "
                     "(tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)"});
}

TEST(KilnFusion, GenericFormPrintsPretty) {
  expect_round_trip(R"(func.func @main(%a: tensor<f32>) -> tensor<f32> {
  %0 = "kiln.fusion"(%a) <{kind = "input"}> ({
  ^bb0(%x: tensor<f32>):
    stablehlo.return %x : tensor<f32>
  }) {note = 1 : i32} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
)",
                    {"%0 = kiln.fusion \"input\" (%arg0) {note = 1 : i32} ({"});
}

TEST(KilnFusion, RoundTripsWithoutOperands) {
  expect_round_trip(testing::one_op("", R"(%0 = kiln.fusion "horizontal" () ({
    %c = stablehlo.constant dense<1> : tensor<i32>
    stablehlo.return %c : tensor<i32>
  }) : () -> tensor<i32>)"),
                    {"kiln.fusion \"horizontal\" () ({\n      %1 = stablehlo.constant"});
}

TEST(KilnFusion, RejectsUnknownKind) {
  expect_error(testing::one_op("%a: tensor<f32>", R"(%0 = kiln.fusion "vertical" (%a) ({
  ^bb0(%x: tensor<f32>):
    stablehlo.return %x : tensor<f32>
  }) : (tensor<f32>) -> tensor<f32>)"),
               "kind \"vertical\" must be one of \"loop\", \"input\", \"multi_output\", "
               "\"horizontal\"");
}

TEST(KilnComposite, RoundTripsWithConfig) {
  expect_round_trip(testing::one_op("%a: tensor<2x8xf32>", R"(%0 = kiln.rms_norm(%a) {config = {axis = 1 : i64, epsilon = 1.0e-06 : f32}} ({
  ^bb0(%x: tensor<2x8xf32>):
    stablehlo.return %x : tensor<2x8xf32>
  }) : (tensor<2x8xf32>) -> tensor<2x8xf32>)"),
                    {"%0 = kiln.rms_norm(%arg0) {config = {axis = 1 : i64, epsilon = "
                     "1.000000e-06 : f32}} ({\n    ^bb0(%arg1: tensor<2x8xf32>):"});
}

TEST(KilnComposite, EveryNameIsARegisteredOpWithADecomposition) {
  for (std::string_view name : ir::kKilnCompositeNames) {
    const ir::OpInfo* info = ir::lookup_op(name);
    ASSERT_NE(info, nullptr) << name;
    EXPECT_EQ(info->regions, std::vector<std::string_view>{"decomposition"}) << name;
    EXPECT_TRUE(info->traits & ir::kIsolatedFromAbove) << name;
    const ir::AttrSpec* config = info->find_attr("config");
    ASSERT_NE(config, nullptr) << name;
    EXPECT_TRUE(config->optional) << name;
  }
}

TEST(KilnOps, QueriesByIdentity) {
  using ir::OpId;
  EXPECT_TRUE(ir::is_kiln_fusion(OpId::of("kiln.fusion")));
  EXPECT_FALSE(ir::is_kiln_composite(OpId::of("kiln.fusion")));
  EXPECT_TRUE(ir::is_kiln_op(OpId::of("kiln.fusion")));
  EXPECT_TRUE(ir::is_kiln_composite(OpId::of("kiln.softmax_cross_entropy")));
  EXPECT_EQ(ir::kiln_composite_of(OpId::of("kiln.attention")), ir::KilnComposite::kAttention);
  EXPECT_EQ(ir::kiln_composite_id(ir::KilnComposite::kRope), OpId::of("kiln.rope"));
  EXPECT_FALSE(ir::is_kiln_op(OpId::of("stablehlo.composite")));
  EXPECT_FALSE(ir::kiln_composite_of(OpId::of("kiln.unknown")).has_value());
}

TEST(KilnOps, FusionKindOfReadsTheAttribute) {
  auto m = ir::testing::parse(kLoopFusion);
  ASSERT_NE(m, nullptr);
  const ir::Operation* fusion = ir::testing::find_op(*m, "kiln.fusion");
  ASSERT_NE(fusion, nullptr);
  EXPECT_EQ(ir::fusion_kind_of(*fusion), ir::FusionKind::kLoop);
  EXPECT_FALSE(ir::fusion_kind_of(*ir::testing::find_op(*m, "stablehlo.negate")).has_value());
}

// A rewrite that leaves the body reading an outer value breaks isolation; the SSA verifier
// says so at the reading op.
TEST(KilnFusion, RewriteThatCapturesFromAboveIsRejected) {
  auto m = ir::testing::parse(ir::testing::kChain);
  ASSERT_NE(m, nullptr);
  ir::Rewriter rw(ir::testing::main_body(*m));
  auto w = rw.wrap_in_region(*ir::testing::find_op(*m, "stablehlo.add"),
                             *ir::testing::find_op(*m, "stablehlo.multiply"),
                             {.op = ir::kiln_fusion_id(),
                              .attributes = {{"kind", ir::StringAttr{"loop"}}},
                              .capture_as_arguments = false});
  ASSERT_TRUE(w.ok()) << w.error().message();
  Status s = ir::verify(*m);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message().find("is defined outside 'kiln.fusion', which is isolated from "
                                     "above"),
            std::string::npos)
      << s.error().message();
}

// What the fusion passes will do: wrap a range with its captures as operands; the module
// verifies and computes what it did before.
TEST(KilnFusion, WrappedRangeVerifiesAndRunsAsBefore) {
  auto m = ir::testing::parse(ir::testing::kChain);
  ASSERT_NE(m, nullptr);
  std::vector<std::vector<float>> before = ir::testing::run_main(*m);
  ir::Rewriter rw(ir::testing::main_body(*m));
  auto w = rw.wrap_in_region(*ir::testing::find_op(*m, "stablehlo.add"),
                             *ir::testing::find_op(*m, "stablehlo.negate"),
                             {.op = ir::kiln_fusion_id(),
                              .attributes = {{"kind", ir::StringAttr{"loop"}}}});
  ASSERT_TRUE(w.ok()) << w.error().message();
  Status s = ir::verify(*m);
  ASSERT_TRUE(s.ok()) << s.error().message();
  EXPECT_EQ(ir::testing::run_main(*m), before);
}

}  // namespace
}  // namespace kiln
