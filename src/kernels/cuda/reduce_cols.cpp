// Column reductions (reduce_cols.cu): sum_cols, max_cols, min_cols, prod_cols reduce x[R, C]
// over its first dimension to [C], accumulating in f32; one spec per op from one table.
#include <bit>
#include <cmath>
#include <string>

#include "kernels/cuda/op_match.h"
#include "kernels/cuda/plan.h"
#include "kernels/cuda/plan_helpers.h"
#include "kernels/cuda/registry.h"

namespace kiln::kernels {

namespace {

struct ColsOp {
  const char* name;
  const char* summary;
  const char* device_op;  // the combiner struct in reduce_cols.cu
  const char* hlo_op;     // the stablehlo op of the combiner region
  const char* init;       // the identity, as an f32 dense literal
};

const ColsOp kColsOps[] = {
    {"sum_cols", "x[R, C] -> [C]: sum over dim 0 (f32 accumulation)", "SumOp", "add", "0.0"},
    {"max_cols", "x[R, C] -> [C]: max over dim 0 (NaN propagates; -inf if R = 0)", "MaxOp",
     "maximum", "0xFF800000"},
    {"min_cols", "x[R, C] -> [C]: min over dim 0 (NaN propagates; +inf if R = 0)", "MinOp",
     "minimum", "0x7F800000"},
    {"prod_cols", "x[R, C] -> [C]: product over dim 0 (f32 accumulation)", "ProdOp", "multiply",
     "1.0"},
};

// No rows (the identity) and no columns, widths below, at and past a pack and a block's 32
// packs, and tall thin shapes that split the rows over many blocks.
const std::vector<Shape> kReduceColsCheckShapes = {
    {0, 5},    {5, 0},     {1, 1},     {7, 3},     {1031, 17},     {1000, 64},
    {3, 1031}, {64, 1000}, {16, 4096}, {4096, 16}, {65536 + 13, 1}};

int64_t longest_check_column() {
  int64_t n = 0;
  for (const Shape& s : kReduceColsCheckShapes) n = std::max(n, s[0]);
  return n;
}

std::string cols_definition(const ColsOp& op) {
  return fmt::format(
      "func.func @main(%arg: {{in0}}) -> {{out0}} {{\n"
      "  %x = stablehlo.convert %arg : ({{in0}}) -> {{in0:f32}}\n"
      "  %init = stablehlo.constant dense<{0}> : tensor<f32>\n"
      "  %r = stablehlo.reduce(%x init: %init) applies stablehlo.{1} across dimensions = [0] : "
      "({{in0:f32}}, tensor<f32>) -> {{out0:f32}}\n"
      "  %y = stablehlo.convert %r : ({{out0:f32}}) -> {{out0}}\n"
      "  return %y : {{out0}}\n}}\n",
      op.init, op.hlo_op);
}

// Products of R factors from [1 - d, 1 + d), d = 1/sqrt(R): finite and far from 0 (reduce.cpp).
Expected<Problem> cols_problem(const Shape& shape, ElementType t, bool prod) {
  if (shape.size() != 2)
    return Error::invalid_argument("reduce_cols: the shape must be [rows, columns]");
  double lo = -1, hi = 1;
  if (prod) {
    double d = std::min(0.5, 1.0 / std::sqrt(static_cast<double>(std::max<int64_t>(shape[0], 1))));
    lo = 1 - d, hi = 1 + d;
  }
  Problem p{shape, t, {}, {}};
  p.inputs.push_back({t, shape, lo, hi});
  p.outputs.push_back({t, {shape[1]}});
  return p;
}

// As for reduce.cpp's sum and prod, with n the longest reduced column: each summation order
// within n * 2^-23 * mean|x| (mean|x| = 1/2 on [-1, 1)); products within 4 * 2^-23 * sqrt(n).
Tolerances cols_tolerance(const ColsOp& op) {
  Tolerances t;
  const double n = static_cast<double>(longest_check_column()), eps = std::ldexp(1.0, -23);
  if (std::string(op.name) == "sum_cols") {
    double a = n * eps * 0.5;
    t.f32 = {a, 1e-5};
    t.f16.atol += a;
    t.bf16.atol += a;
  } else if (std::string(op.name) == "prod_cols") {
    double r = 4 * eps * std::sqrt(n);
    t.f32 = {1e-5, r};
    t.f16.rtol += r;
    t.bf16.rtol += r;
  }
  return t;
}

int64_t pow2_at_least(int64_t v) {
  return static_cast<int64_t>(std::bit_ceil(static_cast<uint64_t>(std::max<int64_t>(v, 1))));
}

// Blocks `lanes` packs wide (by default as many as the row has, up to 32: narrow matrices put
// several rows in a warp); the rows split so that the blocks fill the GPU once (each split at
// least two unrolled steps of the block's rows), their partials combined in order by the last
// block of each column tile (one launch, a count per column tile in the plan's state).
Expected<Plan> cols_plan(const ColsOp& op, const Problem& p, const Config& c,
                         const PlanContext& ctx) {
  const int64_t R = p.shape[0], C = p.shape[1], pack = 16 / element_bytes(p.dtype);
  const int64_t packs = ceil_div(C, pack);
  KILN_TRY(const int64_t block, c.get("block"));
  KILN_TRY(const int64_t unroll, c.get("unroll"));
  KILN_TRY(int64_t lanes, c.get("col_lanes"));
  if (lanes == 0) lanes = std::min<int64_t>(pow2_at_least(packs), 32);
  lanes = std::min(lanes, block);
  const int64_t tall = block / lanes, col_blocks = ceil_div(packs, lanes);
  // One wave of equal blocks: a second, partial wave would leave most SMs idle. The blocks
  // resident per SM: the knob, by default the tuning table's "resident_threads_per_sm" (sm_90:
  // 1536) over the block, else half the SM. The kernel is compiled for that many (the launch
  // bounds cap its registers to fit), so the wave is the one the plan counts.
  KILN_TRY(int64_t per_sm, c.get("blocks_per_sm"));
  if (per_sm == 0) {
    per_sm = ctx.tuned.get_or("resident_threads_per_sm", ctx.device.max_threads_per_sm / 2) / block;
  }
  per_sm =
      std::clamp<int64_t>(per_sm, 1, std::max<int64_t>(ctx.device.max_threads_per_sm / block, 1));
  KILN_TRY(int64_t splits, c.get("splits"));
  if (splits == 0) {
    splits = std::clamp<int64_t>(ctx.device.sm_count * per_sm / std::max<int64_t>(col_blocks, 1), 1,
                                 std::max<int64_t>(R / (2 * tall * unroll), 1));
  }
  const int64_t rows_per_split = std::max<int64_t>(ceil_div(R, splits), 1);
  splits = std::max<int64_t>(ceil_div(R, rows_per_split), 1);
  if (splits > 65535) return Error::invalid_argument("reduce_cols: too many row splits");
  KILN_TRY(Launch l, library_launch("reduce_cols", "cols_partial"));
  l.defines = {dtype_define(p.dtype),          define("REDUCE_OP", op.device_op),
               define("BLOCK_THREADS", block), define("COL_LANES", lanes),
               define("UNROLL", unroll),       define("MIN_BLOCKS", per_sm)};
  l.block = {static_cast<unsigned>(block), 1, 1};
  KILN_TRY(l.grid[0], grid_dim(col_blocks));
  l.grid[1] = static_cast<unsigned>(splits);
  // One split writes out itself and never counts: the scratch stands in for the counts.
  l.args = {Arg::input(0),
            Arg::output(0),
            Arg::scratch(0),
            splits > 1 ? Arg::state(0) : Arg::scratch(0),
            Arg::i64(R),
            Arg::i64(C),
            Arg::i64(rows_per_split)};
  Plan plan{{static_cast<size_t>(splits > 1 ? splits * C : 0) * sizeof(float)}, {l}};
  if (splits > 1) plan.state_bytes = {static_cast<size_t>(col_blocks) * sizeof(unsigned)};
  return plan;
}

std::vector<KernelSpec> cols_specs() {
  std::vector<KernelSpec> specs;
  for (const ColsOp& op : kColsOps) {
    KernelSpec s;
    s.name = op.name;
    s.group = "reduction";
    s.summary = op.summary;
    s.impl = "reduce_cols_sm90_split";
    s.dtypes = {ElementKind::kF32, ElementKind::kF16, ElementKind::kBF16};
    s.bench_shapes = {{4096, 4096}, {16384, 8192}, {32768, 1024}, {1 << 22, 16}};
    s.check_shapes = kReduceColsCheckShapes;
    s.stablehlo = cols_definition(op);
    bool prod = std::string(op.name) == "prod_cols";
    s.make_problem = [prod](const Shape& shape, ElementType t) {
      return cols_problem(shape, t, prod);
    };
    s.flops = [](const Problem& p) { return static_cast<double>(p.inputs[0].num_elements()); };
    s.tolerance = cols_tolerance(op);
    s.knobs = {{"block", {64, 128, 256, 512, 1024}, 256, "threads per block"},
               {"col_lanes",
                {0, 1, 2, 4, 8, 16, 32, 64, 128, 256},
                0,
                "16-byte packs of columns a block spans; 0: the row's, up to 32"},
               {"unroll", {1, 2, 4, 8}, 4, "rows in flight per thread"},
               {"blocks_per_sm",
                {0, 1, 2, 3, 4, 5, 6, 8},
                0,
                "blocks resident per SM, compiled for and filled once; 0: the tuning table's"},
               {"splits",
                {0, 1, 2, 4, 8, 12, 16, 24, 32, 48, 64, 96, 128, 256, 512, 1024, 2048},
                0,
                "blocks along the rows; 0: by shape"}};
    s.baselines = {"cub", "torch"};
    const ColsOp* o = &op;
    s.op = "stablehlo.reduce";
    s.match = [o](const KernelSpec& spec, const ir::Operation& reduce) {
      return reduce_problem(spec, reduce, o->hlo_op, o->init, ReducedDims::kFirst);
    };
    s.plan = [o](const Problem& p, const Config& c, const PlanContext& ctx) {
      return cols_plan(*o, p, c, ctx);
    };
    specs.push_back(std::move(s));
  }
  return specs;
}

}  // namespace

KILN_REGISTER_KERNELS(cols_specs);

}  // namespace kiln::kernels
