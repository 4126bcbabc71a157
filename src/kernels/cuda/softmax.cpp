// softmax and logsumexp over the last dimension of x[R, C] (softmax.cu), in f32: rows that fit
// stay in registers (one read), longer ones take an online pass and an output pass.
#include <bit>
#include <string>

#include "kernels/cuda/op_match.h"
#include "kernels/cuda/plan.h"
#include "kernels/cuda/plan_helpers.h"
#include "kernels/cuda/registry.h"
#include "kernels/cuda/row_layout.h"

namespace kiln::kernels {

namespace {

// The row rule's packs a thread: the tuning table's, else 2 (row_layout.h).
int64_t row_packs(const PlanContext& ctx) { return ctx.tuned.get_or("row_packs_per_thread", 2); }

// logsumexp reads each row once whatever its length: about "online_packs_per_thread" packs a
// thread (the tuning table's; 8 on sm_90, measured at 32000 and 128256 columns), 4 at a time,
// on up to 512 threads. Knobs, where set, give row_layout's rule.
Expected<RowLayout> logsumexp_layout(int64_t C, ElementType t, const Config& c,
                                     const PlanContext& ctx) {
  KILN_TRY(const int64_t row_threads, c.get("row_threads"));
  KILN_TRY(const int64_t items, c.get("items"));
  KILN_TRY(const int64_t block, c.get("block"));
  if (row_threads != 0 || items != 0) return row_layout(C, t, c, row_packs(ctx));
  const int64_t packs = std::max<int64_t>(ceil_div(C, 16 / element_bytes(t)), 1);
  const int64_t per_thread = std::max<int64_t>(ctx.tuned.get_or("online_packs_per_thread", 8), 1);
  RowLayout l;
  l.threads = std::min<int64_t>(512, static_cast<int64_t>(std::bit_floor(static_cast<uint64_t>(
                                         std::max<int64_t>(packs / per_thread, 1)))));
  l.items = std::min<int64_t>(4, ceil_div(packs, l.threads));
  l.fits = l.threads * l.items >= packs;
  l.block = l.threads > 32 ? l.threads : std::max(block, l.threads);
  return l;
}

Expected<Launch> row_launch(const char* function, ElementType t, const RowLayout& l, int64_t R,
                            int64_t C) {
  KILN_TRY(Launch k, library_launch("softmax", function));
  k.defines = {dtype_define(t), define("BLOCK_THREADS", l.block), define("ROW_THREADS", l.threads),
               define("ITEMS", l.items), define("ROW_FITS", l.fits ? 1 : 0)};
  KILN_TRY(k.grid[0], grid_dim(ceil_div(R, l.block / l.threads)));
  k.block = {static_cast<unsigned>(l.block), 1, 1};
  k.args = {Arg::input(0), Arg::output(0), Arg::i64(R), Arg::i32(C)};
  return k;
}

Expected<Problem> softmax_problem(const Shape& shape, ElementType t, bool rows_out) {
  if (shape.size() != 2)
    return Error::invalid_argument("softmax: the shape must be [rows, columns]");
  if (shape[1] > 2147483647) return Error::invalid_argument("softmax: rows longer than 2^31 - 1");
  Problem p{shape, t, {}, {}};
  p.inputs.push_back({t, shape, -4, 4});
  p.outputs.push_back({t, rows_out ? Shape{shape[0]} : shape});
  return p;
}

const char* kSoftmaxDefinition = R"(func.func @main(%arg: {in0}) -> {out0} {
  %x = stablehlo.convert %arg : ({in0}) -> {in0:f32}
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : ({in0:f32}, tensor<f32>) -> tensor<{D0}xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<{D0}xf32>) -> {in0:f32}
  %d = stablehlo.subtract %x, %mb : {in0:f32}
  %e = stablehlo.exponential %d : {in0:f32}
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : ({in0:f32}, tensor<f32>) -> tensor<{D0}xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<{D0}xf32>) -> {in0:f32}
  %y = stablehlo.divide %e, %sb : {in0:f32}
  %r = stablehlo.convert %y : ({in0:f32}) -> {out0}
  return %r : {out0}
}
)";

// JAX's logsumexp: the max is used as the shift only where it is finite (else 0), so a row of
// -inf (or an empty row) gives -inf rather than NaN.
const char* kLogsumexpDefinition = R"(func.func @main(%arg: {in0}) -> {out0} {
  %x = stablehlo.convert %arg : ({in0}) -> {in0:f32}
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %zeros = stablehlo.constant dense<0.0> : tensor<{D0}xf32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : ({in0:f32}, tensor<f32>) -> tensor<{D0}xf32>
  %finite = stablehlo.is_finite %m : (tensor<{D0}xf32>) -> tensor<{D0}xi1>
  %shift = stablehlo.select %finite, %m, %zeros : tensor<{D0}xi1>, tensor<{D0}xf32>
  %sb = stablehlo.broadcast_in_dim %shift, dims = [0] : (tensor<{D0}xf32>) -> {in0:f32}
  %d = stablehlo.subtract %x, %sb : {in0:f32}
  %e = stablehlo.exponential %d : {in0:f32}
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : ({in0:f32}, tensor<f32>) -> tensor<{D0}xf32>
  %l = stablehlo.log %s : tensor<{D0}xf32>
  %y = stablehlo.add %shift, %l : tensor<{D0}xf32>
  %r = stablehlo.convert %y : (tensor<{D0}xf32>) -> {out0}
  return %r : {out0}
}
)";

// Empty rows and no rows; rows not a multiple of a pack (element-wise path); lanes of a warp;
// a block per row; rows past register capacity (f32 at 32768, both at 65552: two reads).
const std::vector<Shape> kSoftmaxCheckShapes = {{0, 5},    {5, 0},     {1, 1},     {7, 3},
                                                {300, 33}, {200, 64},  {64, 1000}, {13, 1031},
                                                {4, 4096}, {2, 32768}, {1, 65552}};

// A row-wise composite over the last dimension of its operand as it is (whether its region
// subtracts the max or not: the kernel always does, which changes no finite result).
std::optional<Problem> last_axis_problem(const KernelSpec& spec, const ir::Operation& op) {
  if (!config_over_last_axis(op)) return std::nullopt;
  return row_problem(spec, op);
}

KernelSpec row_spec(const char* name, const char* summary, const char* impl) {
  KernelSpec s;
  s.name = name;
  s.group = "softmax";
  s.summary = summary;
  s.impl = impl;
  s.dtypes = {ElementKind::kF32, ElementKind::kF16, ElementKind::kBF16};
  s.check_shapes = kSoftmaxCheckShapes;
  s.knobs = {{"row_threads",
              {0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024},
              0,
              "threads per row (<= 32: lanes of a warp); 0: by shape"},
             {"items", {0, 1, 2, 4, 8}, 0, "16-byte packs per thread at a time; 0: by shape"},
             {"block", {64, 128, 256, 512}, 256, "threads per block when rows take lanes"}};
  s.baselines = {"cudnn", "torch"};
  return s;
}

std::vector<KernelSpec> softmax_specs() {
  KernelSpec sm = row_spec("softmax", "x[R, C] -> [R, C]: exp(x - max) / sum over the last dim",
                           "softmax_sm90_row_registers");
  sm.bench_shapes = {{4096, 4096}, {16384, 8192}, {32768, 1024}, {1024, 128256}};
  sm.stablehlo = kSoftmaxDefinition;
  sm.op = "kiln.softmax";  // over the last dimension
  sm.match = last_axis_problem;
  sm.make_problem = [](const Shape& shape, ElementType t) {
    return softmax_problem(shape, t, false);
  };
  sm.flops = [](const Problem& p) { return 5.0 * static_cast<double>(p.inputs[0].num_elements()); };
  sm.plan = [](const Problem& p, const Config& c, const PlanContext& ctx) -> Expected<Plan> {
    KILN_TRY(RowLayout l, row_layout(p.shape[1], p.dtype, c, row_packs(ctx)));
    KILN_TRY(Launch k, row_launch("softmax_rows", p.dtype, l, p.shape[0], p.shape[1]));
    return Plan{{}, {k}};
  };

  KernelSpec lse = row_spec("logsumexp",
                            "x[R, C] -> [R]: max + log(sum(exp(x - max))) over the last dim "
                            "(shift 0 where the max is not finite)",
                            "logsumexp_sm90_online");
  lse.bench_shapes = {{1024, 128256}, {4096, 32000}, {32768, 1024}};
  lse.stablehlo = kLogsumexpDefinition;
  lse.op = "kiln.logsumexp";  // over the last dimension
  lse.match = last_axis_problem;
  lse.make_problem = [](const Shape& shape, ElementType t) {
    return softmax_problem(shape, t, true);
  };
  lse.flops = [](const Problem& p) {
    return 4.0 * static_cast<double>(p.inputs[0].num_elements());
  };
  lse.plan = [](const Problem& p, const Config& c, const PlanContext& ctx) -> Expected<Plan> {
    KILN_TRY(RowLayout l, logsumexp_layout(p.shape[1], p.dtype, c, ctx));
    KILN_TRY(Launch k, row_launch("logsumexp_rows", p.dtype, l, p.shape[0], p.shape[1]));
    return Plan{{}, {k}};
  };
  return {sm, lse};
}

}  // namespace

KILN_REGISTER_KERNELS(softmax_specs);

}  // namespace kiln::kernels
