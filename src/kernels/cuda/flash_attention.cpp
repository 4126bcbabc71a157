// Flash attention forward for prefill: O = softmax(scale Q Kᵀ [causal]) V per batch and query
// head, GQA/MQA, bf16/f16 in, f32 softmax and accumulation, and variants that also write the
// row logsumexp a backward pass reads. Two kernels, by the knob `version`: 1 (the default),
// flash_attention_sm90.cu on wgmma and TMA where it runs (sm_90, D 64 and 128, and 256 with
// the knob `d256`; non-empty sequences), else 0, flash_attention.cu on mma.sync (sm_80 on,
// every D).
//
// A problem's shape is [B, Hq, Hkv, Sq, Skv, D]: Q [B, Hq, Sq, D], K and V [B, Hkv, Skv, D]
// (query head h reads KV head h / (Hq / Hkv), jnp.repeat's order), O [B, Hq, Sq, D], all
// row-major; the logsumexp f32 [B, Hq, Sq]. The scale is 1/sqrt(D) (a composite's own where
// the compiler calls it). Causal keeps key j for query i where j <= i + Skv - Sq: the diagonal
// aligned to the bottom right (FlashAttention's convention; the top-left one of cuDNN and of
// fuse-attention's `causal` where Sq != Skv). A row with no key gives zeros (logsumexp -inf).
#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "kernels/cuda/flash_attention_definition.h"
#include "kernels/cuda/flash_attention_match.h"
#include "kernels/cuda/plan.h"
#include "kernels/cuda/plan_helpers.h"
#include "kernels/cuda/registry.h"

namespace kiln::kernels {

namespace {

// The definition, in f32 as the kernel computes: the scaled and masked scores %x
// (flash_attention_definition.h), then the softmax. A row with no key (max -inf) takes shift 0
// and sum 1, so that it gives zeros and logsumexp log(0) = -inf.
constexpr const char* kSignature =
    R"(func.func @main(%q: {in0}, %k: {in1}, %v: {in2}) -> {OUTS} {
)";

constexpr const char* kSoftmaxAndOutput =
    R"(  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %zeros = stablehlo.constant dense<0.0> : tensor<{D0}x{D1}x{D3}xf32>
  %ones = stablehlo.constant dense<1.0> : tensor<{D0}x{D1}x{D3}xf32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [3] : (tensor<{D0}x{D1}x{D3}x{D4}xf32>, tensor<f32>) -> tensor<{D0}x{D1}x{D3}xf32>
  %finite = stablehlo.is_finite %m : (tensor<{D0}x{D1}x{D3}xf32>) -> tensor<{D0}x{D1}x{D3}xi1>
  %shift = stablehlo.select %finite, %m, %zeros : tensor<{D0}x{D1}x{D3}xi1>, tensor<{D0}x{D1}x{D3}xf32>
  %shb = stablehlo.broadcast_in_dim %shift, dims = [0, 1, 2] : (tensor<{D0}x{D1}x{D3}xf32>) -> tensor<{D0}x{D1}x{D3}x{D4}xf32>
  %d = stablehlo.subtract %x, %shb : tensor<{D0}x{D1}x{D3}x{D4}xf32>
  %e = stablehlo.exponential %d : tensor<{D0}x{D1}x{D3}x{D4}xf32>
  %l = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [3] : (tensor<{D0}x{D1}x{D3}x{D4}xf32>, tensor<f32>) -> tensor<{D0}x{D1}x{D3}xf32>
  %o = stablehlo.dot_general %e, %vw, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : (tensor<{D0}x{D1}x{D3}x{D4}xf32>, tensor<{D0}x{D1}x{D4}x{D5}xf32>) -> {out0:f32}
  %some = stablehlo.compare GT, %l, %zeros, FLOAT : (tensor<{D0}x{D1}x{D3}xf32>, tensor<{D0}x{D1}x{D3}xf32>) -> tensor<{D0}x{D1}x{D3}xi1>
  %den = stablehlo.select %some, %l, %ones : tensor<{D0}x{D1}x{D3}xi1>, tensor<{D0}x{D1}x{D3}xf32>
  %denb = stablehlo.broadcast_in_dim %den, dims = [0, 1, 2] : (tensor<{D0}x{D1}x{D3}xf32>) -> {out0:f32}
  %y = stablehlo.divide %o, %denb : {out0:f32}
  %r = stablehlo.convert %y : ({out0:f32}) -> {out0}
)";

constexpr const char* kReturnOutput = R"(  return %r : {out0}
}
)";

constexpr const char* kReturnWithLse = R"(  %logl = stablehlo.log %l : tensor<{D0}x{D1}x{D3}xf32>
  %lse = stablehlo.add %shift, %logl : tensor<{D0}x{D1}x{D3}xf32>
  return %r, %lse : {out0}, {out1}
}
)";

std::string definition(bool causal, bool lse) {
  std::string text = kSignature;
  text += attention_scores_definition(causal);
  text += kSoftmaxAndOutput;
  text += lse ? kReturnWithLse : kReturnOutput;
  return replace_all(text, "{OUTS}", lse ? "({out0}, {out1})" : "{out0}");
}

Expected<Problem> attention_problem(const Shape& shape, ElementType t, bool lse) {
  if (shape.size() != 6) {
    return Error::invalid_argument(fmt::format(
        "flash_attention: the shape is [B, Hq, Hkv, Sq, Skv, D], not {}", shape_string(shape)));
  }
  const int64_t b = shape[0], hq = shape[1], hkv = shape[2], sq = shape[3], skv = shape[4],
                d = shape[5];
  if (d != 64 && d != 128 && d != 256) {
    return Error::invalid_argument(
        fmt::format("flash_attention: head dim {} (the kernel has 64, 128 and 256)", d));
  }
  if (hkv < 1 || hq < 1 || hq % hkv != 0) {
    return Error::invalid_argument(
        fmt::format("flash_attention: {} query heads are not a multiple of {} KV heads", hq, hkv));
  }
  if (sq > 2147483647 || skv > 2147483647 || b > 65535 || hq > 65535) {
    return Error::invalid_argument("flash_attention: a dimension past the kernel's grid");
  }
  Problem p{shape, t, {}, {}};
  p.inputs = {{t, {b, hq, sq, d}}, {t, {b, hkv, skv, d}}, {t, {b, hkv, skv, d}}};
  p.outputs = {{t, {b, hq, sq, d}}};
  if (lse) p.outputs.push_back({ElementKind::kF32, {b, hq, sq}});
  p.scale = 1.0 / std::sqrt(static_cast<double>(d));
  return p;
}

// The tiles by head dim where the knobs leave them open (0): 128 query rows and 64 keys up to
// D = 128, 64 x 64 at D = 256 (the O accumulator is D/2 registers a thread per 16 rows).
struct Tiles {
  int64_t block_m, block_n, warp_rows;
};

Expected<Tiles> attention_tiles(int64_t d, const Config& c) {
  KILN_TRY(int64_t block_m, c.get("block_m"));
  KILN_TRY(int64_t block_n, c.get("block_n"));
  KILN_TRY(int64_t warp_rows, c.get("warp_rows"));
  if (block_m == 0) block_m = d == 256 ? 64 : 128;
  if (block_n == 0) block_n = 64;
  if (warp_rows == 0) warp_rows = 16;
  return Tiles{block_m, block_n, warp_rows};
}

// Version 0 (flash_attention.cu, mma.sync): one block per BLOCK_M queries of one (batch,
// head); the K and V tiles double-buffered where the device's shared memory per block (opted
// in) holds them, else single-buffered.
Expected<Plan> attention_plan(bool causal, const Problem& p, const Config& c,
                              const PlanContext& ctx) {
  const int64_t b = p.shape[0], hq = p.shape[1], hkv = p.shape[2], sq = p.shape[3],
                skv = p.shape[4], d = p.shape[5];
  KILN_TRY(Tiles tiles, attention_tiles(d, c));
  const int64_t elem = static_cast<int64_t>(element_bytes(p.dtype));
  const int64_t q_bytes = tiles.block_m * d * elem, kv_stage = 2 * tiles.block_n * d * elem;
  const int64_t limit =
      std::max(ctx.device.shared_memory_per_block_optin, ctx.device.shared_memory_per_block);
  const int64_t stages = q_bytes + 2 * kv_stage <= limit ? 2 : 1;
  if (q_bytes + stages * kv_stage > limit) {
    return Error::invalid_argument(fmt::format(
        "flash_attention: tiles of {} queries and {} keys at head dim {} need {} bytes of "
        "shared memory; the device has {}",
        tiles.block_m, tiles.block_n, d, q_bytes + kv_stage, limit));
  }
  KILN_TRY(Launch l, library_launch("flash_attention", "flash_attention"));
  const bool lse = p.outputs.size() == 2;
  const bool q_in_regs = d <= 128 && tiles.warp_rows == 16;
  l.defines = {dtype_define(p.dtype),
               define("HEAD_DIM", d),
               define("BLOCK_M", tiles.block_m),
               define("BLOCK_N", tiles.block_n),
               define("WARPS", tiles.block_m / tiles.warp_rows),
               define("STAGES", stages),
               define("CAUSAL", causal ? 1 : 0),
               define("Q_IN_REGS", q_in_regs ? 1 : 0),
               define("WITH_LSE", lse ? 1 : 0)};
  KILN_TRY(l.grid[0], grid_dim(ceil_div(sq, tiles.block_m)));
  l.grid[1] = static_cast<unsigned>(hq);
  l.grid[2] = static_cast<unsigned>(b);
  l.block = {static_cast<unsigned>(tiles.block_m / tiles.warp_rows * 32), 1, 1};
  l.shared_bytes = static_cast<unsigned>(q_bytes + stages * kv_stage);
  l.args = {Arg::input(0),
            Arg::input(1),
            Arg::input(2),
            Arg::output(0),
            lse ? Arg::output(1) : Arg::i64(0),  // the lse pointer: null without one
            Arg::i32(sq),
            Arg::i32(skv),
            Arg::i32(hq / hkv)};
  // Packed row-major element strides (batch, head, row) of Q, K, V and O.
  const std::array<int64_t, 3> qo = {hq * sq * d, sq * d, d}, kv = {hkv * skv * d, skv * d, d};
  for (const auto* strides : {&qo, &kv, &kv, &qo}) {
    for (int64_t x : *strides) l.args.push_back(Arg::i64(x));
  }
  l.args.push_back(Arg::f32(p.scale.value_or(1.0) / std::log(2.0)));
  return Plan{{}, {l}};
}

// The tiles and schedule of flash_attention_sm90.cu, from the knobs and the problem.
struct Sm90Tiles {
  int64_t consumers, block_n, stages;
};

// Shared memory of flash_attention_sm90.cu: Q's tile, the stages of a K and a V tile, the K
// and V rings' mbarriers and Q's two, and 1 KiB to align the tiles to the swizzle atom.
int64_t sm90_shared_bytes(int64_t d, const Sm90Tiles& t) {
  return 1024 + t.consumers * 64 * d * 2 + t.stages * 2 * t.block_n * d * 2 +
         (4 * t.stages + 2) * 8;
}

// The knobs' tiles at head dim d: `keys` 0 takes 80 keys at D 256 and, up to D 128, 176 without
// a causal mask and 128 with one (measured on an H100: 176 keys 3-13% faster than 128 at every
// non-causal bench shape, 5-20% slower causal); `stages` 3 drops to 2 where three do not fit
// the device's shared memory.
Expected<Sm90Tiles> sm90_tiles(bool causal, int64_t d, const Config& c, const PlanContext& ctx) {
  KILN_TRY(int64_t consumers, c.get("consumers"));
  KILN_TRY(int64_t keys, c.get("keys"));
  KILN_TRY(int64_t stages, c.get("stages"));
  const int64_t by_case = d == 256 ? 80 : causal ? 128 : 176;
  Sm90Tiles t{consumers, keys != 0 ? keys : by_case, stages};
  if (t.stages > 2 && sm90_shared_bytes(d, t) > ctx.device.shared_memory_per_block_optin) {
    t.stages = 2;
  }
  return t;
}

// The knob `persistent`: 2 takes the persistent grid at head dim 64 only (measured on an H100
// at b8 h16 s1024: 9-12% faster; at D 128 and 256 equal or slower, causal D 128 8% slower).
bool sm90_persistent(int64_t knob, int64_t d) { return knob == 1 || (knob == 2 && d == 64); }

// The wgmma kernel runs sm_90 devices at head dims 64 and 128 (and 256 where the knob `d256`
// asks, with at most 80 keys a tile: O's 128 accumulator registers a thread leave no room for
// more) with at least one query and one key in one batch (TMA's tensors are never empty) where
// its tiles fit the shared memory.
bool sm90_supported(const Problem& p, const Sm90Tiles& t, int64_t d256, const PlanContext& ctx) {
  const int64_t sq = p.shape[3], skv = p.shape[4], d = p.shape[5];
  const bool head_dim = d == 64 || d == 128 || (d == 256 && d256 == 1 && t.block_n <= 80);
  return ctx.device.compute_major == 9 && head_dim && p.shape[0] > 0 && sq > 0 && skv > 0 &&
         sm90_shared_bytes(d, t) <= ctx.device.shared_memory_per_block_optin;
}

// The tiled view of a [slices, rows, D] tensor (input `index`): boxes of 64 columns (128
// bytes, the 128-byte swizzle's span) by `box_rows` rows.
cuda::TensorMap attention_map(const Problem& p, int64_t index, int64_t box_rows) {
  const Shape& s = p.inputs[static_cast<size_t>(index)].shape;  // [b, h, rows, d]
  const uint64_t rows = static_cast<uint64_t>(s[2]), d = static_cast<uint64_t>(s[3]);
  cuda::TensorMap map;
  map.source = cuda::TensorMap::Source::kInput;
  map.index = index;
  map.element = tensor_map_element16(p.dtype);
  map.dims = {d, rows, static_cast<uint64_t>(s[0] * s[1])};
  map.strides = {d * 2, rows * d * 2};
  map.box = {64, static_cast<uint32_t>(box_rows), 1};
  map.swizzle = cuda::TensorMap::Swizzle::k128B;
  return map;
}

// The persistent schedule's sections (the kernel's Schedule): causal, as many (batch, query
// head) slices as share KV heads whose K and V fill at most half the L2, so that the blocks
// running at once, which walk a section's query blocks last first, mostly hit L2; without a
// mask 1 (a slice's query blocks in turn, as the plain grid runs them).
int64_t persistent_head_group(bool causal, const Problem& p, const PlanContext& ctx) {
  const int64_t hq = p.shape[1], hkv = p.shape[2], skv = p.shape[4], d = p.shape[5];
  const int64_t slices = p.shape[0] * hq;
  if (!causal) return 1;
  const int64_t kv_head_bytes = 2 * skv * d * 2;
  const int64_t l2 = ctx.device.l2_bytes > 0 ? ctx.device.l2_bytes : 50 * 1024 * 1024;
  const int64_t kv_heads = std::max<int64_t>(1, l2 / 2 / std::max<int64_t>(kv_head_bytes, 1));
  return std::clamp<int64_t>(kv_heads * (hq / hkv), 1, slices);
}

// flash_attention_sm90.cu: 64 x `consumers` queries of one (batch, head) a tile, a producer
// warpgroup and `consumers` consumer warpgroups; a block per tile, or with `persistent` one
// per SM at most looping over the tiles.
Expected<Plan> attention_plan_sm90(bool causal, const Problem& p, const Sm90Tiles& t,
                                   const Config& c, const PlanContext& ctx) {
  const int64_t b = p.shape[0], hq = p.shape[1], hkv = p.shape[2], sq = p.shape[3],
                skv = p.shape[4], d = p.shape[5];
  KILN_TRY(int64_t overlap, c.get("overlap"));
  KILN_TRY(int64_t pingpong, c.get("pingpong"));
  KILN_TRY(int64_t persistent_knob, c.get("persistent"));
  const int64_t persistent = sm90_persistent(persistent_knob, d) ? 1 : 0;
  KILN_TRY(Launch l, library_launch("flash_attention_sm90", "flash_attention_sm90"));
  const bool lse = p.outputs.size() == 2;
  const bool with_pingpong = t.consumers == 2 && overlap == 1 && pingpong == 1;
  l.defines = {dtype_define(p.dtype),
               define("HEAD_DIM", d),
               define("BLOCK_N", t.block_n),
               define("STAGES", t.stages),
               define("CONSUMERS", t.consumers),
               define("CAUSAL", causal ? 1 : 0),
               define("WITH_LSE", lse ? 1 : 0),
               define("OVERLAP", overlap),
               define("PINGPONG", with_pingpong ? 1 : 0),
               define("POSITIVE_SCALE", p.scale.value_or(1.0) > 0 ? 1 : 0),
               define("PERSISTENT", persistent)};
  const int64_t m_blocks = ceil_div(sq, 64 * t.consumers);
  KILN_TRY(unsigned blocks_x, grid_dim(m_blocks));
  const int64_t head_group = persistent == 1 ? persistent_head_group(causal, p, ctx) : 1;
  if (persistent == 1) {
    const int64_t units = m_blocks * hq * b;
    const int64_t sms = std::max(ctx.device.sm_count, 1);
    l.grid = {static_cast<unsigned>(std::min(units, sms)), 1, 1};
  } else {
    l.grid = {blocks_x, static_cast<unsigned>(hq), static_cast<unsigned>(b)};
  }
  l.block = {static_cast<unsigned>(128 * (t.consumers + 1)), 1, 1};
  l.shared_bytes = static_cast<unsigned>(sm90_shared_bytes(d, t));
  l.args = {Arg::tensor_map(attention_map(p, 0, 64 * t.consumers)),
            Arg::tensor_map(attention_map(p, 1, t.block_n)),
            Arg::tensor_map(attention_map(p, 2, t.block_n)),
            Arg::output(0),
            lse ? Arg::output(1) : Arg::i64(0),  // the lse pointer: null without one
            Arg::i32(sq),
            Arg::i32(skv),
            Arg::i32(hq / hkv),
            Arg::f32(p.scale.value_or(1.0) / std::log(2.0)),
            Arg::i32(hq),
            Arg::i32(b),
            Arg::i32(m_blocks),
            Arg::i32(head_group)};
  return Plan{{}, {l}};
}

// version 1 takes the wgmma kernel where it runs (sm90_supported), else the mma.sync one.
Expected<Plan> attention_plan_by_version(bool causal, const Problem& p, const Config& c,
                                         const PlanContext& ctx) {
  KILN_TRY(int64_t version, c.get("version"));
  KILN_TRY(int64_t d256, c.get("d256"));
  KILN_TRY(Sm90Tiles t, sm90_tiles(causal, p.shape[5], c, ctx));
  if (version == 1 && sm90_supported(p, t, d256, ctx)) {
    return attention_plan_sm90(causal, p, t, c, ctx);
  }
  return attention_plan(causal, p, c, ctx);
}

KernelSpec attention_spec(bool causal, bool lse) {
  KernelSpec s;
  s.name = std::string(causal ? "flash_attention_causal" : "flash_attention") + (lse ? "_lse" : "");
  s.group = "attention";
  s.summary = fmt::format("[B, Hq, Hkv, Sq, Skv, D]: O = softmax(Q Kᵀ / sqrt(D){}) V, GQA{}",
                          causal ? ", causal (bottom-right)" : "",
                          lse ? ", and the row logsumexp (f32)" : "");
  s.impl = "flash_attention_sm90_wgmma";
  s.dtypes = {ElementKind::kF16, ElementKind::kBF16};
  s.bench_shapes = {{8, 16, 16, 1024, 1024, 64},
                    {4, 16, 16, 4096, 4096, 128},
                    {4, 32, 8, 4096, 4096, 128},
                    {2, 16, 16, 2048, 2048, 256}};
  // Ragged and tiny sequences (1, 17, 100 queries; 1, 33, 130 keys), GQA 4:1 and MQA, every
  // head dim, more queries than keys (causal rows with no key), no queries and no keys, whole
  // tiles, and a sequence of several KV tiles; for version 1, ragged sequences over several
  // query blocks and KV tiles (200 and 333, both ways round) with GQA 2:1 and MQA, and whole
  // blocks and tiles (256 queries, 512 keys).
  s.check_shapes = {{1, 1, 1, 1, 1, 64},      {1, 2, 2, 17, 33, 64},    {2, 4, 1, 100, 130, 64},
                    {1, 4, 1, 17, 130, 128},  {1, 8, 2, 100, 33, 128},  {1, 2, 2, 1, 130, 256},
                    {1, 4, 4, 33, 1, 256},    {1, 4, 1, 130, 100, 256}, {1, 2, 1, 0, 33, 64},
                    {1, 2, 1, 17, 0, 128},    {1, 2, 2, 128, 128, 128}, {1, 2, 1, 300, 520, 128},
                    {1, 4, 2, 200, 333, 128}, {2, 2, 1, 333, 200, 64},  {1, 2, 2, 256, 512, 64}};
  s.stablehlo = definition(causal, lse);
  s.make_problem = [lse](const Shape& shape, ElementType t) {
    return attention_problem(shape, t, lse);
  };
  // 2 B Hq Sq Skv D for each product; about half the pairs under a causal mask.
  s.flops = [causal](const Problem& p) {
    double f = 4.0;
    for (size_t i : {0, 1, 3, 4, 5}) f *= static_cast<double>(p.shape[i]);
    return causal ? f / 2 : f;
  };
  // The kernel rounds P to the input type before P V (relative 2^-9 in bf16, 2^-12 in f16) and
  // O once; with values in [-1, 1) |O| < 1, so the defaults (1.6e-2 bf16, 2e-3 f16) hold
  // several roundings of margin at every head dim.
  s.tolerance.f32 = {1e-4, 1e-5};  // the logsumexp: O(1..10), f32 sums in another order
  s.knobs = {{"version",
              {0, 1},
              1,
              "1: wgmma and TMA (sm_90, head dims 64 and 128, 256 with d256, no empty "
              "sequence; else the mma.sync kernel); 0: the mma.sync kernel (sm_80 on)"},
             {"consumers", {1, 2}, 2, "version 1: consumer warpgroups of 64 query rows each"},
             {"overlap",
              {0, 1},
              1,
              "version 1: 1 runs a tile's softmax while the previous tile's P V runs "
              "(FlashAttention-3's schedule in a warpgroup); 0: each tile's steps in turn"},
             {"pingpong",
              {0, 1},
              1,
              "version 1 with two consumers and overlap: 1 has them take turns to issue their "
              "products, one's softmax under the other's (FlashAttention-3's ping-pong; 2-8% "
              "faster at every bench shape on an H200)"},
             {"persistent",
              {0, 1, 2},
              2,
              "version 1: 1 launches a block per SM at most, each looping over (query block, "
              "head, batch) tiles of a static schedule (causal: the longest first), so that a "
              "tile's Q load and O store overlap its neighbours'; 0: a block per tile; 2: 1 at "
              "head dim 64, else 0 (H100: 9-12% faster at D 64, none or slower above)"},
             {"keys",
              {0, 64, 128, 176, 192},
              0,
              "version 1: keys a K/V tile (the S accumulator 64 x keys a consumer); 0: 176 "
              "without a causal mask, 128 with one, 80 at head dim 256 (H100)"},
             {"stages",
              {2, 3},
              2,
              "version 1: K/V stages in shared memory (3: 2 where three do not fit)"},
             {"d256",
              {0, 1},
              1,
              "version 1 at head dim 256: 1 takes the wgmma kernel (64 rows x 80 keys a "
              "consumer, O 128 registers a thread; H100: 0.88-0.93x cuDNN, 3.7x the mma.sync "
              "kernel); 0: the mma.sync kernel"},
             {"block_m",
              {0, 64, 128},
              0,
              "version 0: query rows a block; 0: by head dim (128, 64 at D=256)"},
             {"block_n", {0, 32, 64, 128}, 0, "version 0: keys a K/V tile; 0: 64"},
             {"warp_rows",
              {0, 16, 32},
              0,
              "version 0: query rows a warp (warps = block_m / this); 0: 16"}};
  s.baselines =
      lse ? std::vector<std::string>{"cudnn"} : std::vector<std::string>{"cudnn", "torch"};
  s.plan = [causal](const Problem& p, const Config& c, const PlanContext& ctx) {
    return attention_plan_by_version(causal, p, c, ctx);
  };
  if (!lse) {
    s.op = "kiln.attention";
    s.match = [causal](const KernelSpec& spec, const ir::Operation& op) {
      return flash_attention_match(spec, op, causal);
    };
  }
  return s;
}

std::vector<KernelSpec> flash_attention_specs() {
  return {attention_spec(false, false), attention_spec(true, false), attention_spec(false, true),
          attention_spec(true, true)};
}

}  // namespace

KILN_REGISTER_KERNELS(flash_attention_specs);

}  // namespace kiln::kernels
