// stablehlo.convolution on the fast path (im2col + GEMM) against the per-element reference path
// (Options::fast_paths = false) on random inputs with NaNs, infinities and negative zeros: every
// element type (narrow floats accumulating in f32), layouts, strides, padding, dilations,
// reversal, feature and batch groups, empty dimensions.
#include <gtest/gtest.h>

#include "tests/unit/interp/fast_path_helpers.h"

namespace kiln::interp {
namespace {

using Kind = ir::ElementKind;
using testing::expect_paths_agree;
using testing::random_with_specials;
using testing::with_types;

// One convolution: operand and result shapes (element types $0 for operands, $1 for the
// result), the op's attributes after `dim_numbers =`, and the products per output element.
struct Conv {
  std::vector<int64_t> lhs, rhs, out;
  std::string attrs;
  double terms;
};

std::string tensor_type(const std::vector<int64_t>& shape, const char* elem) {
  std::string t = "tensor<";
  for (int64_t d : shape) t += std::to_string(d) + "x";
  return t + elem + ">";
}

void expect_conv_agree(const Conv& c, Kind in, Kind out, uint64_t seed) {
  SCOPED_TRACE(ir::to_string(ir::ElementType(in)) + " -> " + ir::to_string(ir::ElementType(out)));
  std::string lt = tensor_type(c.lhs, "$0"), rt = tensor_type(c.rhs, "$0");
  std::string ot = tensor_type(c.out, "$1");
  std::string text = "func.func @main(%x: " + lt + ", %w: " + rt + ") -> " + ot + " {\n" +
                     "  %r = stablehlo.convolution(%x, %w) dim_numbers = " + c.attrs + " : (" + lt +
                     ", " + rt + ") -> " + ot + "\n  func.return %r : " + ot + "\n}";
  Tensor x = random_with_specials(ir::Type::tensor(c.lhs, in), seed);
  Tensor w = random_with_specials(ir::Type::tensor(c.rhs, in), seed + 1);
  expect_paths_agree(with_types(text, {in, out}), {x, w}, c.terms);
}

const Conv kNhwc3x3{
    {2, 6, 7, 5},
    {3, 3, 5, 4},
    {2, 6, 7, 4},
    "[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = "
    "[[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64}",
    45};

TEST(ConvolutionPaths, EveryFloatType) {
  for (Kind kind : {Kind::kF32, Kind::kF64, Kind::kBF16, Kind::kF16, Kind::kF8E4M3FN, Kind::kF8E5M2,
                    Kind::kF8E4M3FNUZ, Kind::kF4E2M1FN}) {
    expect_conv_agree(kNhwc3x3, kind, kind, 1);
  }
}

TEST(ConvolutionPaths, ComplexIntegerAndI1Types) {
  for (Kind kind : {Kind::kComplexF32, Kind::kComplexF64, Kind::kSI8, Kind::kSI16, Kind::kSI32,
                    Kind::kSI64, Kind::kUI8, Kind::kUI32, Kind::kSI4, Kind::kI1}) {
    expect_conv_agree(kNhwc3x3, kind, kind, 2);
  }
}

TEST(ConvolutionPaths, MixedOperandAndResultTypes) {
  expect_conv_agree(kNhwc3x3, Kind::kBF16, Kind::kF32, 3);
  expect_conv_agree(kNhwc3x3, Kind::kF32, Kind::kBF16, 4);
  expect_conv_agree(kNhwc3x3, Kind::kSI8, Kind::kSI32, 5);
}

// NCHW x OIHW with strides, negative and positive padding, both dilations, reversal and three
// feature groups.
TEST(ConvolutionPaths, FeatureGroupsAndWindowFeatures) {
  Conv c{{2, 6, 9, 8},
         {6, 2, 3, 2},
         {2, 6, 3, 16},
         "[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 1], pad = [[1, -1], "
         "[0, 2]], lhs_dilate = [1, 2], rhs_dilate = [2, 1], reverse = [true, false]} "
         "{batch_group_count = 1 : i64, feature_group_count = 3 : i64}",
         12};
  for (Kind kind : {Kind::kF32, Kind::kBF16, Kind::kF16, Kind::kSI8, Kind::kSI32})
    expect_conv_agree(c, kind, kind, 6);
}

// The weight-gradient form: batch 4 in 2 batch groups, output features split between them.
TEST(ConvolutionPaths, BatchGroups) {
  Conv c{{4, 5, 5, 3},
         {3, 3, 3, 4},
         {2, 3, 3, 4},
         "[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 2 : i64, "
         "feature_group_count = 1 : i64}",
         27};
  for (Kind kind : {Kind::kF32, Kind::kBF16, Kind::kF8E5M2, Kind::kSI16})
    expect_conv_agree(c, kind, kind, 7);
}

TEST(ConvolutionPaths, EmptyDimensions) {
  Conv no_batch{{0, 4, 4, 3},
                {2, 2, 3, 2},
                {0, 3, 3, 2},
                "[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : "
                "i64, feature_group_count = 1 : i64}",
                12};
  Conv no_features{{2, 4, 4, 0},
                   {2, 2, 0, 2},
                   {2, 3, 3, 2},
                   "[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 "
                   ": i64, feature_group_count = 1 : i64}",
                   1};
  for (Kind kind : {Kind::kF32, Kind::kBF16, Kind::kSI32}) {
    expect_conv_agree(no_batch, kind, kind, 8);
    expect_conv_agree(no_features, kind, kind, 9);
  }
}

}  // namespace
}  // namespace kiln::interp
