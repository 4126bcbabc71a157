// RMS norms over the last dimension (rms_norm.cu), in f32 (eps 1e-6 unless the problem gives its own): rms_norm,
// rms_norm_residual (vLLM's fused_add_rms_norm) and rms_norm_gated (Mamba-2's gated norm).
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

struct NormOp {
  const char* name;
  const char* summary;
  int variant;   // NORM_VARIANT in rms_norm.cu
  double flops;  // per element
};

const NormOp kNormOps[] = {
    {"rms_norm", "x[R, C], w[C] -> x * rsqrt(mean(x^2) + 1e-6) * w over the last dim", 0, 4},
    {"rms_norm_residual",
     "x, residual [R, C], w[C] -> (rms_norm(s) * w, s), s = x + residual rounded to the dtype "
     "(vLLM fused_add_rms_norm, eps 1e-6)",
     1, 5},
    {"rms_norm_gated",
     "x, z [R, C], w[C] -> rms_norm(x * silu(z)) * w (Mamba-2 gated, norm_before_gate=False, "
     "eps 1e-6)",
     2, 9},
};

// The norm of %g (f32, [R, C]) times the weight %w (f32, [C]), as %y.
const char* kNormBody = R"(  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %sq = stablehlo.multiply %g, %g : {in0:f32}
  %ss = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : ({in0:f32}, tensor<f32>) -> tensor<{D0}xf32>
  %n = stablehlo.constant dense<{D1}.0> : tensor<{D0}xf32>
  %ms = stablehlo.divide %ss, %n : tensor<{D0}xf32>
  %eps = stablehlo.constant dense<{EPS}> : tensor<{D0}xf32>
  %v = stablehlo.add %ms, %eps : tensor<{D0}xf32>
  %rstd = stablehlo.rsqrt %v : tensor<{D0}xf32>
  %rb = stablehlo.broadcast_in_dim %rstd, dims = [0] : (tensor<{D0}xf32>) -> {in0:f32}
  %wb = stablehlo.broadcast_in_dim %w, dims = [1] : (tensor<{D1}xf32>) -> {in0:f32}
  %gn = stablehlo.multiply %g, %rb : {in0:f32}
  %y = stablehlo.multiply %gn, %wb : {in0:f32}
  %out = stablehlo.convert %y : ({in0:f32}) -> {out0}
)";

// g per variant: x; x + residual rounded to the dtype (returned as the second result, and the
// norm computed from it, as vLLM does); x * silu(z) = x * z * logistic(z), in f32.
std::string norm_definition(int variant) {
  std::string text;
  if (variant == 0) {
    text =
        "func.func @main(%xa: {in0}, %wa: {in1}) -> {out0} {\n"
        "  %w = stablehlo.convert %wa : ({in1}) -> tensor<{D1}xf32>\n"
        "  %g = stablehlo.convert %xa : ({in0}) -> {in0:f32}\n";
  } else if (variant == 1) {
    text =
        "func.func @main(%xa: {in0}, %ra: {in1}, %wa: {in2}) -> ({out0}, {out1}) {\n"
        "  %w = stablehlo.convert %wa : ({in2}) -> tensor<{D1}xf32>\n"
        "  %x = stablehlo.convert %xa : ({in0}) -> {in0:f32}\n"
        "  %r = stablehlo.convert %ra : ({in1}) -> {in0:f32}\n"
        "  %s = stablehlo.add %x, %r : {in0:f32}\n"
        "  %st = stablehlo.convert %s : ({in0:f32}) -> {out1}\n"
        "  %g = stablehlo.convert %st : ({out1}) -> {in0:f32}\n";
  } else {
    text =
        "func.func @main(%xa: {in0}, %za: {in1}, %wa: {in2}) -> {out0} {\n"
        "  %w = stablehlo.convert %wa : ({in2}) -> tensor<{D1}xf32>\n"
        "  %x = stablehlo.convert %xa : ({in0}) -> {in0:f32}\n"
        "  %z = stablehlo.convert %za : ({in1}) -> {in0:f32}\n"
        "  %sig = stablehlo.logistic %z : {in0:f32}\n"
        "  %sz = stablehlo.multiply %z, %sig : {in0:f32}\n"
        "  %g = stablehlo.multiply %x, %sz : {in0:f32}\n";
  }
  text += kNormBody;
  text += variant == 1 ? "  return %out, %st : {out0}, {out1}\n}\n" : "  return %out : {out0}\n}\n";
  return text;
}

Expected<Problem> norm_problem(const Shape& shape, ElementType t, int variant) {
  if (shape.size() != 2)
    return Error::invalid_argument("rms_norm: the shape must be [rows, columns]");
  if (shape[1] > 2147483647) return Error::invalid_argument("rms_norm: rows longer than 2^31 - 1");
  Problem p{shape, t, {}, {}};
  p.inputs.push_back({t, shape, -1, 1});
  if (variant == 1) p.inputs.push_back({t, shape, -1, 1});
  if (variant == 2) p.inputs.push_back({t, shape, -3, 3});
  p.inputs.push_back({t, {shape[1]}, 0.5, 1.5});
  p.outputs.push_back({t, shape});
  if (variant == 1) p.outputs.push_back({t, shape});
  p.epsilon = 1e-6;
  return p;
}

Expected<Plan> norm_plan(int variant, const Problem& p, const Config& c, const PlanContext& ctx) {
  const int64_t R = p.shape[0], C = p.shape[1];
  KILN_TRY(RowLayout l, row_layout(C, p.dtype, c, ctx.tuned.get_or("row_packs_per_thread", 2)));
  KILN_TRY(Launch k, library_launch("rms_norm", "rms_norm_rows"));
  k.defines = {dtype_define(p.dtype),
               define("NORM_VARIANT", variant),
               define("BLOCK_THREADS", l.block),
               define("ROW_THREADS", l.threads),
               define("ITEMS", l.items),
               define("ROW_FITS", l.fits ? 1 : 0)};
  KILN_TRY(k.grid[0], grid_dim(ceil_div(R, l.block / l.threads)));
  k.block = {static_cast<unsigned>(l.block), 1, 1};
  const int64_t aux = variant == 0 ? 0 : 1, weight = variant == 0 ? 1 : 2;
  k.args = {Arg::input(0),
            Arg::input(aux),
            Arg::input(weight),
            Arg::output(0),
            Arg::output(variant == 1 ? 1 : 0),
            Arg::i64(R),
            Arg::i32(C),
            Arg::f32(p.epsilon.value_or(1e-6)),
            Arg::f32(C > 0 ? 1.0 / static_cast<double>(C) : 0.0)};
  return Plan{{}, {k}};
}

// Empty rows and no rows; rows not a multiple of a pack (element-wise path); lanes of a warp;
// a block per row; rows past register capacity (f32 at 32768, both at 65552: two reads).
const std::vector<Shape> kNormCheckShapes = {{0, 5},    {5, 0},     {1, 1},     {7, 3},
                                             {300, 33}, {200, 64},  {64, 1000}, {13, 1031},
                                             {4, 4096}, {2, 32768}, {1, 65552}};

// The sum of squares of up to n = C positive terms, in another order than the reference's:
// relative error a few times 2^-24 sqrt(n); rstd has half of it. sqrt(n) * 2^-23 (~10
// standard deviations) on top of the default, n the longest check row.
Tolerances norm_tolerance() {
  int64_t n = 0;
  for (const Shape& s : kNormCheckShapes) n = std::max(n, s[1]);
  Tolerances t;
  t.f32.rtol += std::sqrt(static_cast<double>(n)) * std::ldexp(1.0, -23);
  return t;
}

std::vector<KernelSpec> norm_specs() {
  std::vector<KernelSpec> specs;
  for (const NormOp& op : kNormOps) {
    KernelSpec s;
    s.name = op.name;
    s.group = "norm";
    s.summary = op.summary;
    s.impl = "rms_norm_sm90_row_registers";
    s.dtypes = {ElementKind::kF32, ElementKind::kF16, ElementKind::kBF16};
    s.bench_shapes = {{4096, 4096}, {16384, 8192}, {32768, 1024}};
    s.check_shapes = kNormCheckShapes;
    s.stablehlo = norm_definition(op.variant);
    const int variant = op.variant;
    s.make_problem = [variant](const Shape& shape, ElementType t) {
      return norm_problem(shape, t, variant);
    };
    const double flops = op.flops;
    s.flops = [flops](const Problem& p) {
      return flops * static_cast<double>(p.inputs[0].num_elements());
    };
    s.tolerance = norm_tolerance();
    s.knobs = {{"row_threads",
                {0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024},
                0,
                "threads per row (<= 32: lanes of a warp); 0: by shape"},
               {"items", {0, 1, 2, 4, 8}, 0, "16-byte packs per thread at a time; 0: by shape"},
               {"block", {64, 128, 256, 512}, 256, "threads per block when rows take lanes"}};
    s.baselines = {"torch"};
    s.op = fmt::format("kiln.{}", op.name);  // over the last dimension
    // kiln.rms_norm: x and its scale in this order (the region's argument 1 scales), over the
    // last axis, with its config's epsilon (an f32 argument of the kernel), without the
    // residual sum as a second result. The other variants' names are no composite of the
    // passes: their ops are taken as written, eps 1e-6.
    s.match = [variant](const KernelSpec& spec, const ir::Operation& o) -> std::optional<Problem> {
      if (variant != 0) {
        if (!epsilon_is(o, 1e-6)) return std::nullopt;
        return row_problem(spec, o);
      }
      std::optional<double> eps = config_epsilon(o);
      if (!eps || !config_over_last_axis(o) || config_bool(o, "scale") != true ||
          config_bool(o, "residual") == true || !vector_reaches(o, 1, "stablehlo.multiply")) {
        return std::nullopt;
      }
      std::optional<Problem> p = row_problem(spec, o);
      if (p) p->epsilon = eps;
      return p;
    };
    s.plan = [variant](const Problem& p, const Config& c, const PlanContext& ctx) {
      return norm_plan(variant, p, c, ctx);
    };
    specs.push_back(std::move(s));
  }
  return specs;
}

}  // namespace

KILN_REGISTER_KERNELS(norm_specs);

}  // namespace kiln::kernels
