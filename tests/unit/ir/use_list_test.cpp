// Use lists: every value knows its users, operand edits keep the lists current, and IR can be
// torn down in any order after edits.
#include <gtest/gtest.h>

#include "ir/builder.h"
#include "tests/unit/ir/edit_test_util.h"

namespace kiln::ir {
namespace {

using testing::find_op;
using testing::parse;

constexpr const char* kWithArgument = R"(
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %a = stablehlo.add %x, %x : tensor<4xf32>
    %b = stablehlo.multiply %a, %x : tensor<4xf32>
    func.return %b : tensor<4xf32>
  })";

bool has_use(const Value* v, const Operation* user, unsigned index) {
  for (const Use& u : v->uses()) {
    if (u.user == user && u.operand_index == index) return true;
  }
  return false;
}

TEST(UseList, ParsedValuesKnowTheirUsers) {
  auto m = parse(kWithArgument);
  Value* x = m->lookup_function("main")->region(0).front().argument(0);
  Operation* add = find_op(*m, "stablehlo.add");
  Operation* mul = find_op(*m, "stablehlo.multiply");
  EXPECT_EQ(x->num_uses(), 3u);
  EXPECT_TRUE(has_use(x, add, 0));
  EXPECT_TRUE(has_use(x, add, 1));
  EXPECT_TRUE(has_use(x, mul, 1));
  EXPECT_TRUE(add->result(0)->has_uses());
  EXPECT_EQ(mul->result(0)->num_uses(), 1u);
  EXPECT_EQ(mul->result(0)->uses()[0].user->id(), ops::kFuncReturn);
}

TEST(UseList, SetOperandMovesTheUse) {
  auto m = parse(kWithArgument);
  Value* x = m->lookup_function("main")->region(0).front().argument(0);
  Operation* add = find_op(*m, "stablehlo.add");
  Operation* mul = find_op(*m, "stablehlo.multiply");
  mul->set_operand(0, x);
  EXPECT_FALSE(add->result(0)->has_uses());
  EXPECT_EQ(x->num_uses(), 4u);
  EXPECT_TRUE(has_use(x, mul, 0));
  EXPECT_TRUE(verify_ssa(m->op()).ok());
}

TEST(UseList, InsertAndEraseOperandRenumberLaterUses) {
  auto m = parse(kWithArgument);
  Value* x = m->lookup_function("main")->region(0).front().argument(0);
  Operation* add = find_op(*m, "stablehlo.add");
  Operation* mul = find_op(*m, "stablehlo.multiply");
  mul->insert_operand(0, x);  // (x, a, x)
  EXPECT_TRUE(has_use(add->result(0), mul, 1));
  EXPECT_TRUE(has_use(x, mul, 0));
  EXPECT_TRUE(has_use(x, mul, 2));
  mul->erase_operand(0);  // (a, x)
  EXPECT_TRUE(has_use(add->result(0), mul, 0));
  EXPECT_TRUE(has_use(x, mul, 1));
  EXPECT_FALSE(has_use(x, mul, 2));
  EXPECT_TRUE(verify(*m).ok());
}

TEST(UseList, SetOperandsReplacesTheWholeList) {
  auto m = parse(kWithArgument);
  Value* x = m->lookup_function("main")->region(0).front().argument(0);
  Operation* add = find_op(*m, "stablehlo.add");
  Operation* mul = find_op(*m, "stablehlo.multiply");
  std::vector<Value*> both = {add->result(0), add->result(0)};
  mul->set_operands(both);
  EXPECT_EQ(add->result(0)->num_uses(), 2u);
  EXPECT_EQ(x->num_uses(), 2u);  // only add's two
  EXPECT_TRUE(verify(*m).ok());
}

TEST(UseList, ReplaceAllUsesWithRewiresEveryUser) {
  auto m = parse(kWithArgument);
  Value* x = m->lookup_function("main")->region(0).front().argument(0);
  Operation* add = find_op(*m, "stablehlo.add");
  x->replace_all_uses_with(add->result(0));
  // add now uses itself: the verifier must say so rather than crash.
  EXPECT_FALSE(x->has_uses());
  EXPECT_EQ(add->result(0)->num_uses(), 4u);
  Status s = verify(*m);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message().find("used before it is defined"), std::string::npos)
      << s.error().message();
}

TEST(UseList, ReplaceAllUsesWithItselfChangesNothing) {
  auto m = parse(kWithArgument);
  Value* x = m->lookup_function("main")->region(0).front().argument(0);
  x->replace_all_uses_with(x);
  EXPECT_EQ(x->num_uses(), 3u);
}

TEST(UseList, ReplaceUsesIfRewiresOnlyChosenUses) {
  auto m = parse(kWithArgument);
  Value* x = m->lookup_function("main")->region(0).front().argument(0);
  Operation* add = find_op(*m, "stablehlo.add");
  Operation* mul = find_op(*m, "stablehlo.multiply");
  x->replace_uses_if(add->result(0), [&](const Use& u) { return u.user == mul; });
  EXPECT_EQ(x->num_uses(), 2u);
  EXPECT_EQ(mul->operand(1), add->result(0));
  EXPECT_TRUE(verify(*m).ok());
}

TEST(UseList, UsesAcrossRegionsAreRecorded) {
  auto m = parse(R"(
    func.func @main(%x: tensor<4xf32>, %init: tensor<f32>) -> tensor<f32> {
      %r = stablehlo.reduce(%x init: %init) across dimensions = [0]
          : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
       reducer(%a: tensor<f32>, %b: tensor<f32>) {
        %s = stablehlo.add %a, %init : tensor<f32>
        stablehlo.return %s : tensor<f32>
      }
      func.return %r : tensor<f32>
    })");
  Value* init = m->lookup_function("main")->region(0).front().argument(1);
  Operation* inner_add = find_op(*m, "stablehlo.add");
  EXPECT_EQ(init->num_uses(), 2u);
  EXPECT_TRUE(has_use(init, inner_add, 1));
}

TEST(UseList, DropAllReferencesEmptiesNestedOperands) {
  auto m = parse(kWithArgument);
  Operation* f = m->lookup_function("main");
  Value* x = f->region(0).front().argument(0);
  f->drop_all_references();
  EXPECT_FALSE(x->has_uses());
  EXPECT_FALSE(find_op(*m, "stablehlo.add")->result(0)->has_uses());
}

TEST(UseList, DestroyingAUsedValueLeavesANullOperandTheVerifierReports) {
  auto m = parse(kWithArgument);
  Block& body = m->lookup_function("main")->region(0).front();
  Operation* add = find_op(*m, "stablehlo.add");
  Operation* mul = find_op(*m, "stablehlo.multiply");
  // Bypassing the rewriter: the block hands the op over and it dies while still used.
  body.take(add).reset();
  EXPECT_EQ(mul->operand(0), nullptr);
  Status s = verify(*m);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message().find("operand #0 is null"), std::string::npos)
      << s.error().message();
}

TEST(UseList, TearingDownAModuleAfterEditsIsSafe) {
  auto m = parse(kWithArgument);
  Block& body = m->lookup_function("main")->region(0).front();
  Value* x = body.argument(0);
  Operation* add = find_op(*m, "stablehlo.add");
  Operation* mul = find_op(*m, "stablehlo.multiply");
  // Uses that point backwards and forwards in the block: destruction order must not matter.
  add->set_operand(1, mul->result(0));
  mul->set_operand(1, add->result(0));
  body.terminator()->set_operand(0, x);
  m.reset();  // under ASan, a use-after-free here fails the test
  SUCCEED();
}

TEST(UseList, ADetachedOpReleasesItsUsesWhenDestroyed) {
  auto m = parse(kWithArgument);
  Value* x = m->lookup_function("main")->region(0).front().argument(0);
  {
    Operation loose(OpId::of("stablehlo.negate"), Location{});
    loose.add_operand(x);
    EXPECT_EQ(x->num_uses(), 4u);
  }
  EXPECT_EQ(x->num_uses(), 3u);
}

TEST(UseList, EraseArgumentRefusesAUsedArgument) {
  auto m = parse(kWithArgument);
  Block& body = m->lookup_function("main")->region(0).front();
  Value* extra = body.add_argument(testing::f32_vector(4));
  EXPECT_EQ(extra->index(), 1u);
  EXPECT_FALSE(body.erase_argument(0).ok());
  EXPECT_TRUE(body.erase_argument(1).ok());
  EXPECT_EQ(body.num_arguments(), 1u);
}

TEST(UseList, VerifierFindsAUseListOutOfStepWithItsOperands) {
  auto m = parse(kWithArgument);
  Operation* mul = find_op(*m, "stablehlo.multiply");
  // An op outside the module that uses a value inside it.
  Operation stray(OpId::of("stablehlo.negate"), Location{});
  stray.add_operand(mul->result(0));
  Status s = verify(*m);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().kind(), ErrorKind::kInternal);
  EXPECT_NE(s.error().message().find("user outside the verified IR"), std::string::npos)
      << s.error().message();
}

}  // namespace
}  // namespace kiln::ir
