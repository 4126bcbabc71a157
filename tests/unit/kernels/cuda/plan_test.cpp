// Plans read the device (plan.h): pinned launches on an H100 SXM, as the plans made them
// before their tuned constants moved into tuning/sm_90.json, and the same kernels on a
// device with another SM count.
#include "kernels/cuda/plan.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "kernels/cuda/registry.h"

namespace kiln::kernels {
namespace {

Plan plan_of(const std::string& kernel, const Shape& shape, ElementKind dtype,
             const cuda::DeviceProperties& device = cuda::DeviceProperties::h100_sxm(),
             const Config& given = {}) {
  auto spec = find_kernel(kernel);
  EXPECT_TRUE(spec.ok()) << kernel;
  auto p = (*spec)->make_problem(shape, dtype);
  EXPECT_TRUE(p.ok()) << kernel;
  auto plan = plan_kernel(**spec, *p, given, device);
  EXPECT_TRUE(plan.ok()) << kernel << ": " << (plan.ok() ? "" : plan.error().message());
  return plan.ok() ? *plan : Plan{};
}

bool has_define(const Launch& l, const std::string& define) {
  return std::find(l.defines.begin(), l.defines.end(), define) != l.defines.end();
}

cuda::DeviceProperties with_sms(int sms) {
  cuda::DeviceProperties d = cuda::DeviceProperties::h100_sxm();
  d.sm_count = sms;
  return d;
}

TEST(PlanOnH100, FullReductionsTakeFourWavesPast64MiBAndHalfAWaveBelow) {
  Plan big = plan_of("sum", {1 << 28}, ElementKind::kF32);
  ASSERT_EQ(big.launches.size(), 2u);
  EXPECT_EQ(big.launches[0].grid[0], 4224u);
  EXPECT_EQ(big.launches[0].name, "reduce.reduce_partials");
  Plan mid = plan_of("max", {1 << 24}, ElementKind::kF32);
  EXPECT_EQ(mid.launches[0].grid[0], 528u);
}

TEST(PlanOnH100, ElementwiseUnrollByOpAndDtype) {
  EXPECT_TRUE(has_define(plan_of("log", {1 << 20}, ElementKind::kBF16).launches[0], "-DUNROLL=2"));
  EXPECT_TRUE(has_define(plan_of("acosh", {1 << 20}, ElementKind::kF16).launches[0], "-DUNROLL=4"));
  EXPECT_TRUE(has_define(plan_of("log", {1 << 20}, ElementKind::kF32).launches[0], "-DUNROLL=1"));
  EXPECT_TRUE(has_define(plan_of("relu", {1 << 20}, ElementKind::kBF16).launches[0], "-DUNROLL=1"));
}

TEST(PlanOnH100, ArgmaxLongRows) {
  Plan f32 = plan_of("argmax", {1024, 128256}, ElementKind::kF32);
  EXPECT_EQ(f32.launches[0].function, "arg_block");
  EXPECT_EQ(f32.launches[0].block[0], 512u);
  // 132 x 1024 threads over 1024 rows: 128 a row.
  Plan bf16 = plan_of("argmax", {1024, 128256}, ElementKind::kBF16);
  EXPECT_EQ(bf16.launches[0].block[0], 128u);
  // 16 packs a lane: 1024 bf16 columns are 128 packs, 8 lanes.
  Plan group = plan_of("argmax", {32768, 1024}, ElementKind::kBF16);
  EXPECT_EQ(group.launches[0].function, "arg_group");
  EXPECT_TRUE(has_define(group.launches[0], "-DROW_THREADS=8"));
}

TEST(PlanOnH100, ColumnReductionsFillOneWave) {
  // f32: 132 x 1536 / 256 = 792 resident blocks over 32 column blocks: 24 splits.
  Plan f32 = plan_of("sum_cols", {4096, 4096}, ElementKind::kF32);
  EXPECT_EQ(f32.launches[0].grid[1], 24u);
  // bf16 below 100 MB: 132 x 1024 / 256 = 528 over 16 column blocks: 33 splits.
  Plan bf16 = plan_of("sum_cols", {4096, 4096}, ElementKind::kBF16);
  EXPECT_EQ(bf16.launches[0].grid[1], 33u);
}

// The blocks per SM the splits count on are the ones the kernel is compiled to hold resident
// (its launch bounds cap the registers): the table's 1536 threads (1024 in 16-bit types below
// 100 MB), or the knob's.
TEST(PlanOnH100, ColumnReductionsAreCompiledForTheBlocksTheyCount) {
  Plan big = plan_of("sum_cols", {16384, 8192}, ElementKind::kBF16);
  EXPECT_TRUE(has_define(big.launches[0], "-DMIN_BLOCKS=6"));
  Plan small = plan_of("sum_cols", {4096, 4096}, ElementKind::kBF16);
  EXPECT_TRUE(has_define(small.launches[0], "-DMIN_BLOCKS=4"));
  // 132 x 6 blocks over 16 column blocks: 49 splits.
  Plan six = plan_of("sum_cols", {4096, 4096}, ElementKind::kBF16,
                     cuda::DeviceProperties::h100_sxm(), {{"blocks_per_sm", 6}});
  EXPECT_TRUE(has_define(six.launches[0], "-DMIN_BLOCKS=6"));
  EXPECT_EQ(six.launches[0].grid[1], 49u);
}

// The last block of each column tile combines the splits' partials in the same launch, a count
// per column tile in zeroed state; one split writes out itself, with no counts.
TEST(PlanOnH100, ColumnReductionsFinishInOneLaunch) {
  Plan split = plan_of("sum_cols", {16384, 8192}, ElementKind::kBF16);
  ASSERT_EQ(split.launches.size(), 1u);
  EXPECT_EQ(split.launches[0].function, "cols_partial");
  // 8192 bf16 columns in tiles of 32 packs of 8: 32 tiles; 792 blocks over them: 24 splits.
  EXPECT_EQ(split.launches[0].grid[0], 32u);
  EXPECT_EQ(split.launches[0].grid[1], 24u);
  EXPECT_EQ(split.state_bytes, std::vector<size_t>{32 * 4});
  EXPECT_EQ(split.scratch_bytes, std::vector<size_t>{24 * 8192 * 4});
  EXPECT_EQ(split.launches[0].args[3], Arg::state(0));
  Plan single = plan_of("sum_cols", {16, 8192}, ElementKind::kBF16);
  ASSERT_EQ(single.launches.size(), 1u);
  EXPECT_EQ(single.launches[0].grid[1], 1u);
  EXPECT_TRUE(single.state_bytes.empty());
  EXPECT_EQ(single.launches[0].args[3], Arg::scratch(0));
}

TEST(PlanOnH100, RowKernels) {
  Plan lse = plan_of("logsumexp", {1024, 128256}, ElementKind::kBF16);
  EXPECT_TRUE(has_define(lse.launches[0], "-DROW_THREADS=512"));
  EXPECT_TRUE(has_define(lse.launches[0], "-DITEMS=4"));
  Plan sm = plan_of("softmax", {4096, 4096}, ElementKind::kBF16);  // 512 packs: 256 threads
  EXPECT_TRUE(has_define(sm.launches[0], "-DROW_THREADS=256"));
  EXPECT_TRUE(has_define(sm.launches[0], "-DITEMS=2"));
}

TEST(PlanOnH100, SortAndGemvTKnobDefaultsComeFromTheTable) {
  Plan sort = plan_of("sort_pairs", {1 << 20}, ElementKind::kF32);
  EXPECT_TRUE(has_define(sort.launches[0], "-DITEMS=16"));
  EXPECT_TRUE(has_define(sort.launches[0], "-DSORT_MIN_BLOCKS=3"));
  EXPECT_TRUE(has_define(sort.launches[0], "-DSORT_RANK=1"));
  Plan gemv_t = plan_of("gemv_t", {8192, 8192}, ElementKind::kBF16);
  EXPECT_TRUE(has_define(gemv_t.launches[0], "-DROW_LANES=8"));
  EXPECT_TRUE(has_define(gemv_t.launches[0], "-DBLOCK_THREADS=128"));
  // Compiled to hold the 4 blocks per SM it aims at (the 16-bit entry of 120-200 MiB).
  EXPECT_TRUE(has_define(gemv_t.launches[0], "-DMIN_BLOCKS=4"));
  Plan wide = plan_of("gemv_t", {4096, 14336}, ElementKind::kBF16);
  EXPECT_TRUE(has_define(wide.launches[0], "-DMIN_BLOCKS=2"));
}

// One split (a block of 128 row lanes takes 1024 rows in one unrolled step of 8): whatever
// `finish`, one launch of gemv_t that writes y, with no counts and no partial sums.
TEST(PlanOnH100, GemvTOfOneSplitIsOneLaunch) {
  // The table's entry for 16-bit problems up to 4 MiB: 128 row lanes of 2 threads.
  Plan small = plan_of("gemv_t", {1024, 1024}, ElementKind::kF16);
  ASSERT_EQ(small.launches.size(), 1u);
  EXPECT_EQ(small.launches[0].function, "gemv_t");
  EXPECT_TRUE(has_define(small.launches[0], "-DROW_LANES=128"));
  EXPECT_EQ(small.launches[0].grid[0], 64u);
  EXPECT_EQ(small.launches[0].grid[1], 1u);
  Plan one = plan_of("gemv_t", {1024, 1024}, ElementKind::kBF16, cuda::DeviceProperties::h100_sxm(),
                     {{"block", 1024}, {"row_lanes", 128}, {"finish", 0}});
  ASSERT_EQ(one.launches.size(), 1u);
  EXPECT_EQ(one.launches[0].function, "gemv_t");
  // 8 threads of 8 columns a row lane: 64 columns a block.
  EXPECT_EQ(one.launches[0].grid[0], 16u);
  EXPECT_EQ(one.launches[0].grid[1], 1u);
  EXPECT_TRUE(one.state_bytes.empty());
  EXPECT_EQ(one.scratch_bytes, std::vector<size_t>{0});
}

// The table's H200 entry for gemv_t (kiln tune's winner there) applies on an H200 at the tuned
// size and above; an H100 (the same sm_90) and smaller problems keep the hand-tuned entry.
TEST(PlanOnH200, DeviceEntriesOfTheTableApplyOnTheirDeviceAlone) {
  cuda::DeviceProperties h200 = cuda::DeviceProperties::h100_sxm();
  h200.name = "NVIDIA H200";
  Plan tuned = plan_of("gemv_t", {32000, 4096}, ElementKind::kBF16, h200);
  EXPECT_TRUE(has_define(tuned.launches[0], "-DROW_LANES=1"));
  EXPECT_TRUE(has_define(tuned.launches[0], "-DUNROLL=4"));
  Plan small = plan_of("gemv_t", {8192, 8192}, ElementKind::kBF16, h200);
  EXPECT_TRUE(has_define(small.launches[0], "-DROW_LANES=8"));
  Plan h100 = plan_of("gemv_t", {32000, 4096}, ElementKind::kBF16);
  EXPECT_TRUE(has_define(h100.launches[0], "-DROW_LANES=8"));
  EXPECT_TRUE(has_define(h100.launches[0], "-DUNROLL=8"));
}

// finish=0: gemv_t_partial, then gemv_t_finish adds the splits; finish=1: one launch of
// gemv_t over the same grid, with a count per column tile in zeroed state.
TEST(PlanOnH100, GemvTFinishesInTwoLaunchesOrOne) {
  const auto h100 = cuda::DeviceProperties::h100_sxm();
  Config c = {{"block", 256}, {"row_lanes", 8}, {"blocks_per_sm", 4}, {"finish", 0}};
  Plan two = plan_of("gemv_t", {4096, 14336}, ElementKind::kBF16, h100, c);
  ASSERT_EQ(two.launches.size(), 2u);
  EXPECT_EQ(two.launches[0].function, "gemv_t_partial");
  EXPECT_EQ(two.launches[1].function, "gemv_t_finish");
  EXPECT_TRUE(two.state_bytes.empty());
  c.set("finish", 1);
  Plan one = plan_of("gemv_t", {4096, 14336}, ElementKind::kBF16, h100, c);
  ASSERT_EQ(one.launches.size(), 1u);
  EXPECT_EQ(one.launches[0].function, "gemv_t");
  EXPECT_EQ(one.launches[0].grid, two.launches[0].grid);
  EXPECT_EQ(one.scratch_bytes, two.scratch_bytes);
  // 256 threads in 8 row lanes of 32, 8 bf16 columns each: 14336 / 256 = 56 column tiles;
  // 528 blocks aimed for: 9 splits of 456 rows.
  EXPECT_EQ(one.launches[0].grid[0], 56u);
  EXPECT_EQ(one.launches[0].grid[1], 9u);
  EXPECT_EQ(one.state_bytes, std::vector<size_t>{56 * 4});
  const std::vector<Arg> args = {Arg::input(0),  Arg::input(1),  Arg::scratch(0), Arg::state(0),
                                 Arg::output(0), Arg::i64(4096), Arg::i64(14336), Arg::i64(456)};
  EXPECT_EQ(one.launches[0].args, args);
}

// The blocks of a split grid all fit at once: the splits per column tile are the blocks aimed
// for over the tiles rounded down. Rounded up, 4 blocks of 256 per SM over 32 tiles of 8192x8192
// bf16 made 17 splits, 544 blocks where 528 are resident (compiled for 4 per SM: 64 registers),
// and f32 4096x14336 at 2 per SM 19 splits of 14 tiles, 266 blocks where 264 are.
TEST(PlanOnH100, GemvTSplitGridFitsTheBlocksAimedFor) {
  const auto h100 = cuda::DeviceProperties::h100_sxm();
  Plan bf16 = plan_of("gemv_t", {8192, 8192}, ElementKind::kBF16, h100,
                      {{"block", 256}, {"row_lanes", 8}, {"blocks_per_sm", 4}});
  EXPECT_EQ(bf16.launches[0].grid[0], 32u);
  EXPECT_EQ(bf16.launches[0].grid[1], 16u);
  Plan f32 = plan_of("gemv_t", {4096, 14336}, ElementKind::kF32, h100);
  EXPECT_TRUE(has_define(f32.launches[0], "-DMIN_BLOCKS=2"));
  EXPECT_EQ(f32.launches[0].grid[0], 14u);
  EXPECT_EQ(f32.launches[0].grid[1], 18u);
}

TEST(PlanKernel, GemvTFinishTakesZeroOrOne) {
  auto spec = find_kernel("gemv_t");
  ASSERT_TRUE(spec.ok());
  auto p = (*spec)->make_problem({64, 64}, ElementKind::kF32);
  ASSERT_TRUE(p.ok());
  auto plan = plan_kernel(**spec, *p, {{"finish", 2}});
  ASSERT_FALSE(plan.ok());
  EXPECT_NE(plan.error().message().find("finish"), std::string::npos) << plan.error().message();
}

// Every plan, as text: each kernel, dtype, check and bench shape, with the default knobs (the
// tuning table's or the declared ones) and with each value of each knob given explicitly; the
// scratch sizes and every launch's name, defines, grid, block, shared memory and arguments.
std::string every_plan() {
  std::string out;
  auto line = [&out](std::string_view s) { out.append(s).push_back('\n'); };
  for (const KernelSpec* s : all_kernels()) {
    std::vector<Config> configs{{}};
    for (const Knob& k : s->knobs) {
      for (int64_t v : k.values) configs.push_back({{k.name, v}});
    }
    std::vector<Shape> shapes = s->check_shapes;
    shapes.insert(shapes.end(), s->bench_shapes.begin(), s->bench_shapes.end());
    for (const ElementType& t : s->dtypes) {
      for (const Shape& shape : shapes) {
        for (const Config& given : configs) {
          auto p = s->make_problem(shape, t);
          EXPECT_TRUE(p.ok());
          std::string g;
          for (const auto& [n, v] : given) g += fmt::format("{}={} ", n, v);
          auto plan = plan_kernel(*s, *p, given);
          EXPECT_TRUE(plan.ok()) << s->name;
          if (!p.ok() || !plan.ok()) continue;
          line(fmt::format("{} {} {} {}| scratch {}", s->name, dtype_name(t), shape_string(shape),
                           g, fmt::join(plan->scratch_bytes, ",")));
          for (const Launch& l : plan->launches) {
            std::string args;
            for (const Arg& a : l.args) args += fmt::format("{}:{}:{} ", int(a.kind), a.i, a.f);
            line(fmt::format("  {} [{}] grid {} block {} smem {} args {}", l.name,
                             fmt::join(l.defines, " "), fmt::join(l.grid, ","),
                             fmt::join(l.block, ","), l.shared_bytes, args));
          }
        }
      }
    }
  }
  return out;
}

uint64_t fnv1a(std::string_view s) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (char c : s) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
  return h;
}

// The hash of every_plan() as the plans gave it before their measured constants moved into
// tuning/sm_90.json (13,413,915 bytes; the same before and after the element-wise knob defaults
// moved there too), then with gemv_t's knob `finish` added, its `blocks` (264..2112) become
// `blocks_per_sm` (2..16; the same plans on 132 SMs) and check shape 4099x1031 added, then
// with decode_attention, decode_attention_paged, gemv_w4, gemv_w8, gemm, gemm_nt and the four
// flash_attention kernels added (the other kernels' lines as they were), then with gemm's
// version 2 (block_n and split_k by shape, tma_store, the check shapes 3x200x136x88 and
// 64x136x520, the bench shape 128x4096x8192) and gemm_bias, gemm_bias_gelu, gemm_bias_silu
// and gemm_bias_residual added, then gemm_fp8, moe_gemm and conv2d added, then with gemm's
// K = 0 through gemm_split_finish (no splits) and gemm_fp8's promotion (knob promote_every,
// block_n 128 by default, the check shape 3200x2688x2048), then with gemm_fp8's block_n 0 (256
// where every stage is promoted, else 128) the default, then with gemm_fp8's knob `schedule`
// (0 the default: the same launches plus -DSCHEDULE=0; lines for 1, 2 and 3 added) and with
// gemv_w4/gemv_w8's knob values mma 2, prefetch 1, split_min 4, finish 1 and blocks_per_sm 16
// and decode_attention's stages and finish added, then decode_attention's measured defaults
// (stages 2 for one query token, 3 for several; finish 1) and gemv_w4/gemv_w8's knob chains
// (2, 4) added, and with flash_attention's version 1 (wgmma, its knobs version, consumers,
// overlap and pingpong (0), and three check shapes) the default, then with its pingpong 1 the
// default, then with its knobs persistent, keys, stages and d256 (version 1's launches
// gaining -DBLOCK_N, -DSTAGES, -DPERSISTENT and the schedule's four arguments), then with
// session 33's measured defaults (flash keys by mask and head dim, persistent at D 64, d256;
// decode_attention's mma (off by default) and merge_loads; gemv_w4/w8's factored; gemm's version 3
// tiles by the short-grid rule, its tail split and ctas_per_sm, gemm_fp8's tail_split) and
// flash_attention_grad and flash_attention_grad_causal added; then with decode_attention's mma
// on by default (session 34); then with gemm's and gemm_fp8's tail split removed (session 34:
// no -DFIXUP define, gemm_fp8's knob tail_split gone, a given split_k under short_grid=1
// version 2's split; every other plan the same); then with the scans' knobs staged and order
// (session 35: -DLAUNCH_ORDER on every scan launch, vectors on scan_staged with 64 KiB of shared
// memory by default; lines for staged and order added) and session 35's column reductions (one
// launch: the last block of a column tile combines the splits; 6 blocks per SM in every type,
// -DMIN_BLOCKS, knob blocks_per_sm) and gemv_t's -DBLOCK_THREADS and -DMIN_BLOCKS, row lanes
// up to 128, blocks of 1024 and one launch for one split, and their measured table entries
// (16-bit column reductions below 100 MB at 4 blocks per SM; 16-bit gemv_t up to 4 MiB at 128
// row lanes), then f32 gemv_t's own entry (one row lane, 2 blocks per SM), then the scans' packs 9
// (session 36: the knob's default 0, 9 packs for staged vectors, 72 KiB of shared memory; lines
// for packs 9 added), then gemv_t's splits rounded down and its 16-bit entries above 4 MiB
// (session 36: blocks of 128, 2 per SM and 4 from 120 to 200 MiB, one launch). A change that
// should leave the plans alone keeps it; one that changes a plan on purpose updates it.
TEST(PlanOnH100, EveryPlanIsAsPinned) {
  std::string plans = every_plan();
  EXPECT_EQ(plans.size(), 21976842u);
  EXPECT_EQ(fnv1a(plans), 8179169249564614724ull);
}

TEST(PlanOnOtherDevice, GridsFollowTheSmCount) {
  Plan big = plan_of("sum", {1 << 28}, ElementKind::kF32, with_sms(114));
  EXPECT_EQ(big.launches[0].grid[0], 114u * 32);
  // 114 x 1536 / 256 = 684 resident blocks over 32 column blocks: 21 splits.
  Plan cols = plan_of("sum_cols", {4096, 4096}, ElementKind::kF32, with_sms(114));
  EXPECT_EQ(cols.launches[0].grid[1], 21u);
  Plan arg = plan_of("argmax", {1024, 128256}, ElementKind::kBF16, with_sms(66));
  EXPECT_EQ(arg.launches[0].block[0], 64u);  // 66 x 1024 / 1024 rows
}

TEST(PlanOnOtherDevice, GemvTSplitsFollowTheSmCount) {
  // 4 blocks of 256 per SM over 56 column tiles: 528 / 56 -> 9 splits on 132 SMs, 264 / 56 -> 4
  // on 66.
  const Config c = {{"block", 256}, {"row_lanes", 8}, {"blocks_per_sm", 4}};
  EXPECT_EQ(
      plan_of("gemv_t", {4096, 14336}, ElementKind::kBF16, with_sms(132), c).launches[0].grid[1],
      9u);
  EXPECT_EQ(
      plan_of("gemv_t", {4096, 14336}, ElementKind::kBF16, with_sms(66), c).launches[0].grid[1],
      4u);
}

TEST(PlanKernel, LaunchesCarryTheirSourceText) {
  Plan p = plan_of("exp", {1000}, ElementKind::kF32);
  ASSERT_EQ(p.launches.size(), 1u);
  EXPECT_EQ(p.launches[0].name, "elementwise_unary.unary");
  EXPECT_NE(p.launches[0].source.find("unary"), std::string::npos);
  EXPECT_NE(p.launches[0].source.find("#line 1 \"common.cuh\""), std::string::npos);
}

TEST(PlanKernel, AnElementTypeWithoutKernelsIsUnimplemented) {
  auto spec = find_kernel("exp");
  ASSERT_TRUE(spec.ok());
  Problem p{{4}, ElementKind::kF64, {{ElementKind::kF64, {4}}}, {{ElementKind::kF64, {4}}}};
  auto plan = plan_kernel(**spec, p, {});
  ASSERT_FALSE(plan.ok());
  EXPECT_EQ(plan.error().kind(), ErrorKind::kUnimplemented);
}

}  // namespace
}  // namespace kiln::kernels
