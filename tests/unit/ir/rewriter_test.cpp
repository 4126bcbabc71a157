// The rewriter: replacing and erasing ops, moves, wrapping a range into a region, cloning,
// and re-verifying after each edit.
#include "ir/rewriter.h"

#include <gtest/gtest.h>

#include "tests/unit/ir/edit_test_util.h"

namespace kiln::ir {
namespace {

using testing::find_op;
using testing::kChain;
using testing::kReduce;
using testing::main_body;
using testing::op_names;
using testing::parse;
using testing::run_main;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(Rewriter, ReplaceOpRewiresUsesAndErases) {
  auto m = parse(kChain);
  Rewriter rw(main_body(*m));
  Operation* mul = find_op(*m, "stablehlo.multiply");
  ASSERT_TRUE(rw.replace_op(*mul, {find_op(*m, "stablehlo.add")->result(0)}).ok());
  EXPECT_EQ(find_op(*m, "stablehlo.multiply"), nullptr);
  ASSERT_TRUE(verify(*m).ok());
  EXPECT_EQ(run_main(*m)[0], (std::vector<float>{-11, -22, -33}));
}

TEST(Rewriter, ReplaceOpWithTheWrongNumberOfValuesIsAnError) {
  auto m = parse(kChain);
  Rewriter rw(main_body(*m));
  Status s = rw.replace_op(*find_op(*m, "stablehlo.multiply"), {});
  ASSERT_FALSE(s.ok());
  EXPECT_TRUE(contains(s.error().message(), "cannot be replaced by 0 values: it has 1 results"));
  EXPECT_NE(find_op(*m, "stablehlo.multiply"), nullptr);
}

TEST(Rewriter, ReplaceOpByItsOwnResultIsAnError) {
  auto m = parse(kChain);
  Rewriter rw(main_body(*m));
  Operation* mul = find_op(*m, "stablehlo.multiply");
  EXPECT_FALSE(rw.replace_op(*mul, {mul->result(0)}).ok());
  EXPECT_TRUE(verify(*m).ok());
}

TEST(Rewriter, EraseAnUnusedOp) {
  auto m = parse(kChain);
  Rewriter rw(main_body(*m));
  Operation* c2 = main_body(*m).operations()[1].get();
  Operation* add = find_op(*m, "stablehlo.add");
  add->set_operand(1, main_body(*m).operations()[0]->result(0));
  ASSERT_TRUE(rw.erase_op(*c2).ok());
  EXPECT_EQ(main_body(*m).operations().size(), 5u);
  ASSERT_TRUE(verify(*m).ok());
  EXPECT_EQ(run_main(*m)[0], (std::vector<float>{-2, -8, -18}));
}

TEST(Rewriter, EraseAnOpWithUsesIsAnErrorNamingTheOpAndItsLocation) {
  auto m = parse(kChain);
  Rewriter rw(main_body(*m));
  Operation* c1 = main_body(*m).operations()[0].get();
  Status s = rw.erase_op(*c1);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().kind(), ErrorKind::kInvalidArgument);
  EXPECT_TRUE(contains(s.error().message(),
                       "edit_test.mlir:3:11: error: 'stablehlo.constant' op cannot be erased: "
                       "result #0 still has 2 uses"))
      << s.error().message();
  EXPECT_EQ(main_body(*m).operations()[0].get(), c1);
  EXPECT_TRUE(verify(*m).ok());
}

TEST(Rewriter, EraseABuiltOpWithUsesNamesItsPosition) {
  auto m = parse(kChain);
  Rewriter rw(main_body(*m));
  ASSERT_TRUE(rw.set_insertion_point_before(*find_op(*m, "stablehlo.negate")).ok());
  Value* extra = rw.elementwise("stablehlo.abs", {find_op(*m, "stablehlo.add")->result(0)});
  find_op(*m, "stablehlo.negate")->set_operand(0, extra);
  Status s = rw.erase_op(*extra->defining_op());
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().message(),
            "error: 'stablehlo.abs' op cannot be erased: result #0 still has 1 use "
            "(by 'stablehlo.negate') (op #4 of @main)");
}

TEST(Rewriter, EraseAnOpWithRegionsDropsTheUsesInside) {
  auto m = parse(kReduce);
  Rewriter rw(main_body(*m));
  Operation* reduce = find_op(*m, "stablehlo.reduce");
  Operation* d = find_op(*m, "stablehlo.add", 2);
  Value* bias = main_body(*m).operations()[2]->result(0);
  ASSERT_TRUE(rw.replace_op(*d, {bias}).ok());
  EXPECT_EQ(bias->num_uses(), 2u);  // the reducer and the return
  ASSERT_TRUE(rw.erase_op(*reduce).ok());
  EXPECT_EQ(bias->num_uses(), 1u);
  ASSERT_TRUE(verify(*m).ok());
  EXPECT_EQ(run_main(*m)[0], (std::vector<float>{1}));
}

TEST(Rewriter, EraseAnOpWhoseRegionValueIsUsedOutsideIsAnError) {
  auto m = parse(kReduce);
  Rewriter rw(main_body(*m));
  Operation* reduce = find_op(*m, "stablehlo.reduce");
  Operation* d = find_op(*m, "stablehlo.add", 2);
  d->set_operand(0, find_op(*m, "stablehlo.add", 0)->result(0));  // a broken edit
  ASSERT_TRUE(rw.replace_op(*d, {main_body(*m).operations()[2]->result(0)}).ok());
  find_op(*m, "func.return")->set_operand(0, find_op(*m, "stablehlo.add", 1)->result(0));
  Status s = rw.erase_op(*reduce);
  ASSERT_FALSE(s.ok());
  EXPECT_TRUE(contains(s.error().message(), "still used by 'func.return' outside it"))
      << s.error().message();
  Status v = verify(*m);
  ASSERT_FALSE(v.ok());
  EXPECT_TRUE(contains(v.error().message(), "region that does not enclose this use"))
      << v.error().message();
}

TEST(Rewriter, EraseAnOpInNoBlockIsAnError) {
  auto m = parse(kChain);
  Rewriter rw(main_body(*m));
  EXPECT_FALSE(rw.erase_op(m->op()).ok());
}

TEST(Rewriter, EraseTheInsertionAnchorMovesTheInsertionPoint) {
  auto m = parse(kChain);
  Rewriter rw(main_body(*m));
  Operation* neg = find_op(*m, "stablehlo.negate");
  ASSERT_TRUE(rw.set_insertion_point_before(*neg).ok());
  ASSERT_TRUE(rw.replace_op(*neg, {find_op(*m, "stablehlo.multiply")->result(0)}).ok());
  EXPECT_EQ(rw.anchor(), main_body(*m).terminator());
}

TEST(Rewriter, MoveBeforeAndAfter) {
  auto m = parse(kChain);
  Rewriter rw(main_body(*m));
  Block& body = main_body(*m);
  Operation* c1 = body.operations()[0].get();
  Operation* c2 = body.operations()[1].get();
  ASSERT_TRUE(rw.move_before(*c2, *c1).ok());
  EXPECT_EQ(body.operations()[0].get(), c2);
  ASSERT_TRUE(rw.move_after(*c2, *c1).ok());
  EXPECT_EQ(body.operations()[1].get(), c2);
  ASSERT_TRUE(rw.move_after(*c2, *c1).ok());  // already there
  EXPECT_EQ(body.operations()[1].get(), c2);
  EXPECT_TRUE(verify(*m).ok());
}

TEST(Rewriter, MovingAnOpAfterItsUserIsCaughtByTheVerifier) {
  auto m = parse(kChain);
  Rewriter rw(main_body(*m));
  ASSERT_TRUE(rw.move_after(*find_op(*m, "stablehlo.add"), *find_op(*m, "stablehlo.multiply")).ok());
  Status s = verify(*m);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().kind(), ErrorKind::kInvalidArgument);
  EXPECT_TRUE(contains(s.error().message(),
                       "edit_test.mlir:6:10: error: 'stablehlo.multiply' op operand #0 is used "
                       "before it is defined"))
      << s.error().message();
}

TEST(Rewriter, MoveARangeToAnotherPlace) {
  auto m = parse(kChain);
  Rewriter rw(main_body(*m));
  Block& body = main_body(*m);
  ASSERT_TRUE(rw.move_range_before(*body.operations()[0], *body.operations()[1],
                                   *find_op(*m, "stablehlo.add")).ok());  // stays
  Operation* c2 = body.operations()[1].get();
  ASSERT_TRUE(rw.move_range_after(*body.operations()[0], *body.operations()[1],
                                  *find_op(*m, "stablehlo.add")).ok());
  EXPECT_EQ(op_names(body), (std::vector<std::string>{
                                "stablehlo.add", "stablehlo.constant", "stablehlo.constant",
                                "stablehlo.multiply", "stablehlo.negate", "func.return"}));
  EXPECT_EQ(body.operations()[2].get(), c2);
  EXPECT_FALSE(verify(*m).ok());  // add now comes before its operands
}

TEST(Rewriter, MoveARangeIntoAnotherFunctionIsCaughtByTheVerifier) {
  auto m = parse(std::string(kChain) + R"(
    func.func @other() {
      func.return
    })");
  Rewriter rw(main_body(*m));
  Block& other = m->lookup_function("other")->region(0).front();
  ASSERT_TRUE(rw.move_range_before(*find_op(*m, "stablehlo.add"),
                                   *find_op(*m, "stablehlo.multiply"), *other.terminator())
                  .ok());
  EXPECT_EQ(other.operations().size(), 3u);
  Status s = verify(*m);
  ASSERT_FALSE(s.ok());
  // The first use that lost sight of its value: @main's negate reads %m, now in @other.
  EXPECT_TRUE(contains(s.error().message(), "'stablehlo.negate' op operand #0 is defined in a "
                                            "region that does not enclose this use"))
      << s.error().message();
}

TEST(Rewriter, MoveToTheEndOfABlock) {
  auto m = parse(kReduce);
  Rewriter rw(main_body(*m));
  Block& body = main_body(*m);
  Block& reducer = find_op(*m, "stablehlo.reduce")->region(0).front();
  ASSERT_TRUE(rw.move_to_end(*body.operations()[0], reducer).ok());
  EXPECT_EQ(reducer.operations().back()->name(), "stablehlo.constant");
  EXPECT_EQ(body.operations()[0]->parent_block(), &body);
  EXPECT_EQ(reducer.operations().back()->parent_block(), &reducer);
}

TEST(Rewriter, MovingAnOpIntoItsOwnRegionIsAnError) {
  auto m = parse(kReduce);
  Rewriter rw(main_body(*m));
  Operation* reduce = find_op(*m, "stablehlo.reduce");
  Status s = rw.move_to_end(*reduce, reduce->region(0).front());
  ASSERT_FALSE(s.ok());
  EXPECT_TRUE(contains(s.error().message(), "cannot be moved into its own regions"));
  Status t = rw.move_before(*reduce, *find_op(*m, "stablehlo.add", 1));
  ASSERT_FALSE(t.ok());
  EXPECT_TRUE(verify(*m).ok());
}

TEST(Rewriter, MoveARangeBeforeOneOfItsOwnOpsIsAnError) {
  auto m = parse(kChain);
  Rewriter rw(main_body(*m));
  Block& body = main_body(*m);
  Status s = rw.move_range_before(*body.operations()[0], *body.operations()[2],
                                  *body.operations()[1]);
  ASSERT_FALSE(s.ok());
  EXPECT_TRUE(contains(s.error().message(), "cannot anchor a move of itself"));
}

TEST(Rewriter, MoveARangeBackwardsIsAnError) {
  auto m = parse(kChain);
  Rewriter rw(main_body(*m));
  Block& body = main_body(*m);
  EXPECT_FALSE(rw.move_range_to_end(*body.operations()[2], *body.operations()[1], body).ok());
}

TEST(Rewriter, ReplaceAllUsesAcrossRegions) {
  auto m = parse(kReduce);
  std::vector<float> before = run_main(*m)[0];
  Rewriter rw(main_body(*m));
  Value* init = main_body(*m).operations()[1]->result(0);
  Value* bias = main_body(*m).operations()[2]->result(0);
  rw.replace_all_uses_with(bias, init);  // the reducer's and the final add's
  EXPECT_FALSE(bias->has_uses());
  EXPECT_EQ(init->num_uses(), 3u);
  ASSERT_TRUE(verify(*m).ok());
  EXPECT_EQ(run_main(*m)[0], (std::vector<float>{6}));
  EXPECT_NE(before, run_main(*m)[0]);
}

}  // namespace
}  // namespace kiln::ir
