// Flash attention backward: dQ, dK, dV of O = softmax(scale Q Kᵀ [causal]) V (the forward's
// flash_attention.cpp, whose conventions it keeps: the shape [B, Hq, Hkv, Sq, Skv, D], GQA
// query head h reading KV head h / (Hq / Hkv), the bottom-right causal diagonal, scale
// 1/sqrt(D) by default). Inputs q [B, Hq, Sq, D], k and v [B, Hkv, Skv, D], o and dO
// [B, Hq, Sq, D] (16-bit) and the forward's row logsumexp (f32 [B, Hq, Sq], the _lse
// variants' second output); outputs dq like q, dk and dv like k (summed over the query heads
// of each KV head's group). bf16/f16, f32 accumulation, head dims 64 and 128 (256 is refused:
// dK and dV of 16 keys a warp would take 256 accumulator registers a thread).
//
// The kernel is flash_attention_grad.cu (FlashAttention-2's backward on mma.sync): a
// preprocessing launch (delta = rowsum(dO o), dQ's f32 accumulator zeroed), the main launch
// (one block per key block, KV head and batch; dQ added with atomics) and dQ's conversion; or
// (knob dq_kernel) the main launch without dQ and a dQ kernel of its own.
#include <cmath>
#include <string>

#include "kernels/cuda/flash_attention_definition.h"
#include "kernels/cuda/plan.h"
#include "kernels/cuda/plan_helpers.h"
#include "kernels/cuda/registry.h"

namespace kiln::kernels {

namespace {

constexpr const char* kGradSignature =
    R"(func.func @main(%q: {in0}, %k: {in1}, %v: {in2}, %o: {in3}, %g: {in4}, %lse: {in5}) -> ({out0}, {out1}, {out2}) {
)";

// After the scores %x (masked keys -inf): P = exp(%x - lse), 0 where %x is -inf (masked, so
// that a row with no key and logsumexp -inf gives 0, not NaN); dP = dO Vᵀ; delta =
// rowsum(dO * O); dS = P (dP - delta); dQ = scale dS K; dK = scale dSᵀ Q and dV = Pᵀ dO per
// query head, then summed over each KV head's {D1/D2} query heads.
constexpr const char* kGradients =
    R"(  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %zeros = stablehlo.constant dense<0.0> : tensor<{D0}x{D1}x{D3}x{D4}xf32>
  %lb = stablehlo.broadcast_in_dim %lse, dims = [0, 1, 2] : ({in5}) -> tensor<{D0}x{D1}x{D3}x{D4}xf32>
  %xl = stablehlo.subtract %x, %lb : tensor<{D0}x{D1}x{D3}x{D4}xf32>
  %e = stablehlo.exponential %xl : tensor<{D0}x{D1}x{D3}x{D4}xf32>
  %kept = stablehlo.is_finite %x : (tensor<{D0}x{D1}x{D3}x{D4}xf32>) -> tensor<{D0}x{D1}x{D3}x{D4}xi1>
  %p = stablehlo.select %kept, %e, %zeros : tensor<{D0}x{D1}x{D3}x{D4}xi1>, tensor<{D0}x{D1}x{D3}x{D4}xf32>
  %of = stablehlo.convert %o : ({in3}) -> {in3:f32}
  %gf = stablehlo.convert %g : ({in4}) -> {in4:f32}
  %dp = stablehlo.dot_general %gf, %vw, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3] : ({in4:f32}, tensor<{D0}x{D1}x{D4}x{D5}xf32>) -> tensor<{D0}x{D1}x{D3}x{D4}xf32>
  %go = stablehlo.multiply %gf, %of : {in4:f32}
  %delta = stablehlo.reduce(%go init: %zero) applies stablehlo.add across dimensions = [3] : ({in4:f32}, tensor<f32>) -> tensor<{D0}x{D1}x{D3}xf32>
  %deltab = stablehlo.broadcast_in_dim %delta, dims = [0, 1, 2] : (tensor<{D0}x{D1}x{D3}xf32>) -> tensor<{D0}x{D1}x{D3}x{D4}xf32>
  %dpd = stablehlo.subtract %dp, %deltab : tensor<{D0}x{D1}x{D3}x{D4}xf32>
  %ds = stablehlo.multiply %p, %dpd : tensor<{D0}x{D1}x{D3}x{D4}xf32>
  %dqs = stablehlo.dot_general %ds, %kw, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : (tensor<{D0}x{D1}x{D3}x{D4}xf32>, tensor<{D0}x{D1}x{D4}x{D5}xf32>) -> {out0:f32}
  %cq = stablehlo.constant dense<{SCALE}> : {out0:f32}
  %dqf = stablehlo.multiply %dqs, %cq : {out0:f32}
  %dq = stablehlo.convert %dqf : ({out0:f32}) -> {out0}
  %dkh = stablehlo.dot_general %ds, %qf, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2] : (tensor<{D0}x{D1}x{D3}x{D4}xf32>, {in0:f32}) -> tensor<{D0}x{D1}x{D4}x{D5}xf32>
  %ck = stablehlo.constant dense<{SCALE}> : tensor<{D0}x{D1}x{D4}x{D5}xf32>
  %dkhs = stablehlo.multiply %dkh, %ck : tensor<{D0}x{D1}x{D4}x{D5}xf32>
  %dkg = stablehlo.reshape %dkhs : (tensor<{D0}x{D1}x{D4}x{D5}xf32>) -> tensor<{D0}x{D2}x{D1/D2}x{D4}x{D5}xf32>
  %dkf = stablehlo.reduce(%dkg init: %zero) applies stablehlo.add across dimensions = [2] : (tensor<{D0}x{D2}x{D1/D2}x{D4}x{D5}xf32>, tensor<f32>) -> {out1:f32}
  %dk = stablehlo.convert %dkf : ({out1:f32}) -> {out1}
  %dvh = stablehlo.dot_general %p, %gf, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2] : (tensor<{D0}x{D1}x{D3}x{D4}xf32>, {in4:f32}) -> tensor<{D0}x{D1}x{D4}x{D5}xf32>
  %dvg = stablehlo.reshape %dvh : (tensor<{D0}x{D1}x{D4}x{D5}xf32>) -> tensor<{D0}x{D2}x{D1/D2}x{D4}x{D5}xf32>
  %dvf = stablehlo.reduce(%dvg init: %zero) applies stablehlo.add across dimensions = [2] : (tensor<{D0}x{D2}x{D1/D2}x{D4}x{D5}xf32>, tensor<f32>) -> {out2:f32}
  %dv = stablehlo.convert %dvf : ({out2:f32}) -> {out2}
  return %dq, %dk, %dv : {out0}, {out1}, {out2}
}
)";

std::string grad_definition(bool causal) {
  return std::string(kGradSignature) + attention_scores_definition(causal) + kGradients;
}

Expected<Problem> grad_problem(const Shape& shape, ElementType t) {
  if (shape.size() != 6) {
    return Error::invalid_argument(
        fmt::format("flash_attention_grad: the shape is [B, Hq, Hkv, Sq, Skv, D], not {}",
                    shape_string(shape)));
  }
  const int64_t b = shape[0], hq = shape[1], hkv = shape[2], sq = shape[3], skv = shape[4],
                d = shape[5];
  if (d != 64 && d != 128) {
    return Error::invalid_argument(fmt::format(
        "flash_attention_grad: head dim {} (the backward kernel has 64 and 128; 256 is not "
        "supported)",
        d));
  }
  if (hkv < 1 || hq < 1 || hq % hkv != 0) {
    return Error::invalid_argument(fmt::format(
        "flash_attention_grad: {} query heads are not a multiple of {} KV heads", hq, hkv));
  }
  if (sq > 2147483647 || skv > 2147483647 || b > 65535 || hkv > 65535) {
    return Error::invalid_argument("flash_attention_grad: a dimension past the kernel's grid");
  }
  Problem p{shape, t, {}, {}};
  const Shape qo = {b, hq, sq, d}, kv = {b, hkv, skv, d};
  // The logsumexp is drawn around log(Skv/3)/2, so that P = exp(scale s - lse) is about
  // sqrt(3/Skv) (the scores of [-1, 1) inputs are near 0) and the gradients are of order 1,
  // where the bf16 tolerance of the checks is a small part of them; it need not normalise P
  // (the definition and the kernel compute the same function of any logsumexp).
  const double lse_mid = 0.5 * std::log(static_cast<double>(std::max<int64_t>(skv, 3)) / 3.0);
  p.inputs = {{t, qo}, {t, kv}, {t, kv},
              {t, qo}, {t, qo}, {ElementKind::kF32, {b, hq, sq}, lse_mid - 0.25, lse_mid + 0.25}};
  p.outputs = {{t, qo}, {t, kv}, {t, kv}};
  p.scale = 1.0 / std::sqrt(static_cast<double>(d));
  return p;
}

struct GradTiles {
  int64_t block_m, block_n, stages;
  bool atomic_dq;  // dQ by atomics in the main kernel, else by the dQ kernel
  int64_t shared_bytes, dq_shared_bytes;
};

// The main kernel's shared memory (flash_attention_grad.cu's Tiles): K and V, `stages` of Q and
// dO tiles with their rows' logsumexp and delta (f32), and dSᵀ (8 elements without atomics).
int64_t grad_shared_bytes(int64_t d, int64_t elem, int64_t block_m, int64_t block_n, int64_t stages,
                          bool atomic_dq) {
  return (2 * block_n * d + 2 * stages * block_m * d + (atomic_dq ? block_n * block_m : 8)) * elem +
         2 * stages * block_m * 4;
}

// The dQ kernel's (DqTiles): Q and dO tiles, two stages of K and V tiles of 64 keys.
int64_t dq_shared_bytes(int64_t d, int64_t elem, int64_t block_m) {
  return (2 * block_m * d + 4 * 64 * d) * elem;
}

// The tiles by the knobs (0: 64 queries a step; 64 keys a block at D 64, 128 at D 128: the
// H100's faster, bench/KERNEL_NOTES.md), double-buffered where the device's shared memory per
// block (opted in) holds two stages, else single-buffered.
Expected<GradTiles> grad_tiles(const Problem& p, const Config& c, const PlanContext& ctx) {
  KILN_TRY(int64_t block_m, c.get("block_m"));
  KILN_TRY(int64_t block_n, c.get("block_n"));
  KILN_TRY(int64_t dq_kernel, c.get("dq_kernel"));
  if (block_m == 0) block_m = 64;
  const int64_t d = p.shape[5];
  if (block_n == 0) block_n = d == 64 ? 64 : 128;
  const bool atomic_dq = dq_kernel == 0;
  const int64_t elem = static_cast<int64_t>(element_bytes(p.dtype));
  const int64_t limit =
      std::max(ctx.device.shared_memory_per_block_optin, ctx.device.shared_memory_per_block);
  const int64_t dq_bytes = atomic_dq ? 0 : dq_shared_bytes(d, elem, block_m);
  for (int64_t stages : {2, 1}) {
    const int64_t bytes = grad_shared_bytes(d, elem, block_m, block_n, stages, atomic_dq);
    if (bytes <= limit && dq_bytes <= limit) {
      return GradTiles{block_m, block_n, stages, atomic_dq, bytes, dq_bytes};
    }
  }
  return Error::invalid_argument(fmt::format(
      "flash_attention_grad: tiles of {} queries and {} keys at head dim {} need {} bytes of "
      "shared memory; the device has {}",
      block_m, block_n, d,
      std::max(grad_shared_bytes(d, elem, block_m, block_n, 1, atomic_dq), dq_bytes), limit));
}

// Scratch 0: dQ's f32 accumulator [B, Hq, Sq, D] (empty with the dQ kernel); scratch 1: delta
// f32 [B, Hq, Sq].
Expected<Plan> grad_plan(bool causal, const Problem& p, const Config& c, const PlanContext& ctx) {
  const int64_t b = p.shape[0], hq = p.shape[1], hkv = p.shape[2], sq = p.shape[3],
                skv = p.shape[4], d = p.shape[5];
  KILN_TRY(GradTiles tiles, grad_tiles(p, c, ctx));
  const double scale = p.scale.value_or(1.0);
  const int64_t rows = b * hq * sq;
  const std::vector<std::string> defines = {dtype_define(p.dtype),
                                            define("HEAD_DIM", d),
                                            define("BLOCK_M", tiles.block_m),
                                            define("BLOCK_N", tiles.block_n),
                                            define("STAGES", tiles.stages),
                                            define("CAUSAL", causal ? 1 : 0),
                                            define("ATOMIC_DQ", tiles.atomic_dq ? 1 : 0)};

  KILN_TRY(Launch prep, library_launch("flash_attention_grad", "flash_attention_grad_prep"));
  prep.defines = defines;
  KILN_TRY(prep.grid[0], grid_dim(ceil_div(rows, 8)));
  prep.block = {256, 1, 1};
  prep.args = {Arg::input(3), Arg::input(4), Arg::scratch(1), Arg::scratch(0), Arg::i64(rows)};

  KILN_TRY(Launch main, library_launch("flash_attention_grad", "flash_attention_grad"));
  main.defines = defines;
  KILN_TRY(main.grid[0], grid_dim(ceil_div(skv, tiles.block_n)));
  main.grid[1] = static_cast<unsigned>(hkv);
  main.grid[2] = static_cast<unsigned>(b);
  main.block = {static_cast<unsigned>(tiles.block_n / 16 * 32), 1, 1};
  main.shared_bytes = static_cast<unsigned>(tiles.shared_bytes);
  main.args = {Arg::input(0),      Arg::input(1),   Arg::input(2),
               Arg::input(4),      Arg::input(5),   Arg::scratch(1),
               Arg::scratch(0),    Arg::output(1),  Arg::output(2),
               Arg::i32(hq),       Arg::i32(sq),    Arg::i32(skv),
               Arg::i32(hq / hkv), Arg::f32(scale), Arg::f32(scale / std::log(2.0))};

  const size_t delta = static_cast<size_t>(rows) * 4;
  if (!tiles.atomic_dq) {
    // The dQ kernel: one block per BLOCK_M queries of one (batch, query head).
    KILN_TRY(Launch dq, library_launch("flash_attention_grad", "flash_attention_grad_dq"));
    dq.defines = defines;
    KILN_TRY(dq.grid[0], grid_dim(ceil_div(sq, tiles.block_m)));
    dq.grid[1] = static_cast<unsigned>(hq);
    dq.grid[2] = static_cast<unsigned>(b);
    dq.block = {static_cast<unsigned>(tiles.block_m / 16 * 32), 1, 1};
    dq.shared_bytes = static_cast<unsigned>(tiles.dq_shared_bytes);
    dq.args = {Arg::input(0), Arg::input(1),   Arg::input(2),   Arg::input(4),
               Arg::input(5), Arg::scratch(1), Arg::output(0),  Arg::i32(hkv),
               Arg::i32(sq),  Arg::i32(skv),   Arg::f32(scale), Arg::f32(scale / std::log(2.0))};
    return Plan{{0, delta}, {prep, main, dq}};
  }
  // dQ's conversion: 8 elements a thread a step, at most 8 blocks of 256 an SM.
  KILN_TRY(Launch convert,
           library_launch("flash_attention_grad", "flash_attention_grad_dq_convert"));
  convert.defines = defines;
  const int64_t n8 = rows * d / 8;
  KILN_TRY(convert.grid[0],
           grid_dim(std::min<int64_t>(ceil_div(n8, 256), 8 * std::max(ctx.device.sm_count, 1))));
  convert.block = {256, 1, 1};
  convert.args = {Arg::scratch(0), Arg::output(0), Arg::i64(n8), Arg::f32(scale)};
  return Plan{{static_cast<size_t>(rows * d) * 4, delta}, {prep, main, convert}};
}

KernelSpec grad_spec(bool causal) {
  KernelSpec s;
  s.name = causal ? "flash_attention_grad_causal" : "flash_attention_grad";
  s.group = "attention";
  s.summary = fmt::format(
      "[B, Hq, Hkv, Sq, Skv, D]: dQ, dK, dV of softmax(Q Kᵀ / sqrt(D){}) V from Q, K, V, O, "
      "dO and the logsumexp, GQA",
      causal ? ", causal (bottom-right)" : "");
  s.impl = "flash_attention_grad_sm80_mma";
  s.dtypes = {ElementKind::kF16, ElementKind::kBF16};
  s.bench_shapes = {{8, 16, 16, 1024, 1024, 64}, {4, 16, 16, 4096, 4096, 128}};
  // Ragged sequences over several query blocks and key blocks, GQA 4:2 and 4:1 (causal rows
  // with no key where Sq > Skv), both head dims, whole tiles, one query and one key, and no
  // queries (dK and dV zero) and no keys (dQ zero).
  s.check_shapes = {{1, 4, 2, 200, 333, 128}, {2, 4, 1, 100, 130, 64}, {1, 2, 1, 333, 200, 64},
                    {1, 2, 2, 17, 33, 128},   {1, 2, 2, 128, 256, 64}, {1, 1, 1, 1, 1, 64},
                    {1, 2, 1, 0, 33, 64},     {1, 2, 1, 17, 0, 128}};
  s.stablehlo = grad_definition(causal);
  s.make_problem = grad_problem;
  // Five products of 2 B Hq Sq Skv D each (S, dP, dV, dK, dQ: 2.5 times the forward's two);
  // about half the pairs under a causal mask.
  s.flops = [causal](const Problem& p) {
    double f = 10.0;
    for (size_t i : {0, 1, 3, 4, 5}) f *= static_cast<double>(p.shape[i]);
    return causal ? f / 2 : f;
  };
  // P and dS are rounded to the input type before their products (relative 2^-9 in bf16,
  // 2^-12 in f16) and each output once. The rounding errors of P add up over a key's group x Sq
  // weights: at the check shape 1x2x1x333x200x64 (666 of them, dV of RMS 2.2) their standard
  // deviation is 0.0035 in bf16 and one seed of 7 tried reached 0.021 (6 deviations; the test
  // FlashAttentionGradTolerance), past the default 1.6e-2 + 1.6e-2 |want|. Twice the default
  // absolute part covers them with a margin of about 2 (10 deviations), in both dtypes.
  s.tolerance.bf16 = {3.2e-2, 1.6e-2};
  s.tolerance.f16 = {4e-3, 2e-3};
  s.knobs = {{"block_m", {0, 64, 128}, 0, "queries a step of the key block's loop; 0: 64"},
             {"block_n",
              {0, 64, 128},
              0,
              "keys a block (16 a warp: 4 or 8 warps); 0: 64 at D 64, 128 at D 128"},
             {"dq_kernel",
              {0, 1},
              0,
              "0: dQ added to an f32 accumulator by atomics in the main kernel, then converted; "
              "1: dQ by a kernel of its own (a block per query block: S and dP computed again, "
              "no atomics)"}};
  s.baselines = {"cudnn"};
  s.plan = [causal](const Problem& p, const Config& c, const PlanContext& ctx) {
    return grad_plan(causal, p, c, ctx);
  };
  return s;
}

std::vector<KernelSpec> flash_attention_grad_specs() { return {grad_spec(false), grad_spec(true)}; }

}  // namespace

KILN_REGISTER_KERNELS(flash_attention_grad_specs);

}  // namespace kiln::kernels
