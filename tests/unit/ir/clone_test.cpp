// clone_op and Rewriter::clone: deep copies with a value map.
#include <gtest/gtest.h>

#include "ir/printer.h"
#include "ir/rewriter.h"
#include "tests/unit/ir/edit_test_util.h"

namespace kiln::ir {
namespace {

using testing::find_op;
using testing::kReduce;
using testing::main_body;
using testing::parse;
using testing::run_main;

TEST(Clone, CopiesRegionsDeeply) {
  auto m = parse(kReduce);
  Operation* reduce = find_op(*m, "stablehlo.reduce");
  ValueMap map;
  std::unique_ptr<Operation> copy = clone_op(*reduce, map);
  EXPECT_EQ(copy->parent_block(), nullptr);
  EXPECT_EQ(print_op(*copy), print_op(*reduce));
  Block& original_body = reduce->region(0).front();
  Block& copied_body = copy->region(0).front();
  EXPECT_NE(&original_body, &copied_body);
  EXPECT_EQ(copied_body.parent()->parent(), copy.get());
  EXPECT_EQ(map.at(original_body.argument(0)), copied_body.argument(0));
  EXPECT_EQ(map.at(reduce->result(0)), copy->result(0));
  // The copy's body uses the copy's own block arguments.
  EXPECT_EQ(copied_body.operations()[0]->operand(0), copied_body.argument(0));
  EXPECT_EQ(original_body.argument(0)->num_uses(), 1u);
}

TEST(Clone, OperandsOutsideTheMapStayAsTheyAre) {
  auto m = parse(kReduce);
  Operation* reduce = find_op(*m, "stablehlo.reduce");
  Value* bias = main_body(*m).operations()[2]->result(0);
  ValueMap map;
  std::unique_ptr<Operation> copy = clone_op(*reduce, map);
  EXPECT_EQ(copy->operand(0), reduce->operand(0));
  EXPECT_EQ(copy->region(0).front().operations()[1]->operand(1), bias);
  EXPECT_EQ(bias->num_uses(), 3u);  // the reducer's, the final add's and the copy's
  copy.reset();
  EXPECT_EQ(bias->num_uses(), 2u);
}

TEST(Clone, OperandsInTheMapAreReplaced) {
  auto m = parse(kReduce);
  Rewriter rw(main_body(*m));
  Operation* reduce = find_op(*m, "stablehlo.reduce");
  Value* init = main_body(*m).operations()[1]->result(0);
  Value* bias = main_body(*m).operations()[2]->result(0);
  ASSERT_TRUE(rw.set_insertion_point_after(*reduce).ok());
  ValueMap map{{bias, init}};
  Operation* copy = rw.clone(*reduce, map);
  EXPECT_EQ(copy->region(0).front().operations()[1]->operand(1), init);
  find_op(*m, "func.return")->set_operand(0, copy->result(0));
  ASSERT_TRUE(verify(*m).ok());
  EXPECT_EQ(run_main(*m)[0], (std::vector<float>{6}));
}

TEST(Clone, LaterClonesUseEarlierCopies) {
  auto m = parse(R"(
    func.func @main() -> tensor<2xf32> {
      %c = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
      %a = stablehlo.add %c, %c : tensor<2xf32>
      %b = stablehlo.multiply %a, %a : tensor<2xf32>
      func.return %b : tensor<2xf32>
    })");
  Rewriter rw(main_body(*m));
  ASSERT_TRUE(rw.set_insertion_point_before(*main_body(*m).terminator()).ok());
  ValueMap map;
  Operation* a2 = rw.clone(*find_op(*m, "stablehlo.add"), map);
  Operation* b2 = rw.clone(*find_op(*m, "stablehlo.multiply"), map);
  EXPECT_EQ(b2->operand(0), a2->result(0));
  EXPECT_EQ(a2->operand(0), main_body(*m).operations()[0]->result(0));
  main_body(*m).terminator()->set_operand(0, b2->result(0));
  ASSERT_TRUE(verify(*m).ok());
  EXPECT_EQ(run_main(*m)[0], (std::vector<float>{4, 16}));
}

TEST(Clone, AClonedFunctionIsIndependent) {
  auto m = parse(kReduce);
  Operation* f = m->lookup_function("main");
  ValueMap map;
  Rewriter rw(m->body());
  Operation* copy = rw.clone(*f, map);
  copy->set_attr("sym_name", StringAttr{"copy"});
  ASSERT_TRUE(verify(*m).ok());
  ASSERT_TRUE(rw.erase_op(*f).ok());
  EXPECT_TRUE(verify(*m).ok());
  EXPECT_EQ(m->functions().size(), 1u);
  EXPECT_EQ(m->lookup_function("copy"), copy);
}

}  // namespace
}  // namespace kiln::ir
