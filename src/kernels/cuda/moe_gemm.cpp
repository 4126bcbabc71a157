// The grouped GEMM of a mixture-of-experts layer (moe_gemm.cu): chlo.ragged_dot of tokens
// X [T, K] sorted by expert, the experts' weights W [E, K, N] (moe_gemm, jax.lax.ragged_dot's
// layout) or [E, N, K] (moe_gemm_nt) and group_sizes [E] (int32) into out [T, N], bf16 and f16
// with f32 accumulation; shape [E, T, N, K]. One launch for every expert.
#include <algorithm>
#include <string>

#include "ir/ops/chlo_ragged_dot.h"
#include "kernels/cuda/op_match.h"
#include "kernels/cuda/plan.h"
#include "kernels/cuda/plan_helpers.h"
#include "kernels/cuda/registry.h"

namespace kiln::kernels {

namespace {

// Exactly the op the compiler sends here: the interpreter accumulates 16-bit operands in f32
// and rounds once, as the kernel does.
constexpr const char* kMoeGemmDefinition = R"(func.func @main(%x: {in0}, %w: {in1}, %g: {in2}) -> {out0} {
  %r = "chlo.ragged_dot"(%x, %w, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [CONTRACT_W], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : ({in0}, {in1}, {in2}) -> {out0}
  return %r : {out0}
}
)";

struct MoeDims {
  int64_t e, t, n, k;
};

MoeDims moe_dims(const Shape& s) { return {s[0], s[1], s[2], s[3]}; }

// [E, T, N, K]: X [T, K], W [E, K, N] (or [E, N, K] for moe_gemm_nt), group_sizes [E] drawn
// from [0, 2T/E] (T/E rows per expert on average: their sum falls on either side of T, so
// the checks see groups cut off at T and rows past the groups), out [T, N].
Expected<Problem> moe_problem(const Shape& shape, ElementType t, bool nt) {
  const char* name = nt ? "moe_gemm_nt" : "moe_gemm";
  if (shape.size() != 4 || std::any_of(shape.begin(), shape.end(), [](int64_t x) { return x < 0; })) {
    return Error::invalid_argument(fmt::format(
        "kernels: {} takes a shape [E, T, N, K] of sizes >= 0, not {}", name, shape_string(shape)));
  }
  const MoeDims d = moe_dims(shape);
  constexpr int64_t kLimit = int64_t{1} << 31;
  if (d.t >= kLimit || d.e >= (int64_t{1} << 20)) {
    return Error::invalid_argument(
        fmt::format("kernels: {} takes T below 2^31 and E below 2^20, not {}", name,
                    shape_string(shape)));
  }
  const Shape w = nt ? Shape{d.e, d.n, d.k} : Shape{d.e, d.k, d.n};
  const double most = d.e > 0 ? static_cast<double>(2 * d.t / d.e) : 0.0;
  return Problem{shape,
                 t,
                 {{t, {d.t, d.k}}, {t, w}, {ElementKind::kSI32, {d.e}, 0.0, most + 1.0}},
                 {{t, {d.t, d.n}}}};
}

constexpr int64_t kMoeBlockN = 128, kMoeBlockK = 32, kMoeThreads = 256;

// The ring of X and W tiles (rows padded by 8 elements), the scan's 32 partial sums and the
// schedule's row and tile starts (E + 2 each).
int64_t moe_shared_bytes(bool nt, int64_t block_m, int64_t stages, int64_t experts) {
  const int64_t tile_a = block_m * (kMoeBlockK + 8);
  const int64_t tile_b = nt ? kMoeBlockN * (kMoeBlockK + 8) : kMoeBlockK * (kMoeBlockN + 8);
  return stages * (tile_a + tile_b) * 2 + 32 * 8 + 2 * (experts + 2) * 4;
}

Expected<Plan> moe_plan(bool nt, const Problem& p, const Config& c, const PlanContext& context) {
  const MoeDims d = moe_dims(p.shape);
  KILN_TRY(const int64_t block_m, c.get("block_m"));
  KILN_TRY(const int64_t stages, c.get("stages"));
  KILN_TRY(const int64_t blocks_per_sm, c.get("blocks_per_sm"));
  const int64_t shared = moe_shared_bytes(nt, block_m, stages, d.e);
  if (shared > context.device.shared_memory_per_block_optin) {
    return Error::invalid_argument(fmt::format(
        "kernels: {}: block_m={} with stages={} and {} experts needs {} bytes of shared memory; "
        "the device gives a block {}", nt ? "moe_gemm_nt" : "moe_gemm", block_m, stages, d.e,
        shared, context.device.shared_memory_per_block_optin));
  }
  // The most tiles the groups can make: each group and the rows past them add at most one
  // partial row of tiles to ceil(T / block_m).
  const int64_t tiles_n = ceil_div(d.n, kMoeBlockN);
  const int64_t most_tiles = d.t == 0 ? 0 : (ceil_div(d.t, block_m) + d.e + 1) * tiles_n;
  if (most_tiles >= (int64_t{1} << 31)) {
    return Error::invalid_argument(
        fmt::format("kernels: moe_gemm: {} tiles exceed the kernel's int32 tile indices",
                    most_tiles));
  }
  // cp.async copies 16 bytes: the rows of X and W must start 16-byte aligned.
  const bool aligned = d.k % 8 == 0 && (nt || d.n % 8 == 0);
  KILN_TRY(Launch l, library_launch("moe_gemm", "moe_gemm"));
  l.defines = {dtype_define(p.dtype),         define("BLOCK_M", block_m),
               define("STAGES", stages),      define("MIN_BLOCKS", blocks_per_sm),
               define("W_K_MAJOR", nt ? 1 : 0), define("ALIGNED", aligned ? 1 : 0)};
  const int64_t sms = std::max(context.device.sm_count, 1);
  KILN_TRY(l.grid[0], grid_dim(std::min(most_tiles, sms * blocks_per_sm)));
  l.block = {static_cast<unsigned>(kMoeThreads), 1, 1};
  l.shared_bytes = static_cast<unsigned>(shared);
  l.args = {Arg::input(0), Arg::input(1), Arg::input(2), Arg::output(0),
            Arg::i64(d.t), Arg::i64(d.n),  Arg::i64(d.k),  Arg::i32(d.e)};
  Plan plan;
  plan.launches.push_back(std::move(l));
  return plan;
}

// chlo.ragged_dot of 16-bit X [T, K] and W [E, K, N] (moe_gemm) or [E, N, K] (moe_gemm_nt) with
// int32 group_sizes [E] into [T, N] of the same element type: the ragged dimension X's rows,
// W's group dimension its first, no batching dimensions.
std::optional<Problem> moe_match(bool nt, const KernelSpec& spec, const ir::Operation& o) {
  if (o.num_operands() != 3 || o.num_results() != 1) return std::nullopt;
  const std::optional<ir::RaggedDotDims> d = ir::read_ragged_dot_dims(o);
  if (!d || !d->lhs_batching.empty() || !d->rhs_batching.empty() ||
      d->lhs_contracting != std::vector<int64_t>{1} ||
      d->rhs_contracting != std::vector<int64_t>{nt ? 2 : 1} ||
      d->lhs_ragged != std::vector<int64_t>{0} || d->rhs_group != std::vector<int64_t>{0}) {
    return std::nullopt;
  }
  const ir::Type& x = o.operand(0)->type();
  const ir::Type& w = o.operand(1)->type();
  const ir::Type& g = o.operand(2)->type();
  if (!x.is_tensor() || !w.is_tensor() || !g.is_tensor() || x.rank() != 2 || w.rank() != 3 ||
      g.rank() != 1) {
    return std::nullopt;
  }
  // fitting_problem checks every element type (group_sizes int32) and size.
  const Shape& ws = w.shape();
  const Shape shape = {ws[0], x.shape()[0], ws[nt ? 1 : 2], x.shape()[1]};
  return fitting_problem(spec, o, shape, x.element());
}

KernelSpec moe_spec(bool nt) {
  KernelSpec s;
  s.name = nt ? "moe_gemm_nt" : "moe_gemm";
  s.group = "gemm";
  s.summary = nt ? "MoE grouped GEMM: out [T, N] = X_e W_e^T per expert's rows, W [E, N, K]"
                 : "MoE grouped GEMM (ragged_dot): out [T, N] = X_e W_e per expert's rows, "
                   "W [E, K, N]";
  s.impl = "moe_gemm_sm80_mma";
  s.dtypes = {ElementKind::kBF16, ElementKind::kF16};
  // Mixtral-like (8 experts, 4096 tokens, the FFN's 14336 x 4096) and DeepSeek-like (64 small
  // experts of 2048 x 2048, 64 tokens each on average).
  s.bench_shapes = {{8, 4096, 14336, 4096}, {64, 4096, 2048, 2048}};
  // Ragged groups with empty ones; more experts than tokens (groups smaller than a tile, most
  // empty); K and N not multiples of 8 (the unaligned loads) and N odd; one expert; many
  // tiles over few blocks; no experts (every row zero); no tokens; K = 0 (zeros); N = 0.
  s.check_shapes = {{4, 300, 136, 72},   {8, 5, 24, 16},   {3, 130, 70, 33}, {1, 257, 129, 200},
                    {16, 1000, 384, 96}, {0, 17, 8, 8},    {4, 0, 8, 8},     {4, 64, 32, 0},
                    {2, 40, 0, 16}};
  s.stablehlo = replace_all(kMoeGemmDefinition, "CONTRACT_W", nt ? "2" : "1");
  s.make_problem = [nt](const Shape& shape, ElementType t) { return moe_problem(shape, t, nt); };
  // Every token through its expert (the group sizes drawn sum to about T).
  s.flops = [](const Problem& p) {
    const MoeDims d = moe_dims(p.shape);
    return 2.0 * static_cast<double>(d.t) * static_cast<double>(d.n) * static_cast<double>(d.k);
  };
  s.baselines = {"cublas", "torch"};
  s.op = "chlo.ragged_dot";
  s.match = [nt](const KernelSpec& spec, const ir::Operation& o) { return moe_match(nt, spec, o); };
  s.knobs = {{"block_m", {64, 128}, 128, "token rows per tile (64 for small groups)"},
             {"stages", {2, 3, 4}, 3, "depth of the cp.async ring of X and W tiles"},
             {"blocks_per_sm", {1, 2}, 2,
              "persistent blocks per SM (__launch_bounds__: 2 caps a thread at 128 registers, "
              "which block_m=128 fits without spills)"}};
  s.plan = [nt](const Problem& p, const Config& c, const PlanContext& context) {
    return moe_plan(nt, p, c, context);
  };
  return s;
}

std::vector<KernelSpec> moe_specs() { return {moe_spec(false), moe_spec(true)}; }

}  // namespace

KILN_REGISTER_KERNELS(moe_specs);

}  // namespace kiln::kernels
