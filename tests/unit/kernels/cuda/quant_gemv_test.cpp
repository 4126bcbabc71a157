// gemv_w4 and gemv_w8 (kernels/cuda/quant_gemv.cpp): the problems a shape [M, N, K, group]
// implies and refuses, the code layout the definition reads (the kernel is checked against the
// definition on the GPU), and the plans' K splits on devices of different sizes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

#include "bench/reference.h"
#include "kernels/cuda/plan.h"
#include "kernels/cuda/plan_helpers.h"
#include "kernels/cuda/registry.h"
#include "runtime/cuda/nvrtc.h"

namespace kiln::kernels {
namespace {

const KernelSpec& spec_of(int bits) {
  auto s = find_kernel(bits == 4 ? "gemv_w4" : "gemv_w8");
  EXPECT_TRUE(s.ok());
  return **s;
}

TEST(KernelQuantGemv, ProblemTensorsFollowTheShape) {
  auto p = spec_of(4).make_problem({3, 5, 256, 64}, ElementKind::kBF16);
  ASSERT_TRUE(p.ok()) << p.error().message();
  ASSERT_EQ(p->inputs.size(), 4u);
  EXPECT_EQ(p->inputs[0].shape, (Shape{3, 256}));
  EXPECT_EQ(p->inputs[1].dtype, ElementKind::kUI32);
  EXPECT_EQ(p->inputs[1].shape, (Shape{5, 32}));  // 8 codes a word
  EXPECT_EQ(p->inputs[2].shape, (Shape{5, 4}));
  EXPECT_EQ(p->inputs[3].shape, (Shape{5, 4}));
  EXPECT_EQ(p->outputs[0].shape, (Shape{3, 5}));
  auto p8 = spec_of(8).make_problem({3, 5, 256, 64}, ElementKind::kF16);
  ASSERT_TRUE(p8.ok());
  EXPECT_EQ(p8->inputs[1].shape, (Shape{5, 64}));  // 4 codes a word
  // Bytes: W + scales + zero points + x + y.
  EXPECT_DOUBLE_EQ(problem_bytes(spec_of(4), *p),
                   5 * 128 + 2 * (2 * 5 * 4) + 2 * 3 * 256 + 2 * 3 * 5);
  EXPECT_DOUBLE_EQ(problem_flops(spec_of(4), *p), 2.0 * 3 * 5 * 256);
}

TEST(KernelQuantGemv, ShapesOutsideTheKernelAreErrors) {
  for (const Shape& shape : std::vector<Shape>{{1, 4, 64},
                                               {0, 4, 64, 32},
                                               {17, 4, 64, 32},
                                               {1, 4, 64, 48},
                                               {1, 4, 96, 64},
                                               {1, -1, 64, 32}}) {
    auto p = spec_of(4).make_problem(shape, ElementKind::kBF16);
    ASSERT_FALSE(p.ok()) << shape_string(shape);
    EXPECT_NE(p.error().message().find("[M, N, K, group]"), std::string::npos)
        << p.error().message();
  }
}

TEST(KernelQuantGemv, DefinitionUnpacksWordsIntoGroups) {
  auto p = spec_of(4).make_problem({3, 5, 64, 32}, ElementKind::kBF16);
  ASSERT_TRUE(p.ok());
  auto text = render_stablehlo(spec_of(4), *p);
  ASSERT_TRUE(text.ok());
  // {shape_in1}: W [5, 8] words of 8 codes, regrouped as [5, 2, 32].
  EXPECT_NE(text->find("tensor<5x8x8xui32>"), std::string::npos) << *text;
  EXPECT_NE(text->find("tensor<5x2x32xf32>"), std::string::npos) << *text;
  EXPECT_NE(text->find("dense<15>"), std::string::npos) << *text;
  EXPECT_EQ(text->find("{shape_"), std::string::npos) << *text;
}

uint16_t bf16_bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return static_cast<uint16_t>(u >> 16);  // exact for the values below
}

// y for x one-hot-ish (x[5] = 1, x[12] = 16) over K = 32 (one group), code k = k for k < 16 as
// the documented layout places it, row 0 with scale 1 and zero point 0, row 1 with scale 0.5
// and zero point 1: 5 + 16 * 12 = 197 and (5 - 1) / 2 + 16 (12 - 1) / 2 = 90. Other orders
// of the codes in the words give other sums.
std::vector<float> layout_outputs(int bits, const std::vector<uint32_t>& row_words) {
  const KernelSpec& s = spec_of(bits);
  auto p = s.make_problem({1, 2, 32, 32}, ElementKind::kBF16);
  EXPECT_TRUE(p.ok());
  std::vector<interp::Tensor> in;
  for (const TensorSpec& t : p->inputs) {
    auto tensor = interp::Tensor::allocate(bench::tensor_type(t));
    EXPECT_TRUE(tensor.ok());
    std::memset(tensor->raw(), 0, tensor->size_bytes());
    in.push_back(std::move(*tensor));
  }
  in[0].data<uint16_t>()[5] = bf16_bits(1.f);
  in[0].data<uint16_t>()[12] = bf16_bits(16.f);
  for (size_t row = 0; row < 2; ++row) {
    for (size_t i = 0; i < row_words.size(); ++i)
      in[1].data<uint32_t>()[row * row_words.size() + i] = row_words[i];
  }
  in[2].data<uint16_t>()[0] = bf16_bits(1.f);
  in[2].data<uint16_t>()[1] = bf16_bits(0.5f);
  in[3].data<uint16_t>()[1] = bf16_bits(1.f);
  auto out = bench::reference_outputs(s, *p, in);
  EXPECT_TRUE(out.ok()) << (out.ok() ? "" : out.error().message());
  std::vector<float> y;
  if (!out.ok()) return y;
  for (int i = 0; i < 2; ++i) {
    uint32_t u = static_cast<uint32_t>((*out)[0].data<uint16_t>()[i]) << 16;
    float f;
    std::memcpy(&f, &u, 4);
    y.push_back(f);
  }
  return y;
}

TEST(KernelQuantGemv, FourBitCodesAreNibblesLowFirst) {
  // Nibble j of word i is code 8 i + j.
  EXPECT_EQ(layout_outputs(4, {0x76543210u, 0xFEDCBA98u, 0, 0}), (std::vector<float>{197, 90}));
}

TEST(KernelQuantGemv, EightBitCodesAreBytesInMemoryOrder) {
  // Byte j of word i is code 4 i + j.
  EXPECT_EQ(layout_outputs(8, {0x03020100u, 0x07060504u, 0x0B0A0908u, 0x0F0E0D0Cu, 0, 0, 0, 0}),
            (std::vector<float>{197, 90}));
}

Plan quant_plan(const std::string& kernel, const Shape& shape, int sms = 132) {
  auto spec = find_kernel(kernel);
  EXPECT_TRUE(spec.ok());
  auto p = (*spec)->make_problem(shape, ElementKind::kBF16);
  EXPECT_TRUE(p.ok());
  cuda::DeviceProperties device = cuda::DeviceProperties::h100_sxm();
  device.sm_count = sms;
  auto plan = plan_kernel(**spec, *p, {}, device);
  EXPECT_TRUE(plan.ok()) << (plan.ok() ? "" : plan.error().message());
  return plan.ok() ? *plan : Plan{};
}

TEST(PlanQuantGemv, EnoughRowsTakeOneLaunch) {
  // 4096 rows / 2 per warp / 4 warps a block: 512 blocks, past 2 per SM already.
  Plan plan = quant_plan("gemv_w4", {1, 4096, 4096, 128});
  ASSERT_EQ(plan.launches.size(), 1u);
  EXPECT_EQ(plan.launches[0].function, "quant_gemv");
  EXPECT_EQ(plan.launches[0].grid[0], 512u);
  EXPECT_EQ(plan.launches[0].grid[1], 1u);
  EXPECT_TRUE(plan.scratch_bytes.empty());
  EXPECT_EQ(plan.launches[0].args[4], Arg::output(0));
}

TEST(PlanQuantGemv, FewRowsSplitKAndAddTheSplitsInASecondLaunch) {
  // 3 rows: one block; K = 8192 4-bit codes is 256 packs, at most 4 splits of 64 (unroll 2).
  Plan plan = quant_plan("gemv_w4", {1, 3, 8192, 32});
  ASSERT_EQ(plan.launches.size(), 2u);
  EXPECT_EQ(plan.launches[0].grid[1], 4u);
  EXPECT_EQ(plan.launches[0].args[4], Arg::scratch(0));
  EXPECT_EQ(plan.launches[1].function, "gemv_t_finish");
  EXPECT_EQ(plan.scratch_bytes, (std::vector<size_t>{4 * 3 * 4}));
  // 8-bit codes: 512 packs, 8 splits.
  EXPECT_EQ(quant_plan("gemv_w8", {1, 3, 8192, 32}).launches[0].grid[1], 8u);
}

TEST(PlanQuantGemv, SplitsFollowTheSmCount) {
  // 1024 rows: 128 blocks, 896 packs. 2 blocks per SM: 264 on 132 SMs (3 splits), 132 on 66
  // (2), 528 on 264 (5).
  EXPECT_EQ(quant_plan("gemv_w8", {1, 1024, 14336, 128}).launches[0].grid[1], 3u);
  EXPECT_EQ(quant_plan("gemv_w8", {1, 1024, 14336, 128}, 66).launches[0].grid[1], 2u);
  EXPECT_EQ(quant_plan("gemv_w8", {1, 1024, 14336, 128}, 264).launches[0].grid[1], 5u);
}

TEST(PlanQuantGemv, PartialSumsStayWithinAnEighthOfTheWeights) {
  // One block, 256 packs: unroll 1 allows 8 splits. 16 rows of x write 16 partial sums of 8
  // bytes per split and row of W (4096 bytes of codes): 4 splits are 1/8 of it.
  auto spec = find_kernel("gemv_w4");
  ASSERT_TRUE(spec.ok());
  for (auto [m, splits] : {std::pair<int64_t, unsigned>{4, 8}, {16, 4}}) {
    auto p = (*spec)->make_problem({m, 64, 8192, 32}, ElementKind::kBF16);
    ASSERT_TRUE(p.ok());
    auto plan = plan_kernel(**spec, *p, {{"unroll", 1}});
    ASSERT_TRUE(plan.ok());
    EXPECT_EQ(plan->launches[0].grid[1], splits) << m;
  }
}

TEST(PlanQuantGemv, FinishOneAddsTheSplitsInTheSameLaunch) {
  // 3 rows, 4 splits (as above): one launch, its counts (one per row tile: one block) in the
  // plan's zeroed state, the partial sums in scratch, y the last argument.
  auto spec = find_kernel("gemv_w4");
  ASSERT_TRUE(spec.ok());
  auto p = (*spec)->make_problem({1, 3, 8192, 32}, ElementKind::kBF16);
  ASSERT_TRUE(p.ok());
  auto plan = plan_kernel(**spec, *p, {{"finish", 1}});
  ASSERT_TRUE(plan.ok()) << plan.error().message();
  ASSERT_EQ(plan->launches.size(), 1u);
  const Launch& l = plan->launches[0];
  EXPECT_EQ(l.grid[1], 4u);
  EXPECT_EQ(l.args[4], Arg::scratch(0));
  ASSERT_EQ(l.args.size(), 10u);
  EXPECT_EQ(l.args[8], Arg::state(0));
  EXPECT_EQ(l.args[9], Arg::output(0));
  EXPECT_EQ(plan->state_bytes, (std::vector<size_t>{4}));
  EXPECT_EQ(plan->scratch_bytes, (std::vector<size_t>{4 * 3 * 4}));
  EXPECT_NE(std::find(l.defines.begin(), l.defines.end(), define("FINISH", 1)), l.defines.end());
  // Without a split there is nothing to add: one launch writing y, FINISH off.
  auto whole = plan_kernel(
      **spec, *((*spec)->make_problem({1, 4096, 4096, 128}, ElementKind::kBF16)), {{"finish", 1}});
  ASSERT_TRUE(whole.ok());
  ASSERT_EQ(whole->launches.size(), 1u);
  EXPECT_EQ(whole->launches[0].args.size(), 8u);
  EXPECT_EQ(whole->launches[0].args[4], Arg::output(0));
  EXPECT_TRUE(whole->state_bytes.empty());
  for (const std::string& d : whole->launches[0].defines)
    EXPECT_EQ(d.find("FINISH"), std::string::npos) << d;
}

TEST(PlanQuantGemv, FinishCountsOneWordPerRowTileOfTheTensorCoreKernel) {
  // M 16 on tensor cores: 64 rows a block, 4096 / 64 = 64 row tiles, 2 splits.
  auto spec = find_kernel("gemv_w4");
  ASSERT_TRUE(spec.ok());
  auto p = (*spec)->make_problem({16, 4096, 4096, 128}, ElementKind::kBF16);
  ASSERT_TRUE(p.ok());
  auto plan = plan_kernel(**spec, *p, {{"finish", 1}});
  ASSERT_TRUE(plan.ok());
  ASSERT_EQ(plan->launches.size(), 1u);
  EXPECT_EQ(plan->launches[0].function, "quant_gemm_mma");
  EXPECT_EQ(plan->launches[0].grid[1], 2u);
  EXPECT_EQ(plan->state_bytes, (std::vector<size_t>{64 * 4}));
}

TEST(PlanQuantGemv, PrefetchIsADefinePassedOnlyWhenOn) {
  auto spec = find_kernel("gemv_w8");
  ASSERT_TRUE(spec.ok());
  auto p = (*spec)->make_problem({1, 4096, 4096, 128}, ElementKind::kBF16);
  ASSERT_TRUE(p.ok());
  auto on = plan_kernel(**spec, *p, {{"prefetch", 1}});
  ASSERT_TRUE(on.ok());
  const auto& d = on->launches[0].defines;
  EXPECT_NE(std::find(d.begin(), d.end(), define("PREFETCH", 1)), d.end());
  auto off = plan_kernel(**spec, *p, {{"prefetch", 0}});
  ASSERT_TRUE(off.ok());
  for (const std::string& e : off->launches[0].defines)
    EXPECT_EQ(e.find("PREFETCH"), std::string::npos) << e;
}

TEST(PlanQuantGemv, FactoredIsADefineOfTheFmaKernelOnly) {
  auto spec = find_kernel("gemv_w4");
  ASSERT_TRUE(spec.ok());
  auto has_factored = [](const Plan& plan) {
    const auto& d = plan.launches[0].defines;
    return std::find(d.begin(), d.end(), define("FACTORED", 1)) != d.end();
  };
  auto p1 = (*spec)->make_problem({1, 4096, 4096, 128}, ElementKind::kBF16);
  auto p16 = (*spec)->make_problem({16, 4096, 4096, 128}, ElementKind::kBF16);
  ASSERT_TRUE(p1.ok() && p16.ok());
  auto on = plan_kernel(**spec, *p1, {{"factored", 1}});
  ASSERT_TRUE(on.ok());
  EXPECT_EQ(on->launches[0].function, "quant_gemv");
  EXPECT_TRUE(has_factored(*on));
  auto off = plan_kernel(**spec, *p1, {{"factored", 0}});
  ASSERT_TRUE(off.ok());
  for (const std::string& e : off->launches[0].defines)
    EXPECT_EQ(e.find("FACTORED"), std::string::npos) << e;
  // M = 16 goes to the tensor cores (mma 1), which factor the scale out already; with mma 0
  // the FMA kernel takes it.
  auto mma = plan_kernel(**spec, *p16, {{"factored", 1}});
  ASSERT_TRUE(mma.ok());
  EXPECT_EQ(mma->launches[0].function, "quant_gemm_mma");
  EXPECT_FALSE(has_factored(*mma));
  auto fma = plan_kernel(**spec, *p16, {{"factored", 1}, {"mma", 0}});
  ASSERT_TRUE(fma.ok());
  EXPECT_TRUE(has_factored(*fma));
}

TEST(PlanQuantGemv, ChainsAreADefineOfTheTensorCoreKernelOnly) {
  auto spec = find_kernel("gemv_w4");
  ASSERT_TRUE(spec.ok());
  auto chains_define = [](const Plan& plan) {
    for (const std::string& d : plan.launches[0].defines)
      if (d.find("CHAINS") != std::string::npos) return d;
    return std::string();
  };
  auto p16 = (*spec)->make_problem({16, 4096, 4096, 128}, ElementKind::kBF16);
  auto p1 = (*spec)->make_problem({1, 4096, 4096, 128}, ElementKind::kBF16);
  ASSERT_TRUE(p16.ok() && p1.ok());
  auto four = plan_kernel(**spec, *p16, {{"chains", 4}});
  ASSERT_TRUE(four.ok());
  EXPECT_EQ(chains_define(*four), define("CHAINS", 4));
  auto one = plan_kernel(**spec, *p16, {{"chains", 1}});
  ASSERT_TRUE(one.ok());
  EXPECT_EQ(chains_define(*one), "");
  auto fma = plan_kernel(**spec, *p1, {{"chains", 4}});  // M = 1: the FMA kernel
  ASSERT_TRUE(fma.ok());
  EXPECT_EQ(fma->launches[0].function, "quant_gemv");
  EXPECT_EQ(chains_define(*fma), "");
}

TEST(PlanQuantGemv, MmaTwoTakesTensorCoresAtOneRowOfX) {
  // 16 rows of W per warp, 4 warps a block: 64 blocks at M = 1 as at M = 16, then 2 splits.
  auto spec = find_kernel("gemv_w4");
  ASSERT_TRUE(spec.ok());
  auto p = (*spec)->make_problem({1, 4096, 4096, 128}, ElementKind::kBF16);
  ASSERT_TRUE(p.ok());
  auto plan = plan_kernel(**spec, *p, {{"mma", 2}});
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(plan->launches[0].function, "quant_gemm_mma");
  EXPECT_EQ(plan->launches[0].grid[0], 64u);
  EXPECT_EQ(plan->launches[0].grid[1], 2u);
  const auto& d = plan->launches[0].defines;
  EXPECT_NE(std::find(d.begin(), d.end(), define("M_ACT", 1)), d.end());
  // split_min 4: splits of at least one warp step (4 x unroll 2 packs of 128), so 264 / 64
  // blocks wants 5 splits of 26 packs, 28 in whole steps of 4: still 5.
  auto more = plan_kernel(**spec, *p, {{"mma", 2}, {"split_min", 4}});
  ASSERT_TRUE(more.ok());
  EXPECT_EQ(more->launches[0].grid[1], 5u);
  EXPECT_EQ(more->launches[0].args[7], Arg::i64(28));
}

TEST(PlanQuantGemv, BatchesTakeTensorCoresUnlessAskedNot) {
  // 16 rows of W per warp, 4 warps a block: 4096 / 64 blocks, then 2 splits.
  Plan mma = quant_plan("gemv_w4", {16, 4096, 4096, 128});
  ASSERT_EQ(mma.launches.size(), 2u);
  EXPECT_EQ(mma.launches[0].function, "quant_gemm_mma");
  EXPECT_EQ(mma.launches[0].grid[0], 64u);
  EXPECT_EQ(mma.launches[0].grid[1], 2u);
  EXPECT_EQ(quant_plan("gemv_w8", {1, 4096, 4096, 128}).launches[0].function, "quant_gemv");
  auto spec = find_kernel("gemv_w4");
  ASSERT_TRUE(spec.ok());
  auto p = (*spec)->make_problem({3, 4096, 4096, 128}, ElementKind::kF16);
  ASSERT_TRUE(p.ok());
  auto fma = plan_kernel(**spec, *p, {{"mma", 0}});
  ASSERT_TRUE(fma.ok());
  EXPECT_EQ(fma->launches[0].function, "quant_gemv");
  EXPECT_EQ(fma->launches[0].grid[0], 512u);
}

TEST(PlanQuantGemv, TensorCoreSplitsStartAtMultiplesOfFourPacks) {
  // 33 rows, 8192 + 128 8-bit codes: 520 packs in 8 splits of 65 for the FMA kernel; the
  // tensor-core kernel's warp steps of 4 packs must stay inside their groups: 68 (the last
  // split 44), not whole groups of 128 codes (8 packs), which the kernel allows.
  Plan mma = quant_plan("gemv_w8", {2, 33, 8320, 128});
  ASSERT_EQ(mma.launches[0].function, "quant_gemm_mma");
  EXPECT_EQ(mma.launches[0].grid[1], 8u);
  EXPECT_EQ(mma.launches[0].args[7], Arg::i64(68));
  auto spec = find_kernel("gemv_w8");
  ASSERT_TRUE(spec.ok());
  auto p = (*spec)->make_problem({2, 33, 8320, 128}, ElementKind::kBF16);
  ASSERT_TRUE(p.ok());
  auto fma = plan_kernel(**spec, *p, {{"mma", 0}});
  ASSERT_TRUE(fma.ok());
  EXPECT_EQ(fma->launches[0].function, "quant_gemv");
  EXPECT_EQ(fma->launches[0].grid[1], 8u);
  EXPECT_EQ(fma->launches[0].args[7], Arg::i64(65));
}

TEST(PlanQuantGemv, EmptyProblemsLaunchNothing) {
  Plan no_rows = quant_plan("gemv_w4", {2, 0, 64, 32});
  ASSERT_EQ(no_rows.launches.size(), 1u);
  EXPECT_EQ(no_rows.launches[0].grid[0], 0u);  // the launcher skips it
  Plan no_k = quant_plan("gemv_w8", {3, 4, 0, 32});
  ASSERT_EQ(no_k.launches.size(), 1u);  // writes zeros
  EXPECT_EQ(no_k.launches[0].grid[0], 1u);
}

// The new knobs where they change the code: a split K added in the same launch (finish 1) and
// the loads one step ahead (prefetch 1), in both kernels (mma 0 and 2; M = 1 on tensor cores
// with mma 2), one and two n-tiles, every width and dtype.
TEST(KernelQuantGemv, PrefetchAndFinishCompileForSm90a) {
  auto nvrtc = cuda::nvrtc_version();
  if (!nvrtc.ok()) GTEST_SKIP() << "NVRTC not available: " << nvrtc.error().message();
  for (int bits : {4, 8}) {
    for (ElementKind t : {ElementKind::kBF16, ElementKind::kF16}) {
      for (const Shape& shape : std::vector<Shape>{{1, 3, 8192, 32}, {9, 129, 8192, 128}}) {
        for (int64_t mma : {0, 2}) {
          auto p = spec_of(bits).make_problem(shape, t);
          ASSERT_TRUE(p.ok());
          auto plan = plan_kernel(spec_of(bits), *p,
                                  {{"mma", mma}, {"prefetch", 1}, {"finish", 1}, {"chains", 4}});
          ASSERT_TRUE(plan.ok()) << plan.error().message();
          ASSERT_EQ(plan->launches.size(), 1u) << shape_string(shape);  // split, one launch
          auto cubins = cuda::compile_plan(*plan, "sm_90a");
          EXPECT_TRUE(cubins.ok()) << bits << " " << shape_string(shape) << " mma=" << mma << ": "
                                   << (cubins.ok() ? "" : cubins.error().message());
        }
      }
    }
  }
}

// The factored FMA kernel (factored 1) at one and several rows of x, every row count of a
// warp, with the loads one step ahead and a split K added in the same launch, every width and
// dtype.
TEST(KernelQuantGemv, FactoredCompilesForSm90a) {
  auto nvrtc = cuda::nvrtc_version();
  if (!nvrtc.ok()) GTEST_SKIP() << "NVRTC not available: " << nvrtc.error().message();
  for (int bits : {4, 8}) {
    for (ElementKind t : {ElementKind::kBF16, ElementKind::kF16}) {
      for (const Shape& shape : std::vector<Shape>{{1, 3, 8192, 32}, {3, 33, 256, 64}}) {
        for (int64_t rows : {1, 4}) {
          auto p = spec_of(bits).make_problem(shape, t);
          ASSERT_TRUE(p.ok());
          auto plan = plan_kernel(
              spec_of(bits), *p,
              {{"mma", 0}, {"factored", 1}, {"rows", rows}, {"prefetch", 1}, {"finish", 1}});
          ASSERT_TRUE(plan.ok()) << plan.error().message();
          auto cubins = cuda::compile_plan(*plan, "sm_90a");
          EXPECT_TRUE(cubins.ok()) << bits << " " << shape_string(shape) << " rows=" << rows
                                   << ": " << (cubins.ok() ? "" : cubins.error().message());
        }
      }
    }
  }
}

// The registry's compile test plans the first check shape (M = 1, the FMA kernel): here the
// tensor-core kernel at one and two n-tiles, at every group (the quad's word exchange has two
// stages for 4-bit groups of 32, one for 64 and 8-bit 32, none above), and both kernels with
// a split K, every dtype.
TEST(KernelQuantGemv, EveryKernelCompilesForSm90a) {
  auto nvrtc = cuda::nvrtc_version();
  if (!nvrtc.ok()) GTEST_SKIP() << "NVRTC not available: " << nvrtc.error().message();
  for (int bits : {4, 8}) {
    for (ElementKind t : {ElementKind::kBF16, ElementKind::kF16}) {
      for (const Shape& shape :
           std::vector<Shape>{{3, 129, 8192, 128}, {16, 17, 512, 64}, {9, 23, 640, 32}}) {
        for (int64_t mma : {0, 1}) {
          auto p = spec_of(bits).make_problem(shape, t);
          ASSERT_TRUE(p.ok());
          auto plan = plan_kernel(spec_of(bits), *p, {{"mma", mma}});
          ASSERT_TRUE(plan.ok()) << plan.error().message();
          auto cubins = cuda::compile_plan(*plan, "sm_90a");
          EXPECT_TRUE(cubins.ok()) << bits << " " << shape_string(shape) << " mma=" << mma << ": "
                                   << (cubins.ok() ? "" : cubins.error().message());
        }
      }
    }
  }
}

}  // namespace
}  // namespace kiln::kernels
