// argmax and argmin (argmax.cu): x[R, C] -> int32 [R], the first index of the largest
// (smallest) value of each row, NaN counting as the most extreme; one spec each.
#include <bit>
#include <string>

#include "kernels/cuda/op_match.h"
#include "kernels/cuda/plan.h"
#include "kernels/cuda/plan_helpers.h"
#include "kernels/cuda/registry.h"

namespace kiln::kernels {

namespace {

struct ArgOp {
  const char* name;
  const char* summary;
  const char* device_op;  // ArgMax or ArgMin in argmax.cu
  const char* compare;    // GT or LT: the value order
  const char* init;       // the value's identity, as an f32 dense literal
};

const ArgOp kArgOps[] = {
    {"argmax", "x[R, C] -> i32[R]: index of the max over the last dim (first on ties, NaN wins)",
     "ArgMax", "GT", "0xFF800000"},
    {"argmin", "x[R, C] -> i32[R]: index of the min over the last dim (first on ties, NaN wins)",
     "ArgMin", "LT", "0x7F800000"},
};

// A variadic reduce of (value in f32, iota index) pairs with a total order: a NaN value wins,
// then the more extreme value, then the smaller index (so ties keep the first index, and two
// NaNs the first NaN: JAX's argmax/argmin). An empty row gives the init index 0.
std::string arg_definition(const ArgOp& op) {
  return fmt::format(R"(func.func @main(%arg: {{in0}}) -> {{out0}} {{
  %x = stablehlo.convert %arg : ({{in0}}) -> {{in0:f32}}
  %i = stablehlo.iota dim = 1 : {{in0:i32}}
  %init = stablehlo.constant dense<{1}> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.reduce(%x init: %init), (%i init: %zero) across dimensions = [1] : ({{in0:f32}}, {{in0:i32}}, tensor<f32>, tensor<i32>) -> ({{out0:f32}}, {{out0}})
   reducer(%a: tensor<f32>, %c: tensor<f32>) (%b: tensor<i32>, %d: tensor<i32>) {{
    %yes = stablehlo.constant dense<true> : tensor<i1>
    %no = stablehlo.constant dense<false> : tensor<i1>
    %better = stablehlo.compare {0}, %a, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %eq = stablehlo.compare EQ, %a, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %first = stablehlo.compare LT, %b, %d : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %a_nan = stablehlo.compare NE, %a, %a : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %c_nan = stablehlo.compare NE, %c, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %first : tensor<i1>
    %order = stablehlo.or %better, %tie : tensor<i1>
    %if_a_nan = stablehlo.select %c_nan, %first, %yes : tensor<i1>, tensor<i1>
    %if_a_num = stablehlo.select %c_nan, %no, %order : tensor<i1>, tensor<i1>
    %keep = stablehlo.select %a_nan, %if_a_nan, %if_a_num : tensor<i1>, tensor<i1>
    %v = stablehlo.select %keep, %a, %c : tensor<i1>, tensor<f32>
    %j = stablehlo.select %keep, %b, %d : tensor<i1>, tensor<i32>
    stablehlo.return %v, %j : tensor<f32>, tensor<i32>
  }}
  return %r#1 : {{out0}}
}}
)",
                     op.compare, op.init);
}

Expected<Problem> arg_problem(const Shape& shape, ElementType t) {
  if (shape.size() != 2)
    return Error::invalid_argument("argmax: the shape must be [rows, columns]");
  if (shape[1] > 2147483647)
    return Error::invalid_argument("argmax: rows longer than 2^31 - 1 (int32 indices)");
  Problem p{shape, t, {}, {}};
  p.inputs.push_back({t, shape, -1, 1});
  p.outputs.push_back({ElementKind::kSI32, {shape[0]}});
  return p;
}

Expected<Launch> arg_launch(const ArgOp& op, ElementType t, const char* function, int64_t block,
                            int64_t lanes, int64_t unroll) {
  KILN_TRY(Launch l, library_launch("argmax", function));
  l.defines = {dtype_define(t), define("ARG_OP", op.device_op), define("BLOCK_THREADS", block),
               define("ROW_THREADS", lanes), define("UNROLL", unroll)};
  l.block = {static_cast<unsigned>(block), 1, 1};
  return l;
}

// Threads per long row: the tuning table's "auto_row_block" where it has one (f32 on sm_90),
// else about "row_threads_per_sm" threads per SM in all (32..512 a row), a warp taking its row
// as a group of lanes.
int64_t auto_row_block(int64_t R, const PlanContext& ctx) {
  if (auto tuned = ctx.tuned.get("auto_row_block")) return *tuned;
  const int64_t threads = ctx.device.sm_count *
                          ctx.tuned.get_or("row_threads_per_sm", ctx.device.max_threads_per_sm / 2);
  return std::clamp<int64_t>(static_cast<int64_t>(std::bit_floor(static_cast<uint64_t>(
                                 std::max<int64_t>(threads / std::max<int64_t>(R, 1), 1)))),
                             32, 512);
}

// Short rows (<= 256 packs): a group of lanes per row; long rows: a block each, or a warp.
Expected<Plan> arg_plan(const ArgOp& op, const Problem& p, const Config& c,
                        const PlanContext& ctx) {
  const int64_t R = p.shape[0], C = p.shape[1], pack = 16 / element_bytes(p.dtype);
  const int64_t packs = ceil_div(C, pack);
  KILN_TRY(const int64_t unroll, c.get("unroll"));
  KILN_TRY(int64_t row_block, c.get("row_block"));
  if (row_block == 0) row_block = auto_row_block(R, ctx);
  KILN_TRY(int64_t strategy, c.get("strategy"));
  if (strategy == 0) strategy = packs <= 256 || row_block < 64 ? 1 : 2;
  if (strategy == 1) {
    KILN_TRY(const int64_t block, c.get("block"));
    KILN_TRY(int64_t lanes, c.get("row_threads"));
    // About "packs_per_lane" packs a lane, up to a warp.
    if (lanes == 0) {
      const int64_t per_lane = ctx.tuned.get_or("packs_per_lane", 16);
      lanes = std::min<int64_t>(
          32,
          std::bit_ceil(static_cast<uint64_t>(std::max<int64_t>(ceil_div(packs, per_lane), 1))));
    }
    KILN_TRY(Launch l, arg_launch(op, p.dtype, "arg_group", block, lanes, unroll));
    KILN_TRY(l.grid[0], grid_dim(ceil_div(R, block / lanes)));
    l.args = {Arg::input(0), Arg::output(0), Arg::i64(R), Arg::i32(C)};
    return Plan{{}, {l}};
  }
  KILN_TRY(Launch l, arg_launch(op, p.dtype, "arg_block", row_block, row_block, unroll));
  KILN_TRY(l.grid[0], grid_dim(R));
  l.args = {Arg::input(0), Arg::output(0), Arg::i32(C)};
  return Plan{{}, {l}};
}

std::vector<KernelSpec> arg_specs() {
  std::vector<KernelSpec> specs;
  for (const ArgOp& op : kArgOps) {
    KernelSpec s;
    s.name = op.name;
    s.group = "reduction";
    s.summary = op.summary;
    s.impl = "argmax_sm90_group_or_block";
    s.dtypes = {ElementKind::kF32, ElementKind::kF16, ElementKind::kBF16};
    s.bench_shapes = {{1024, 128256}, {4096, 32000}, {32768, 1024}};
    // Empty rows and no rows, short rows of every group width, rows of a block, one long row.
    s.check_shapes = {{0, 5},    {4, 0},     {1, 1},    {700, 3},       {300, 33},
                      {200, 64}, {13, 1031}, {2, 7000}, {1, 32000 + 13}};
    s.stablehlo = arg_definition(op);
    s.make_problem = arg_problem;
    s.flops = [](const Problem& p) { return static_cast<double>(p.inputs[0].num_elements()); };
    s.knobs = {
        {"strategy", {0, 1, 2}, 0, "0 by shape, 1 lanes of a warp per row, 2 a block per row"},
        {"block", {128, 256, 512}, 256, "threads per block (group)"},
        {"row_threads", {0, 1, 2, 4, 8, 16, 32}, 0, "lanes per row (group); 0: by shape"},
        {"row_block", {0, 64, 128, 256, 512, 1024}, 0, "threads per row (block); 0: by shape"},
        {"unroll", {1, 2, 4, 8}, 4, "16-byte packs in flight per thread"}};
    s.baselines = {"cub", "torch"};
    s.op = fmt::format("kiln.{}", op.name);  // over the last dimension, i32 indices
    s.match = row_problem;
    const ArgOp* o = &op;
    s.plan = [o](const Problem& p, const Config& c, const PlanContext& ctx) {
      return arg_plan(*o, p, c, ctx);
    };
    specs.push_back(std::move(s));
  }
  return specs;
}

}  // namespace

KILN_REGISTER_KERNELS(arg_specs);

}  // namespace kiln::kernels
