// The im2col + GEMM convolution (convolution_gemm.cpp) against the direct loop over the spec's
// definition (convolution.cpp), on random non-zero operands: each window feature alone, then
// many random configurations combining them, in f32 and f64 and in every layout, and in every
// accumulation type the GEMM path sees (integers, i1 and complex numbers too).
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>

#include "interp/ops/convolution.h"
#include "oracle/compare.h"
#include "oracle/random.h"

namespace kiln::interp {
namespace {

// A convolution by sizes. Layouts map [batch, spatial..., feature] (lhs and result) and
// [output feature, spatial..., input feature] (rhs) to tensor dimensions; empty is that order.
struct Case {
  ir::ElementKind kind = ir::ElementKind::kF32;
  std::vector<int64_t> in, k, stride, lo, hi, lhs_dil, rhs_dil, reversal;
  int64_t batch = 2, in_features = 3, out_features = 4;  // per group
  int64_t feature_groups = 1, batch_groups = 1;
  std::vector<int64_t> lhs_layout, rhs_layout, out_layout;
};

// `c` with every per-dimension vector filled in with the spec's defaults.
Case complete(Case c) {
  size_t n = c.in.size();
  for (auto* v : {&c.stride, &c.lhs_dil, &c.rhs_dil}) v->resize(n, 1);
  for (auto* v : {&c.lo, &c.hi, &c.reversal}) v->resize(n, 0);
  for (auto* v : {&c.lhs_layout, &c.rhs_layout, &c.out_layout}) {
    if (v->empty()) {
      v->resize(n + 2);
      std::iota(v->begin(), v->end(), int64_t{0});
    }
  }
  return c;
}

int64_t out_size(const Case& c, size_t i) {
  int64_t padded = (c.in[i] == 0 ? 0 : (c.in[i] - 1) * c.lhs_dil[i] + 1) + c.lo[i] + c.hi[i];
  int64_t window = (c.k[i] - 1) * c.rhs_dil[i] + 1;
  return padded < window ? 0 : (padded - window) / c.stride[i] + 1;
}

// The tensor type whose dimension layout[j] has size canonical[j]; writes the spatial
// dimensions' positions to `spatial`.
ir::Type laid_out(const std::vector<int64_t>& canonical, const std::vector<int64_t>& layout,
                  ir::ElementKind kind, std::vector<int64_t>& spatial) {
  std::vector<int64_t> shape(canonical.size());
  for (size_t j = 0; j < canonical.size(); ++j) shape[static_cast<size_t>(layout[j])] = canonical[j];
  spatial.assign(layout.begin() + 1, layout.end() - 1);
  return ir::Type::tensor(shape, kind);
}

struct Problem {
  ConvParams p;
  Tensor lhs, rhs, direct, gemm;
};

Problem make_problem(const Case& raw, uint64_t seed) {
  Case c = complete(raw);
  Problem r;
  ir::ConvDimsAttr& d = r.p.dims;
  int64_t groups = c.feature_groups * c.batch_groups;
  std::vector<int64_t> lhs{c.batch * c.batch_groups}, rhs{c.out_features * groups}, out{c.batch};
  for (size_t i = 0; i < c.in.size(); ++i) {
    lhs.push_back(c.in[i]);
    rhs.push_back(c.k[i]);
    out.push_back(out_size(c, i));
  }
  lhs.push_back(c.in_features * c.feature_groups);
  rhs.push_back(c.in_features);
  out.push_back(c.out_features * groups);
  ir::Type lt = laid_out(lhs, c.lhs_layout, c.kind, d.input_spatial);
  ir::Type rt = laid_out(rhs, c.rhs_layout, c.kind, d.kernel_spatial);
  ir::Type ot = laid_out(out, c.out_layout, c.kind, d.output_spatial);
  d.input_batch = c.lhs_layout.front(), d.input_feature = c.lhs_layout.back();
  d.kernel_output_feature = c.rhs_layout.front(), d.kernel_input_feature = c.rhs_layout.back();
  d.output_batch = c.out_layout.front(), d.output_feature = c.out_layout.back();
  r.p.stride = c.stride, r.p.pad_lo = c.lo, r.p.lhs_dilation = c.lhs_dil;
  r.p.rhs_dilation = c.rhs_dil, r.p.reversal = c.reversal;
  r.p.feature_groups = c.feature_groups, r.p.batch_groups = c.batch_groups;
  r.lhs = *oracle::random_tensor(lt, seed);
  r.rhs = *oracle::random_tensor(rt, seed + 1);
  r.direct = *Tensor::allocate(ot);
  r.gemm = *Tensor::allocate(ot);
  return r;
}

// Both kernels on random operands of `c` agree to rounding: within f32 (f64) precision of the
// sum of the window's |products| (at most the window's size: operands lie in [-1, 1]).
void expect_kernels_agree(const Case& c, uint64_t seed) {
  Problem r = make_problem(c, seed);
  convolve_direct(r.p, r.lhs, r.rhs, r.direct);
  auto done = convolve_gemm(r.p, r.lhs, r.rhs, r.gemm);
  ASSERT_TRUE(done.ok()) << done.error().message();
  ASSERT_TRUE(*done) << "the GEMM path declined";
  double terms = static_cast<double>(c.in_features);
  for (int64_t k : c.k) terms *= static_cast<double>(k);
  // Integers and i1 compare exactly whatever the tolerance.
  bool wide = c.kind == ir::ElementKind::kF64 || c.kind == ir::ElementKind::kComplexF64;
  double eps = wide ? 1e-14 : 1e-6;
  oracle::CompareReport report =
      oracle::compare(r.gemm, r.direct, {.atol = 4 * eps * terms, .rtol = 4 * eps});
  EXPECT_TRUE(report.passed) << report.message() << ", seed " << seed;
}

TEST(ConvolutionGemm, NhwcHwio3x3Padded) {
  expect_kernels_agree({.in = {9, 11}, .k = {3, 3}, .lo = {1, 1}, .hi = {1, 1},
                        .rhs_layout = {3, 0, 1, 2}}, 1);
}

TEST(ConvolutionGemm, NchwOihw) {
  expect_kernels_agree({.in = {8, 7}, .k = {3, 2}, .lo = {1, 0}, .hi = {0, 1},
                        .lhs_layout = {0, 2, 3, 1}, .rhs_layout = {0, 2, 3, 1},
                        .out_layout = {0, 2, 3, 1}}, 2);
}

TEST(ConvolutionGemm, Strides) {
  expect_kernels_agree({.in = {13, 10}, .k = {3, 3}, .stride = {2, 3}, .lo = {1, 1}}, 3);
}

TEST(ConvolutionGemm, NegativePadding) {
  expect_kernels_agree({.in = {12, 9}, .k = {2, 3}, .lo = {-2, 1}, .hi = {-1, -2}}, 4);
}

TEST(ConvolutionGemm, LhsDilation) {
  expect_kernels_agree({.in = {5, 6}, .k = {3, 2}, .lo = {2, 1}, .hi = {2, 1},
                        .lhs_dil = {2, 3}}, 5);
}

TEST(ConvolutionGemm, RhsDilation) {
  expect_kernels_agree({.in = {11, 12}, .k = {3, 2}, .lo = {0, 2}, .rhs_dil = {2, 4}}, 6);
}

TEST(ConvolutionGemm, WindowReversal) {
  expect_kernels_agree({.in = {7, 8}, .k = {3, 4}, .lo = {1, 2}, .hi = {0, 1},
                        .rhs_dil = {1, 2}, .reversal = {1, 0}}, 7);
}

TEST(ConvolutionGemm, FeatureGroups) {
  expect_kernels_agree({.in = {7, 6}, .k = {3, 3}, .lo = {1, 1}, .hi = {1, 1},
                        .in_features = 2, .out_features = 3, .feature_groups = 3}, 8);
}

TEST(ConvolutionGemm, DepthwiseNchw) {
  expect_kernels_agree({.in = {9, 9}, .k = {3, 3}, .lo = {1, 1}, .hi = {1, 1},
                        .in_features = 1, .out_features = 1, .feature_groups = 5,
                        .lhs_layout = {0, 2, 3, 1}, .rhs_layout = {0, 2, 3, 1},
                        .out_layout = {0, 2, 3, 1}}, 9);
}

TEST(ConvolutionGemm, BatchGroups) {
  expect_kernels_agree({.in = {6, 5}, .k = {2, 3}, .lo = {0, 1}, .batch = 3,
                        .batch_groups = 2}, 10);
}

TEST(ConvolutionGemm, OneByOneKernelReadsLhsAsIs) {
  expect_kernels_agree({.in = {7, 5}, .k = {1, 1}, .batch = 3, .in_features = 6,
                        .out_features = 5}, 11);
}

TEST(ConvolutionGemm, OneAndThreeSpatialDimensions) {
  expect_kernels_agree({.in = {17}, .k = {4}, .stride = {2}, .lo = {2}, .hi = {1}}, 12);
  expect_kernels_agree({.in = {5, 4, 6}, .k = {2, 3, 2}, .lo = {1, 1, 0}, .hi = {0, 1, 1},
                        .lhs_layout = {4, 0, 3, 1, 2}, .rhs_layout = {1, 4, 0, 2, 3},
                        .out_layout = {2, 4, 1, 0, 3}}, 13);
}

TEST(ConvolutionGemm, NoSpatialDimensions) {
  expect_kernels_agree({.in = {}, .k = {}, .batch = 4, .in_features = 7, .out_features = 3}, 14);
}

TEST(ConvolutionGemm, F64) {
  expect_kernels_agree({.kind = ir::ElementKind::kF64, .in = {9, 8}, .k = {3, 3}, .stride = {2, 1},
                        .lo = {1, -1}, .hi = {1, 0}, .rhs_dil = {1, 2}, .reversal = {0, 1},
                        .feature_groups = 2, .lhs_layout = {3, 1, 0, 2}}, 15);
}

// A random permutation of [0, n).
std::vector<int64_t> shuffled(size_t n, std::mt19937& gen) {
  std::vector<int64_t> v(n);
  std::iota(v.begin(), v.end(), int64_t{0});
  std::shuffle(v.begin(), v.end(), gen);
  return v;
}

// A random convolution of 1 to 3 spatial dimensions mixing every window feature.
Case random_case(std::mt19937& gen) {
  auto pick = [&](int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(gen);
  };
  Case c;
  c.kind = pick(0, 3) == 0 ? ir::ElementKind::kF64 : ir::ElementKind::kF32;
  auto n = static_cast<size_t>(pick(1, 3));
  for (size_t i = 0; i < n; ++i) {
    c.in.push_back(pick(1, n == 3 ? 5 : 9));
    c.k.push_back(pick(1, 3));
    c.stride.push_back(pick(1, 3));
    c.lo.push_back(pick(-2, 2));
    c.hi.push_back(pick(-2, 2));
    c.lhs_dil.push_back(pick(1, 2));
    c.rhs_dil.push_back(pick(1, 2));
    c.reversal.push_back(pick(0, 1));
  }
  c.batch = pick(1, 3);
  c.in_features = pick(1, 4);
  c.out_features = pick(1, 4);
  int64_t groups = pick(0, 2);
  (groups == 1 ? c.feature_groups : c.batch_groups) = groups == 0 ? 1 : pick(2, 3);
  c.lhs_layout = shuffled(n + 2, gen);
  c.rhs_layout = shuffled(n + 2, gen);
  c.out_layout = shuffled(n + 2, gen);
  return c;
}

TEST(ConvolutionGemm, RandomConfigurations) {
  std::mt19937 gen(20261122);
  for (uint64_t seed = 100; seed < 400; ++seed) {
    expect_kernels_agree(random_case(gen), seed);
    if (::testing::Test::HasFailure()) break;
  }
}

TEST(ConvolutionGemm, EmptyOperandsGiveZeros) {
  Problem r = make_problem({.in = {0, 4}, .k = {2, 2}, .lo = {1, 0}, .hi = {1, 0}}, 16);
  ASSERT_GT(r.gemm.num_elements(), 0);
  auto done = convolve_gemm(r.p, r.lhs, r.rhs, r.gemm);
  ASSERT_TRUE(done.ok() && *done);
  const float* out = r.gemm.data<float>();
  EXPECT_TRUE(std::all_of(out, out + r.gemm.num_elements(), [](float v) { return v == 0; }));
}

// Integers wrap in the GEMM's blocked loop as in the direct loop (exactly), i1 ors its ands,
// complex numbers go through cgemm/zgemm; random configurations as above.
TEST(ConvolutionGemm, IntegerBoolAndComplexTypes) {
  using Kind = ir::ElementKind;
  std::mt19937 gen(20261125);
  for (Kind kind : {Kind::kSI8, Kind::kSI32, Kind::kSI64, Kind::kUI8, Kind::kUI16, Kind::kSI4,
                    Kind::kI1, Kind::kComplexF32, Kind::kComplexF64}) {
    for (uint64_t seed = 500; seed < 540; ++seed) {
      Case c = random_case(gen);
      c.kind = kind;
      expect_kernels_agree(c, seed);
      if (::testing::Test::HasFailure()) return;
    }
  }
}

TEST(ConvolutionGemm, DeclinesFeatureAndBatchGroupsTogether) {
  Problem r = make_problem({.in = {4, 4}, .k = {2, 2}, .feature_groups = 2, .batch_groups = 2}, 18);
  auto done = convolve_gemm(r.p, r.lhs, r.rhs, r.gemm);
  ASSERT_TRUE(done.ok());
  EXPECT_FALSE(*done);
}

}  // namespace
}  // namespace kiln::interp
