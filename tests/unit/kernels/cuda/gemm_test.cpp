// The Hopper GEMM's specs (kernels/cuda/gemm.cpp): problems, and plans on an H100 without a GPU:
// its TMA views of A and B, the padded copy of rows TMA cannot address, the persistent grid,
// the ring's shared memory, the empty products.
#include <gtest/gtest.h>

#include "kernels/cuda/plan.h"
#include "kernels/cuda/registry.h"

namespace kiln::kernels {
namespace {

using cuda::TensorMap;

Expected<Plan> gemm_plan(const std::string& name, const Shape& shape, const Config& given = {},
                         const cuda::DeviceProperties& device = cuda::DeviceProperties::h100_sxm()) {
  KILN_TRY(const KernelSpec* spec, find_kernel(name));
  KILN_TRY(Problem p, spec->make_problem(shape, ElementKind::kBF16));
  return plan_kernel(*spec, p, given, device);
}

const Launch& only(const Plan& plan, const std::string& function) {
  for (const Launch& l : plan.launches) {
    if (l.function == function) return l;
  }
  ADD_FAILURE() << "no launch of " << function;
  return plan.launches.front();
}

TEST(GemmProblem, TensorsAreBatched) {
  auto spec = find_kernel("gemm");
  ASSERT_TRUE(spec.ok());
  auto p = (*spec)->make_problem({130, 70, 33}, ElementKind::kF16);
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(p->inputs[0].shape, (Shape{1, 130, 33}));
  EXPECT_EQ(p->inputs[1].shape, (Shape{1, 33, 70}));
  EXPECT_EQ(p->outputs[0].shape, (Shape{1, 130, 70}));
  auto nt = (*find_kernel("gemm_nt"))->make_problem({3, 65, 70, 40}, ElementKind::kBF16);
  ASSERT_TRUE(nt.ok());
  EXPECT_EQ(nt->inputs[1].shape, (Shape{3, 70, 40}));
  EXPECT_EQ(problem_flops(**spec, *p), 2.0 * 130 * 70 * 33);
}

TEST(GemmProblem, OtherRanksAreAnError) {
  auto p = (*find_kernel("gemm"))->make_problem({64, 64}, ElementKind::kBF16);
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.error().message().find("[M, N, K] or [B, M, N, K]"), std::string::npos);
}

// Aligned rows: A and B straight from the inputs, A in 64 x 128 boxes, gemm's N-major B in
// 64 x 64 boxes, one block per SM.
TEST(GemmPlan, AlignedOperandsAreMappedInPlace) {
  auto plan = gemm_plan("gemm", {4096, 4096, 4096});
  ASSERT_TRUE(plan.ok()) << plan.error().message();
  ASSERT_EQ(plan->launches.size(), 1u);
  EXPECT_TRUE(plan->scratch_bytes.empty());
  const Launch& l = plan->launches[0];
  EXPECT_EQ(l.function, "gemm_sm90");
  EXPECT_EQ(l.block[0], 384u);
  EXPECT_EQ(l.grid[0], 132u);  // 32 x 32 tiles over 132 SMs
  ASSERT_EQ(l.args[0].kind, cuda::Arg::Kind::kTensorMap);
  const TensorMap& a = l.args[0].map;
  EXPECT_EQ(a.source, TensorMap::Source::kInput);
  EXPECT_EQ(a.index, 0);
  EXPECT_EQ(a.element, TensorMap::Element::kBF16);
  EXPECT_EQ(a.dims, (std::vector<uint64_t>{4096, 4096, 1}));
  EXPECT_EQ(a.strides, (std::vector<uint64_t>{8192, 4096ull * 8192}));
  EXPECT_EQ(a.box, (std::vector<uint32_t>{64, 128, 1}));
  EXPECT_EQ(a.swizzle, TensorMap::Swizzle::k128B);
  const TensorMap& b = l.args[1].map;
  EXPECT_EQ(b.index, 1);
  EXPECT_EQ(b.box, (std::vector<uint32_t>{64, 64, 1}));
  EXPECT_EQ(l.args[2], cuda::Arg::output(0));
  // Every map encodes under the driver's rules at an aligned address.
  for (int i = 0; i < 2; ++i) {
    auto e = cuda::tensor_map_encoding(l.args[static_cast<size_t>(i)].map, 0x10000);
    EXPECT_TRUE(e.ok()) << e.error().message();
  }
}

TEST(GemmPlan, GemmNtTakesBInTilesOfBlockNRows) {
  auto plan = gemm_plan("gemm_nt", {2048, 3072, 768}, {{"block_n", 256}});
  ASSERT_TRUE(plan.ok()) << plan.error().message();
  const Launch& l = only(*plan, "gemm_sm90");
  EXPECT_EQ(l.args[1].map.dims, (std::vector<uint64_t>{768, 3072, 1}));
  EXPECT_EQ(l.args[1].map.box, (std::vector<uint32_t>{64, 256, 1}));
  EXPECT_NE(std::find(l.defines.begin(), l.defines.end(), "-DB_K_MAJOR=1"), l.defines.end());
  EXPECT_NE(std::find(l.defines.begin(), l.defines.end(), "-DBLOCK_N=256"), l.defines.end());
}

// K = 33 and N = 70: rows of 66 and 140 bytes, not multiples of 16; both operands are first
// copied to scratch with rows of 40 and 72 elements, and the maps read the copies.
TEST(GemmPlan, UnalignedRowsArePaddedIntoScratch) {
  auto plan = gemm_plan("gemm", {130, 70, 33});
  ASSERT_TRUE(plan.ok()) << plan.error().message();
  ASSERT_EQ(plan->launches.size(), 3u);
  EXPECT_EQ(plan->launches[0].function, "gemm_pad_rows");
  EXPECT_EQ(plan->launches[1].function, "gemm_pad_rows");
  EXPECT_EQ(plan->scratch_bytes, (std::vector<size_t>{130 * 40 * 2, 33 * 72 * 2}));
  const Launch& l = plan->launches[2];
  const TensorMap& a = l.args[0].map;
  EXPECT_EQ(a.source, TensorMap::Source::kScratch);
  EXPECT_EQ(a.index, 0);
  EXPECT_EQ(a.dims, (std::vector<uint64_t>{33, 130, 1}));
  EXPECT_EQ(a.strides, (std::vector<uint64_t>{80, 130 * 80}));
  const TensorMap& b = l.args[1].map;
  EXPECT_EQ(b.source, TensorMap::Source::kScratch);
  EXPECT_EQ(b.index, 1);
  EXPECT_EQ(b.dims, (std::vector<uint64_t>{70, 33, 1}));
  EXPECT_EQ(b.strides, (std::vector<uint64_t>{144, 33 * 144}));
  EXPECT_EQ(plan->launches[0].args[4], cuda::Arg::i64(40));
}

TEST(GemmPlan, BlockPerTileWithoutPersistence) {
  auto plan = gemm_plan("gemm", {2, 520, 1040, 72}, {{"persistent", 0}, {"raster", 4}});
  ASSERT_TRUE(plan.ok()) << plan.error().message();
  const Launch& l = only(*plan, "gemm_sm90");
  EXPECT_EQ(l.grid[0], 2u * 5 * 9);
  EXPECT_EQ(l.args.back(), cuda::Arg::i32(4));
  auto persistent = gemm_plan("gemm", {2, 520, 1040, 72});
  ASSERT_TRUE(persistent.ok());
  EXPECT_EQ(only(*persistent, "gemm_sm90").grid[0], 90u);  // fewer tiles than SMs
  auto small = gemm_plan("gemm", {4096, 4096, 4096}, {}, [] {
    auto d = cuda::DeviceProperties::h100_sxm();
    d.sm_count = 78;
    return d;
  }());
  ASSERT_TRUE(small.ok());
  EXPECT_EQ(only(*small, "gemm_sm90").grid[0], 78u);
}

TEST(GemmPlan, RingSharedMemoryFollowsBlockNAndStages) {
  auto plan = gemm_plan("gemm", {256, 256, 256}, {{"stages", 6}});
  ASSERT_TRUE(plan.ok()) << plan.error().message();
  EXPECT_EQ(only(*plan, "gemm_sm90").shared_bytes, 1024u + 6 * (16384 + 16384 + 16));
  plan = gemm_plan("gemm", {256, 256, 256}, {{"block_n", 256}});
  ASSERT_TRUE(plan.ok()) << plan.error().message();
  EXPECT_EQ(only(*plan, "gemm_sm90").shared_bytes, 1024u + 4 * (16384 + 32768 + 16));
}

TEST(GemmPlan, RingPastTheDevicesSharedMemoryIsAnError) {
  auto plan = gemm_plan("gemm", {256, 256, 256}, {{"block_n", 256}, {"stages", 6}});
  ASSERT_FALSE(plan.ok());
  EXPECT_NE(plan.error().message().find("block_n=256 with stages=6"), std::string::npos)
      << plan.error().message();
}

TEST(GemmPlan, EmptyKWritesZeros) {
  auto plan = gemm_plan("gemm", {16, 16, 0});
  ASSERT_TRUE(plan.ok()) << plan.error().message();
  ASSERT_EQ(plan->launches.size(), 1u);
  EXPECT_EQ(plan->launches[0].function, "gemm_zero");
  EXPECT_EQ(plan->launches[0].grid[0], 1u);
  auto empty = gemm_plan("gemm_nt", {0, 16, 16});
  ASSERT_TRUE(empty.ok());
  ASSERT_EQ(empty->launches.size(), 1u);
  EXPECT_EQ(empty->launches[0].grid[0], 0u);  // skipped
}

}  // namespace
}  // namespace kiln::kernels
