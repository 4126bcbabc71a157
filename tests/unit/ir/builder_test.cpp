// The builder: insertion points, op creation with parent links and use lists, helpers.
#include "ir/builder.h"

#include <gtest/gtest.h>

#include "ir/printer.h"
#include "tests/unit/ir/edit_test_util.h"

namespace kiln::ir {
namespace {

using testing::f32_elements;
using testing::f32_vector;
using testing::op_names;

// @main() -> tensor<3xf32> returning (c1 + c2) * c1, built from nothing.
std::unique_ptr<Module> build_program() {
  auto m = Module::create_empty();
  Builder top(m->body());
  auto f = top.func("main", Type::function({}, {f32_vector(3)}));
  EXPECT_TRUE(f.ok());
  Builder b((*f)->region(0).front());
  Value* c1 = b.constant(f32_elements({1, 2, 3}));
  Value* c2 = b.constant(f32_elements({10, 20, 30}));
  Value* sum = b.elementwise("stablehlo.add", {c1, c2});
  Value* product = b.elementwise("stablehlo.multiply", {sum, c1});
  b.func_return({product});
  return m;
}

TEST(Builder, BuiltProgramVerifiesAndRuns) {
  auto m = build_program();
  Status s = verify(*m);
  ASSERT_TRUE(s.ok()) << s.error().message();
  auto results = testing::run_main(*m);
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0], (std::vector<float>{11, 44, 99}));
}

TEST(Builder, BuiltProgramPrintsAndParsesBack) {
  auto m = build_program();
  std::string text = print_module(*m);
  auto again = testing::parse(text);
  ASSERT_NE(again, nullptr);
  EXPECT_EQ(print_module(*again), text);
}

TEST(Builder, CreateSetsParentsAndUses) {
  auto m = build_program();
  Operation* add = testing::find_op(*m, "stablehlo.add");
  Block& body = m->lookup_function("main")->region(0).front();
  EXPECT_EQ(add->parent_block(), &body);
  EXPECT_EQ(add->parent_op(), m->lookup_function("main"));
  EXPECT_EQ(add->operand(0)->num_uses(), 2u);  // c1: add and multiply
  EXPECT_EQ(add->result(0)->uses()[0].user->name(), "stablehlo.multiply");
}

TEST(Builder, CreateKeepsOrderBeforeAnAnchor) {
  auto m = build_program();
  Block& body = m->lookup_function("main")->region(0).front();
  Builder b(body);
  ASSERT_TRUE(b.set_insertion_point_before(*testing::find_op(*m, "stablehlo.add")).ok());
  Value* c = body.operations()[0]->result(0);
  b.elementwise("stablehlo.negate", {c});
  b.elementwise("stablehlo.abs", {c});
  EXPECT_EQ(op_names(body),
            (std::vector<std::string>{"stablehlo.constant", "stablehlo.constant", "stablehlo.negate",
                                      "stablehlo.abs", "stablehlo.add", "stablehlo.multiply",
                                      "func.return"}));
}

TEST(Builder, InsertionPointAfterAnOp) {
  auto m = build_program();
  Block& body = m->lookup_function("main")->region(0).front();
  Builder b(body);
  ASSERT_TRUE(b.set_insertion_point_after(*body.operations()[0]).ok());
  b.constant(f32_elements({0, 0, 0}));
  EXPECT_EQ(body.index_of(b.anchor()), 2u);
  EXPECT_EQ(body.operations().size(), 6u);
  EXPECT_TRUE(verify(*m).ok());
}

TEST(Builder, InsertionPointAtStart) {
  auto m = build_program();
  Block& body = m->lookup_function("main")->region(0).front();
  Builder b = Builder::at_start(body);
  Value* c = b.constant(f32_elements({5, 5, 5}));
  EXPECT_EQ(body.operations()[0]->result(0), c);
  EXPECT_TRUE(verify(*m).ok());
}

TEST(Builder, InsertionPointBeforeAnOpInNoBlockIsAnError) {
  auto m = build_program();
  Operation loose(OpId::of("stablehlo.add"), Location{});
  Builder b(m->body());
  Status s = b.set_insertion_point_before(loose);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().kind(), ErrorKind::kInvalidArgument);
  EXPECT_EQ(b.block(), &m->body());
}

TEST(Builder, CreateWithRegionsAttributesAndLocation) {
  auto m = build_program();
  Block& body = m->lookup_function("main")->region(0).front();
  Builder b(body);
  ASSERT_TRUE(b.set_insertion_point_before(*body.terminator()).ok());
  Location here{std::make_shared<const SourceBuffer>("built.mlir", "x"), 0};
  Operation* op = b.create("stablehlo.case", {}, {f32_vector(3)},
                           {{"note", StringAttr{"kept"}}}, 2, here);
  EXPECT_EQ(op->num_regions(), 2u);
  EXPECT_TRUE(op->region(1).empty());
  EXPECT_EQ(op->attr_as<StringAttr>("note")->value, "kept");
  EXPECT_EQ(op->location().buffer->name(), "built.mlir");
}

TEST(Builder, BuiltOpsDefaultToTheBuilderLocation) {
  auto m = Module::create_empty();
  Builder b(m->body());
  EXPECT_FALSE(b.create("stablehlo.constant", {}, {})->location().known());
  Location here{std::make_shared<const SourceBuffer>("gen.mlir", "y"), 0};
  b.set_location(here);
  EXPECT_TRUE(b.create("stablehlo.constant", {}, {})->location().known());
}

TEST(Builder, FuncNeedsAFunctionType) {
  auto m = Module::create_empty();
  Builder b(m->body());
  auto f = b.func("f", f32_vector(2));
  ASSERT_FALSE(f.ok());
  EXPECT_EQ(f.error().kind(), ErrorKind::kInvalidArgument);
}

TEST(Builder, FuncEntryBlockHasTheSignatureArguments) {
  auto m = Module::create_empty();
  Builder b(m->body());
  auto f = b.func("g", Type::function({f32_vector(2), f32_vector(3)}, {f32_vector(2)}));
  ASSERT_TRUE(f.ok());
  Block& entry = (*f)->region(0).front();
  ASSERT_EQ(entry.num_arguments(), 2u);
  EXPECT_EQ(entry.argument(1)->type(), f32_vector(3));
  Builder inner(entry);
  inner.func_return({entry.argument(0)});
  EXPECT_TRUE(verify(*m).ok());
  EXPECT_EQ(m->lookup_function("g"), *f);
}

TEST(Builder, VerifierNamesABrokenBuiltOpByPosition) {
  auto m = build_program();
  Block& body = m->lookup_function("main")->region(0).front();
  Builder b(body);
  ASSERT_TRUE(b.set_insertion_point_before(*body.terminator()).ok());
  Value* c = body.operations()[0]->result(0);
  b.create("stablehlo.add", {c}, {f32_vector(3)});  // one operand short
  Status s = verify(*m);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().message(),
            "error: 'stablehlo.add' op expects 2 operands, but has 1 (op #4 of @main)");
}

}  // namespace
}  // namespace kiln::ir
