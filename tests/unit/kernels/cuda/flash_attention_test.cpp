// flash_attention's spec without a GPU: the problems its shapes imply, its plans on devices
// with more and less shared memory, and its StableHLO definition (the oracle of the GPU tests)
// against attention computed here in double, GQA, causal with rows that see no key, and the
// logsumexp included.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstring>
#include <limits>

#include "bench/check.h"
#include "bench/reference.h"
#include "ir/float_format.h"
#include "kernels/cuda/plan.h"
#include "kernels/cuda/registry.h"
#include "runtime/cuda/launcher.h"
#include "runtime/cuda/tensor_map.h"

namespace kiln::kernels::flash_attention_test {
namespace {

const KernelSpec& spec(const std::string& name) {
  auto s = find_kernel(name);
  EXPECT_TRUE(s.ok()) << name;
  return **s;
}

std::string config_string(const Config& c) {
  std::string out;
  for (const auto& [knob, value] : c) out += knob + "=" + std::to_string(value) + " ";
  return out;
}

bool has_define(const Launch& l, const std::string& define) {
  return std::find(l.defines.begin(), l.defines.end(), define) != l.defines.end();
}

TEST(FlashAttention, ProblemLaysOutGqaTensorsAndTheDefaultScale) {
  auto p = spec("flash_attention").make_problem({2, 8, 2, 100, 33, 128}, ElementKind::kBF16);
  ASSERT_TRUE(p.ok()) << p.error().message();
  ASSERT_EQ(p->inputs.size(), 3u);
  EXPECT_EQ(p->inputs[0].shape, (Shape{2, 8, 100, 128}));
  EXPECT_EQ(p->inputs[1].shape, (Shape{2, 2, 33, 128}));
  EXPECT_EQ(p->inputs[2].shape, (Shape{2, 2, 33, 128}));
  ASSERT_EQ(p->outputs.size(), 1u);
  EXPECT_EQ(p->outputs[0].shape, (Shape{2, 8, 100, 128}));
  ASSERT_TRUE(p->scale.has_value());
  EXPECT_DOUBLE_EQ(*p->scale, 1.0 / std::sqrt(128.0));
}

TEST(FlashAttention, LseVariantAddsAnF32RowOutput) {
  auto p =
      spec("flash_attention_causal_lse").make_problem({1, 4, 1, 17, 130, 64}, ElementKind::kF16);
  ASSERT_TRUE(p.ok());
  ASSERT_EQ(p->outputs.size(), 2u);
  EXPECT_EQ(p->outputs[1].dtype, ElementType(ElementKind::kF32));
  EXPECT_EQ(p->outputs[1].shape, (Shape{1, 4, 17}));
}

TEST(FlashAttention, ProblemRefusesShapesTheKernelLacks) {
  const KernelSpec& s = spec("flash_attention");
  for (const Shape& bad : {Shape{1, 4, 4, 16, 16}, Shape{1, 4, 4, 16, 16, 96},
                           Shape{1, 6, 4, 16, 16, 64}, Shape{1, 4, 0, 16, 16, 64}}) {
    auto p = s.make_problem(bad, ElementKind::kBF16);
    EXPECT_FALSE(p.ok()) << shape_string(bad);
    if (!p.ok()) {
      EXPECT_NE(p.error().message().find("flash_attention"), std::string::npos);
    }
  }
}

TEST(FlashAttention, CausalFlopsAreHalf) {
  auto p = spec("flash_attention").make_problem({4, 16, 16, 4096, 4096, 128}, ElementKind::kBF16);
  ASSERT_TRUE(p.ok());
  const double full = 4.0 * 4 * 16 * 4096.0 * 4096.0 * 128;
  EXPECT_DOUBLE_EQ(problem_flops(spec("flash_attention"), *p), full);
  EXPECT_DOUBLE_EQ(problem_flops(spec("flash_attention_causal"), *p), full / 2);
}

Launch launch_of(const std::string& name, const Shape& shape, const Config& given = {},
                 const cuda::DeviceProperties& device = cuda::DeviceProperties::h100_sxm()) {
  auto p = spec(name).make_problem(shape, ElementKind::kBF16);
  EXPECT_TRUE(p.ok());
  auto plan = plan_kernel(spec(name), *p, given, device);
  EXPECT_TRUE(plan.ok()) << (plan.ok() ? "" : plan.error().message());
  return plan.ok() && plan->launches.size() == 1 ? plan->launches[0] : Launch{};
}

const Config kMmaSync = {{"version", 0}};

TEST(FlashAttention, DefaultTilesFollowTheHeadDim) {
  Launch d128 = launch_of("flash_attention", {4, 16, 16, 4096, 4096, 128}, kMmaSync);
  EXPECT_TRUE(has_define(d128, "-DBLOCK_M=128") && has_define(d128, "-DBLOCK_N=64"));
  EXPECT_TRUE(has_define(d128, "-DWARPS=8") && has_define(d128, "-DQ_IN_REGS=1"));
  EXPECT_TRUE(has_define(d128, "-DSTAGES=2"));
  EXPECT_EQ(d128.grid, (std::array<unsigned, 3>{32, 16, 4}));
  EXPECT_EQ(d128.block[0], 256u);
  EXPECT_EQ(d128.shared_bytes, (128 + 2 * 2 * 64) * 128 * 2u);
  Launch d256 = launch_of("flash_attention", {1, 2, 2, 100, 100, 256}, kMmaSync);
  EXPECT_TRUE(has_define(d256, "-DBLOCK_M=64") && has_define(d256, "-DQ_IN_REGS=0"));
  EXPECT_EQ(d256.grid[0], 2u);
}

TEST(FlashAttention, WarpRowsKnobSetsTheWarps) {
  Launch l =
      launch_of("flash_attention", {1, 2, 2, 100, 100, 64}, {{"version", 0}, {"warp_rows", 32}});
  EXPECT_TRUE(has_define(l, "-DWARPS=4"));
  EXPECT_TRUE(has_define(l, "-DQ_IN_REGS=0"));
  EXPECT_EQ(l.block[0], 128u);
}

TEST(FlashAttention, SmallSharedMemorySingleBuffersOrRefuses) {
  cuda::DeviceProperties small = cuda::DeviceProperties::h100_sxm();
  small.shared_memory_per_block_optin = 90 * 1024;
  // d128, 128 x 64 tiles: 32 KiB of Q and 32 KiB a K/V stage: two stages do not fit in 90 KiB.
  Launch l = launch_of("flash_attention", {1, 2, 2, 100, 100, 128}, kMmaSync, small);
  EXPECT_TRUE(has_define(l, "-DSTAGES=1"));
  EXPECT_EQ(l.shared_bytes, 64 * 1024u);
  small.shared_memory_per_block_optin = 48 * 1024;
  auto p = spec("flash_attention").make_problem({1, 2, 2, 100, 100, 256}, ElementKind::kBF16);
  ASSERT_TRUE(p.ok());
  auto plan = plan_kernel(spec("flash_attention"), *p, {{"version", 0}, {"block_n", 128}}, small);
  ASSERT_FALSE(plan.ok());
  EXPECT_NE(plan.error().message().find("shared memory"), std::string::npos);
}

// ---- Version 1: wgmma and TMA (flash_attention_sm90.cu) ------------------------------------

// The default on an H100: a producer and two consumer warpgroups over 128 queries, Q, K and V
// through TMA maps of [b h, rows, D] in 64-column boxes (K and V: 128 keys; GQA reads the KV
// head's slice in the kernel), the lse pointer null without the lse output.
TEST(FlashAttention, Version1MapsQkvForTheWgmmaKernel) {
  Launch l = launch_of("flash_attention_causal", {2, 8, 2, 200, 333, 128});
  EXPECT_EQ(l.function, "flash_attention_sm90");
  EXPECT_TRUE(has_define(l, "-DHEAD_DIM=128") && has_define(l, "-DCONSUMERS=2"));
  EXPECT_TRUE(has_define(l, "-DCAUSAL=1") && has_define(l, "-DWITH_LSE=0"));
  EXPECT_TRUE(has_define(l, "-DOVERLAP=1") && has_define(l, "-DPINGPONG=1"));
  EXPECT_TRUE(has_define(l, "-DPOSITIVE_SCALE=1"));
  EXPECT_TRUE(has_define(l, "-DBLOCK_N=128") && has_define(l, "-DSTAGES=2"));
  EXPECT_TRUE(has_define(l, "-DPERSISTENT=0"));
  EXPECT_EQ(l.grid, (std::array<unsigned, 3>{2, 8, 2}));
  EXPECT_EQ(l.block[0], 384u);
  // Q, two stages of K and V, 10 mbarriers (K's and V's rings, Q's full and empty).
  EXPECT_EQ(l.shared_bytes, 1024 + 128 * 128 * 2 + 4 * 128 * 128 * 2 + 80u);
  ASSERT_EQ(l.args.size(), 13u);
  const cuda::TensorMap& q = l.args[0].map;
  EXPECT_EQ(q.index, 0);
  EXPECT_EQ(q.dims, (std::vector<uint64_t>{128, 200, 16}));
  EXPECT_EQ(q.strides, (std::vector<uint64_t>{256, 200 * 256}));
  EXPECT_EQ(q.box, (std::vector<uint32_t>{64, 128, 1}));
  for (int i : {1, 2}) {
    const cuda::TensorMap& kv = l.args[static_cast<size_t>(i)].map;
    EXPECT_EQ(kv.index, i);
    EXPECT_EQ(kv.dims, (std::vector<uint64_t>{128, 333, 4}));
    EXPECT_EQ(kv.box, (std::vector<uint32_t>{64, 128, 1}));
    EXPECT_EQ(kv.swizzle, cuda::TensorMap::Swizzle::k128B);
  }
  for (int i = 0; i < 3; ++i) {
    auto e = cuda::tensor_map_encoding(l.args[static_cast<size_t>(i)].map, 0x10000);
    EXPECT_TRUE(e.ok()) << e.error().message();
  }
  EXPECT_EQ(l.args[3], cuda::Arg::output(0));
  EXPECT_EQ(l.args[4], cuda::Arg::i64(0));
  EXPECT_EQ(l.args[7], cuda::Arg::i32(4));  // query heads per KV head
  // The schedule: heads, batches, query blocks, and one (batch, head) slice a section.
  EXPECT_EQ(l.args[9], cuda::Arg::i32(8));
  EXPECT_EQ(l.args[10], cuda::Arg::i32(2));
  EXPECT_EQ(l.args[11], cuda::Arg::i32(2));
  EXPECT_EQ(l.args[12], cuda::Arg::i32(1));
}

// persistent: a block per SM at most (the device's count), over every tile; causal, sections
// of as many slices as share KV heads filling half the L2 (2 MiB of K and V a KV head at
// s4096 d128: 12 of 50 MiB's 25, times 4 query heads a KV head under GQA 32:8).
TEST(FlashAttention, Version1PersistentGridTakesABlockPerSmAtMost) {
  const Config persistent = {{"persistent", 1}};
  Launch l = launch_of("flash_attention", {4, 16, 16, 4096, 4096, 128}, persistent);
  EXPECT_EQ(l.function, "flash_attention_sm90");
  EXPECT_TRUE(has_define(l, "-DPERSISTENT=1"));
  EXPECT_EQ(l.grid, (std::array<unsigned, 3>{132, 1, 1}));
  EXPECT_EQ(l.args[11], cuda::Arg::i32(32));  // query blocks
  EXPECT_EQ(l.args[12], cuda::Arg::i32(1));   // no mask: slice by slice
  cuda::DeviceProperties fewer = cuda::DeviceProperties::h100_sxm();
  fewer.sm_count = 114;
  EXPECT_EQ(launch_of("flash_attention", {4, 16, 16, 4096, 4096, 128}, persistent, fewer).grid,
            (std::array<unsigned, 3>{114, 1, 1}));
  // Fewer tiles than SMs: a block a tile.
  EXPECT_EQ(launch_of("flash_attention", {1, 2, 2, 100, 33, 64}, persistent).grid,
            (std::array<unsigned, 3>{2, 1, 1}));
  Launch causal = launch_of("flash_attention_causal", {4, 16, 16, 4096, 4096, 128}, persistent);
  EXPECT_EQ(causal.args[12], cuda::Arg::i32(12));
  Launch gqa = launch_of("flash_attention_causal_lse", {4, 32, 8, 4096, 4096, 128}, persistent);
  EXPECT_EQ(gqa.args[12], cuda::Arg::i32(48));
  Launch small = launch_of("flash_attention_causal", {1, 4, 2, 200, 333, 128}, persistent);
  EXPECT_EQ(small.args[12], cuda::Arg::i32(4));  // every slice fits: one section
}

// keys: the K/V tile (its TMA boxes and shared memory follow); stages 3 where it fits, else 2;
// d256 takes head dim 256 onto version 1 with 80 keys (64 by the knob), never more.
TEST(FlashAttention, Version1KeysStagesAndHeadDim256) {
  Launch wide = launch_of("flash_attention", {1, 4, 2, 200, 333, 128}, {{"keys", 176}});
  EXPECT_TRUE(has_define(wide, "-DBLOCK_N=176"));
  EXPECT_EQ(wide.args[1].map.box, (std::vector<uint32_t>{64, 176, 1}));
  EXPECT_EQ(wide.args[2].map.box, (std::vector<uint32_t>{64, 176, 1}));
  EXPECT_EQ(wide.shared_bytes, 1024 + 128 * 128 * 2 + 4 * 176 * 128 * 2 + 80u);
  Launch three =
      launch_of("flash_attention", {1, 4, 2, 200, 333, 64}, {{"stages", 3}, {"keys", 128}});
  EXPECT_TRUE(has_define(three, "-DSTAGES=3"));
  EXPECT_EQ(three.shared_bytes, 1024 + 128 * 64 * 2 + 6 * 128 * 64 * 2 + 14 * 8u);
  // Three stages of 192 keys at D 128 (288 KiB) exceed 227 KiB: two.
  Launch two =
      launch_of("flash_attention", {1, 4, 2, 200, 333, 128}, {{"stages", 3}, {"keys", 192}});
  EXPECT_TRUE(has_define(two, "-DSTAGES=2") && has_define(two, "-DBLOCK_N=192"));
  Launch d256 = launch_of("flash_attention_lse", {1, 4, 4, 33, 130, 256}, {{"d256", 1}});
  EXPECT_EQ(d256.function, "flash_attention_sm90");
  EXPECT_TRUE(has_define(d256, "-DHEAD_DIM=256") && has_define(d256, "-DBLOCK_N=80"));
  EXPECT_EQ(d256.shared_bytes, 1024 + 128 * 256 * 2 + 4 * 80 * 256 * 2 + 80u);
  Launch d256k64 =
      launch_of("flash_attention", {1, 4, 4, 33, 130, 256}, {{"d256", 1}, {"keys", 64}});
  EXPECT_TRUE(has_define(d256k64, "-DBLOCK_N=64"));
  EXPECT_EQ(
      launch_of("flash_attention", {1, 4, 4, 33, 130, 256}, {{"d256", 1}, {"keys", 176}}).function,
      "flash_attention");
}

// The defaults by case (measured on an H100): 176 keys without a causal mask, 128 with one,
// 80 at head dim 256 (on version 1); the persistent grid at head dim 64 only.
TEST(FlashAttention, Version1DefaultsByCase) {
  auto tiles = [](const char* name, int64_t d, const Config& c = {}) {
    Launch l = launch_of(name, {2, 8, 2, 200, 333, d}, c);
    EXPECT_EQ(l.function, "flash_attention_sm90") << name << " d" << d;
    std::string keys, persistent;
    for (const std::string& def : l.defines) {
      if (def.rfind("-DBLOCK_N=", 0) == 0) keys = def.substr(10);
      if (def.rfind("-DPERSISTENT=", 0) == 0) persistent = def.substr(13);
    }
    return keys + "/" + persistent;
  };
  EXPECT_EQ(tiles("flash_attention", 128), "176/0");
  EXPECT_EQ(tiles("flash_attention_lse", 64), "176/1");
  EXPECT_EQ(tiles("flash_attention_causal", 64), "128/1");
  EXPECT_EQ(tiles("flash_attention_causal_lse", 128), "128/0");
  EXPECT_EQ(tiles("flash_attention", 256), "80/0");
  EXPECT_EQ(tiles("flash_attention", 128, {{"keys", 128}, {"persistent", 1}}), "128/1");
  EXPECT_EQ(tiles("flash_attention", 64, {{"persistent", 0}}), "176/0");
}

TEST(FlashAttention, Version1OneConsumerAndTheLseOutput) {
  Launch l = launch_of("flash_attention_lse", {1, 2, 2, 100, 33, 64},
                       {{"consumers", 1}, {"persistent", 0}});
  EXPECT_EQ(l.function, "flash_attention_sm90");
  EXPECT_TRUE(has_define(l, "-DCONSUMERS=1") && has_define(l, "-DWITH_LSE=1"));
  EXPECT_TRUE(has_define(l, "-DPINGPONG=0"));  // ping-pong takes two consumers
  Launch pp = launch_of("flash_attention", {1, 2, 2, 100, 33, 64}, {{"pingpong", 0}});
  EXPECT_TRUE(has_define(pp, "-DPINGPONG=0") && has_define(pp, "-DCONSUMERS=2"));
  EXPECT_EQ(l.grid[0], 2u);
  EXPECT_EQ(l.block[0], 256u);
  EXPECT_EQ(l.args[0].map.box, (std::vector<uint32_t>{64, 64, 1}));
  EXPECT_EQ(l.args[4], cuda::Arg::output(1));
}

// Head dim 256 with d256 0, empty sequences and devices before sm_90 take the mma.sync
// kernel.
TEST(FlashAttention, Version1FallsBackToMmaSyncWhereItCannotRun) {
  EXPECT_EQ(launch_of("flash_attention", {1, 2, 2, 100, 100, 256}, {{"d256", 0}}).function,
            "flash_attention");
  EXPECT_EQ(launch_of("flash_attention", {1, 2, 1, 0, 33, 64}).function, "flash_attention");
  EXPECT_EQ(launch_of("flash_attention", {1, 2, 1, 17, 0, 128}).function, "flash_attention");
  cuda::DeviceProperties a100 = cuda::DeviceProperties::h100_sxm();
  a100.compute_major = 8;
  EXPECT_EQ(launch_of("flash_attention", {1, 2, 2, 100, 100, 128}, {}, a100).function,
            "flash_attention");
}

// Both kernels compile with NVRTC for sm_90a at every head dim, dtype, mask and output set
// (version 1 at D 64 and 128 with one and two consumers, overlapped or not, with ping-pong or
// not; the generic KernelCompile tests compile only the first check shape).
TEST(FlashAttention, EveryVersionCompilesForSm90a) {
  auto nvrtc = cuda::nvrtc_version();
  if (!nvrtc.ok()) GTEST_SKIP() << "NVRTC not available: " << nvrtc.error().message();
  for (const char* name : {"flash_attention", "flash_attention_causal", "flash_attention_lse",
                           "flash_attention_causal_lse"}) {
    for (ElementType t : {ElementType(ElementKind::kBF16), ElementType(ElementKind::kF16)}) {
      for (int64_t d : {64, 128, 256}) {
        for (const Config& c :
             {Config{{"version", 0}}, Config{{"consumers", 1}}, Config{{"overlap", 0}}, Config{}}) {
          auto p = spec(name).make_problem({1, 4, 2, 100, 300, d}, t);
          ASSERT_TRUE(p.ok());
          auto plan = plan_kernel(spec(name), *p, c);
          ASSERT_TRUE(plan.ok()) << plan.error().message();
          auto cubins = cuda::compile_plan(*plan, "sm_90a");
          EXPECT_TRUE(cubins.ok())
              << name << " d" << d << " " << dtype_name(t) << " " << plan->launches[0].function
              << ": " << (cubins.ok() ? "" : cubins.error().message());
        }
      }
    }
  }
}

// The new tiles and the persistent loop compile at the head dims they change (the generic
// KernelCompile test compiles each knob value alone at D 64): 176 and 192 keys at D 128,
// head dim 256 on version 1 with 80 and 64 keys, three stages at D 128, persistent at each.
TEST(FlashAttention, Version1TilesAndPersistentLoopCompileForSm90a) {
  auto nvrtc = cuda::nvrtc_version();
  if (!nvrtc.ok()) GTEST_SKIP() << "NVRTC not available: " << nvrtc.error().message();
  const std::vector<std::pair<int64_t, Config>> cases = {
      {128, {{"persistent", 1}}},
      {128, {{"keys", 176}}},
      {128, {{"keys", 192}, {"persistent", 1}}},
      {128, {{"stages", 3}, {"persistent", 1}, {"overlap", 0}}},
      {256, {{"d256", 1}}},
      {256, {{"d256", 1}, {"keys", 64}, {"persistent", 1}}}};
  for (const char* name : {"flash_attention", "flash_attention_causal_lse"}) {
    for (const auto& [d, c] : cases) {
      auto p = spec(name).make_problem({1, 4, 2, 100, 300, d}, ElementKind::kBF16);
      ASSERT_TRUE(p.ok());
      auto plan = plan_kernel(spec(name), *p, c);
      ASSERT_TRUE(plan.ok()) << plan.error().message();
      EXPECT_EQ(plan->launches[0].function, "flash_attention_sm90");
      auto cubins = cuda::compile_plan(*plan, "sm_90a");
      EXPECT_TRUE(cubins.ok()) << name << " d" << d << " " << config_string(c) << ": "
                               << (cubins.ok() ? "" : cubins.error().message());
    }
  }
}

// On the GPU against the interpreter, at the check shapes and at shapes of more tiles than an
// H100 or H200 has SMs (so that persistent blocks take several, some with no key under the
// causal mask): the knob combinations the registry's GPU test (one knob at a time) misses.
TEST(FlashAttentionOnGpu, KnobCombinationsMatchTheInterpreter) {
  auto device = cuda::Device::open(0);
  if (!device.ok()) GTEST_SKIP() << "no GPU: " << device.error().message();
  const std::vector<Config> configs = {{{"persistent", 1}, {"keys", 176}},
                                       {{"persistent", 1}, {"keys", 192}, {"overlap", 0}},
                                       {{"persistent", 1}, {"consumers", 1}, {"stages", 3}},
                                       {{"persistent", 1}, {"pingpong", 0}, {"keys", 64}},
                                       {{"persistent", 1}, {"d256", 1}},
                                       {{"d256", 1}, {"keys", 64}, {"overlap", 0}}};
  // 160 and 144 tiles of one KV tile (causal: rows with no key, and 48 tiles with none at
  // all), then 136 of several KV tiles at D 64 and 256.
  const std::vector<Shape> many_tiles = {{5, 32, 8, 100, 20, 64},
                                         {1, 48, 8, 300, 20, 64},
                                         {1, 136, 8, 20, 300, 64},
                                         {1, 136, 8, 20, 90, 256}};
  for (const Config& given : configs) {
    for (const char* name : {"flash_attention", "flash_attention_causal", "flash_attention_lse",
                             "flash_attention_causal_lse"}) {
      const auto seed =
          static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
      auto r =
          bench::check_kernel(*device, spec(name), ElementKind::kBF16, given, seed, many_tiles);
      ASSERT_TRUE(r.ok()) << r.error().message();
      std::string failures;
      for (const auto& f : r->failures) failures += "\n  " + f;
      EXPECT_TRUE(r->passed()) << name << " " << config_string(given) << " (seed " << seed
                               << "):" << failures;
    }
  }
}

// A composite's scale may be negative: then the softmax scales the scores before their max
// (POSITIVE_SCALE=0), and that build compiles too.
TEST(FlashAttention, Version1ScalesFirstUnderANegativeScale) {
  const KernelSpec& s = spec("flash_attention_causal_lse");
  auto p = s.make_problem({1, 2, 2, 100, 130, 128}, ElementKind::kBF16);
  ASSERT_TRUE(p.ok());
  p->scale = -0.125;
  auto plan = plan_kernel(s, *p, {});
  ASSERT_TRUE(plan.ok()) << plan.error().message();
  const Launch& l = plan->launches[0];
  EXPECT_EQ(l.function, "flash_attention_sm90");
  EXPECT_TRUE(has_define(l, "-DPOSITIVE_SCALE=0"));
  EXPECT_EQ(l.args[8], cuda::Arg::f32(-0.125 / std::log(2.0)));  // scale_log2
  auto nvrtc = cuda::nvrtc_version();
  if (!nvrtc.ok()) GTEST_SKIP() << "NVRTC not available: " << nvrtc.error().message();
  auto cubins = cuda::compile_plan(*plan, "sm_90a");
  EXPECT_TRUE(cubins.ok()) << (cubins.ok() ? "" : cubins.error().message());
}

// ---- The definition against attention in double -------------------------------------------

double element(const interp::Tensor& t, int64_t i) {
  const int bytes = t.element().storage_bytes();
  uint64_t bits = 0;
  std::memcpy(&bits, t.raw() + i * bytes, static_cast<size_t>(bytes));
  return ir::bits_to_double(t.element().kind(), bits);
}

// O and the logsumexp of one problem, from its inputs, with the bottom-right causal mask.
void attention_in_double(const Problem& p, const std::vector<interp::Tensor>& in, bool causal,
                         std::vector<double>& o, std::vector<double>& lse) {
  const int64_t b = p.shape[0], hq = p.shape[1], hkv = p.shape[2], sq = p.shape[3],
                skv = p.shape[4], d = p.shape[5];
  o.assign(static_cast<size_t>(b * hq * sq * d), 0.0);
  lse.assign(static_cast<size_t>(b * hq * sq), -std::numeric_limits<double>::infinity());
  for (int64_t x = 0; x < b; ++x) {
    for (int64_t h = 0; h < hq; ++h) {
      const int64_t hk = h / (hq / hkv);
      for (int64_t i = 0; i < sq; ++i) {
        std::vector<double> s;
        std::vector<int64_t> keys;
        double mx = -std::numeric_limits<double>::infinity();
        for (int64_t j = 0; j < skv; ++j) {
          if (causal && j > i + skv - sq) continue;
          double dot = 0;
          for (int64_t c = 0; c < d; ++c) {
            dot += element(in[0], ((x * hq + h) * sq + i) * d + c) *
                   element(in[1], ((x * hkv + hk) * skv + j) * d + c);
          }
          s.push_back(dot * *p.scale);
          keys.push_back(j);
          mx = std::max(mx, s.back());
        }
        if (s.empty()) continue;
        double l = 0;
        for (double& e : s) l += (e = std::exp(e - mx));
        const int64_t row = (x * hq + h) * sq + i;
        lse[static_cast<size_t>(row)] = mx + std::log(l);
        for (size_t n = 0; n < s.size(); ++n) {
          for (int64_t c = 0; c < d; ++c) {
            o[static_cast<size_t>(row * d + c)] +=
                s[n] / l * element(in[2], ((x * hkv + hk) * skv + keys[n]) * d + c);
          }
        }
      }
    }
  }
}

struct DefinitionCase {
  std::string kernel;
  Shape shape;
};

class FlashAttentionDefinition : public ::testing::TestWithParam<DefinitionCase> {};

TEST_P(FlashAttentionDefinition, MatchesAttentionInDouble) {
  const KernelSpec& s = spec(GetParam().kernel);
  const bool causal = s.name.find("causal") != std::string::npos;
  auto p = s.make_problem(GetParam().shape, ElementKind::kBF16);
  ASSERT_TRUE(p.ok());
  auto in = bench::random_inputs(*p, 11);
  ASSERT_TRUE(in.ok());
  auto out = bench::reference_outputs(s, *p, *in);
  ASSERT_TRUE(out.ok()) << out.error().message();
  std::vector<double> o, lse;
  attention_in_double(*p, *in, causal, o, lse);
  for (size_t i = 0; i < o.size(); ++i) {
    // The definition rounds O to bf16 once: 2^-9 relative, and |O| < 1.
    ASSERT_NEAR(element((*out)[0], static_cast<int64_t>(i)), o[i], 4e-3) << "O element " << i;
  }
  if (out->size() == 2) {
    for (size_t i = 0; i < lse.size(); ++i) {
      const double got = element((*out)[1], static_cast<int64_t>(i));
      if (std::isinf(lse[i])) {
        EXPECT_TRUE(std::isinf(got) && got < 0) << "row " << i << " has no key: " << got;
      } else {
        EXPECT_NEAR(got, lse[i], 1e-4) << "row " << i;
      }
    }
  }
}

// GQA 4:1 and MQA, more queries than keys (causal rows 0..4 see no key), one key, no keys.
INSTANTIATE_TEST_SUITE_P(
    Shapes, FlashAttentionDefinition,
    ::testing::Values(DefinitionCase{"flash_attention", {1, 4, 1, 5, 7, 64}},
                      DefinitionCase{"flash_attention_lse", {2, 4, 2, 3, 9, 64}},
                      DefinitionCase{"flash_attention_causal", {1, 4, 2, 9, 4, 64}},
                      DefinitionCase{"flash_attention_causal_lse", {1, 2, 1, 9, 4, 64}},
                      DefinitionCase{"flash_attention_causal_lse", {1, 2, 2, 4, 9, 64}},
                      DefinitionCase{"flash_attention_lse", {1, 2, 2, 3, 0, 64}}),
    [](const ::testing::TestParamInfo<DefinitionCase>& info) {
      return info.param.kernel + "_" + shape_string(info.param.shape);
    });

}  // namespace
}  // namespace kiln::kernels::flash_attention_test
