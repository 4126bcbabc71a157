// Rewriter::wrap_in_region, the fusion step: a range of ops moves into a new op's region,
// with the values it reads captured and the values it defines for later ops returned.
#include <gtest/gtest.h>

#include "ir/rewriter.h"
#include "tests/unit/ir/edit_test_util.h"

namespace kiln::ir {
namespace {

using testing::find_op;
using testing::kChain;
using testing::main_body;
using testing::op_names;
using testing::parse;
using testing::run_main;

const OpId kFusion = OpId::of("kiln.fusion");

TEST(WrapInRegion, CapturesBecomeOperandsAndBlockArguments) {
  auto m = parse(kChain);
  Rewriter rw(main_body(*m));
  Operation* add = find_op(*m, "stablehlo.add");
  Operation* mul = find_op(*m, "stablehlo.multiply");
  auto wrapped = rw.wrap_in_region(*add, *mul, {.op = kFusion});
  ASSERT_TRUE(wrapped.ok()) << wrapped.error().message();
  Operation* w = *wrapped;
  Block& body = w->region(0).front();
  EXPECT_EQ(op_names(main_body(*m)),
            (std::vector<std::string>{"stablehlo.constant", "stablehlo.constant", "kiln.fusion",
                                      "stablehlo.negate", "func.return"}));
  EXPECT_EQ(op_names(body),
            (std::vector<std::string>{"stablehlo.add", "stablehlo.multiply", "stablehlo.return"}));
  ASSERT_EQ(w->num_operands(), 2u);  // c1, c2 in order of first use
  EXPECT_EQ(w->operand(0), main_body(*m).operations()[0]->result(0));
  EXPECT_EQ(w->operand(1), main_body(*m).operations()[1]->result(0));
  EXPECT_EQ(add->operand(0), body.argument(0));
  EXPECT_EQ(mul->operand(1), body.argument(0));
  EXPECT_EQ(body.argument(0)->num_uses(), 2u);
  EXPECT_EQ(find_op(*m, "stablehlo.negate")->operand(0), w->result(0));
  EXPECT_EQ(body.terminator()->operand(0), mul->result(0));
  EXPECT_EQ(add->parent_op(), w);
  Status s = verify_ssa(m->op());
  EXPECT_TRUE(s.ok()) << s.error().message();
}

TEST(WrapInRegion, ValuesUsedOnlyInsideAreNotResults) {
  auto m = parse(kChain);
  Rewriter rw(main_body(*m));
  auto w = rw.wrap_in_region(*find_op(*m, "stablehlo.add"), *find_op(*m, "stablehlo.multiply"),
                             {.op = kFusion});
  ASSERT_TRUE(w.ok());
  EXPECT_EQ((*w)->num_results(), 1u);  // %m only; %a is used inside
}

// Results come in the order of their definers, unless leading_results names an order (a
// pattern's declared results), the others following in definer order.
TEST(WrapInRegion, LeadingResultsComeFirstInTheirOrder) {
  const char* text = R"(
    func.func @main(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
      %a = stablehlo.negate %x : tensor<2xf32>
      %b = stablehlo.abs %x : tensor<2xf32>
      %c = stablehlo.sqrt %x : tensor<2xf32>
      func.return %a, %b, %c : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
    })";
  for (bool leading : {false, true}) {
    auto m = parse(text);
    Operation* a = find_op(*m, "stablehlo.negate");
    Operation* b = find_op(*m, "stablehlo.abs");
    Operation* c = find_op(*m, "stablehlo.sqrt");
    Rewriter rw(main_body(*m));
    WrapOptions options{.op = kFusion};
    if (leading) options.leading_results = {c->result(0), a->result(0)};
    auto w = rw.wrap_in_region(*a, *c, options);
    ASSERT_TRUE(w.ok()) << w.error().message();
    const Operation& ret = *main_body(*m).terminator();
    const std::vector<unsigned> want =
        leading ? std::vector<unsigned>{1, 2, 0} : std::vector<unsigned>{0, 1, 2};
    for (unsigned i = 0; i < 3; ++i) EXPECT_EQ(ret.operand(i), (*w)->result(want[i])) << i;
    const Operation& inner = *(*w)->region(0).front().terminator();
    EXPECT_EQ(inner.operand(want[0]), a->result(0));
    EXPECT_EQ(inner.operand(want[1]), b->result(0));
    EXPECT_EQ(inner.operand(want[2]), c->result(0));
    Status s = verify_ssa(m->op());
    EXPECT_TRUE(s.ok()) << s.error().message();
  }
}

// Operands come in the order of first use, unless leading_operands names an order (a
// pattern's declared inputs), the others following in order of first use; each block argument
// stands for its operand.
TEST(WrapInRegion, LeadingOperandsComeFirstInTheirOrder) {
  const char* text = R"(
    func.func @main(%x: tensor<2xf32>, %y: tensor<2xf32>, %z: tensor<2xf32>) -> tensor<2xf32> {
      %a = stablehlo.add %x, %y : tensor<2xf32>
      %b = stablehlo.subtract %a, %z : tensor<2xf32>
      func.return %b : tensor<2xf32>
    })";
  for (bool leading : {false, true}) {
    auto m = parse(text);
    Operation* add = find_op(*m, "stablehlo.add");
    Operation* sub = find_op(*m, "stablehlo.subtract");
    Block& main = main_body(*m);
    Value *x = main.argument(0), *y = main.argument(1), *z = main.argument(2);
    Rewriter rw(main);
    WrapOptions options{.op = kFusion};
    if (leading) options.leading_operands = {z, x};
    auto w = rw.wrap_in_region(*add, *sub, options);
    ASSERT_TRUE(w.ok()) << w.error().message();
    const std::vector<Value*> want = leading ? std::vector<Value*>{z, x, y}
                                             : std::vector<Value*>{x, y, z};
    ASSERT_EQ((*w)->num_operands(), 3u);
    for (unsigned i = 0; i < 3; ++i) EXPECT_EQ((*w)->operand(i), want[i]) << i;
    const Block& body = (*w)->region(0).front();
    EXPECT_EQ(add->operand(0), body.argument(leading ? 1 : 0));
    EXPECT_EQ(sub->operand(1), body.argument(leading ? 0 : 2));
    Status s = verify_ssa(m->op());
    EXPECT_TRUE(s.ok()) << s.error().message();
  }
}

TEST(WrapInRegion, ImplicitCapturesKeepOuterValuesAndTheProgramRuns) {
  auto m = parse(kChain);
  std::vector<float> before = run_main(*m)[0];
  Rewriter rw(main_body(*m));
  auto wrapped =
      rw.wrap_in_region(*find_op(*m, "stablehlo.add"), *find_op(*m, "stablehlo.multiply"),
                        {.op = ops::kCase, .capture_as_arguments = false});
  ASSERT_TRUE(wrapped.ok());
  Operation* w = *wrapped;
  EXPECT_EQ(w->num_operands(), 0u);
  EXPECT_EQ(w->region(0).front().num_arguments(), 0u);
  EXPECT_EQ(find_op(*m, "stablehlo.add")->operand(0), main_body(*m).operations()[0]->result(0));
  // stablehlo.case needs its branch index; with one branch it always runs it.
  ASSERT_TRUE(rw.set_insertion_point_before(*w).ok());
  w->insert_operand(0, rw.constant(testing::i32_scalar(0)));
  Status s = verify(*m);
  ASSERT_TRUE(s.ok()) << s.error().message();
  EXPECT_EQ(run_main(*m)[0], before);
}

TEST(WrapInRegion, CapturesFromNestedRegionsBecomeArguments) {
  auto m = parse(R"(
    func.func @main() -> tensor<f32> {
      %x = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
      %init = stablehlo.constant dense<0.0> : tensor<f32>
      %bias = stablehlo.constant dense<1.0> : tensor<f32>
      %r = stablehlo.reduce(%x init: %init) across dimensions = [0]
          : (tensor<3xf32>, tensor<f32>) -> tensor<f32>
       reducer(%a: tensor<f32>, %b: tensor<f32>) {
        %s = stablehlo.add %a, %b : tensor<f32>
        %t = stablehlo.add %s, %bias : tensor<f32>
        stablehlo.return %t : tensor<f32>
      }
      func.return %r : tensor<f32>
    })");
  Rewriter rw(main_body(*m));
  Operation* reduce = find_op(*m, "stablehlo.reduce");
  auto w = rw.wrap_in_region(*reduce, *reduce, {.op = kFusion});
  ASSERT_TRUE(w.ok());
  Block& body = (*w)->region(0).front();
  ASSERT_EQ(body.num_arguments(), 3u);  // x, init, then bias from inside the reducer
  Value* bias_arg = body.argument(2);
  ASSERT_EQ(bias_arg->num_uses(), 1u);
  EXPECT_EQ(bias_arg->uses()[0].user, find_op(*m, "stablehlo.add", 1));
  EXPECT_EQ(main_body(*m).operations()[2]->result(0)->uses()[0].user, *w);
  EXPECT_TRUE(verify_ssa(m->op()).ok());
}

TEST(WrapInRegion, WrappingTheTerminatorIsAnError) {
  auto m = parse(kChain);
  Rewriter rw(main_body(*m));
  auto w = rw.wrap_in_region(*find_op(*m, "stablehlo.negate"), *find_op(*m, "func.return"),
                             {.op = kFusion});
  ASSERT_FALSE(w.ok());
  EXPECT_TRUE(w.error().message().find("it ends its block") != std::string::npos);
  EXPECT_TRUE(verify(*m).ok());
}

TEST(WrapInRegion, ARangeAcrossBlocksIsAnError) {
  auto m = parse(kChain);
  Rewriter rw(main_body(*m));
  auto w = rw.wrap_in_region(*find_op(*m, "stablehlo.add"), *m->lookup_function("main"),
                             {.op = kFusion});
  EXPECT_FALSE(w.ok());
}

TEST(WrapInRegion, TheNewOpTakesTheFirstOpsLocationAndTheAttributes) {
  auto m = parse(kChain);
  Rewriter rw(main_body(*m));
  Operation* add = find_op(*m, "stablehlo.add");
  Location add_loc = add->location();
  auto w =
      rw.wrap_in_region(*add, *add, {.op = kFusion, .attributes = {{"kind", StringAttr{"loop"}}}});
  ASSERT_TRUE(w.ok());
  EXPECT_EQ((*w)->location().offset, add_loc.offset);
  EXPECT_EQ((*w)->attr_as<StringAttr>("kind")->value, "loop");
}

TEST(WrapInRegion, TearingDownAfterWrappingIsSafe) {
  auto m = parse(kChain);
  Rewriter rw(main_body(*m));
  ASSERT_TRUE(rw.wrap_in_region(*find_op(*m, "stablehlo.add"), *find_op(*m, "stablehlo.negate"),
                                {.op = kFusion})
                  .ok());
  // Implicit captures need an op that is not isolated from above (kiln.fusion is).
  ASSERT_TRUE(rw.wrap_in_region(*main_body(*m).operations()[0], *main_body(*m).operations()[1],
                                {.op = ops::kCase, .capture_as_arguments = false})
                  .ok());
  EXPECT_TRUE(verify_ssa(m->op()).ok());
  m.reset();
  SUCCEED();
}

}  // namespace
}  // namespace kiln::ir
