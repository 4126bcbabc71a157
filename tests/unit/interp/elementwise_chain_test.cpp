// Fused element-wise chains give the bytes of op-by-op evaluation (interp::Options::fast_paths
// off) on random inputs with NaNs, infinities and negative zeros, for every dtype class, ragged,
// threaded, empty and rank-0 shapes; and runs are found once per region as planned.
#include "interp/elementwise_chain.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "interp/region_plan.h"
#include "oracle/random.h"
#include "tests/unit/interp/interp_test_helpers.h"

namespace kiln::interp {
namespace {

using testing::parse_verified;

// The spelling of `shape` with element type `t` ("tensor<3x1000xf32>").
std::string tensor(const std::vector<int64_t>& shape, const std::string& t) {
  std::string s = "tensor<";
  for (int64_t d : shape) s += std::to_string(d) + "x";
  return s + t + ">";
}

// A float program: arithmetic, transcendental, compare, select, convert, broadcasts of a
// scalar, of a row and of a column, and a constant in the middle of the run.
std::string float_program(const std::vector<int64_t>& shape, const std::string& t) {
  const std::string T = tensor(shape, t), B = tensor(shape, "i1"), S = tensor({}, t);
  const bool matrix = shape.size() == 2;
  const std::string R = tensor({matrix ? shape[1] : 1}, t), Q = tensor({matrix ? shape[0] : 1}, t);
  // A row read along the last dimension, a column repeated along it.
  std::string rows = !matrix ? "" :
      "  %row = stablehlo.broadcast_in_dim %r, dims = [1] : (" + R + ") -> " + T + "\n"
      "  %8 = stablehlo.add %7, %row : " + T + "\n"
      "  %col = stablehlo.broadcast_in_dim %q, dims = [0] : (" + Q + ") -> " + T + "\n"
      "  %9 = stablehlo.subtract %8, %col : " + T + "\n";
  std::string last = matrix ? "%9" : "%7";
  return "func.func @main(%a: " + T + ", %b: " + T + ", %s: " + S + ", %r: " + R + ", %q: " + Q +
         ") -> (" + T + ", " + B + ", " + T + ") {\n"
         "  %0 = stablehlo.multiply %a, %b : " + T + "\n"
         "  %bs = stablehlo.broadcast_in_dim %s, dims = [] : (" + S + ") -> " + T + "\n"
         "  %1 = stablehlo.add %0, %bs : " + T + "\n"
         "  %c = stablehlo.constant dense<0.5> : " + S + "\n"
         "  %cb = stablehlo.broadcast_in_dim %c, dims = [] : (" + S + ") -> " + T + "\n"
         "  %2 = stablehlo.divide %1, %cb : " + T + "\n"
         "  %3 = stablehlo.tanh %2 : " + T + "\n"
         "  %4 = stablehlo.compare LT, %3, %a : (" + T + ", " + T + ") -> " + B + "\n"
         "  %5 = stablehlo.select %4, %3, %b : " + B + ", " + T + "\n"
         "  %6 = stablehlo.maximum %5, %a : " + T + "\n"
         "  %f = stablehlo.convert %6 : (" + T + ") -> " + tensor(shape, "f32") + "\n"
         "  %g = stablehlo.sqrt %f : " + tensor(shape, "f32") + "\n"
         "  %7 = stablehlo.convert %g : (" + tensor(shape, "f32") + ") -> " + T + "\n" + rows +
         "  func.return " + last + ", %4, %1 : " + T + ", " + B + ", " + T + "\n}\n";
}

// An integer (or boolean) program: wrapping arithmetic, shifts, compare, select, convert.
std::string int_program(const std::vector<int64_t>& shape, const std::string& t, bool boolean) {
  const std::string T = tensor(shape, t), B = tensor(shape, "i1"), S = tensor({}, t);
  std::string arith = boolean ?
      "  %1 = stablehlo.xor %0, %bs : " + T + "\n  %2 = stablehlo.or %1, %b : " + T + "\n" :
      "  %1 = stablehlo.multiply %0, %bs : " + T + "\n  %2 = stablehlo.shift_left %1, %b : " + T + "\n";
  return "func.func @main(%a: " + T + ", %b: " + T + ", %s: " + S + ") -> (" + T + ", " + B +
         ") {\n"
         "  %0 = stablehlo.add %a, %b : " + T + "\n"
         "  %bs = stablehlo.broadcast_in_dim %s, dims = [] : (" + S + ") -> " + T + "\n" + arith +
         "  %4 = stablehlo.compare GE, %2, %a : (" + T + ", " + T + ") -> " + B + "\n"
         "  %5 = stablehlo.select %4, %2, %0 : " + B + ", " + T + "\n"
         "  %6 = stablehlo.convert %5 : (" + T + ") -> " + tensor(shape, "f32") + "\n"
         "  %7 = stablehlo.convert %6 : (" + tensor(shape, "f32") + ") -> " + T + "\n"
         "  %8 = stablehlo.not %7 : " + T + "\n"
         "  func.return %8, %4 : " + T + ", " + B + "\n}\n";
}

// Overwrites every 7th element of a float tensor with NaN, infinities, -0 and +0 in turn.
void add_specials(Tensor& t) {
  const ir::ElementType e = t.element();
  if (!e.is_float()) return;
  const double specials[] = {NAN, INFINITY, -INFINITY, -0.0, 0.0};
  for (int64_t i = 0, k = 0; i < t.num_elements(); i += 7, ++k) {
    uint64_t bits = ir::double_to_bits(e.kind(), specials[k % 5]);
    std::memcpy(t.raw() + static_cast<size_t>(i) * t.element_bytes(), &bits, t.element_bytes());
  }
}

// Runs @main of `text` on random inputs with fast paths on and off; expects the same bytes
// and `chains` fused runs in @main's plan.
void expect_fused_like_op_by_op(const std::string& text, size_t chains) {
  auto module = parse_verified(text);
  ASSERT_NE(module, nullptr);
  const ir::Operation* main = module->lookup_function("main");
  ASSERT_NE(main, nullptr);
  std::vector<RuntimeValue> args;
  const ir::Block& block = main->region(0).front();
  for (size_t i = 0; i < block.num_arguments(); ++i) {
    auto t = oracle::random_tensor(block.argument(i)->type(), 100 + i, oracle::Range{-3, 3});
    ASSERT_TRUE(t.ok()) << t.error().message();
    add_specials(*t);
    args.push_back(*t);
  }
  EXPECT_EQ(plan_block(block, true)->chains.size(), chains);
  EXPECT_TRUE(plan_block(block, false)->chains.empty());
  Options fused, op_by_op;
  op_by_op.fast_paths = false;
  Interpreter a(*module, fused), b(*module, op_by_op);
  auto got = a.run("main", args);
  auto want = b.run("main", args);
  ASSERT_TRUE(got.ok()) << got.error().message();
  ASSERT_TRUE(want.ok()) << want.error().message();
  ASSERT_EQ(got->size(), want->size());
  for (size_t i = 0; i < got->size(); ++i) {
    const Tensor& g = (*got)[i].tensor();
    const Tensor& w = (*want)[i].tensor();
    ASSERT_EQ(g.type(), w.type());
    ASSERT_EQ(g.size_bytes(), w.size_bytes());
    // memcmp may not take the null pointers of empty tensors.
    if (g.size_bytes() > 0) {
      EXPECT_EQ(std::memcmp(g.raw(), w.raw(), g.size_bytes()), 0) << "result " << i;
    }
  }
}

const std::vector<std::vector<int64_t>> kShapes = {
    {3, 1000},  // a full block and a ragged one
    {300, 300}, // split over threads
    {0, 5},     // empty
    {},         // rank 0
};

TEST(ElementwiseChain, FloatTypesMatchOpByOp) {
  for (const char* t : {"f32", "bf16", "f16", "f64", "f8E4M3FN", "f8E5M2"}) {
    for (const auto& shape : kShapes) {
      SCOPED_TRACE(std::string(t) + " rank " + std::to_string(shape.size()));
      expect_fused_like_op_by_op(float_program(shape, t), 1);
    }
  }
}

TEST(ElementwiseChain, IntegerAndBooleanTypesMatchOpByOp) {
  for (const char* t : {"i32", "i8", "ui16", "i64", "i4", "ui32"}) {
    for (const auto& shape : kShapes) {
      SCOPED_TRACE(std::string(t) + " rank " + std::to_string(shape.size()));
      expect_fused_like_op_by_op(int_program(shape, t, false), 1);
    }
  }
  for (const auto& shape : kShapes) expect_fused_like_op_by_op(int_program(shape, "i1", true), 1);
}

TEST(ElementwiseChain, ComplexMatchesOpByOp) {
  const std::string T = "tensor<50x70xcomplex<f32>>";
  expect_fused_like_op_by_op("func.func @main(%a: " + T + ", %b: " + T + ") -> " + T + " {\n"
                             "  %0 = stablehlo.multiply %a, %b : " + T + "\n"
                             "  %1 = stablehlo.divide %0, %a : " + T + "\n"
                             "  %2 = stablehlo.exponential %1 : " + T + "\n"
                             "  func.return %2 : " + T + "\n}\n", 1);
}

// A value read after the run, or by a region, leaves it as a tensor; an op of another shape
// or with a region ends a run; a lone op is not fused.
TEST(ElementwiseChain, RunsEndAtOtherOps) {
  const std::string T = "tensor<4x8xf32>", R = "tensor<4xf32>";
  expect_fused_like_op_by_op("func.func @main(%a: " + T + ", %b: " + T + ") -> (" + T + ", " + R +
      ") {\n"
      "  %0 = stablehlo.add %a, %b : " + T + "\n"
      "  %1 = stablehlo.exponential %0 : " + T + "\n"
      "  %z = stablehlo.constant dense<0.0> : tensor<f32>\n"
      "  %r = stablehlo.reduce(%1 init: %z) applies stablehlo.add across dimensions = [1] : (" +
      T + ", tensor<f32>) -> " + R + "\n"
      "  %2 = stablehlo.negate %1 : " + T + "\n"
      "  %3 = stablehlo.multiply %2, %0 : " + T + "\n"
      "  %4 = stablehlo.abs %r : " + R + "\n"
      "  %5 = stablehlo.sine %3 : " + T + "\n"
      "  func.return %5, %4 : " + T + ", " + R + "\n}\n", 2);
}

}  // namespace
}  // namespace kiln::interp
