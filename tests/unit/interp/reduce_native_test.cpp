// The native paths of region-body ops (reduce, reduce_window, scatter, select_and_scatter)
// against the per-element region path: every combiner and element type, JAX's argmax/argmin
// bodies, prefix (cumsum) and general windows, duplicate and out-of-bounds scatter indices.
#include <map>
#include <string>

#include "interp/scalar_types.h"
#include "tests/unit/interp/fast_path_helpers.h"

namespace kiln::interp {
namespace {

using testing::expect_fast_matches_reference;
using testing::iota_tensor;
using testing::salted_tensor;

ir::ElementKind kind_of(const std::string& elem) {
  using K = ir::ElementKind;
  static const std::map<std::string, K> kinds = {{"f32", K::kF32},
                                                 {"bf16", K::kBF16},
                                                 {"f64", K::kF64},
                                                 {"f16", K::kF16},
                                                 {"i32", K::kSI32},
                                                 {"i8", K::kSI8},
                                                 {"ui32", K::kUI32},
                                                 {"ui8", K::kUI8},
                                                 {"i64", K::kSI64},
                                                 {"i1", K::kI1},
                                                 {"complex<f32>", K::kComplexF32}};
  return kinds.at(elem);
}

// reduce over `dims` of a 6x50x7 tensor with `op` applied as (%b, %a) when `swapped`.
std::string reduce_text(const std::string& t, const std::string& op, const std::string& dims,
                        const std::string& out, bool swapped) {
  return "func.func @main(%x: tensor<6x50x7x" + t + ">, %z: tensor<" + t + ">) -> tensor<" + out +
         t + "> {\n  %r = stablehlo.reduce(%x init: %z) across dimensions = [" + dims +
         "] : (tensor<6x50x7x" + t + ">, tensor<" + t + ">) -> tensor<" + out + t + ">\n" +
         "   reducer(%a: tensor<" + t + ">, %b: tensor<" + t + ">) {\n" + "    %s = stablehlo." +
         op + (swapped ? " %b, %a" : " %a, %b") + " : tensor<" + t + ">\n" +
         "    stablehlo.return %s : tensor<" + t + ">\n  }\n  func.return %r : tensor<" + out + t +
         ">\n}";
}

TEST(ReduceNative, EveryCombinerAndElementType) {
  for (std::string t : {"f32", "bf16", "f64", "i32", "ui8", "i1", "complex<f32>"}) {
    bool is_float = t[0] == 'f' || t[0] == 'b' || t[0] == 'c';
    for (std::string op : {"add", "multiply", "maximum", "minimum", "and", "or", "xor"}) {
      if (is_float && (op == "and" || op == "or" || op == "xor")) continue;
      if (t == "complex<f32>" && (op == "maximum" || op == "minimum")) continue;
      for (bool swapped : {false, true}) {
        SCOPED_TRACE(t + " " + op);
        Tensor x = salted_tensor(ir::Type::tensor({6, 50, 7}, kind_of(t)), 3);
        Tensor z = salted_tensor(ir::Type::tensor({}, kind_of(t)), 4);
        expect_fast_matches_reference(reduce_text(t, op, "1", "6x7x", swapped), {x, z});
        expect_fast_matches_reference(reduce_text(t, op, "0, 2", "50x", swapped), {x, z});
        // Trailing dimensions: each output one run of the input (rows folded 8 at a time,
        // 300 = 37 * 8 + 4 outputs).
        expect_fast_matches_reference(reduce_text(t, op, "2", "6x50x", swapped), {x, z});
        expect_fast_matches_reference(reduce_text(t, op, "1, 2", "6x", swapped), {x, z});
      }
    }
  }
}

// jnp.argmax / jnp.argmin along `dim` of a 30x40 tensor: NaN wins, lowest index on ties.
std::string arg_extreme(const std::string& t, const std::string& direction,
                        const std::string& ctype, int dim) {
  std::string out = dim == 1 ? "30" : "40";
  return "func.func @main(%x: tensor<30x40x" + t + ">, %i: tensor<30x40xi32>, %z: tensor<" + t +
         ">) -> (tensor<" + out + "x" + t + ">, tensor<" + out + "xi32>) {\n" +
         "  %c = stablehlo.constant dense<0> : tensor<i32>\n" +
         "  %r:2 = stablehlo.reduce(%x init: %z), (%i init: %c) across dimensions = [" +
         std::to_string(dim) + "] : (tensor<30x40x" + t + ">, tensor<30x40xi32>, tensor<" + t +
         ">, tensor<i32>) -> (tensor<" + out + "x" + t + ">, tensor<" + out + "xi32>)\n" +
         "   reducer(%a1: tensor<" + t + ">, %b1: tensor<" + t +
         ">) (%a2: tensor<i32>, %b2: tensor<i32>) {\n" + "    %2 = stablehlo.compare " + direction +
         ", %a1, %b1, " + ctype + " : (tensor<" + t + ">, tensor<" + t + ">) -> tensor<i1>\n" +
         "    %3 = stablehlo.compare NE, %a1, %a1, " + ctype + " : (tensor<" + t + ">, tensor<" +
         t + ">) -> tensor<i1>\n" + "    %4 = stablehlo.or %2, %3 : tensor<i1>\n" +
         "    %5 = stablehlo.compare EQ, %a1, %b1, " + ctype + " : (tensor<" + t + ">, tensor<" +
         t + ">) -> tensor<i1>\n" +
         "    %6 = stablehlo.compare LT, %a2, %b2, SIGNED : (tensor<i32>, tensor<i32>) -> "
         "tensor<i1>\n" +
         "    %7 = stablehlo.and %5, %6 : tensor<i1>\n" +
         "    %8 = stablehlo.or %4, %7 : tensor<i1>\n" +
         "    %9 = stablehlo.select %4, %a1, %b1 : tensor<i1>, tensor<" + t + ">\n" +
         "    %10 = stablehlo.select %8, %a2, %b2 : tensor<i1>, tensor<i32>\n" +
         "    stablehlo.return %9, %10 : tensor<" + t + ">, tensor<i32>\n  }\n" +
         "  func.return %r#0, %r#1 : tensor<" + out + "x" + t + ">, tensor<" + out + "xi32>\n}";
}

TEST(ReduceNative, JaxArgmaxAndArgmin) {
  for (auto [t, ctype] : {std::pair{"f32", "FLOAT"},
                          {"bf16", "FLOAT"},
                          {"f64", "FLOAT"},
                          {"i32", "SIGNED"},
                          {"ui8", "UNSIGNED"}}) {
    for (const char* direction : {"GT", "LT"}) {
      for (int dim : {0, 1}) {
        SCOPED_TRACE(std::string(t) + " " + direction + " dim " + std::to_string(dim));
        Tensor x = salted_tensor(ir::Type::tensor({30, 40}, kind_of(t)), 9);
        Tensor z = salted_tensor(ir::Type::tensor({}, kind_of(t)), 10);
        Tensor i = iota_tensor(ir::Type::tensor({30, 40}, ir::ElementKind::kSI32),
                               static_cast<size_t>(dim));
        expect_fast_matches_reference(arg_extreme(t, direction, ctype, dim), {x, i, z});
      }
    }
  }
}

// The same bodies with indices that are not an iota (repeated, unordered, negative), so that
// every branch of the body's logic is taken: ties of values with equal and unequal indices.
TEST(ReduceNative, ArgmaxBodyWithArbitraryIndices) {
  for (auto [t, ctype] : {std::pair{"f32", "FLOAT"}, {"f64", "FLOAT"}, {"i32", "SIGNED"}}) {
    for (const char* direction : {"GT", "LT", "GE", "NE"}) {
      for (int dim : {0, 1}) {
        SCOPED_TRACE(std::string(t) + " " + direction + " dim " + std::to_string(dim));
        Tensor x = salted_tensor(ir::Type::tensor({30, 40}, kind_of(t)), 19);
        Tensor z = salted_tensor(ir::Type::tensor({}, kind_of(t)), 20);
        Tensor i = salted_tensor(ir::Type::tensor({30, 40}, ir::ElementKind::kSI32), 21);
        expect_fast_matches_reference(arg_extreme(t, direction, ctype, dim), {x, i, z});
      }
    }
  }
  // totalOrder comparisons take the general table path.
  Tensor x = salted_tensor(ir::Type::tensor({30, 40}, ir::ElementKind::kF32), 22);
  Tensor z = salted_tensor(ir::Type::tensor({}, ir::ElementKind::kF32), 23);
  Tensor i = salted_tensor(ir::Type::tensor({30, 40}, ir::ElementKind::kSI32), 24);
  expect_fast_matches_reference(arg_extreme("f32", "GT", "TOTALORDER", 1), {x, i, z});
}

TEST(ReduceNative, EmptyReduction) {
  Tensor x = *Tensor::allocate(ir::Type::tensor({6, 0, 7}, ir::ElementKind::kF32));
  Tensor z = salted_tensor(ir::Type::tensor({}, ir::ElementKind::kF32), 1);
  const std::string text = R"(
func.func @main(%x: tensor<6x0x7xf32>, %z: tensor<f32>) -> tensor<6x7xf32> {
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<6x0x7xf32>, tensor<f32>) -> tensor<6x7xf32>
  func.return %r : tensor<6x7xf32>
})";
  expect_fast_matches_reference(text, {x, z});
}

// kiln folds a bf16 body left to right, rounding every step (docs/semantics.md, "Reductions"):
// 4096 values in [1, 2) stop growing at 512, where XLA-CPU's tree of 32-element blocks gives
// about 4080.
TEST(ReduceNative, Bf16SumFoldsSequentially) {
  using BF16 = NarrowFloat<ir::ElementKind::kBF16>;
  Tensor x = *oracle::random_tensor(ir::Type::tensor({4096}, ir::ElementKind::kBF16), 12,
                                    oracle::Range{1, 2});
  Tensor z = *Tensor::allocate(ir::Type::tensor({}, ir::ElementKind::kBF16));
  const std::string text = R"(
func.func @main(%x: tensor<4096xbf16>, %z: tensor<bf16>) -> tensor<bf16> {
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0] : (tensor<4096xbf16>, tensor<bf16>) -> tensor<bf16>
  func.return %r : tensor<bf16>
})";
  auto out = expect_fast_matches_reference(text, {x, z});
  ASSERT_EQ(out.size(), 1u);
  BF16 acc(0.0);
  for (int64_t i = 0; i < 4096; ++i) acc = acc + x.data<BF16>()[i];
  EXPECT_EQ(out[0].data<BF16>()[0].bits, acc.bits);
  EXPECT_EQ(acc.value(), 512.0);
}

}  // namespace
}  // namespace kiln::interp
