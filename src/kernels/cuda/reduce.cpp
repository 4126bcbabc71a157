// Reductions over every element of a tensor (reduce.cu): sum, max, min and prod, one spec per
// op from one table, each accumulating in f32 and rounding the rank-0 result to the dtype.
#include <cmath>
#include <string>

#include "kernels/cuda/op_match.h"
#include "kernels/cuda/plan.h"
#include "kernels/cuda/plan_helpers.h"
#include "kernels/cuda/registry.h"

namespace kiln::kernels {

namespace {

struct ReduceOp {
  const char* name;
  const char* summary;
  const char* device_op;  // the combiner struct in reduce.cu
  const char* hlo_op;     // the stablehlo op of the combiner region
  const char* init;       // the identity, as an f32 dense literal
};

const ReduceOp kReduceOps[] = {
    {"sum", "sum of every element (f32 accumulation), rank-0 result", "SumOp", "add", "0.0"},
    {"max", "maximum of every element (NaN propagates; -inf if empty), rank-0 result", "MaxOp",
     "maximum", "0xFF800000"},
    {"min", "minimum of every element (NaN propagates; +inf if empty), rank-0 result", "MinOp",
     "minimum", "0x7F800000"},
    {"prod", "product of every element (f32 accumulation), rank-0 result", "ProdOp", "multiply",
     "1.0"},
};

// Includes a rank-0 input, empty ones, sizes that are no multiple of any pack or tile, a
// two-pass size, and ranks 2 and 3 (every dimension is reduced).
const std::vector<Shape> kReduceCheckShapes = {
    {}, {0}, {1}, {7}, {1000}, {2, 0, 3}, {3, 1031}, {4, 5, 3000}, {65536 + 13}};

int64_t largest_check_size() {
  int64_t n = 0;
  for (const Shape& s : kReduceCheckShapes) n = std::max(n, num_elements(s));
  return n;
}

std::string reduce_definition(const ReduceOp& op) {
  return fmt::format(
      "func.func @main(%arg: {{in0}}) -> {{out0}} {{\n"
      "  %x = stablehlo.convert %arg : ({{in0}}) -> {{in0:f32}}\n"
      "  %init = stablehlo.constant dense<{0}> : tensor<f32>\n"
      "  %r = stablehlo.reduce(%x init: %init) applies stablehlo.{1} across dimensions = "
      "[{{dims_in0}}] : ({{in0:f32}}, tensor<f32>) -> tensor<f32>\n"
      "  %y = stablehlo.convert %r : (tensor<f32>) -> {{out0}}\n"
      "  return %y : {{out0}}\n}}\n",
      op.init, op.hlo_op);
}

// Products over n elements drawn from [1 - d, 1 + d) with d = 1/sqrt(n): log of the product
// has mean about -n d^2 / 6 = -1/6 and deviation sqrt(n / 3) d = 0.58, so it stays finite
// (and far from 0) at every size, 2^28 included.
Problem reduce_problem(const Shape& shape, ElementType t, bool prod) {
  double lo = -1, hi = 1;
  if (prod) {
    double d = std::min(
        0.5, 1.0 / std::sqrt(static_cast<double>(std::max<int64_t>(num_elements(shape), 1))));
    lo = 1 - d, hi = 1 + d;
  }
  Problem p{shape, t, {}, {}};
  p.inputs.push_back({t, shape, lo, hi});
  p.outputs.push_back({t, {}});
  return p;
}

// Sums: the reference adds in order in f32, the kernel in a tree. A sequential f32 sum of n
// terms from [-1, 1) has partial sums of size ~sqrt(k / 3), so its rounding error has a standard
// deviation of about 0.43 * 2^-24 * n / sqrt(6) (the tree's is far smaller). The bound
// n * 2^-23 * mean|x|, mean|x| = 1/2, is ~5.7 of those: 3.9e-3 at n = 65549. Sums may be near
// 0, so it is an atol; the 16-bit types add it to their own rounding tolerance.
// Products: each order's relative rounding error has a deviation of ~0.43 * 2^-24 * sqrt(n);
// rtol 4 * 2^-23 * sqrt(n) is ~13 deviations of the difference.
Tolerances reduce_tolerance(const ReduceOp& op) {
  Tolerances t;
  const double n = static_cast<double>(largest_check_size()), eps = std::ldexp(1.0, -23);
  if (std::string(op.name) == "sum") {
    double a = n * eps * 0.5;
    t.f32 = {a, 1e-5};
    t.f16.atol += a;
    t.bf16.atol += a;
  } else if (std::string(op.name) == "prod") {
    double r = 4 * eps * std::sqrt(n);
    t.f32 = {1e-5, r};
    t.f16.rtol += r;
    t.bf16.rtol += r;
  }
  return t;
}

// Small problems in one launch of one block; the rest in two: `grid` blocks of partials, then
// one block combines them. Grid 0: the tuning table's "grid_per_sm" blocks per SM (sm_90: 4 up
// to 64 MiB, where the launch and the tail weigh more, else 32), else one wave.
Expected<Plan> reduce_plan(const ReduceOp& op, const Problem& p, const Config& c,
                           const PlanContext& ctx) {
  const int64_t n = p.inputs[0].num_elements();
  KILN_TRY(const int64_t block, c.get("block"));
  KILN_TRY(const int64_t unroll, c.get("unroll"));
  const int64_t tile = block * unroll * (16 / static_cast<int64_t>(element_bytes(p.dtype)));
  std::vector<std::string> defines = {dtype_define(p.dtype), define("REDUCE_OP", op.device_op),
                                      define("BLOCK_THREADS", block), define("UNROLL", unroll)};
  if (n <= 2 * tile) {
    KILN_TRY(Launch l, library_launch("reduce", "reduce_single"));
    l.defines = defines;
    l.block = {static_cast<unsigned>(block), 1, 1};
    l.args = {Arg::input(0), Arg::output(0), Arg::i64(n)};
    return Plan{{}, {l}};
  }
  KILN_TRY(int64_t grid, c.get("grid"));
  if (grid == 0) {
    grid = ctx.device.sm_count *
           ctx.tuned.get_or("grid_per_sm", ctx.device.max_threads_per_sm / block);
  }
  const int64_t blocks = std::min(grid, ceil_div(n, tile));
  KILN_TRY(Launch l, library_launch("reduce", "reduce_partials"));
  l.defines = defines;
  l.block = {static_cast<unsigned>(block), 1, 1};
  l.grid = {static_cast<unsigned>(blocks), 1, 1};
  l.args = {Arg::input(0), Arg::scratch(0), Arg::i64(n)};
  KILN_TRY(Launch fin, library_launch("reduce", "reduce_final"));
  fin.defines = defines;
  fin.block = l.block;
  fin.args = {Arg::scratch(0), Arg::output(0), Arg::i64(blocks)};
  return Plan{{static_cast<size_t>(blocks) * sizeof(float)}, {l, fin}};
}

std::vector<KernelSpec> reduce_specs() {
  std::vector<KernelSpec> specs;
  for (const ReduceOp& op : kReduceOps) {
    KernelSpec s;
    s.name = op.name;
    s.group = "reduction";
    s.summary = op.summary;
    s.impl = "reduce_sm90_two_pass";
    s.dtypes = {ElementKind::kF32, ElementKind::kF16, ElementKind::kBF16};
    s.bench_shapes = {{1 << 28}, {1 << 24}, {8192, 8192}};
    s.check_shapes = kReduceCheckShapes;
    s.stablehlo = reduce_definition(op);
    bool prod = std::string(op.name) == "prod";
    s.make_problem = [prod](const Shape& shape, ElementType t) -> Expected<Problem> {
      return reduce_problem(shape, t, prod);
    };
    s.flops = [](const Problem& p) { return static_cast<double>(p.inputs[0].num_elements()); };
    s.tolerance = reduce_tolerance(op);
    s.knobs = {{"block", {128, 256, 512, 1024}, 256, "threads per block"},
               {"unroll", {1, 2, 4, 8}, 8, "16-byte packs in flight per thread"},
               {"grid",
                {0, 132, 264, 528, 1056, 2112, 4224},
                0,
                "most blocks of pass 1; 0: the tuning table's blocks per SM for the size (sm_90: 4 "
                "up to 64 MiB, else 32)"}};
    s.baselines = {"cub", "torch"};
    const ReduceOp* o = &op;
    s.op = "stablehlo.reduce";
    s.match = [o](const KernelSpec& spec, const ir::Operation& reduce) {
      return reduce_problem(spec, reduce, o->hlo_op, o->init, ReducedDims::kAll);
    };
    s.plan = [o](const Problem& p, const Config& c, const PlanContext& ctx) {
      return reduce_plan(*o, p, c, ctx);
    };
    specs.push_back(std::move(s));
  }
  return specs;
}

}  // namespace

KILN_REGISTER_KERNELS(reduce_specs);

}  // namespace kiln::kernels
