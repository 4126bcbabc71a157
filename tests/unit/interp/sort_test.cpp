// stablehlo.sort: the native comparators (single compares of every direction and comparison
// type, JAX's canonicalising float comparator, lexicographic multi-operand ones) against the
// per-element region path on inputs with NaNs, signed zeros, infinities and ties.
#include <map>
#include <string>

#include "tests/unit/interp/fast_path_helpers.h"

namespace kiln::interp {
namespace {

using testing::expect_fast_matches_reference;
using testing::iota_tensor;
using testing::salted_tensor;

ir::Type type_of(const std::string& elem, std::vector<int64_t> shape) {
  using K = ir::ElementKind;
  static const std::map<std::string, K> kinds = {
      {"f32", K::kF32}, {"bf16", K::kBF16}, {"f64", K::kF64},   {"f16", K::kF16}, {"i32", K::kSI32},
      {"i8", K::kSI8},  {"ui32", K::kUI32}, {"ui64", K::kUI64}, {"i1", K::kI1}};
  return ir::Type::tensor(std::move(shape), kinds.at(elem));
}

std::string dims(const std::vector<int64_t>& shape) {
  std::string s;
  for (int64_t d : shape) s += std::to_string(d) + "x";
  return s;
}

// One operand sorted along `dim` by `compare <direction>, %a, %b, <type>`.
std::string single_compare(const std::string& t, const std::string& direction,
                           const std::string& ctype, int64_t dim, bool stable) {
  return "func.func @main(%x: tensor<" + t + ">) -> tensor<" + t +
         "> {\n"
         "  %0 = \"stablehlo.sort\"(%x) <{dimension = " +
         std::to_string(dim) + " : i64, is_stable = " + (stable ? "true" : "false") +
         "}> ({\n"
         "  ^bb0(%a: tensor<" +
         t.substr(t.rfind('x') + 1) + ">, %b: tensor<" + t.substr(t.rfind('x') + 1) +
         ">):\n"
         "    %1 = stablehlo.compare " +
         direction + ", %a, %b, " + ctype + " : (tensor<" + t.substr(t.rfind('x') + 1) +
         ">, tensor<" + t.substr(t.rfind('x') + 1) +
         ">) -> tensor<i1>\n"
         "    stablehlo.return %1 : tensor<i1>\n"
         "  }) : (tensor<" +
         t + ">) -> tensor<" + t +
         ">\n"
         "  func.return %0 : tensor<" +
         t + ">\n}";
}

void check_single(const std::string& elem, const std::string& ctype, std::vector<int64_t> shape,
                  int64_t dim) {
  for (const char* direction : {"LT", "GT", "LE", "GE"}) {
    for (bool stable : {true, false}) {
      SCOPED_TRACE(elem + " " + direction + " " + ctype);
      Tensor x = salted_tensor(type_of(elem, shape), 7);
      expect_fast_matches_reference(
          single_compare(dims(shape) + elem, direction, ctype, dim, stable), {x});
    }
  }
}

TEST(Sort, SingleCompareFloatTypes) {
  for (const char* elem : {"f32", "bf16", "f64", "f16"}) {
    check_single(elem, "TOTALORDER", {300}, 0);
    check_single(elem, "FLOAT", {300}, 0);
  }
}

TEST(Sort, SingleCompareIntegerAndBoolTypes) {
  check_single("i32", "SIGNED", {257}, 0);
  check_single("i8", "NOTYPE", {257}, 0);
  check_single("ui32", "UNSIGNED", {257}, 0);
  check_single("ui64", "UNSIGNED", {100}, 0);
  check_single("i1", "UNSIGNED", {100}, 0);
}

TEST(Sort, BatchedAlongEachDimension) {
  check_single("f32", "TOTALORDER", {7, 40, 3}, 0);
  check_single("i32", "SIGNED", {7, 40, 3}, 1);
  check_single("f32", "FLOAT", {7, 40, 3}, 2);
}

TEST(Sort, EmptyTensor) {
  Tensor x = *Tensor::allocate(ir::Type::tensor({0, 4}, ir::ElementKind::kF32));
  expect_fast_matches_reference(single_compare("0x4xf32", "LT", "TOTALORDER", 1, true), {x});
}

// JAX's jnp.sort / argsort comparator: -0 and NaNs canonicalised, then TOTALORDER LT; the index
// operand rides along.
std::string jax_argsort(const std::string& n, bool stable) {
  return R"(
func.func @main(%x: tensor<)" +
         n + R"(xf32>, %i: tensor<)" + n + R"(xi32>) -> (tensor<)" + n + R"(xf32>, tensor<)" + n +
         R"(xi32>) {
  %0:2 = "stablehlo.sort"(%x, %i) <{dimension = 0 : i64, is_stable = )" +
         (stable ? "true" : "false") + R"(}> ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>, %arg3: tensor<i32>, %arg4: tensor<i32>):
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.compare EQ, %arg1, %cst, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %3 = stablehlo.select %2, %cst, %arg1 : tensor<i1>, tensor<f32>
    %4 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %5 = stablehlo.select %4, %cst_1, %3 : tensor<i1>, tensor<f32>
    %6 = stablehlo.compare EQ, %arg2, %cst, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %7 = stablehlo.select %6, %cst, %arg2 : tensor<i1>, tensor<f32>
    %8 = stablehlo.compare NE, %arg2, %arg2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %9 = stablehlo.select %8, %cst_1, %7 : tensor<i1>, tensor<f32>
    %10 = stablehlo.compare LT, %5, %9, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %10 : tensor<i1>
  }) : (tensor<)" +
         n + R"(xf32>, tensor<)" + n + R"(xi32>) -> (tensor<)" + n + R"(xf32>, tensor<)" + n +
         R"(xi32>)
  func.return %0#0, %0#1 : tensor<)" +
         n + R"(xf32>, tensor<)" + n + R"(xi32>
})";
}

TEST(Sort, JaxArgsortStableAndUnstable) {
  for (bool stable : {true, false}) {
    ir::Type t = ir::Type::tensor({1000}, ir::ElementKind::kF32);
    expect_fast_matches_reference(
        jax_argsort("1000", stable),
        {salted_tensor(t, 3), iota_tensor(ir::Type::tensor({1000}, ir::ElementKind::kSI32), 0)});
  }
}

TEST(Sort, LargeSliceSortsInParallelChunks) {
  // Large enough for several sorted chunks and merges.
  ir::Type t = ir::Type::tensor({20011}, ir::ElementKind::kF32);
  auto out = expect_fast_matches_reference(
      jax_argsort("20011", true),
      {salted_tensor(t, 5), iota_tensor(ir::Type::tensor({20011}, ir::ElementKind::kSI32), 0)});
  ASSERT_EQ(out.size(), 2u);
}

// jnp.lexsort((f, k)): i32 keys first, then the canonicalised f32, then the index.
TEST(Sort, LexicographicThreeOperands) {
  const std::string text = R"(
func.func @main(%k: tensor<5000xi32>, %f: tensor<5000xf32>, %i: tensor<5000xi32>) -> (tensor<5000xi32>, tensor<5000xf32>, tensor<5000xi32>) {
  %1:3 = "stablehlo.sort"(%k, %f, %i) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>, %arg4: tensor<f32>, %arg5: tensor<f32>, %arg6: tensor<i32>, %arg7: tensor<i32>):
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.compare EQ, %arg4, %cst, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %3 = stablehlo.select %2, %cst, %arg4 : tensor<i1>, tensor<f32>
    %4 = stablehlo.compare NE, %arg4, %arg4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %5 = stablehlo.select %4, %cst_1, %3 : tensor<i1>, tensor<f32>
    %6 = stablehlo.compare EQ, %arg5, %cst, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %7 = stablehlo.select %6, %cst, %arg5 : tensor<i1>, tensor<f32>
    %8 = stablehlo.compare NE, %arg5, %arg5, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %9 = stablehlo.select %8, %cst_1, %7 : tensor<i1>, tensor<f32>
    %10 = stablehlo.compare LT, %5, %9, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %11 = stablehlo.compare GT, %arg2, %arg3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %12 = stablehlo.compare EQ, %arg2, %arg3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %13 = stablehlo.and %12, %10 : tensor<i1>
    %14 = stablehlo.or %11, %13 : tensor<i1>
    stablehlo.return %14 : tensor<i1>
  }) : (tensor<5000xi32>, tensor<5000xf32>, tensor<5000xi32>) -> (tensor<5000xi32>, tensor<5000xf32>, tensor<5000xi32>)
  func.return %1#0, %1#1, %1#2 : tensor<5000xi32>, tensor<5000xf32>, tensor<5000xi32>
})";
  ir::Type i32 = ir::Type::tensor({5000}, ir::ElementKind::kSI32);
  expect_fast_matches_reference(
      text,
      {salted_tensor(i32, 1), salted_tensor(ir::Type::tensor({5000}, ir::ElementKind::kF32), 2),
       iota_tensor(i32, 0)});
}

// A comparator that is not a strict weak order once NaNs appear (FLOAT LT) in a
// lexicographic form: the native path must give the region path's order anyway.
TEST(Sort, FloatCompareWithNaNsKeepsTheReferenceOrder) { check_single("f32", "FLOAT", {2000}, 0); }

}  // namespace
}  // namespace kiln::interp
