// decode_attention and decode_attention_paged without a GPU: their problems and errors, their
// split rule on devices of different SM counts, their bytes, and their StableHLO definitions
// against a direct computation of attention (GQA head mapping, pages, lengths).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "bench/reference.h"
#include "ir/float_format.h"
#include "kernels/cuda/plan.h"
#include "kernels/cuda/registry.h"
#include "runtime/cuda/nvrtc.h"

// A namespace of its own: the tests compile in unity batches beside plan_test.cpp's helpers.
namespace kiln::kernels::decode_attention_test {
namespace {

const KernelSpec& spec(const char* name) {
  auto s = find_kernel(name);
  EXPECT_TRUE(s.ok()) << name;
  return **s;
}

// The plan with the knobs given; on CUDA cores (mma 0) unless `given` says otherwise, as the
// tests of the split rule, rows, ring and finish were written for.
Plan plan_of(const char* name, const Shape& shape, const Config& given = {}, int sms = 132) {
  cuda::DeviceProperties device = cuda::DeviceProperties::h100_sxm();
  device.sm_count = sms;
  auto p = spec(name).make_problem(shape, ElementKind::kBF16);
  EXPECT_TRUE(p.ok()) << (p.ok() ? "" : p.error().message());
  Config knobs = given;
  if (!knobs.has("mma")) knobs.set("mma", 0);
  auto plan = plan_kernel(spec(name), *p, knobs, device);
  EXPECT_TRUE(plan.ok()) << (plan.ok() ? "" : plan.error().message());
  return plan.ok() ? *plan : Plan{};
}

std::string problem_error(const char* name, const Shape& shape) {
  auto p = spec(name).make_problem(shape, ElementKind::kBF16);
  return p.ok() ? "" : p.error().message();
}

TEST(DecodeAttention, SplitsFillTheDeviceByItsSmCount) {
  // 8 x 8 KV heads = 64 blocks; 4 blocks on each of 132 SMs = 528: 8 splits fill 97% of
  // them (9 would take 576, a second wave 9% full).
  Plan h100 = plan_of("decode_attention", {8, 32, 8, 1, 8192, 128}, {{"finish", 0}});
  ASSERT_EQ(h100.launches.size(), 2u);
  EXPECT_EQ(h100.launches[0].grid, (std::array<unsigned, 3>{8, 8, 8}));
  EXPECT_EQ(h100.launches[1].function, "decode_attention_combine");
  // 66 SMs hold 264: 4 splits (256 blocks).
  EXPECT_EQ(plan_of("decode_attention", {8, 32, 8, 1, 8192, 128}, {}, 66).launches[0].grid[0], 4u);
  // 32 x 8 = 256 blocks: 2 splits on the H100, 1 on 66 SMs.
  EXPECT_EQ(plan_of("decode_attention", {32, 32, 8, 1, 8192, 128}).launches[0].grid[0], 2u);
  EXPECT_EQ(plan_of("decode_attention", {32, 32, 8, 1, 8192, 128}, {}, 66).launches.size(), 1u);
}

TEST(DecodeAttention, OneSplitWritesTheOutputInOneLaunch) {
  Plan plan = plan_of("decode_attention", {64, 32, 8, 1, 4096, 128});  // 512 blocks of 528
  ASSERT_EQ(plan.launches.size(), 1u);
  EXPECT_EQ(plan.launches[0].grid[0], 1u);
}

TEST(DecodeAttention, SplitsKnobAndWholeSteps) {
  // 128 threads of 16-lane groups: 8 groups x unroll 2 = 16 keys a step; 1000 keys over 16
  // splits of 64 keys (whole steps) is 16 splits.
  Plan plan = plan_of("decode_attention", {1, 8, 1, 1, 1000, 128}, {{"splits", 16}});
  ASSERT_EQ(plan.launches.size(), 1u);  // merged in the same launch (finish 1)
  EXPECT_EQ(plan.launches[0].grid[0], 16u);
  // 1000 keys in 128 splits: 8 keys each, rounded up to a step of 16: 63 splits.
  EXPECT_EQ(
      plan_of("decode_attention", {1, 8, 1, 1, 1000, 128}, {{"splits", 128}}).launches[0].grid[0],
      63u);
}

TEST(DecodeAttention, RowsPerBlockTileTheQueryRows) {
  // GQA 8:1 with 2 query tokens: 16 rows of each KV head in tiles of 4.
  Plan plan = plan_of("decode_attention", {2, 16, 2, 2, 64, 64}, {{"splits", 1}});
  EXPECT_EQ(plan.launches[0].grid, (std::array<unsigned, 3>{1, 2 * 4, 2}));
  EXPECT_NE(std::ranges::find(plan.launches[0].defines, "-DROWS=4"),
            plan.launches[0].defines.end());
  // Multi-head attention has one row per KV head: blocks of one row, none idle.
  Plan mha = plan_of("decode_attention", {2, 4, 4, 1, 64, 64}, {{"splits", 1}});
  EXPECT_NE(std::ranges::find(mha.launches[0].defines, "-DROWS=1"), mha.launches[0].defines.end());
}

TEST(DecodeAttention, StagesAddTheRingToTheSharedMemory) {
  // 128 threads, rows 4, D 128: the merge takes 4 warps x 4 rows x 130 floats = 8320 bytes;
  // a ring of 3 steps of 2 keys of K and V, 16 bytes a thread each, 3 x 2 x 2 x 128 x 16 more.
  const Shape shape = {2, 32, 8, 1, 1000, 128};
  Plan plain = plan_of("decode_attention", shape, {{"stages", 1}});
  EXPECT_EQ(plain.launches[0].shared_bytes, 8320u);
  for (const std::string& d : plain.launches[0].defines)
    EXPECT_EQ(d.find("STAGES"), std::string::npos) << d;
  Plan ring = plan_of("decode_attention", shape, {{"stages", 3}});
  EXPECT_EQ(ring.launches[0].shared_bytes, 8320u + 3 * 2 * 2 * 128 * 16);
  EXPECT_NE(std::ranges::find(ring.launches[0].defines, "-DSTAGES=3"),
            ring.launches[0].defines.end());
  // The paged kernel too; a ring past the device's shared memory is an error.
  Plan paged = plan_of("decode_attention_paged", {2, 32, 8, 1, 1000, 128, 16}, {{"stages", 4}});
  EXPECT_EQ(paged.launches[0].shared_bytes, 8320u + 4 * 2 * 2 * 128 * 16);
  auto p = spec("decode_attention").make_problem(shape, ElementKind::kBF16);
  ASSERT_TRUE(p.ok());
  auto big = plan_kernel(spec("decode_attention"), *p,
                         {{"stages", 4}, {"unroll", 8}, {"block", 256}, {"mma", 0}});
  ASSERT_FALSE(big.ok());
  EXPECT_NE(big.error().message().find("shared memory"), std::string::npos)
      << big.error().message();
}

TEST(DecodeAttention, StagesZeroTakeTwoForOneTokenThreeForSeveralIfTheyFit) {
  auto stages_of = [](const Plan& plan) {
    for (const std::string& d : plan.launches[0].defines) {
      if (d.rfind("-DSTAGES=", 0) == 0) return std::stoi(d.substr(9));
    }
    return 1;  // no define: registers
  };
  EXPECT_EQ(stages_of(plan_of("decode_attention", {2, 32, 8, 1, 1000, 128})), 2);
  EXPECT_EQ(stages_of(plan_of("decode_attention", {2, 32, 8, 4, 1000, 128})), 3);
  EXPECT_EQ(stages_of(plan_of("decode_attention_paged", {2, 32, 8, 4, 1000, 128, 16})), 3);
  // D 256, 8 rows a block, 256 threads, unroll 8: 3 stages (192 KB) and the merge (64.5 KB)
  // exceed the H100's 227 KB; 2 fit.
  EXPECT_EQ(stages_of(plan_of("decode_attention", {1, 16, 1, 2, 1000, 256},
                              {{"rows", 8}, {"block", 256}, {"unroll", 8}})),
            2);
}

TEST(DecodeAttention, FinishOneMergesTheSplitsInTheSameLaunch) {
  // 8 splits of 64 blocks (as in SplitsFillTheDeviceByItsSmCount): one launch, the count of
  // each (b, h, row tile) in the plan's state, as the split kernel's last argument.
  Plan plan = plan_of("decode_attention", {8, 32, 8, 1, 8192, 128}, {{"finish", 1}});
  ASSERT_EQ(plan.launches.size(), 1u);
  EXPECT_EQ(plan.launches[0].grid, (std::array<unsigned, 3>{8, 8, 8}));
  EXPECT_EQ(plan.launches[0].args.back(), Arg::state(0));
  EXPECT_EQ(plan.state_bytes, (std::vector<size_t>{64 * 4}));
  EXPECT_NE(std::ranges::find(plan.launches[0].defines, "-DFINISH=1"),
            plan.launches[0].defines.end());
  // Paged: 3 row tiles of 4 rows (GQA 12:1) per KV head.
  Plan paged = plan_of("decode_attention_paged", {2, 24, 2, 1, 3000, 128, 16},
                       {{"finish", 1}, {"splits", 4}});
  ASSERT_EQ(paged.launches.size(), 1u);
  EXPECT_EQ(paged.launches[0].args.back(), Arg::state(0));
  EXPECT_EQ(paged.state_bytes, (std::vector<size_t>{2 * 2 * 3 * 4}));
  // One split writes the output itself: nothing to count.
  Plan whole = plan_of("decode_attention", {64, 32, 8, 1, 4096, 128}, {{"finish", 1}});
  ASSERT_EQ(whole.launches.size(), 1u);
  EXPECT_TRUE(whole.state_bytes.empty());
  for (const std::string& d : whole.launches[0].defines)
    EXPECT_EQ(d.find("FINISH"), std::string::npos) << d;
}

// Every ring depth compiles at the bench's D and rows and at D = 16 (lane groups of 2 lanes),
// contiguous and paged, f16 and bf16, with unroll 4 as well, each with 4 splits merged in the
// same launch (finish 1).
TEST(DecodeAttention, RingStagesCompileForSm90a) {
  auto nvrtc = cuda::nvrtc_version();
  if (!nvrtc.ok()) GTEST_SKIP() << "NVRTC not available: " << nvrtc.error().message();
  for (ElementKind t : {ElementKind::kBF16, ElementKind::kF16}) {
    for (auto [name, shape] : std::vector<std::pair<const char*, Shape>>{
             {"decode_attention", {1, 16, 2, 1, 1000, 128}},
             {"decode_attention", {1, 8, 1, 4, 37, 16}},
             {"decode_attention_paged", {2, 16, 4, 1, 3000, 128, 16, 2900}}}) {
      for (int64_t stages : {2, 3, 4}) {
        for (int64_t unroll : {2, 4}) {
          auto p = spec(name).make_problem(shape, t);
          ASSERT_TRUE(p.ok());
          // finish 1 with a split: the one-launch merge compiles too.
          auto plan = plan_kernel(
              spec(name), *p,
              {{"stages", stages}, {"unroll", unroll}, {"finish", 1}, {"splits", 4}, {"mma", 0}});
          ASSERT_TRUE(plan.ok()) << plan.error().message();
          auto cubins = cuda::compile_plan(*plan, "sm_90a");
          EXPECT_TRUE(cubins.ok()) << name << " stages=" << stages << " unroll=" << unroll << ": "
                                   << (cubins.ok() ? "" : cubins.error().message());
        }
      }
    }
  }
}

bool has_define(const Plan& plan, const std::string& d) {
  return std::ranges::find(plan.launches[0].defines, d) != plan.launches[0].defines.end();
}

TEST(DecodeAttention, MmaTakesTilesOfSixteenRowsThroughARing) {
  // GQA 4:1 at 4 query tokens: 16 rows of each KV head in one tile (the CUDA-core path: 4
  // tiles of 4); 128 threads: 4 warps of 16 keys a step, 64 keys; a ring of 3 stages of
  // 4 warps x 16 keys of K and V (bf16, D 128): 3 x 4 x 2 x 16 x 128 x 2 bytes, more than the
  // merge (4 x 16 x 130 x 4) that reuses it.
  const Shape shape = {16, 32, 8, 4, 8192, 128};
  Plan mma = plan_of("decode_attention", shape, {{"mma", 1}, {"splits", 1}});
  EXPECT_EQ(mma.launches[0].grid, (std::array<unsigned, 3>{1, 8, 16}));
  EXPECT_TRUE(has_define(mma, "-DMMA=1"));
  EXPECT_TRUE(has_define(mma, "-DROWS=16"));
  EXPECT_TRUE(has_define(mma, "-DSTAGES=3"));
  EXPECT_EQ(mma.launches[0].shared_bytes, 3u * 4 * 2 * 16 * 128 * 2);
  // The default: the tensor-core path (measured faster at every bench shape on the H100);
  // past D 128 the CUDA-core one, whatever the knob says.
  auto p = spec("decode_attention").make_problem(shape, ElementKind::kBF16);
  ASSERT_TRUE(p.ok());
  auto by_default = plan_kernel(spec("decode_attention"), *p, {});
  ASSERT_TRUE(by_default.ok());
  EXPECT_TRUE(has_define(*by_default, "-DMMA=1"));
  auto d256 = spec("decode_attention").make_problem({16, 32, 8, 4, 8192, 256}, ElementKind::kBF16);
  ASSERT_TRUE(d256.ok());
  auto d256_plan = plan_kernel(spec("decode_attention"), *d256, {});
  ASSERT_TRUE(d256_plan.ok());
  EXPECT_FALSE(has_define(*d256_plan, "-DMMA=1"));
  // Splits from the blocks that fit: 96 KB rings, 2 a 228 KB SM, 264 on 132 SMs; 128
  // blocks (16 x 8 KV heads) in 2 splits fill 97% of them.
  EXPECT_EQ(plan_of("decode_attention", shape, {{"mma", 1}}).launches[0].grid[0], 2u);
  Plan cores = plan_of("decode_attention", shape, {{"mma", 0}, {"splits", 1}});
  EXPECT_EQ(cores.launches[0].grid, (std::array<unsigned, 3>{1, 8 * 4, 16}));
  EXPECT_FALSE(has_define(cores, "-DMMA=1"));
  // Splits of whole 64-key steps: 1000 keys in 4 splits of 256.
  Plan split = plan_of("decode_attention", {1, 8, 1, 1, 1000, 128}, {{"mma", 1}, {"splits", 4}});
  EXPECT_EQ(split.launches[0].grid[0], 4u);
  EXPECT_EQ(split.launches[0].args[10], Arg::i64(256));
  // stages 1 still takes a ring of 2; the paged kernel too.
  Plan two =
      plan_of("decode_attention_paged", {2, 32, 8, 1, 1000, 64, 16}, {{"mma", 1}, {"stages", 1}});
  EXPECT_TRUE(has_define(two, "-DSTAGES=2"));
  EXPECT_EQ(two.launches[0].shared_bytes, 2u * 4 * 2 * 16 * 64 * 2);
  // D 256 (and 8) stays on CUDA cores.
  Plan wide = plan_of("decode_attention", {2, 4, 2, 3, 37, 256}, {{"mma", 1}});
  EXPECT_FALSE(has_define(wide, "-DMMA=1"));
  EXPECT_TRUE(has_define(wide, "-DROWS=4"));
}

TEST(DecodeAttention, MergeLoadsIsADefineWhereThereAreSplits) {
  const Shape shape = {8, 32, 8, 1, 8192, 128};  // 8 splits
  Plan four = plan_of("decode_attention", shape, {{"merge_loads", 4}, {"finish", 0}});
  ASSERT_EQ(four.launches.size(), 2u);
  EXPECT_TRUE(has_define(four, "-DMERGE_LOADS=4"));
  EXPECT_NE(std::ranges::find(four.launches[1].defines, "-DMERGE_LOADS=4"),
            four.launches[1].defines.end());  // the combine kernel's merge
  Plan one = plan_of("decode_attention", shape, {{"merge_loads", 1}});
  for (const std::string& d : one.launches[0].defines)
    EXPECT_EQ(d.find("MERGE_LOADS"), std::string::npos) << d;
  // One split merges nothing.
  Plan whole = plan_of("decode_attention", {64, 32, 8, 1, 4096, 128}, {{"merge_loads", 4}});
  EXPECT_FALSE(has_define(whole, "-DMERGE_LOADS=4"));
}

// merge_loads 4 in the combine kernel and in the split kernel's finish, at D 16 (half a warp
// of columns) and 128, both paths.
TEST(DecodeAttention, MergeLoadsCompilesForSm90a) {
  auto nvrtc = cuda::nvrtc_version();
  if (!nvrtc.ok()) GTEST_SKIP() << "NVRTC not available: " << nvrtc.error().message();
  for (const Shape& shape : std::vector<Shape>{{1, 8, 1, 4, 37, 16}, {2, 16, 2, 1, 1000, 128}}) {
    for (int64_t finish : {0, 1}) {
      for (int64_t mma : {0, 1}) {
        auto p = spec("decode_attention").make_problem(shape, ElementKind::kBF16);
        ASSERT_TRUE(p.ok());
        auto plan =
            plan_kernel(spec("decode_attention"), *p,
                        {{"merge_loads", 4}, {"finish", finish}, {"mma", mma}, {"splits", 2}});
        ASSERT_TRUE(plan.ok()) << plan.error().message();
        auto cubins = cuda::compile_plan(*plan, "sm_90a");
        EXPECT_TRUE(cubins.ok()) << shape_string(shape) << " finish=" << finish << " mma=" << mma
                                 << ": " << (cubins.ok() ? "" : cubins.error().message());
      }
    }
  }
}

// The tensor-core path at every D it takes (16 .. 128), contiguous and paged, f16 and bf16,
// every ring depth, with 4 splits merged in the same launch and by the combine kernel.
TEST(DecodeAttention, MmaCompilesForSm90a) {
  auto nvrtc = cuda::nvrtc_version();
  if (!nvrtc.ok()) GTEST_SKIP() << "NVRTC not available: " << nvrtc.error().message();
  for (ElementKind t : {ElementKind::kBF16, ElementKind::kF16}) {
    for (auto [name, shape] : std::vector<std::pair<const char*, Shape>>{
             {"decode_attention", {16, 32, 8, 4, 8192, 128}},
             {"decode_attention", {1, 8, 1, 4, 37, 16}},
             {"decode_attention", {1, 4, 2, 2, 300, 32}},
             {"decode_attention_paged", {3, 8, 1, 4, 37, 64, 16, 1}}}) {
      for (int64_t stages : {2, 3, 4}) {
        for (int64_t finish : {0, 1}) {
          auto p = spec(name).make_problem(shape, t);
          ASSERT_TRUE(p.ok());
          auto plan = plan_kernel(
              spec(name), *p, {{"mma", 1}, {"stages", stages}, {"finish", finish}, {"splits", 4}});
          ASSERT_TRUE(plan.ok()) << plan.error().message();
          auto cubins = cuda::compile_plan(*plan, "sm_90a");
          EXPECT_TRUE(cubins.ok()) << name << " " << shape_string(shape) << " stages=" << stages
                                   << ": " << (cubins.ok() ? "" : cubins.error().message());
        }
      }
    }
  }
}

TEST(DecodeAttention, ShapesThatDoNotFitAreErrors) {
  EXPECT_NE(problem_error("decode_attention", {1, 6, 4, 1, 8, 64}).find("Hq a multiple of Hkv"),
            std::string::npos);
  EXPECT_NE(problem_error("decode_attention", {1, 4, 4, 1, 8, 96}).find("D a power of two"),
            std::string::npos);
  EXPECT_NE(problem_error("decode_attention", {1, 4, 4, 0, 8, 64}).find("Sq in [1, 16]"),
            std::string::npos);
  EXPECT_NE(problem_error("decode_attention", {1, 4, 4, 1, 0, 64}).find("S in"), std::string::npos);
  EXPECT_NE(problem_error("decode_attention", {1, 4, 4, 1, 8}).find("[B, Hq, Hkv, Sq, S, D]"),
            std::string::npos);
  EXPECT_NE(problem_error("decode_attention_paged", {1, 4, 4, 1, 8, 64, 4, 9}).find("min_len"),
            std::string::npos);
  EXPECT_NE(problem_error("decode_attention_paged", {1, 4, 4, 1, 8, 64, 0}).find("page_size"),
            std::string::npos);
}

TEST(DecodeAttentionPaged, TablesAndLengthsAreDrawnValid) {
  auto p =
      spec("decode_attention_paged").make_problem({3, 8, 2, 1, 37, 64, 16, 5}, ElementKind::kBF16);
  ASSERT_TRUE(p.ok());
  ASSERT_EQ(p->inputs.size(), 5u);
  EXPECT_EQ(p->inputs[1].shape, (Shape{9, 2, 16, 64}));  // 3 sequences of 3 pages
  EXPECT_EQ(p->inputs[3].shape, (Shape{3, 3}));
  EXPECT_EQ(p->inputs[3].lo, 0);
  EXPECT_EQ(p->inputs[3].hi, 9);
  EXPECT_EQ(p->inputs[4].lo, 5);
  EXPECT_EQ(p->inputs[4].hi, 38);
  // Without min_len every sequence is S long.
  auto full =
      spec("decode_attention_paged").make_problem({3, 8, 2, 1, 37, 64, 16}, ElementKind::kBF16);
  ASSERT_TRUE(full.ok());
  EXPECT_EQ(full->inputs[4].lo, 37);
}

TEST(DecodeAttention, BytesAreTheCacheReadOnce) {
  const KernelSpec& s = spec("decode_attention");
  auto p = s.make_problem({8, 32, 8, 1, 4096, 128}, ElementKind::kBF16);
  ASSERT_TRUE(p.ok());
  const double kv = 2.0 * 8 * 8 * 4096 * 128 * 2, q = 8.0 * 32 * 128 * 2;
  EXPECT_DOUBLE_EQ(problem_bytes(s, *p), kv + 2 * q);
  // The paged cache at full length: the same, plus the block table and the lengths.
  const KernelSpec& paged = spec("decode_attention_paged");
  auto pp = paged.make_problem({8, 32, 8, 1, 4096, 128, 16}, ElementKind::kBF16);
  ASSERT_TRUE(pp.ok());
  EXPECT_DOUBLE_EQ(problem_bytes(paged, *pp), kv + 2 * q + 8 * 256 * 4 + 8 * 4);
}

// Element i of a 16-bit float or i32 tensor as a double.
double at(const interp::Tensor& t, int64_t i) {
  if (t.element().kind() == ElementKind::kSI32) return t.data<int32_t>()[i];
  return ir::bits_to_double(t.element().kind(), t.data<uint16_t>()[i]);
}

// The definition's output against attention computed here in double, for the contiguous
// cache (paged = false: K at [b, h, t]) or the paged one (page table[b, t / ps], slot t % ps;
// lengths[b] keys).
void expect_definition_is_attention(const char* name, const Shape& shape) {
  const KernelSpec& s = spec(name);
  auto p = s.make_problem(shape, ElementKind::kF16);
  ASSERT_TRUE(p.ok());
  auto in = bench::random_inputs(*p, 11);
  ASSERT_TRUE(in.ok());
  auto out = bench::reference_outputs(s, *p, *in);
  ASSERT_TRUE(out.ok()) << out.error().message();
  const bool paged = shape.size() > 6;
  const int64_t B = shape[0], hq = shape[1], hkv = shape[2], sq = shape[3], S = shape[4];
  const int64_t D = shape[5], ps = paged ? shape[6] : 0, pages = paged ? (S + ps - 1) / ps : 0;
  const interp::Tensor &q = (*in)[0], &k = (*in)[1], &v = (*in)[2];
  for (int64_t b = 0; b < B; ++b) {
    const int64_t len = paged ? static_cast<int64_t>(at((*in)[4], b)) : S;
    auto key_at = [&](int64_t h, int64_t t) {  // offset of key t of KV head h
      if (!paged) return ((b * hkv + h) * S + t) * D;
      const auto page = static_cast<int64_t>(at((*in)[3], b * pages + t / ps));
      return ((page * hkv + h) * ps + t % ps) * D;
    };
    for (int64_t h = 0; h < hq; ++h) {
      const int64_t kvh = h / (hq / hkv);
      for (int64_t i = 0; i < sq; ++i) {
        const int64_t qo = ((b * hq + h) * sq + i) * D;
        std::vector<double> w(static_cast<size_t>(len));
        double mx = -INFINITY, sum = 0;
        for (int64_t t = 0; t < len; ++t) {
          double dot = 0;
          for (int64_t d = 0; d < D; ++d) dot += at(q, qo + d) * at(k, key_at(kvh, t) + d);
          w[static_cast<size_t>(t)] = dot / std::sqrt(static_cast<double>(D));
          mx = std::max(mx, w[static_cast<size_t>(t)]);
        }
        for (double& x : w) sum += (x = std::exp(x - mx));
        for (int64_t d = 0; d < D; ++d) {
          double o = 0;
          for (int64_t t = 0; t < len; ++t)
            o += w[static_cast<size_t>(t)] * at(v, key_at(kvh, t) + d);
          EXPECT_NEAR(at((*out)[0], qo + d), o / sum, 2e-3) << name << " b" << b << " h" << h;
        }
      }
    }
  }
}

TEST(DecodeAttention, DefinitionIsAttentionWithGqa) {
  expect_definition_is_attention("decode_attention", {2, 6, 2, 2, 9, 8});
}

TEST(DecodeAttentionPaged, DefinitionReadsPagesThroughTheTableUpToEachLength) {
  expect_definition_is_attention("decode_attention_paged", {3, 4, 2, 2, 11, 8, 3, 1});
}

}  // namespace
}  // namespace kiln::kernels::decode_attention_test
