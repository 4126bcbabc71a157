// The matrix-vector kernels (gemv.cu): gemv (y = A x) and gemv_t (y = A^T x) for a row-major
// A [M, K], accumulated in f32.
#include <string>

#include "kernels/cuda/op_match.h"
#include "kernels/cuda/plan.h"
#include "kernels/cuda/plan_helpers.h"
#include "kernels/cuda/registry.h"

namespace kiln::kernels {

namespace {

constexpr const char* kGemvDefinition = R"(func.func @main(%a: {in0}, %x: {in1}) -> {out0} {
  %af = stablehlo.convert %a : ({in0}) -> {in0:f32}
  %xf = stablehlo.convert %x : ({in1}) -> {in1:f32}
  %y = stablehlo.dot_general %af, %xf, contracting_dims = [1] x [0]
      : ({in0:f32}, {in1:f32}) -> {out0:f32}
  %r = stablehlo.convert %y : ({out0:f32}) -> {out0}
  return %r : {out0}
}
)";

constexpr const char* kGemvTDefinition = R"(func.func @main(%a: {in0}, %x: {in1}) -> {out0} {
  %af = stablehlo.convert %a : ({in0}) -> {in0:f32}
  %xf = stablehlo.convert %x : ({in1}) -> {in1:f32}
  %y = stablehlo.dot_general %af, %xf, contracting_dims = [0] x [0]
      : ({in0:f32}, {in1:f32}) -> {out0:f32}
  %r = stablehlo.convert %y : ({out0:f32}) -> {out0}
  return %r : {out0}
}
)";

// A [M, K] and x [K] (or x [M] for the transpose); y [M] (or [K]).
Expected<Problem> gemv_problem(const Shape& shape, ElementType t, bool transpose) {
  if (shape.size() != 2) {
    return Error::invalid_argument(
        fmt::format("kernels: gemv takes a shape [M, K], not {}", shape_string(shape)));
  }
  Shape in = {shape[transpose ? 0 : 1]}, out = {shape[transpose ? 1 : 0]};
  return Problem{shape, t, {{t, shape}, {t, in}}, {{t, out}}};
}

Expected<Plan> gemv_plan(const Problem& p, const Config& c, const PlanContext&) {
  const int64_t m = p.shape[0], k = p.shape[1];
  KILN_TRY(const int64_t block, c.get("block"));
  KILN_TRY(unsigned grid, grid_dim(ceil_div(m, block / 32)));
  KILN_TRY(Launch l, library_launch("gemv", "gemv"));
  KILN_TRY(const int64_t unroll, c.get("unroll"));
  l.defines = {dtype_define(p.dtype), define("UNROLL", unroll)};
  l.grid = {grid, 1, 1};
  l.block = {static_cast<unsigned>(block), 1, 1};
  l.args = {Arg::input(0), Arg::input(1), Arg::output(0), Arg::i64(m), Arg::i64(k)};
  return Plan{{}, {l}};
}

// The rows are split so that at most `blocks_per_sm` blocks per SM of the device run, each
// taking at least 64 rows (the partial sums then cost at most 1/16 of A's traffic in f32,
// 1/32 in 16-bit types) and one unrolled step of every row lane. The splits per column tile
// are rounded down: rounded up, the grid can overrun the blocks resident by part of a row of
// tiles, a second wave (f32 4096x14336 on an H100: 19 splits of 14 tiles, 266 blocks where 264
// fit, took 0.0953 ms against 0.0840 for 18). The splits' partial sums are
// added in split order by a second kernel (finish=0) or by the last block of each column tile
// (finish=1: one launch, a count per tile in the plan's state); one split writes y at once.
Expected<Plan> gemv_t_plan(const Problem& p, const Config& c, const PlanContext& context) {
  const int64_t m = p.shape[0], k = p.shape[1];
  KILN_TRY(const int64_t block, c.get("block"));
  KILN_TRY(const int64_t unroll, c.get("unroll"));
  KILN_TRY(const int64_t per_sm, c.get("blocks_per_sm"));
  const int64_t aim = per_sm * context.device.sm_count;
  KILN_TRY(int64_t finish, c.get("finish"));
  const int64_t vec = 16 / static_cast<int64_t>(element_bytes(p.dtype));
  KILN_TRY(int64_t lanes, c.get("row_lanes"));
  lanes = std::min(lanes, block);
  const int64_t col_blocks = ceil_div(k, block / lanes * vec);
  const int64_t wanted = std::max<int64_t>(1, aim / std::max<int64_t>(col_blocks, 1));
  const int64_t min_rows = std::max<int64_t>(64, lanes * unroll);
  const int64_t splits = std::max<int64_t>(1, std::min(wanted, ceil_div(m, min_rows)));
  const int64_t rows_per_split = ceil_div(m, splits);
  KILN_TRY(unsigned gx, grid_dim(col_blocks));
  KILN_TRY(unsigned gy, grid_dim(splits, 65535));
  const std::vector<size_t> scratch = {static_cast<size_t>(splits > 1 ? splits * k : 0) * 4};
  // Compiled to hold the blocks per SM it aims at, up to 1024 threads (64 registers: fewer
  // spill, and 6 blocks of 256 at 40 registers ran at 70-80% of copy against 93%); more
  // blocks than that run in waves.
  const int64_t min_blocks = std::clamp<int64_t>(per_sm, 1, std::max<int64_t>(1024 / block, 1));
  if (splits == 1) finish = 1;  // one launch that writes y
  KILN_TRY(Launch partial, library_launch("gemv", finish == 1 ? "gemv_t" : "gemv_t_partial"));
  partial.defines = {dtype_define(p.dtype), define("UNROLL", unroll), define("ROW_LANES", lanes),
                     define("BLOCK_THREADS", block), define("MIN_BLOCKS", min_blocks)};
  partial.grid = {gx, gy, 1};
  partial.block = {static_cast<unsigned>(block), 1, 1};
  if (finish == 1) {
    // One split never counts: the scratch stands in for the counts.
    partial.args = {Arg::input(0),   Arg::input(1),
                    Arg::scratch(0), splits > 1 ? Arg::state(0) : Arg::scratch(0),
                    Arg::output(0),  Arg::i64(m),
                    Arg::i64(k),     Arg::i64(rows_per_split)};
    Plan plan{scratch, {partial}};
    if (splits > 1) plan.state_bytes = {static_cast<size_t>(col_blocks) * 4};
    return plan;
  }
  partial.args = {Arg::input(0), Arg::input(1), Arg::scratch(0),
                  Arg::i64(m),   Arg::i64(k),   Arg::i64(rows_per_split)};
  KILN_TRY(Launch adder, library_launch("gemv", "gemv_t_finish"));
  adder.defines = partial.defines;
  KILN_TRY(adder.grid[0], grid_dim(ceil_div(k, 32)));
  adder.grid[1] = 1;
  adder.block = {32, 8, 1};
  adder.args = {Arg::scratch(0), Arg::output(0), Arg::i64(k), Arg::i64(splits)};
  return Plan{scratch, {partial, adder}};
}

// Sums of K products of values in [-1, 1) (variance 1/9 each): the reference's rounding
// errors, summed left to right, have a standard deviation of about u * K / sqrt(54) (u =
// 2^-24), 6.6e-5 at K = 8192; atol 5e-4 is over 7 of those. f16 and bf16 add one rounding.
Tolerances gemv_tolerances() {
  Tolerances t;
  t.f32 = {5e-4, 1e-5};
  return t;
}

// dot_general of a matrix A [M, K] and a vector, contracting A's dim 1 (gemv) or 0 (gemv_t)
// with the vector's, no batch dimensions, all of one element type.
std::optional<Problem> gemv_match(bool transpose, const KernelSpec& spec, const ir::Operation& o) {
  const auto* dims = o.attr_as<ir::DotDimsAttr>("dot_dimension_numbers");
  if (o.num_operands() != 2 || !dims || !dims->lhs_batching.empty()) return std::nullopt;
  const ir::Type& a = o.operand(0)->type();
  if (a.rank() != 2 || o.operand(1)->type().rank() != 1) return std::nullopt;
  if (dims->lhs_contracting != std::vector<int64_t>{transpose ? 0 : 1} ||
      dims->rhs_contracting != std::vector<int64_t>{0}) {
    return std::nullopt;
  }
  return fitting_problem(spec, o, a.shape(), a.element());
}

KernelSpec gemv_spec(bool transpose) {
  KernelSpec s;
  s.name = transpose ? "gemv_t" : "gemv";
  s.group = "gemv";
  s.summary = transpose ? "y [K] = A^T x for row-major A [M, K] and x [M], f32 accumulation"
                        : "y [M] = A x for row-major A [M, K] and x [K], f32 accumulation";
  s.impl = transpose ? "gemv_t_sm90_split_rows" : "gemv_sm90_warp_row";
  s.dtypes = {ElementKind::kF32, ElementKind::kF16, ElementKind::kBF16};
  s.bench_shapes = {{8192, 8192}, {4096, 14336}, {14336, 4096}, {32000, 4096}, {1024, 1024}};
  // {4099, 1031}: gemv_t's splits and column tiles both ragged (65 splits, the last of 3 rows,
  // over 5 tiles in 16-bit types).
  s.check_shapes = {{0, 16},   {16, 0},   {1, 1},    {7, 3},     {64, 1031},  {33, 1024},
                    {3, 8192}, {8192, 3}, {5, 8200}, {1031, 64}, {4099, 1031}};
  s.stablehlo = transpose ? kGemvTDefinition : kGemvDefinition;
  s.make_problem = [transpose](const Shape& shape, ElementType t) {
    return gemv_problem(shape, t, transpose);
  };
  s.flops = [](const Problem& p) {
    return 2.0 * static_cast<double>(p.shape[0]) * static_cast<double>(p.shape[1]);
  };
  s.tolerance = gemv_tolerances();
  s.baselines = {"cublas", "torch"};
  s.op = "stablehlo.dot_general";
  s.match = [transpose](const KernelSpec& spec, const ir::Operation& o) {
    return gemv_match(transpose, spec, o);
  };
  if (transpose) {
    // The declared defaults; the tuning table sets the measured ones (sm_90.json: the same).
    s.knobs = {{"block",
                {128, 256, 512, 1024},
                256,
                "threads per block, one 16-byte column pack each (per row lane)"},
               {"unroll", {2, 4, 8}, 8, "rows loaded per thread before use"},
               {"blocks_per_sm",
                {2, 4, 8, 16},
                4,
                "blocks per SM to aim for when splitting rows (up to 1024 threads resident)"},
               {"row_lanes",
                {1, 2, 4, 8, 16, 32, 64, 128},
                8,
                "thread groups of a block over the same columns, taking every n-th row (at most "
                "the block's threads)"},
               {"finish",
                {0, 1},
                0,
                "who adds the splits: 0 a second kernel, 1 the last block of each column tile"}};
    s.plan = gemv_t_plan;
  } else {
    s.knobs = {{"block", {64, 128, 256, 512}, 256, "threads per block (a warp per row)"},
               {"unroll", {1, 2, 4, 8}, 4, "16-byte loads of A in flight per lane"}};
    s.plan = gemv_plan;
  }
  return s;
}

std::vector<KernelSpec> gemv_specs() { return {gemv_spec(false), gemv_spec(true)}; }

}  // namespace

KILN_REGISTER_KERNELS(gemv_specs);

}  // namespace kiln::kernels
