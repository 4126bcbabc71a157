// Layer norm over the last dimension (layer_norm.cu), biased variance, in f32; eps 1e-5 unless
// the problem gives its own (a composite's).
#include <bit>
#include <cmath>
#include <string>

#include "kernels/cuda/op_match.h"
#include "kernels/cuda/plan.h"
#include "kernels/cuda/plan_helpers.h"
#include "kernels/cuda/registry.h"
#include "kernels/cuda/row_layout.h"

namespace kiln::kernels {

namespace {

const char* kLayerNormDefinition =
    R"(func.func @main(%xa: {in0}, %wa: {in1}, %ba: {in2}) -> {out0} {
  %x = stablehlo.convert %xa : ({in0}) -> {in0:f32}
  %w = stablehlo.convert %wa : ({in1}) -> {in1:f32}
  %b = stablehlo.convert %ba : ({in2}) -> {in2:f32}
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %n = stablehlo.constant dense<{D1}.0> : tensor<{D0}xf32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : ({in0:f32}, tensor<f32>) -> tensor<{D0}xf32>
  %mean = stablehlo.divide %s, %n : tensor<{D0}xf32>
  %mb = stablehlo.broadcast_in_dim %mean, dims = [0] : (tensor<{D0}xf32>) -> {in0:f32}
  %d = stablehlo.subtract %x, %mb : {in0:f32}
  %d2 = stablehlo.multiply %d, %d : {in0:f32}
  %ss = stablehlo.reduce(%d2 init: %zero) applies stablehlo.add across dimensions = [1] : ({in0:f32}, tensor<f32>) -> tensor<{D0}xf32>
  %var = stablehlo.divide %ss, %n : tensor<{D0}xf32>
  %eps = stablehlo.constant dense<{EPS}> : tensor<{D0}xf32>
  %ve = stablehlo.add %var, %eps : tensor<{D0}xf32>
  %rstd = stablehlo.rsqrt %ve : tensor<{D0}xf32>
  %rb = stablehlo.broadcast_in_dim %rstd, dims = [0] : (tensor<{D0}xf32>) -> {in0:f32}
  %wb = stablehlo.broadcast_in_dim %w, dims = [1] : ({in1:f32}) -> {in0:f32}
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : ({in2:f32}) -> {in0:f32}
  %xn = stablehlo.multiply %d, %rb : {in0:f32}
  %xw = stablehlo.multiply %xn, %wb : {in0:f32}
  %y = stablehlo.add %xw, %bb : {in0:f32}
  %r = stablehlo.convert %y : ({in0:f32}) -> {out0}
  return %r : {out0}
}
)";

// x from [0, 2) so that rows have a mean well away from 0 (the variance is centred).
Expected<Problem> layer_norm_problem(const Shape& shape, ElementType t) {
  if (shape.size() != 2)
    return Error::invalid_argument("layer_norm: the shape must be [rows, columns]");
  if (shape[1] > 2147483647)
    return Error::invalid_argument("layer_norm: rows longer than 2^31 - 1");
  Problem p{shape, t, {}, {}};
  p.inputs.push_back({t, shape, 0, 2});
  p.inputs.push_back({t, {shape[1]}, 0.5, 1.5});
  p.inputs.push_back({t, {shape[1]}, -1, 1});
  p.outputs.push_back({t, shape});
  p.epsilon = 1e-5;
  return p;
}

Expected<Plan> layer_norm_plan(const Problem& p, const Config& c, const PlanContext& ctx) {
  const int64_t R = p.shape[0], C = p.shape[1];
  KILN_TRY(RowLayout l, row_layout(C, p.dtype, c, ctx.tuned.get_or("row_packs_per_thread", 2)));
  KILN_TRY(Launch k, library_launch("layer_norm", "layer_norm_rows"));
  k.defines = {dtype_define(p.dtype), define("BLOCK_THREADS", l.block),
               define("ROW_THREADS", l.threads), define("ITEMS", l.items),
               define("ROW_FITS", l.fits ? 1 : 0)};
  KILN_TRY(k.grid[0], grid_dim(ceil_div(R, l.block / l.threads)));
  k.block = {static_cast<unsigned>(l.block), 1, 1};
  k.args = {Arg::input(0),  Arg::input(1),
            Arg::input(2),  Arg::output(0),
            Arg::i64(R),    Arg::i32(C),
            Arg::f32(p.epsilon.value_or(1e-5)), Arg::f32(C > 0 ? 1.0 / static_cast<double>(C) : 0.0)};
  return Plan{{}, {k}};
}

std::vector<KernelSpec> layer_norm_specs() {
  KernelSpec s;
  s.name = "layer_norm";
  s.group = "norm";
  s.summary =
      "x[R, C], w[C], b[C] -> (x - mean) * rsqrt(var + 1e-5) * w + b over the last dim (biased "
      "variance)";
  s.impl = "layer_norm_sm90_row_registers";
  s.dtypes = {ElementKind::kF32, ElementKind::kF16, ElementKind::kBF16};
  s.bench_shapes = {{4096, 4096}, {16384, 8192}, {32768, 1024}};
  // Empty rows and no rows; rows not a multiple of a pack (element-wise path); lanes of a warp;
  // a block per row; rows past register capacity (f32 at 32768, both at 65552: two reads).
  s.check_shapes = {{0, 5},     {5, 0},     {1, 1},    {7, 3},     {300, 33}, {200, 64},
                    {64, 1000}, {13, 1031}, {4, 4096}, {2, 32768}, {1, 65552}};
  s.stablehlo = kLayerNormDefinition;
  s.make_problem = layer_norm_problem;
  s.flops = [](const Problem& p) { return 7.0 * static_cast<double>(p.inputs[0].num_elements()); };
  // Sums of up to n = 65552 terms in another order than the reference's: relative error of the
  // statistics a few times 2^-24 sqrt(n); sqrt(n) * 2^-23 (~ 10 standard deviations) on top.
  s.tolerance.f32.rtol += std::sqrt(65552.0) * std::ldexp(1.0, -23);
  s.tolerance.f32.atol += std::sqrt(65552.0) * std::ldexp(1.0, -23);
  s.knobs = {{"row_threads",
              {0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024},
              0,
              "threads per row (<= 32: lanes of a warp); 0: by shape"},
             {"items", {0, 1, 2, 4, 8}, 0, "16-byte packs per thread at a time; 0: by shape"},
             {"block", {64, 128, 256, 512}, 256, "threads per block when rows take lanes"}};
  s.baselines = {"cudnn", "torch"};
  s.plan = layer_norm_plan;
  s.op = "kiln.layer_norm";  // (x, weight, bias) over the last dimension
  // The composite of x, scale and bias in this order (the region's argument 1 scales and 2
  // shifts), over the last axis, with its config's epsilon (the kernel takes it as an f32
  // argument), without the residual sum as a second result; its variance may be centered or
  // E[x^2] - E[x]^2 (the kernel's is centered: the same function, rounded better).
  s.match = [](const KernelSpec& spec, const ir::Operation& o) -> std::optional<Problem> {
    std::optional<double> eps = config_epsilon(o);
    if (!eps || !config_over_last_axis(o) || config_bool(o, "scale") != true ||
        config_bool(o, "bias") != true || config_bool(o, "residual") == true ||
        !vector_reaches(o, 1, "stablehlo.multiply") || !vector_reaches(o, 2, "stablehlo.add")) {
      return std::nullopt;
    }
    std::optional<Problem> p = row_problem(spec, o);
    if (p) p->epsilon = eps;
    return p;
  };
  return {s};
}

}  // namespace

KILN_REGISTER_KERNELS(layer_norm_specs);

}  // namespace kiln::kernels
