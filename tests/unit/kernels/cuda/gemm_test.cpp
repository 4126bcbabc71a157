// The Hopper GEMM's specs (kernels/cuda/gemm.cpp, gemm_plan.cpp, gemm_tiles.cpp): problems, and
// plans on an H100 without a GPU: its TMA views of A, B and C, the padded copy of rows TMA
// cannot address, the persistent grid, the tile width by shape, the shared memory of the ring
// and of C's staging, the empty products, the fused epilogues' operands, and the short-grid
// rule (narrow tiles).
#include <gtest/gtest.h>

#include <algorithm>
#include <ostream>
#include <string>

#include "kernels/cuda/plan.h"
#include "kernels/cuda/registry.h"
#include "runtime/cuda/tensor_map.h"

namespace kiln::kernels {
namespace {

using cuda::TensorMap;

bool launch_has_define(const Launch& l, const std::string& define) {
  return std::find(l.defines.begin(), l.defines.end(), define) != l.defines.end();
}

Expected<Plan> gemm_plan(
    const std::string& name, const Shape& shape, const Config& given = {},
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
// 64 x 64 boxes, C through TMA stores of 64 x 64 boxes, one block per SM.
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
  ASSERT_EQ(l.args[2].kind, cuda::Arg::Kind::kTensorMap);
  const TensorMap& c = l.args[2].map;
  EXPECT_EQ(c.source, TensorMap::Source::kOutput);
  EXPECT_EQ(c.index, 0);
  EXPECT_EQ(c.dims, (std::vector<uint64_t>{4096, 4096, 1}));
  EXPECT_EQ(c.box, (std::vector<uint32_t>{64, 64, 1}));
  EXPECT_EQ(c.swizzle, TensorMap::Swizzle::k128B);
  EXPECT_EQ(l.args[3], cuda::Arg::output(0));
  EXPECT_TRUE(launch_has_define(l, "-DTMA_STORE=1"));
  EXPECT_TRUE(launch_has_define(l, "-DEPILOGUE=0"));
  // Every map encodes under the driver's rules at an aligned address.
  for (int i = 0; i < 3; ++i) {
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
  // C's rows of 140 bytes: no TMA stores.
  EXPECT_TRUE(launch_has_define(l, "-DTMA_STORE=0"));
  EXPECT_EQ(l.args[2], cuda::Arg::output(0));
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

// The ring, and C's four 8 KiB staging boxes where C goes out through TMA stores.
TEST(GemmPlan, SharedMemoryFollowsBlockNStagesAndStores) {
  auto plan = gemm_plan("gemm", {256, 256, 256}, {{"stages", 6}, {"short_grid", 0}});
  ASSERT_TRUE(plan.ok()) << plan.error().message();
  EXPECT_EQ(only(*plan, "gemm_sm90").shared_bytes, 1024u + 6 * (16384 + 16384 + 16) + 32768);
  plan = gemm_plan("gemm", {256, 256, 256}, {{"block_n", 256}});
  ASSERT_TRUE(plan.ok()) << plan.error().message();
  EXPECT_EQ(only(*plan, "gemm_sm90").shared_bytes, 1024u + 4 * (16384 + 32768 + 16) + 32768);
  plan = gemm_plan("gemm", {256, 256, 256}, {{"block_n", 256}, {"tma_store", 0}});
  ASSERT_TRUE(plan.ok()) << plan.error().message();
  const Launch& l = only(*plan, "gemm_sm90");
  EXPECT_EQ(l.shared_bytes, 1024u + 4 * (16384 + 32768 + 16));
  EXPECT_TRUE(launch_has_define(l, "-DTMA_STORE=0"));
  EXPECT_EQ(l.args[2], cuda::Arg::output(0));
}

TEST(GemmPlan, RingPastTheDevicesSharedMemoryIsAnError) {
  auto plan = gemm_plan("gemm", {256, 256, 256}, {{"block_n", 256}, {"stages", 6}});
  ASSERT_FALSE(plan.ok());
  EXPECT_NE(plan.error().message().find("gemm: block_n=256 with stages=6 and tma_store=1 needs"),
            std::string::npos)
      << plan.error().message();
  // Without the staging buffers the message does not name them.
  plan = gemm_plan("gemm", {256, 256, 256}, {{"block_n", 256}, {"stages", 5}, {"tma_store", 0}});
  ASSERT_FALSE(plan.ok());
  EXPECT_NE(plan.error().message().find("block_n=256 with stages=5 needs 246864 bytes"),
            std::string::npos)
      << plan.error().message();
}

// Version 2's rules (short_grid=0) unless `given` says otherwise.
int64_t planned_block_n(const std::string& name, const Shape& shape, Config given = {},
                        const cuda::DeviceProperties& device = cuda::DeviceProperties::h100_sxm()) {
  if (!given.has("short_grid")) given.set("short_grid", 0);
  auto plan = gemm_plan(name, shape, given, device);
  EXPECT_TRUE(plan.ok()) << plan.error().message();
  if (!plan.ok()) return -1;
  const Launch& l = only(*plan, "gemm_sm90");
  if (launch_has_define(l, "-DBLOCK_N=256")) return 256;
  return launch_has_define(l, "-DBLOCK_N=128") ? 128 : -1;
}

// block_n=0 (the default): 128 x 256 tiles where their waves over the SMs, at 1.88 narrow
// tiles each (tuning/sm_90.json), take less time than 128 x 128's.
TEST(GemmPlan, BlockNByShapeCountsWavesOverTheSms) {
  EXPECT_EQ(planned_block_n("gemm", {8192, 8192, 8192}), 256);      // 16 x 1.88 < 32
  EXPECT_EQ(planned_block_n("gemm", {4096, 4096, 4096}), 256);      // 4 x 1.88 < 8
  EXPECT_EQ(planned_block_n("gemm_nt", {4096, 11008, 4096}), 256);  // 11 x 1.88 < 21
  EXPECT_EQ(planned_block_n("gemm", {16, 1024, 1024, 1024}), 256);  // 4 x 1.88 < 8
  EXPECT_EQ(planned_block_n("gemm", {2048, 3072, 768}), 128);       // 2 x 1.88 > 3
  EXPECT_EQ(planned_block_n("gemm", {256, 256, 256}), 128);         // one wave either way
  // The same shape on 200 SMs (192 wide tiles are one wave, 384 narrow ones two) and on 40
  // (5 x 1.88 < 10).
  auto with_sms = [](int sms) {
    auto d = cuda::DeviceProperties::h100_sxm();
    d.sm_count = sms;
    return d;
  };
  EXPECT_EQ(planned_block_n("gemm", {2048, 3072, 768}, {}, with_sms(200)), 256);
  EXPECT_EQ(planned_block_n("gemm", {2048, 3072, 768}, {}, with_sms(40)), 256);
  // A given width stays; a wide ring that does not fit the device is not picked.
  EXPECT_EQ(planned_block_n("gemm", {8192, 8192, 8192}, {{"block_n", 128}}), 128);
  EXPECT_EQ(planned_block_n("gemm", {8192, 8192, 8192}, {{"stages", 5}}), 128);
  EXPECT_EQ(planned_block_n("gemm", {8192, 8192, 8192}, {{"stages", 3}}), 256);
}

// The rule's constant comes from the context's tuned values (the device's table).
TEST(GemmPlan, BlockNByShapeReadsTheTunedWideTileCost) {
  auto spec = find_kernel("gemm");
  ASSERT_TRUE(spec.ok());
  auto p = (*spec)->make_problem({4096, 4096, 4096}, ElementKind::kBF16);
  ASSERT_TRUE(p.ok());
  PlanContext context;
  context.device = cuda::DeviceProperties::h100_sxm();
  context.tuned = TunedValues({{"wide_tile_cost_pct", 250}});  // 4 x 2.5 > 8
  auto config = complete_config(**spec, Config{}, p->dtype);
  ASSERT_TRUE(config.ok()) << config.error().message();
  auto plan = (*spec)->plan(*p, *config, context);
  ASSERT_TRUE(plan.ok()) << plan.error().message();
  EXPECT_TRUE(launch_has_define(only(*plan, "gemm_sm90"), "-DBLOCK_N=128"));
}

// C [3, 200, 136]: rows of 272 bytes, a map of the batched output whose boxes reach past M and
// N of a batch (the TMA store clips them there).
TEST(GemmPlan, TmaStoresMapTheBatchedOutput) {
  auto plan = gemm_plan("gemm_nt", {3, 200, 136, 88});
  ASSERT_TRUE(plan.ok()) << plan.error().message();
  const Launch& l = only(*plan, "gemm_sm90");
  EXPECT_TRUE(launch_has_define(l, "-DTMA_STORE=1"));
  const TensorMap& c = l.args[2].map;
  EXPECT_EQ(c.source, TensorMap::Source::kOutput);
  EXPECT_EQ(c.dims, (std::vector<uint64_t>{136, 200, 3}));
  EXPECT_EQ(c.strides, (std::vector<uint64_t>{272, 200 * 272}));
  auto e = cuda::tensor_map_encoding(c, 0x10000);
  EXPECT_TRUE(e.ok()) << e.error().message();
}

int64_t planned_splits(const std::string& name, const Shape& shape, Config given = {},
                       const cuda::DeviceProperties& device = cuda::DeviceProperties::h100_sxm()) {
  if (!given.has("short_grid")) given.set("short_grid", 0);
  auto plan = gemm_plan(name, shape, given, device);
  EXPECT_TRUE(plan.ok()) << plan.error().message();
  if (!plan.ok()) return -1;
  const Launch& l = only(*plan, "gemm_sm90");
  if (launch_has_define(l, "-DSPLIT_K=0")) return 1;
  return l.args[l.args.size() - 6].i;  // splits, before batches, M, N, K and raster
}

// split_k=0 (the default): fewer tiles than SMs split K into the most of 2, 4, 8 ways that
// keep tiles x splits within the SMs and 4 steps of K in each split.
TEST(GemmPlan, SplitKByShapeFillsTheSms) {
  EXPECT_EQ(planned_splits("gemm", {128, 4096, 8192}), 4);   // 32 tiles
  EXPECT_EQ(planned_splits("gemm", {1024, 1024, 8192}), 2);  // 64 tiles
  EXPECT_EQ(planned_splits("gemm", {64, 136, 520}), 2);      // 2 tiles, 9 K steps
  EXPECT_EQ(planned_splits("gemm", {64, 136, 200}), 1);      // 4 K steps
  EXPECT_EQ(planned_splits("gemm", {2048, 3072, 768}), 1);   // 384 tiles
  EXPECT_EQ(planned_splits("gemm", {4096, 4096, 4096}), 1);
  auto d = cuda::DeviceProperties::h100_sxm();
  d.sm_count = 64;
  EXPECT_EQ(planned_splits("gemm", {128, 4096, 8192}, {}, d), 2);
  EXPECT_EQ(planned_splits("gemm", {128, 4096, 8192}, {{"split_k", 1}}), 1);
  EXPECT_EQ(planned_splits("gemm", {128, 4096, 8192}, {{"split_k", 8}}), 8);
}

// Split K: f32 partials [splits, B, M, N] in scratch, units of (split, tile) over the SMs,
// direct stores (no C map), and gemm_split_finish adding them up with the epilogue.
TEST(GemmPlan, SplitKWritesPartialsAndFinishes) {
  auto plan =
      gemm_plan("gemm_bias_residual", {2, 64, 136, 520}, {{"split_k", 4}, {"short_grid", 0}});
  ASSERT_TRUE(plan.ok()) << plan.error().message();
  ASSERT_EQ(plan->launches.size(), 2u);
  EXPECT_EQ(plan->scratch_bytes, (std::vector<size_t>{4 * 2 * 64 * 136 * 4}));
  const Launch& l = plan->launches[0];
  EXPECT_EQ(l.function, "gemm_sm90");
  EXPECT_TRUE(launch_has_define(l, "-DSPLIT_K=1"));
  EXPECT_TRUE(launch_has_define(l, "-DTMA_STORE=0"));
  EXPECT_EQ(l.grid[0], 2u * 2 * 4);  // 4 tiles, 4 splits
  EXPECT_EQ(l.shared_bytes, 1024u + 4 * (16384 + 16384 + 16));
  EXPECT_EQ(l.args[2], cuda::Arg::output(0));
  EXPECT_EQ(l.args[3], cuda::Arg::input(2));
  EXPECT_EQ(l.args[4], cuda::Arg::input(3));
  EXPECT_EQ(l.args[5], cuda::Arg::scratch(0));
  EXPECT_EQ(l.args[6], cuda::Arg::i32(4));
  const Launch& f = plan->launches[1];
  EXPECT_EQ(f.function, "gemm_split_finish");
  EXPECT_EQ(f.args, (std::vector<cuda::Arg>{cuda::Arg::scratch(0), cuda::Arg::output(0),
                                            cuda::Arg::input(2), cuda::Arg::input(3),
                                            cuda::Arg::i64(2 * 64 * 136), cuda::Arg::i64(136),
                                            cuda::Arg::i32(4)}));
  // Padded operands take the scratch buffers before the partials.
  auto padded = gemm_plan("gemm", {64, 70, 33}, {{"split_k", 2}, {"short_grid", 0}});
  ASSERT_TRUE(padded.ok()) << padded.error().message();
  EXPECT_EQ(padded->scratch_bytes.size(), 3u);
  EXPECT_EQ(only(*padded, "gemm_split_finish").args[0], cuda::Arg::scratch(2));
}

// What short_grid=1 picked: the tile width, the split of K (version 2's, every tile) and the
// grid, from the main launch's defines and arguments.
struct ShortGridPick {
  int64_t block_n, splits;
  unsigned grid;
  bool operator==(const ShortGridPick&) const = default;
};

std::ostream& operator<<(std::ostream& os, const ShortGridPick& p) {
  return os << "block_n " << p.block_n << ", splits " << p.splits << ", grid " << p.grid;
}

ShortGridPick short_grid_pick(
    const Shape& shape, Config given = {},
    const cuda::DeviceProperties& device = cuda::DeviceProperties::h100_sxm()) {
  given.set("short_grid", 1);
  auto plan = gemm_plan("gemm", shape, given, device);
  EXPECT_TRUE(plan.ok()) << plan.error().message();
  if (!plan.ok()) return {};
  const Launch& l = only(*plan, "gemm_sm90");
  int64_t block_n = -1;
  for (int64_t bn : {64, 128, 256}) {
    if (launch_has_define(l, "-DBLOCK_N=" + std::to_string(bn))) block_n = bn;
  }
  // Split K's splits come before batches, M, N, K and raster.
  const int64_t splits = launch_has_define(l, "-DSPLIT_K=1") ? l.args[l.args.size() - 6].i : 1;
  return {block_n, splits, l.grid[0]};
}

// short_grid=1 (the default) on 132 SMs: 128 x 64 tiles over all of K where their waves beat
// version 2's choice with its split's cost (1024^3 and 2048 x 512 x 2048: 128 narrow tiles
// against 64 split 2 ways; 1100 x 2000 x 1000: three waves of narrow tiles against one of wide
// ones at 1.88), else version 2's (its split K at 128 x 4096 x 8192 and 100 x 300 x 2000).
TEST(GemmPlan, ShortGridPicksNarrowTilesWhereTheyBeatVersion2) {
  EXPECT_EQ(short_grid_pick({1024, 1024, 1024}), (ShortGridPick{64, 1, 128}));
  EXPECT_EQ(short_grid_pick({2048, 512, 2048}), (ShortGridPick{64, 1, 128}));
  EXPECT_EQ(short_grid_pick({2048, 2304, 768}), (ShortGridPick{128, 1, 132}));
  EXPECT_EQ(short_grid_pick({2048, 768, 3072}), (ShortGridPick{128, 1, 96}));
  EXPECT_EQ(short_grid_pick({128, 4096, 8192}), (ShortGridPick{128, 4, 128}));
  EXPECT_EQ(short_grid_pick({512, 4096, 4096}), (ShortGridPick{128, 1, 128}));
  EXPECT_EQ(short_grid_pick({4096, 4096, 4096}), (ShortGridPick{256, 1, 132}));
  EXPECT_EQ(short_grid_pick({8192, 8192, 8192}), (ShortGridPick{256, 1, 132}));
  EXPECT_EQ(short_grid_pick({4096, 11008, 4096}), (ShortGridPick{256, 1, 132}));
  EXPECT_EQ(short_grid_pick({100, 300, 2000}), (ShortGridPick{128, 8, 24}));
  EXPECT_EQ(short_grid_pick({1100, 2000, 1000}), (ShortGridPick{64, 1, 132}));
}

// A given width or split stays, and with it version 2's rule for the other (1024^3: 64 tiles of
// 128 x 128, split 2 ways by shape or not at all as given); the SM count is the device's.
TEST(GemmPlan, ShortGridKeepsGivenKnobsAndFollowsTheSmCount) {
  EXPECT_EQ(short_grid_pick({1024, 1024, 1024}, {{"block_n", 128}}), (ShortGridPick{128, 2, 128}));
  EXPECT_EQ(short_grid_pick({1024, 1024, 1024}, {{"split_k", 1}}), (ShortGridPick{128, 1, 64}));
  // Two K steps: no split by shape (340 narrow tiles, three waves of 2 steps at 60 against two
  // waves of 128 x 128's at 100), but a given one splits every tile.
  EXPECT_EQ(short_grid_pick({4, 520, 1040, 72}), (ShortGridPick{64, 1, 132}));
  EXPECT_EQ(short_grid_pick({4, 520, 1040, 72}, {{"block_n", 128}, {"split_k", 2}}),
            (ShortGridPick{128, 2, 132}));
  // 64 SMs: 1024^3's 128 narrow tiles are two waves, no faster than 64 wide ones.
  auto d = cuda::DeviceProperties::h100_sxm();
  d.sm_count = 64;
  EXPECT_EQ(short_grid_pick({1024, 1024, 1024}, {}, d), (ShortGridPick{128, 1, 64}));
}

// The rule's costs come from the context's tuned values: a free split finish leaves 1024^3 on
// version 2's 64 tiles of 128, split 2 ways.
TEST(GemmPlan, ShortGridReadsTheTunedCosts) {
  auto spec = find_kernel("gemm");
  ASSERT_TRUE(spec.ok());
  auto p = (*spec)->make_problem({1024, 1024, 1024}, ElementKind::kBF16);
  ASSERT_TRUE(p.ok());
  PlanContext context;
  context.device = cuda::DeviceProperties::h100_sxm();
  context.tuned = TunedValues({{"split_finish_pct", 0}});
  auto config = complete_config(**spec, Config{{"short_grid", 1}}, p->dtype);
  ASSERT_TRUE(config.ok()) << config.error().message();
  auto plan = (*spec)->plan(*p, *config, context);
  ASSERT_TRUE(plan.ok()) << plan.error().message();
  const Launch& l = only(*plan, "gemm_sm90");
  EXPECT_TRUE(launch_has_define(l, "-DBLOCK_N=128"));
  EXPECT_TRUE(launch_has_define(l, "-DSPLIT_K=1"));
}

// A given split under short_grid=1 is version 2's: every tile split, f32 partials in scratch,
// the finish launch (the in-kernel tail split that once took this path never won at a shape
// measured and is gone: bench/KERNEL_NOTES.md).
TEST(GemmPlan, ShortGridTakesAGivenSplitAsVersion2Does) {
  for (const Config& given : {Config{{"block_n", 128}, {"split_k", 2}}, Config{{"split_k", 4}}}) {
    Config v2 = given;
    v2.set("short_grid", 0);
    auto plan = gemm_plan("gemm_bias_residual", {4, 520, 1040, 72}, given);
    auto version2 = gemm_plan("gemm_bias_residual", {4, 520, 1040, 72}, v2);
    ASSERT_TRUE(plan.ok()) << plan.error().message();
    ASSERT_TRUE(version2.ok()) << version2.error().message();
    EXPECT_EQ(*plan, *version2);
    ASSERT_EQ(plan->launches.size(), 2u);
    EXPECT_TRUE(launch_has_define(plan->launches[0], "-DSPLIT_K=1"));
    EXPECT_EQ(plan->launches[1].function, "gemm_split_finish");
    EXPECT_TRUE(plan->state_bytes.empty());
  }
}

// 128 x 64 tiles: half of B's ring, gemm's N-major B one 64 x 64 box a stage, gemm_nt's B in
// boxes of 64 rows.
TEST(GemmPlan, NarrowTilesHalveBsRing) {
  auto plan = gemm_plan("gemm", {256, 256, 256}, {{"block_n", 64}});
  ASSERT_TRUE(plan.ok()) << plan.error().message();
  const Launch& l = only(*plan, "gemm_sm90");
  EXPECT_TRUE(launch_has_define(l, "-DBLOCK_N=64"));
  EXPECT_EQ(l.shared_bytes, 1024u + 4 * (16384 + 8192 + 16) + 32768);
  EXPECT_EQ(l.grid[0], 2u * 4);
  auto nt = gemm_plan("gemm_nt", {256, 256, 256}, {{"block_n", 64}});
  ASSERT_TRUE(nt.ok()) << nt.error().message();
  EXPECT_EQ(only(*nt, "gemm_sm90").args[1].map.box, (std::vector<uint32_t>{64, 64, 1}));
}

// Two blocks an SM: 128 x 64 tiles, direct stores (no staging buffers), the launch bound of two
// blocks, a grid of up to twice the SMs; other widths, and rings two of which do not fit an
// SM's shared memory, are errors naming the knobs.
TEST(GemmPlan, TwoBlocksAnSmTakeNarrowTilesAndDirectStores) {
  auto plan = gemm_plan("gemm", {4096, 4096, 4096}, {{"ctas_per_sm", 2}});
  ASSERT_TRUE(plan.ok()) << plan.error().message();
  const Launch& l = only(*plan, "gemm_sm90");
  EXPECT_TRUE(launch_has_define(l, "-DCTAS_PER_SM=2"));
  EXPECT_TRUE(launch_has_define(l, "-DBLOCK_N=64"));
  EXPECT_TRUE(launch_has_define(l, "-DTMA_STORE=0"));
  EXPECT_EQ(l.grid[0], 264u);
  EXPECT_EQ(l.shared_bytes, 1024u + 4 * (16384 + 8192 + 16));
  // 1024^3's 128 narrow tiles: version 2's split by shape keeps to the SMs (2 ways: 256 > 132).
  EXPECT_EQ(short_grid_pick({1024, 1024, 1024}, {{"ctas_per_sm", 2}}), (ShortGridPick{64, 1, 128}));
  auto wide = gemm_plan("gemm", {4096, 4096, 4096}, {{"ctas_per_sm", 2}, {"block_n", 128}});
  ASSERT_FALSE(wide.ok());
  EXPECT_NE(wide.error().message().find("gemm: ctas_per_sm=2 takes block_n=64"), std::string::npos)
      << wide.error().message();
  auto deep = gemm_plan("gemm", {4096, 4096, 4096}, {{"ctas_per_sm", 2}, {"stages", 5}});
  ASSERT_FALSE(deep.ok());
  EXPECT_NE(deep.error().message().find("ctas_per_sm=2 with stages=5 needs 123984 bytes"),
            std::string::npos)
      << deep.error().message();
}

TEST(GemmFused, ProblemsTakeBiasAndResidualAfterAAndB) {
  auto bias = find_kernel("gemm_bias");
  ASSERT_TRUE(bias.ok());
  auto p = (*bias)->make_problem({2, 130, 70, 33}, ElementKind::kBF16);
  ASSERT_TRUE(p.ok()) << p.error().message();
  ASSERT_EQ(p->inputs.size(), 3u);
  EXPECT_EQ(p->inputs[2].shape, (Shape{70}));
  EXPECT_EQ(problem_flops(**bias, *p), 2.0 * 130 * 70 * (2 * 33 + 1));
  auto residual = find_kernel("gemm_bias_residual");
  ASSERT_TRUE(residual.ok());
  auto r = (*residual)->make_problem({2, 130, 70, 33}, ElementKind::kBF16);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->inputs.size(), 4u);
  EXPECT_EQ(r->inputs[3].shape, (Shape{2, 130, 70}));
  for (const char* name : {"gemm_bias_gelu", "gemm_bias_silu"}) {
    auto s = find_kernel(name);
    ASSERT_TRUE(s.ok()) << name;
    auto q = (*s)->make_problem({64, 64, 64}, ElementKind::kF16);
    ASSERT_TRUE(q.ok());
    EXPECT_EQ(q->inputs.size(), 3u) << name;
    EXPECT_NE((*s)->stablehlo.find("%bias: {in2}"), std::string::npos) << name;
  }
  auto bad = (*residual)->make_problem({64, 64}, ElementKind::kBF16);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message().find("gemm_bias_residual takes a shape"), std::string::npos);
}

// The epilogue's operands follow C in the main kernel and in the finish kernel (an empty K: C
// is the epilogue of a zero product, not zeros: gemm_split_finish over no splits).
TEST(GemmFused, PlansPassTheEpiloguesOperands) {
  auto plan = gemm_plan("gemm_bias_residual", {256, 256, 256});
  ASSERT_TRUE(plan.ok()) << plan.error().message();
  const Launch& l = only(*plan, "gemm_sm90");
  EXPECT_TRUE(launch_has_define(l, "-DEPILOGUE=4"));
  EXPECT_EQ(l.args[3], cuda::Arg::output(0));
  EXPECT_EQ(l.args[4], cuda::Arg::input(2));
  EXPECT_EQ(l.args[5], cuda::Arg::input(3));
  EXPECT_EQ(l.args[6], cuda::Arg::i64(1));  // batches
  auto gelu = gemm_plan("gemm_bias_gelu", {130, 70, 33});
  ASSERT_TRUE(gelu.ok()) << gelu.error().message();
  const Launch& g = only(*gelu, "gemm_sm90");
  EXPECT_TRUE(launch_has_define(g, "-DEPILOGUE=2"));
  EXPECT_EQ(g.args[2], cuda::Arg::output(0));
  EXPECT_EQ(g.args[3], cuda::Arg::input(2));
  EXPECT_EQ(g.args[4], cuda::Arg::i64(1));
  auto empty = gemm_plan("gemm_bias_residual", {2, 16, 24, 0});
  ASSERT_TRUE(empty.ok()) << empty.error().message();
  ASSERT_EQ(empty->launches.size(), 1u);
  const Launch& z = empty->launches[0];
  EXPECT_EQ(z.function, "gemm_split_finish");
  EXPECT_EQ(z.args,
            (std::vector<cuda::Arg>{cuda::Arg::i64(0), cuda::Arg::output(0), cuda::Arg::input(2),
                                    cuda::Arg::input(3), cuda::Arg::i64(2 * 16 * 24),
                                    cuda::Arg::i64(24), cuda::Arg::i32(0)}));
}

// The plain products are the compiler's (dot_general); the fused ones wait for a fusion
// pattern, and cuBLASLt baselines with epilogues.
TEST(GemmFused, OnlyThePlainProductsMatchDotGeneral) {
  for (const char* name : {"gemm", "gemm_nt"}) {
    EXPECT_EQ((*find_kernel(name))->op, "stablehlo.dot_general") << name;
  }
  for (const char* name : {"gemm_bias", "gemm_bias_gelu", "gemm_bias_silu", "gemm_bias_residual"}) {
    auto s = find_kernel(name);
    ASSERT_TRUE(s.ok()) << name;
    EXPECT_TRUE((*s)->op.empty()) << name;
    EXPECT_FALSE((*s)->match) << name;
  }
}

TEST(GemmPlan, EmptyKWritesZeros) {
  auto plan = gemm_plan("gemm", {16, 16, 0});
  ASSERT_TRUE(plan.ok()) << plan.error().message();
  ASSERT_EQ(plan->launches.size(), 1u);
  EXPECT_EQ(plan->launches[0].function, "gemm_split_finish");
  EXPECT_EQ(plan->launches[0].args.front(), cuda::Arg::i64(0));  // no partials
  EXPECT_EQ(plan->launches[0].args.back(), cuda::Arg::i32(0));   // no splits
  EXPECT_EQ(plan->launches[0].grid[0], 1u);
  auto empty = gemm_plan("gemm_nt", {0, 16, 16});
  ASSERT_TRUE(empty.ok());
  ASSERT_EQ(empty->launches.size(), 1u);
  EXPECT_EQ(empty->launches[0].grid[0], 0u);  // skipped
}

}  // namespace
}  // namespace kiln::kernels
