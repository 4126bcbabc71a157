// Row reductions (reduce_rows.cu): sum_rows, max_rows, min_rows, prod_rows reduce x[R, C] over
// its last dimension to [R], accumulating in f32; one spec per op from one table.
#include <bit>
#include <cmath>
#include <string>

#include "kernels/cuda/op_match.h"
#include "kernels/cuda/plan.h"
#include "kernels/cuda/plan_helpers.h"
#include "kernels/cuda/registry.h"

namespace kiln::kernels {

namespace {

struct RowsOp {
  const char* name;
  const char* summary;
  const char* device_op;  // the combiner struct in reduce_rows.cu
  const char* hlo_op;     // the stablehlo op of the combiner region
  const char* init;       // the identity, as an f32 dense literal
};

const RowsOp kRowsOps[] = {
    {"sum_rows", "x[R, C] -> [R]: sum over the last dim (f32 accumulation)", "SumOp", "add", "0.0"},
    {"max_rows", "x[R, C] -> [R]: max over the last dim (NaN propagates; -inf if C = 0)", "MaxOp",
     "maximum", "0xFF800000"},
    {"min_rows", "x[R, C] -> [R]: min over the last dim (NaN propagates; +inf if C = 0)", "MinOp",
     "minimum", "0x7F800000"},
    {"prod_rows", "x[R, C] -> [R]: product over the last dim (f32 accumulation)", "ProdOp",
     "multiply", "1.0"},
};

// Empty rows and no rows, rows shorter than a pack, rows of every group width, rows that take a
// block (C = 1031: > 256 packs in f32), and one long row split over several blocks.
const std::vector<Shape> kReduceRowsCheckShapes = {
    {0, 5},     {5, 0},     {1, 1},     {2000, 3}, {300, 33},
    {1000, 64}, {17, 1031}, {64, 1031}, {3, 4000}, {1, 65536 + 13}};

int64_t longest_check_row() {
  int64_t n = 0;
  for (const Shape& s : kReduceRowsCheckShapes) n = std::max(n, s[1]);
  return n;
}

std::string rows_definition(const RowsOp& op) {
  return fmt::format(
      "func.func @main(%arg: {{in0}}) -> {{out0}} {{\n"
      "  %x = stablehlo.convert %arg : ({{in0}}) -> {{in0:f32}}\n"
      "  %init = stablehlo.constant dense<{0}> : tensor<f32>\n"
      "  %r = stablehlo.reduce(%x init: %init) applies stablehlo.{1} across dimensions = [1] : "
      "({{in0:f32}}, tensor<f32>) -> {{out0:f32}}\n"
      "  %y = stablehlo.convert %r : ({{out0:f32}}) -> {{out0}}\n"
      "  return %y : {{out0}}\n}}\n",
      op.init, op.hlo_op);
}

// Products of C factors from [1 - d, 1 + d), d = 1/sqrt(C): finite and far from 0 (reduce.cpp).
Expected<Problem> rows_problem(const Shape& shape, ElementType t, bool prod) {
  if (shape.size() != 2)
    return Error::invalid_argument("reduce_rows: the shape must be [rows, columns]");
  double lo = -1, hi = 1;
  if (prod) {
    double d = std::min(0.5, 1.0 / std::sqrt(static_cast<double>(std::max<int64_t>(shape[1], 1))));
    lo = 1 - d, hi = 1 + d;
  }
  Problem p{shape, t, {}, {}};
  p.inputs.push_back({t, shape, lo, hi});
  p.outputs.push_back({t, {shape[0]}});
  return p;
}

// As for reduce.cpp's sum and prod, with n the longest reduced row: the reference sums in order,
// the kernel in a tree, each within n * 2^-23 * mean|x| (mean|x| = 1/2 on [-1, 1)); products
// within 4 * 2^-23 * sqrt(n) relative.
Tolerances rows_tolerance(const RowsOp& op) {
  Tolerances t;
  const double n = static_cast<double>(longest_check_row()), eps = std::ldexp(1.0, -23);
  if (std::string(op.name) == "sum_rows") {
    double a = n * eps * 0.5;
    t.f32 = {a, 1e-5};
    t.f16.atol += a;
    t.bf16.atol += a;
  } else if (std::string(op.name) == "prod_rows") {
    double r = 4 * eps * std::sqrt(n);
    t.f32 = {1e-5, r};
    t.f16.rtol += r;
    t.bf16.rtol += r;
  }
  return t;
}

Expected<Launch> rows_launch(const RowsOp& op, ElementType t, const char* function, int64_t block,
                             int64_t row_threads, int64_t unroll) {
  KILN_TRY(Launch l, library_launch("reduce_rows", function));
  l.defines = {dtype_define(t), define("REDUCE_OP", op.device_op), define("BLOCK_THREADS", block),
               define("ROW_THREADS", row_threads), define("UNROLL", unroll)};
  l.block = {static_cast<unsigned>(block), 1, 1};
  return l;
}

// Short rows (<= 256 packs, 4 KiB): a group of lanes per row, one pack per lane up to a warp.
// Long rows: a block per row (about UNROLL packs a thread), and when there are too few rows to fill
// the GPU (< 1024 blocks), each row split over several blocks of at least two unrolled tiles,
// combined by a second pass.
Expected<Plan> rows_plan(const RowsOp& op, const Problem& p, const Config& c, const PlanContext&) {
  const int64_t R = p.shape[0], C = p.shape[1], pack = 16 / element_bytes(p.dtype);
  const int64_t packs = ceil_div(C, pack);
  KILN_TRY(const int64_t unroll, c.get("unroll"));
  KILN_TRY(int64_t strategy, c.get("strategy"));
  if (strategy == 0) strategy = packs <= 256 ? 1 : 2;
  if (strategy == 1) {
    KILN_TRY(int64_t lanes, c.get("row_threads"));
    if (lanes == 0)
      lanes =
          std::min<int64_t>(32, std::bit_ceil(static_cast<uint64_t>(std::max<int64_t>(packs, 1))));
    KILN_TRY(const int64_t block, c.get("block"));
    KILN_TRY(Launch l, rows_launch(op, p.dtype, "rows_group", block, lanes, unroll));
    KILN_TRY(l.grid[0], grid_dim(ceil_div(R, block / lanes)));
    l.args = {Arg::input(0), Arg::output(0), Arg::i64(R), Arg::i64(C)};
    return Plan{{}, {l}};
  }
  // A block per row: about UNROLL packs a thread (64..256 threads) unless set.
  KILN_TRY(int64_t row_block, c.get("row_block"));
  if (row_block == 0) {
    row_block = std::clamp<int64_t>(static_cast<int64_t>(std::bit_floor(static_cast<uint64_t>(
                                        std::max<int64_t>(packs / unroll, 1)))),
                                    64, 256);
  }
  const int64_t tile = row_block * pack * unroll;
  KILN_TRY(int64_t splits, c.get("splits"));
  if (splits == 0) {
    splits = R >= 1024 ? 1
                       : std::clamp<int64_t>(ceil_div(1024, std::max<int64_t>(R, 1)), 1,
                                             std::max<int64_t>(C / (2 * tile), 1));
  }
  // Chunks of whole 64-element groups keep every chunk as aligned as its row.
  const int64_t chunk = std::max<int64_t>(ceil_div(ceil_div(C, splits), 64) * 64, 64);
  splits = std::max<int64_t>(ceil_div(C, chunk), 1);
  KILN_TRY(Launch l, rows_launch(op, p.dtype, "rows_block", row_block, row_block, unroll));
  KILN_TRY(l.grid[0], grid_dim(R * splits));
  l.args = {Arg::input(0), Arg::output(0),  Arg::scratch(0),
            Arg::i64(C),   Arg::i64(chunk), Arg::i32(splits)};
  Plan plan{{static_cast<size_t>(splits > 1 ? R * splits : 0) * sizeof(float)}, {l}};
  if (splits > 1) {
    KILN_TRY(Launch fin, rows_launch(op, p.dtype, "rows_final", 256, 32, 4));
    KILN_TRY(fin.grid[0], grid_dim(ceil_div(R, 256 / 32)));
    fin.args = {Arg::scratch(0), Arg::output(0), Arg::i64(R), Arg::i64(splits)};
    plan.launches.push_back(fin);
  }
  return plan;
}

std::vector<KernelSpec> rows_specs() {
  std::vector<KernelSpec> specs;
  for (const RowsOp& op : kRowsOps) {
    KernelSpec s;
    s.name = op.name;
    s.group = "reduction";
    s.summary = op.summary;
    s.impl = "reduce_rows_sm90_group_or_block";
    s.dtypes = {ElementKind::kF32, ElementKind::kF16, ElementKind::kBF16};
    s.bench_shapes = {{4096, 4096}, {16384, 8192}, {32768, 1024}, {16, 1 << 22}};
    s.check_shapes = kReduceRowsCheckShapes;
    s.stablehlo = rows_definition(op);
    bool prod = std::string(op.name) == "prod_rows";
    s.make_problem = [prod](const Shape& shape, ElementType t) {
      return rows_problem(shape, t, prod);
    };
    s.flops = [](const Problem& p) { return static_cast<double>(p.inputs[0].num_elements()); };
    s.tolerance = rows_tolerance(op);
    s.knobs = {
        {"strategy",
         {0, 1, 2},
         0,
         "0 by shape (group if C <= 256 packs), 1 lanes per row, 2 blocks"},
        {"block", {128, 256, 512, 1024}, 256, "threads per block (lanes per row)"},
        {"row_block", {0, 64, 128, 256, 512, 1024}, 0, "threads per row (blocks); 0: by shape"},
        {"row_threads", {0, 1, 2, 4, 8, 16, 32}, 0, "lanes per row (group); 0: one pack per lane"},
        {"unroll", {1, 2, 4, 8}, 4, "16-byte packs in flight per thread"},
        {"splits", {0, 1, 2, 4, 8, 16, 32, 64}, 0, "blocks per row (block); 0: by shape"}};
    s.baselines = {"cub", "torch"};
    const RowsOp* o = &op;
    s.op = "stablehlo.reduce";
    s.match = [o](const KernelSpec& spec, const ir::Operation& reduce) {
      return reduce_problem(spec, reduce, o->hlo_op, o->init, ReducedDims::kLast);
    };
    s.plan = [o](const Problem& p, const Config& c, const PlanContext& ctx) {
      return rows_plan(*o, p, c, ctx);
    };
    specs.push_back(std::move(s));
  }
  return specs;
}

}  // namespace

KILN_REGISTER_KERNELS(rows_specs);

}  // namespace kiln::kernels
