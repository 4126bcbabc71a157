// The Hopper GEMM (gemm.cu): gemm (C = A B, B [K, N]) and gemm_nt (C = A B^T, B [N, K]) for
// row-major A [M, K], batched or not, bf16 and f16 with f32 accumulation; and gemm with fused
// epilogues on the f32 product: gemm_bias, gemm_bias_gelu, gemm_bias_silu, gemm_bias_residual.
#include <algorithm>
#include <string>

#include "kernels/cuda/gemm_tail_split.h"
#include "kernels/cuda/op_match.h"
#include "kernels/cuda/plan.h"
#include "kernels/cuda/plan_helpers.h"
#include "kernels/cuda/registry.h"

namespace kiln::kernels {

namespace {

// The fused epilogues (gemm.cu's EPILOGUE), applied to the f32 product before its rounding.
enum class Epilogue : int64_t {
  kNone = 0,
  kBias = 1,
  kBiasGelu = 2,
  kBiasSilu = 3,
  kBiasResidual = 4
};

// One registered GEMM: its layout of B, its epilogue, and what the definition adds to the
// product %c (f32 [B, M, N]) to make %y.
struct GemmKind {
  const char* name;
  bool nt;
  Epilogue epilogue;
  const char* summary;
  const char* epilogue_ops;  // StableHLO from %x (the product plus the bias) to %y
  double epilogue_flops;     // per element of C
};

constexpr GemmKind kGemmKinds[] = {
    {"gemm", false, Epilogue::kNone,
     "C [M, N] = A B for row-major A [M, K] and B [K, N], f32 accumulation", "", 0},
    {"gemm_nt", true, Epilogue::kNone,
     "C [M, N] = A B^T for row-major A [M, K] and B [N, K], f32 accumulation", "", 0},
    {"gemm_bias", false, Epilogue::kBias,
     "C [M, N] = A B + bias [N], f32 accumulation and epilogue", "", 1},
    // jax.nn.gelu(approximate=True) as JAX writes it.
    {"gemm_bias_gelu", false, Epilogue::kBiasGelu,
     "C [M, N] = gelu_tanh(A B + bias [N]), f32 accumulation and epilogue", R"(
  %g0 = stablehlo.constant dense<0.79788456080286541> : {out0:f32}
  %g1 = stablehlo.constant dense<0.044715> : {out0:f32}
  %g2 = stablehlo.constant dense<0.5> : {out0:f32}
  %g3 = stablehlo.constant dense<1.0> : {out0:f32}
  %x2 = stablehlo.multiply %x, %x : {out0:f32}
  %x3 = stablehlo.multiply %x2, %x : {out0:f32}
  %kx3 = stablehlo.multiply %g1, %x3 : {out0:f32}
  %in = stablehlo.add %x, %kx3 : {out0:f32}
  %u = stablehlo.multiply %g0, %in : {out0:f32}
  %t = stablehlo.tanh %u : {out0:f32}
  %p = stablehlo.add %g3, %t : {out0:f32}
  %hx = stablehlo.multiply %g2, %x : {out0:f32}
  %y = stablehlo.multiply %hx, %p : {out0:f32})",
     10},
    // jax.nn.silu: x * logistic(x).
    {"gemm_bias_silu", false, Epilogue::kBiasSilu,
     "C [M, N] = silu(A B + bias [N]), f32 accumulation and epilogue", R"(
  %s = stablehlo.logistic %x : {out0:f32}
  %y = stablehlo.multiply %x, %s : {out0:f32})",
     5},
    {"gemm_bias_residual", false, Epilogue::kBiasResidual,
     "C [M, N] = A B + bias [N] + R [M, N], f32 accumulation and epilogue", R"(
  %rf = stablehlo.convert %res : ({in3}) -> {in3:f32}
  %y = stablehlo.add %x, %rf : {out0:f32})",
     2},
};

// The problem's tensors are always batched ([1, M, K] for an unbatched product: the same
// bytes), so that one definition covers both; bias [N] is broadcast over the batches and rows.
std::string gemm_definition(const GemmKind& g) {
  const bool bias = g.epilogue != Epilogue::kNone;
  const bool residual = g.epilogue == Epilogue::kBiasResidual;
  std::string text = fmt::format(
      R"(func.func @main(%a: {{in0}}, %b: {{in1}}{}{}) -> {{out0}} {{
  %af = stablehlo.convert %a : ({{in0}}) -> {{in0:f32}}
  %bf = stablehlo.convert %b : ({{in1}}) -> {{in1:f32}}
  %c = stablehlo.dot_general %af, %bf, batching_dims = [0] x [0], contracting_dims = [2] x [{}]
      : ({{in0:f32}}, {{in1:f32}}) -> {{out0:f32}})",
      bias ? ", %bias: {in2}" : "", residual ? ", %res: {in3}" : "", g.nt ? 2 : 1);
  if (bias) {
    text += R"(
  %biasf = stablehlo.convert %bias : ({in2}) -> {in2:f32}
  %bb = stablehlo.broadcast_in_dim %biasf, dims = [2] : ({in2:f32}) -> {out0:f32}
  %x = stablehlo.add %c, %bb : {out0:f32})";
    text += g.epilogue_ops;
  }
  const char* result = !bias ? "%c" : *g.epilogue_ops ? "%y" : "%x";
  return text + fmt::format(R"(
  %r = stablehlo.convert {} : ({{out0:f32}}) -> {{out0}}
  return %r : {{out0}}
}}
)",
                            result);
}

struct GemmDims {
  int64_t batches, m, n, k;
};

GemmDims gemm_dims(const Shape& s) {
  const size_t o = s.size() - 3;  // 1 for [B, M, N, K]
  return {o == 1 ? s[0] : 1, s[o], s[o + 1], s[o + 2]};
}

// [M, N, K] or [B, M, N, K]: A [B, M, K], B [B, K, N] (or [B, N, K] for gemm_nt), C [B, M, N];
// the epilogue's bias [N] and R [B, M, N] after A and B.
Expected<Problem> gemm_problem(const GemmKind& g, const Shape& shape, ElementType t) {
  if (shape.size() != 3 && shape.size() != 4) {
    return Error::invalid_argument(
        fmt::format("kernels: {} takes a shape [M, N, K] or [B, M, N, K], not {}", g.name,
                    shape_string(shape)));
  }
  const GemmDims d = gemm_dims(shape);
  const Shape c = {d.batches, d.m, d.n};
  Problem p{shape,
            t,
            {{t, {d.batches, d.m, d.k}},
             {t, g.nt ? Shape{d.batches, d.n, d.k} : Shape{d.batches, d.k, d.n}}},
            {{t, c}}};
  if (g.epilogue != Epilogue::kNone) p.inputs.push_back({t, {d.n}});
  if (g.epilogue == Epilogue::kBiasResidual) p.inputs.push_back({t, c});
  return p;
}

constexpr int64_t kBlockM = 128, kBlockK = 64, kThreads = 384;

int64_t round_up(int64_t v, int64_t to) { return ceil_div(v, to) * to; }

// A grid-stride launch of one of gemm.cu's helper kernels over `count` elements.
Expected<Launch> helper_launch(const char* function, const std::vector<std::string>& defines,
                               int64_t count) {
  KILN_TRY(Launch l, library_launch("gemm", function));
  l.defines = defines;
  KILN_TRY(l.grid[0], grid_dim(std::min<int64_t>(ceil_div(count, 256), 65536)));
  l.block = {256, 1, 1};
  return l;
}

// The tiled view of input `index`, a batch of [rows, cols] matrices: TMA needs 16-byte aligned
// rows, so a matrix whose rows are not (cols not a multiple of 8) is first copied to scratch
// memory with rows round_up(cols, 8) apart. Boxes of `box_cols` x `box_rows`, 128-byte swizzle.
Expected<cuda::TensorMap> operand_map(Plan& plan, const std::vector<std::string>& defines,
                                      const Problem& p, int64_t index, int64_t box_cols,
                                      int64_t box_rows) {
  const Shape& s = p.inputs[static_cast<size_t>(index)].shape;
  const int64_t batches = s[0], rows = s[1], cols = s[2];
  const int64_t ld = round_up(cols, 8);
  cuda::TensorMap map;
  map.source = cuda::TensorMap::Source::kInput;
  map.index = index;
  if (ld != cols) {
    KILN_TRY(Launch pad, helper_launch("gemm_pad_rows", defines, batches * rows * cols));
    map.source = cuda::TensorMap::Source::kScratch;
    map.index = std::ssize(plan.scratch_bytes);
    plan.scratch_bytes.push_back(static_cast<size_t>(batches * rows * ld) * 2);
    pad.args = {Arg::input(index), Arg::scratch(map.index), Arg::i64(batches * rows),
                Arg::i64(cols), Arg::i64(ld)};
    plan.launches.push_back(std::move(pad));
  }
  map.element = tensor_map_element16(p.dtype);
  map.dims = {static_cast<uint64_t>(cols), static_cast<uint64_t>(rows),
              static_cast<uint64_t>(batches)};
  map.strides = {static_cast<uint64_t>(ld * 2), static_cast<uint64_t>(rows * ld * 2)};
  map.box = {static_cast<uint32_t>(box_cols), static_cast<uint32_t>(box_rows), 1};
  map.swizzle = cuda::TensorMap::Swizzle::k128B;
  return map;
}

// Shared memory: the ring (A and B tiles and two mbarriers per stage), C's staging buffers
// (two 64 x 64 boxes per consumer warpgroup) where C goes out through TMA stores, and 1 KiB to
// align the tiles to the swizzle atom.
int64_t gemm_shared_bytes(int64_t block_n, int64_t stages, bool tma_store) {
  return 1024 + stages * (kBlockM * kBlockK * 2 + block_n * kBlockK * 2 + 16) +
         (tma_store ? 2 * 2 * 64 * 64 * 2 : 0);
}

// block_n=0 ("by shape"): 256 where its tiles take less time than 128's, counted in waves of
// one tile per SM (ceil(tiles / SMs), the device's SM count) with a 128 x 256 tile costing
// `wide_tile_cost_pct` percent of a 128 x 128 one (measured: tuning/sm_90.json), among the
// widths whose shared memory fits the device.
int64_t gemm_block_n(const GemmDims& d, int64_t stages, bool tma_store,
                     const PlanContext& context) {
  const int64_t sms = std::max(context.device.sm_count, 1);
  auto waves = [&](int64_t block_n) {
    return ceil_div(d.batches * ceil_div(d.m, kBlockM) * ceil_div(d.n, block_n), sms);
  };
  const int64_t cost_pct = context.tuned.get_or("wide_tile_cost_pct", 188);
  const bool wide_fits =
      gemm_shared_bytes(256, stages, tma_store) <= context.device.shared_memory_per_block_optin;
  return wide_fits && waves(256) * cost_pct < waves(128) * 100 ? 256 : 128;
}

// split_k=0 ("by shape"): where the tiles leave SMs idle (fewer tiles than the device's SMs),
// the most of 2, 4 and 8 splits whose units (tiles x splits) still fit the SMs and whose
// splits each keep at least `split_min_k_steps` steps of 64 along K (a tuning-table parameter;
// 4, not measured yet); else 1.
int64_t gemm_splits(const GemmDims& d, int64_t block_n, const PlanContext& context) {
  const int64_t sms = std::max(context.device.sm_count, 1);
  const int64_t tiles = d.batches * ceil_div(d.m, kBlockM) * ceil_div(d.n, block_n);
  const int64_t min_steps = context.tuned.get_or("split_min_k_steps", 4);
  int64_t splits = 1;
  for (int64_t s : {2, 4, 8}) {
    if (tiles * s <= sms && ceil_div(d.k, kBlockK) >= s * min_steps) splits = s;
  }
  return splits;
}

// short_grid=1: the tile width (block_n 0: 64, 128, or 256 where its ring fits the device) and
// the tail split (split_k 0: 1 to 8 ways, each split keeping at least `split_min_k_steps` steps
// of 64 along K) of least estimated time: the tiles' waves over the device's SMs with the last
// partial wave split (tail_split_steps), each step costing `narrow_tile_cost_pct` (128 x 64,
// 60 unmeasured), 100 (128 x 128) or `wide_tile_cost_pct` (128 x 256) and the fix-up
// `split_fixup_pct` (200, unmeasured: the f32 partial tile written and read back, about two
// 128 x 128 steps of loads) per split and 128 columns. Ties go to the wider tile and fewer
// splits. A given block_n or split_k stays. With `ctas_per_sm` blocks an SM, the waves are
// over SMs x ctas_per_sm blocks, each step taking ctas_per_sm times as long (the blocks share
// the SM's tensor cores).
struct GemmShortGrid {
  int64_t block_n;
  TailSplit tail;
};

GemmShortGrid gemm_short_grid(const GemmDims& d, int64_t block_n, int64_t splits, int64_t stages,
                              bool tma_store, int64_t ctas_per_sm, const PlanContext& context) {
  const int64_t slots = std::max(context.device.sm_count, 1) * ctas_per_sm;
  const int64_t k_steps = ceil_div(d.k, kBlockK);
  const int64_t min_steps = context.tuned.get_or("split_min_k_steps", 4);
  const int64_t fixup_pct = context.tuned.get_or("split_fixup_pct", 200);
  const int64_t narrow_pct = context.tuned.get_or("narrow_tile_cost_pct", 60);
  const int64_t wide_pct = context.tuned.get_or("wide_tile_cost_pct", 188);
  std::vector<int64_t> widths = {block_n};
  if (block_n == 0) {
    widths = {128, 64};
    if (gemm_shared_bytes(256, stages, tma_store) <= context.device.shared_memory_per_block_optin) {
      widths.push_back(256);
    }
  }
  GemmShortGrid best{widths.front(), {}};
  int64_t best_cost = -1;
  for (int64_t bn : widths) {
    const int64_t tiles = d.batches * ceil_div(d.m, kBlockM) * ceil_div(d.n, bn);
    const int64_t step_pct = (bn == 64 ? narrow_pct : bn == 128 ? 100 : wide_pct) * ctas_per_sm;
    for (int64_t s = splits != 0 ? splits : 1; s <= (splits != 0 ? splits : 8); ++s) {
      if (splits == 0 && s > 1 && ceil_div(k_steps, s) < min_steps) break;
      const TailSplit tail = tail_split(tiles, slots, s);
      const int64_t cost = step_pct * tail_split_steps(tiles, k_steps, slots, s) +
                           (tail.splits > 1 ? fixup_pct * tail.splits * bn / 128 : 0);
      if (best_cost < 0 || cost < best_cost) {
        best_cost = cost;
        best = {bn, tail};
      }
    }
  }
  return best;
}

// short_grid=1 with split_k=0: 128 x 64 tiles over all of K where their waves take less time
// than version 2's choice (block_n and split_k by shape): each at `narrow_tile_cost_pct` (60)
// per step against 100 (128 wide) or `wide_tile_cost_pct` (256), version 2's split K paying
// `split_finish_pct` (1500: its f32 partials and second launch, about 15 steps of a 128 x 128
// tile, from 1024^3 on the H100: 0.0179 ms split 2 ways against 0.0118 narrow).
bool gemm_narrow_wins(const GemmDims& d, int64_t block_n, int64_t splits,
                      const PlanContext& context) {
  const int64_t sms = std::max(context.device.sm_count, 1);
  const int64_t k_steps = ceil_div(d.k, kBlockK);
  const int64_t rows = d.batches * ceil_div(d.m, kBlockM);
  const int64_t step_pct = block_n == 256 ? context.tuned.get_or("wide_tile_cost_pct", 188) : 100;
  const int64_t chosen = step_pct * ceil_div(rows * ceil_div(d.n, block_n) * splits, sms) *
                             ceil_div(k_steps, splits) +
                         (splits > 1 ? context.tuned.get_or("split_finish_pct", 1500) : 0);
  const int64_t narrow = context.tuned.get_or("narrow_tile_cost_pct", 60) *
                         ceil_div(rows * ceil_div(d.n, 64), sms) * k_steps;
  return narrow < chosen;
}

// gemm_split_finish over `outputs` elements of C (rows of n): the epilogue of the sum of
// `splits` partial products read from `partials` (0 splits: of a zero product, `partials`
// unread), the epilogue's operands after C.
Expected<Launch> finish_launch(const std::vector<std::string>& defines,
                               const std::vector<Arg>& epilogue_args, Arg partials,
                               int64_t outputs, int64_t n, int64_t splits) {
  KILN_TRY(Launch finish, helper_launch("gemm_split_finish", defines, outputs));
  finish.args = {std::move(partials), Arg::output(0)};
  finish.args.insert(finish.args.end(), epilogue_args.begin(), epilogue_args.end());
  finish.args.push_back(Arg::i64(outputs));
  finish.args.push_back(Arg::i64(n));
  finish.args.push_back(Arg::i32(splits));
  return finish;
}

Expected<Plan> gemm_plan(const GemmKind& g, const Problem& p, const Config& c,
                         const PlanContext& context) {
  const GemmDims d = gemm_dims(p.shape);
  KILN_TRY(int64_t block_n, c.get("block_n"));
  KILN_TRY(const int64_t stages, c.get("stages"));
  KILN_TRY(const int64_t raster, c.get("raster"));
  KILN_TRY(const int64_t persistent, c.get("persistent"));
  KILN_TRY(const int64_t tma_store_knob, c.get("tma_store"));
  KILN_TRY(int64_t splits, c.get("split_k"));
  KILN_TRY(const int64_t short_grid, c.get("short_grid"));
  KILN_TRY(const int64_t ctas_per_sm, c.get("ctas_per_sm"));
  // TMA stores need C's rows 16-byte aligned; other widths store directly. Two blocks an SM
  // take 128 x 64 tiles and store directly (two rings with C's staging buffers would not fit).
  bool tma_store = tma_store_knob == 1 && d.n % 8 == 0 && ctas_per_sm == 1;
  if (ctas_per_sm == 2) {
    if (block_n != 0 && block_n != 64) {
      return Error::invalid_argument(fmt::format(
          "kernels: {}: ctas_per_sm=2 takes block_n=64 (32 accumulators a thread in ~80 "
          "registers), not {}",
          g.name, block_n));
    }
    block_n = 64;
  }
  const int64_t sms = std::max(context.device.sm_count, 1);
  const int64_t slots = sms * ctas_per_sm;  // blocks the device runs at once
  TailSplit tail;  // short_grid=1: split K in the last wave only, added up in the kernel
  if (short_grid == 1 && splits != 0) {
    // A given split under short_grid=1: the tail split (measured slower than version 2 at
    // every short grid on the H100: bench/KERNEL_NOTES.md; kept for the bench and the tests).
    const GemmShortGrid g =
        gemm_short_grid(d, block_n, splits, stages, tma_store, ctas_per_sm, context);
    block_n = g.block_n;
    tail = g.tail;
    splits = 1;
  } else {
    const bool by_shape = block_n == 0;
    if (block_n == 0) block_n = gemm_block_n(d, stages, tma_store, context);
    if (splits == 0) splits = gemm_splits(d, block_n, context);
    if (short_grid == 1 && by_shape && gemm_narrow_wins(d, block_n, splits, context)) {
      block_n = 64;
      splits = 1;
    }
  }
  const bool fixup = tail.splits > 1;
  // Split K's partials go out in f32 from the registers; its finish launch writes C.
  if (splits > 1) tma_store = false;
  const int64_t epilogue = static_cast<int64_t>(g.epilogue);
  const std::vector<std::string> defines = {dtype_define(p.dtype),
                                            define("BLOCK_N", block_n),
                                            define("STAGES", stages),
                                            define("B_K_MAJOR", g.nt ? 1 : 0),
                                            define("TMA_STORE", tma_store ? 1 : 0),
                                            define("EPILOGUE", epilogue),
                                            define("SPLIT_K", splits > 1 ? 1 : 0),
                                            define("FIXUP", fixup ? 1 : 0),
                                            define("CTAS_PER_SM", ctas_per_sm)};
  // The epilogue's operands, after C in both kernels.
  std::vector<Arg> epilogue_args;
  if (g.epilogue != Epilogue::kNone) epilogue_args.push_back(Arg::input(2));
  if (g.epilogue == Epilogue::kBiasResidual) epilogue_args.push_back(Arg::input(3));
  Plan plan;
  const int64_t outputs = d.batches * d.m * d.n;
  if (outputs == 0 || d.k == 0) {
    // The epilogue of a zero product: the finish of no splits (no partials: a null pointer).
    KILN_TRY(Launch zero, finish_launch(defines, epilogue_args, Arg::i64(0), outputs, d.n, 0));
    plan.launches.push_back(std::move(zero));
    return plan;
  }
  const int64_t shared = gemm_shared_bytes(block_n, stages, tma_store);
  // Each block also holds 1 KiB the system reserves (CUDA guide, shared memory per SM).
  if (ctas_per_sm > 1 && ctas_per_sm * (shared + 1024) > context.device.shared_memory_per_sm) {
    return Error::invalid_argument(fmt::format(
        "kernels: {}: ctas_per_sm={} with stages={} needs {} bytes of shared memory a block; "
        "the device gives an SM {}",
        g.name, ctas_per_sm, stages, shared, context.device.shared_memory_per_sm));
  }
  if (shared > context.device.shared_memory_per_block_optin) {
    return Error::invalid_argument(fmt::format(
        "kernels: {}: block_n={} with stages={}{} needs {} bytes of shared memory; the device "
        "gives a block {}",
        g.name, block_n, stages, tma_store ? " and tma_store=1" : "", shared,
        context.device.shared_memory_per_block_optin));
  }
  KILN_TRY(cuda::TensorMap a, operand_map(plan, defines, p, 0, kBlockK, kBlockM));
  KILN_TRY(cuda::TensorMap b, g.nt ? operand_map(plan, defines, p, 1, kBlockK, block_n)
                                   : operand_map(plan, defines, p, 1, 64, kBlockK));
  const int64_t tiles = d.batches * ceil_div(d.m, kBlockM) * ceil_div(d.n, block_n);
  KILN_TRY(Launch l, library_launch("gemm", "gemm_sm90"));
  l.defines = defines;
  const int64_t units =
      fixup ? tail.whole_tiles + (tiles - tail.whole_tiles) * tail.splits : tiles * splits;
  KILN_TRY(l.grid[0], grid_dim(persistent ? std::min(units, slots) : units));
  l.block = {static_cast<unsigned>(kThreads), 1, 1};
  l.shared_bytes = static_cast<unsigned>(shared);
  l.args = {Arg::tensor_map(std::move(a)), Arg::tensor_map(std::move(b))};
  if (tma_store) {
    // C [B, M, N] in 64 x 64 boxes, the staging buffers' 128-byte swizzle.
    cuda::TensorMap out;
    out.source = cuda::TensorMap::Source::kOutput;
    out.index = 0;
    out.element = tensor_map_element16(p.dtype);
    out.dims = {static_cast<uint64_t>(d.n), static_cast<uint64_t>(d.m),
                static_cast<uint64_t>(d.batches)};
    out.strides = {static_cast<uint64_t>(d.n * 2), static_cast<uint64_t>(d.m * d.n * 2)};
    out.box = {64, 64, 1};
    out.swizzle = cuda::TensorMap::Swizzle::k128B;
    l.args.push_back(Arg::tensor_map(std::move(out)));
  }
  l.args.push_back(Arg::output(0));
  l.args.insert(l.args.end(), epilogue_args.begin(), epilogue_args.end());
  int64_t partials = -1;  // split K's scratch buffer: [splits, B, M, N] in f32
  if (splits > 1) {
    partials = std::ssize(plan.scratch_bytes);
    plan.scratch_bytes.push_back(static_cast<size_t>(splits * outputs) * 4);
    l.args.push_back(Arg::scratch(partials));
    l.args.push_back(Arg::i32(splits));
  }
  if (fixup) {
    // The split tiles' fragments, [splits, split tiles, 8 consumer warps, 32 x 128 x block_n /
    // 256 floats], and a count per split tile and warp (state: zero between launches).
    const int64_t split_tiles = tiles - tail.whole_tiles;
    l.args.push_back(Arg::scratch(std::ssize(plan.scratch_bytes)));
    plan.scratch_bytes.push_back(static_cast<size_t>(tail.splits * split_tiles * kBlockM * block_n) *
                                 4);
    l.args.push_back(Arg::state(std::ssize(plan.state_bytes)));
    plan.state_bytes.push_back(static_cast<size_t>(split_tiles * 8) * 4);
    l.args.push_back(Arg::i32(tail.splits));
    l.args.push_back(Arg::i64(tail.whole_tiles));
  }
  for (int64_t v : {d.batches, d.m, d.n, d.k}) l.args.push_back(Arg::i64(v));
  l.args.push_back(Arg::i32(raster));
  plan.launches.push_back(std::move(l));
  if (splits > 1) {
    KILN_TRY(Launch finish, finish_launch(defines, epilogue_args, Arg::scratch(partials), outputs,
                                          d.n, splits));
    plan.launches.push_back(std::move(finish));
  }
  return plan;
}

// dot_general of 16-bit A [M, K] and B [K, N] (gemm) or [N, K] (gemm_nt) into C [M, N], or
// the same with a leading batch dimension on all three, one element type throughout.
std::optional<Problem> gemm_match(bool nt, const KernelSpec& spec, const ir::Operation& o) {
  const auto* dims = o.attr_as<ir::DotDimsAttr>("dot_dimension_numbers");
  if (o.num_operands() != 2 || !dims) return std::nullopt;
  const ir::Type& a = o.operand(0)->type();
  const ir::Type& b = o.operand(1)->type();
  const int64_t rank = a.rank();
  if ((rank != 2 && rank != 3) || b.rank() != rank) return std::nullopt;
  const int64_t o0 = rank - 2;  // the batch dimension's offset
  const std::vector<int64_t> batch = rank == 3 ? std::vector<int64_t>{0} : std::vector<int64_t>{};
  if (dims->lhs_batching != batch || dims->rhs_batching != batch ||
      dims->lhs_contracting != std::vector<int64_t>{o0 + 1} ||
      dims->rhs_contracting != std::vector<int64_t>{nt ? o0 + 1 : o0}) {
    return std::nullopt;
  }
  const Shape& as = a.shape();
  const Shape& bs = b.shape();
  Shape shape = {as[static_cast<size_t>(o0)], bs[static_cast<size_t>(nt ? o0 : o0 + 1)],
                 as[static_cast<size_t>(o0 + 1)]};
  if (rank == 3) shape.insert(shape.begin(), as[0]);
  return fitting_problem(spec, o, shape, a.element());
}

KernelSpec gemm_spec(const GemmKind& g) {
  KernelSpec s;
  s.name = g.name;
  s.group = "gemm";
  s.summary = g.summary;
  s.impl = "gemm_sm90_wgmma";
  s.dtypes = {ElementKind::kBF16, ElementKind::kF16};
  // Short of a wave of 128 x 128 tiles on 132 SMs (issue 15's short grids): 128 x 4096 x 8192
  // (32 tiles), 1024^3 and 2048 x 512 x 2048 (64), 2048 x 768 x 3072 (96), 512 x 4096 x 4096
  // (128), and 2048 x 2304 x 768 (288 tiles: 2.2 waves).
  s.bench_shapes = {{4096, 4096, 4096},  {8192, 8192, 8192},     {2048, 3072, 768},
                    {4096, 11008, 4096}, {16, 1024, 1024, 1024}, {128, 4096, 8192},
                    {1024, 1024, 1024},  {2048, 512, 2048},      {2048, 2304, 768},
                    {2048, 768, 3072},   {512, 4096, 4096}};
  // Ragged in every dimension and in 16-byte alignment (K = 33: A's rows go through the
  // padded copy; N = 70 too for gemm's B, and C's rows are stored directly), exact tiles,
  // several K steps, a batch, more tiles than an H100 has SMs (the persistent loop), C through
  // TMA stores with rows and columns past the edge of a batch (200 x 136), split K by shape
  // (64 x 136 x 520: 2 tiles, 9 K steps in splits of 5 and 4) and empty sizes. For
  // short_grid=1 on 132 SMs: 100 x 300 x 2000 (5 ragged tiles of 128 x 64, 32 K steps split
  // 4 ways and added up in the kernel) and 1100 x 2000 x 1000 (288 tiles of 128 x 64: two whole
  // waves, then 24 ragged tiles split 4 ways, C's rows 16-byte aligned: TMA stores for the
  // whole tiles, direct ones for the split).
  s.check_shapes = {{130, 70, 33},   {1, 1, 1},          {257, 129, 200},    {3, 65, 70, 40},
                    {128, 256, 64},  {64, 520, 136},     {4, 520, 1040, 72}, {3, 200, 136, 88},
                    {64, 136, 520},  {100, 300, 2000},   {1100, 2000, 1000}, {0, 16, 16},
                    {16, 0, 16},     {16, 16, 0},        {0, 8, 8, 8}};
  s.stablehlo = gemm_definition(g);
  s.make_problem = [g](const Shape& shape, ElementType t) { return gemm_problem(g, shape, t); };
  s.flops = [g](const Problem& p) {
    const GemmDims d = gemm_dims(p.shape);
    const double outputs =
        static_cast<double>(d.batches) * static_cast<double>(d.m) * static_cast<double>(d.n);
    return outputs * (2.0 * static_cast<double>(d.k) + g.epilogue_flops);
  };
  // cuBLASLt with its own epilogue where it has one (bench/baselines/cublaslt_baselines.cpp:
  // BIAS, GELU_BIAS, BIAS with C; no SiLU), and PyTorch eager's product and separate epilogue
  // kernels (torch_gemm.cpp).
  if (g.epilogue == Epilogue::kNone) {
    s.baselines = {"cublas"};
  } else if (g.epilogue == Epilogue::kBiasSilu) {
    s.baselines = {"torch"};
  } else {
    s.baselines = {"cublas", "torch"};
  }
  if (g.epilogue == Epilogue::kNone) {
    s.op = "stablehlo.dot_general";
    s.match = [nt = g.nt](const KernelSpec& spec, const ir::Operation& o) {
      return gemm_match(nt, spec, o);
    };
  }
  s.knobs = {
      {"block_n",
       {0, 64, 128, 256},
       0,
       "columns of C per tile (the wgmma's N); 0: by shape (short_grid 0: 128 or 256, by their "
       "waves over the SMs; 1: 64, 128 or 256, by the short-grid rule)"},
      {"stages", {2, 3, 4, 5, 6}, 4, "depth of the shared-memory ring of A and B tiles"},
      {"raster", {1, 4, 8, 16}, 8, "tile rows walked together, for L2 reuse"},
      {"persistent", {0, 1}, 1, "1: one block per SM looping over tiles; 0: a block per tile"},
      {"split_k",
       {0, 1, 2, 4, 8},
       0,
       "ways the K range is split (short_grid 0: every tile, f32 partials, then a launch adding "
       "them up; 1: the tiles of the last partial wave, added up in the kernel); 0: by shape"},
      {"short_grid",
       {0, 1},
       1,
       "1: 128 x 64 tiles where their waves over the SMs beat version 2's choice (1024^3 0.53x -> "
       "0.81x cuBLAS on the H100), and a given split_k splits only the last partial wave, added "
       "up in the kernel; 0: version 2's rules"},
      {"ctas_per_sm",
       {1, 2},
       1,
       "blocks an SM holds: 2 takes 128 x 64 tiles, direct stores of C and no register moves, "
       "so one block's epilogue and waits overlap the other's mainloop"},
      {"tma_store",
       {0, 1},
       1,
       "1: C through shared memory and TMA stores where its rows are 16-byte aligned (N a "
       "multiple of 8); 0: the threads store their fragments"}};
  s.plan = [g](const Problem& p, const Config& c, const PlanContext& context) {
    return gemm_plan(g, p, c, context);
  };
  return s;
}

std::vector<KernelSpec> gemm_specs() {
  std::vector<KernelSpec> specs;
  for (const GemmKind& g : kGemmKinds) specs.push_back(gemm_spec(g));
  return specs;
}

}  // namespace

KILN_REGISTER_KERNELS(gemm_specs);

}  // namespace kiln::kernels
