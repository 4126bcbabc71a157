// The swiglu kernel (swiglu.cu): the gated activation of Llama-style MLPs,
// y = silu(gate) * up = gate * sigmoid(gate) * up, in f32.
#include "kernels/cuda/op_match.h"
#include "kernels/cuda/plan.h"
#include "kernels/cuda/plan_helpers.h"
#include "kernels/cuda/registry.h"

namespace kiln::kernels {

namespace {

constexpr char kSwigluDefinition[] = R"(func.func @main(%gate: {in0}, %up: {in1}) -> {out0} {
  %g = stablehlo.convert %gate : ({in0}) -> {in0:f32}
  %u = stablehlo.convert %up : ({in1}) -> {in1:f32}
  %s = stablehlo.logistic %g : {in0:f32}
  %gs = stablehlo.multiply %g, %s : {in0:f32}
  %y = stablehlo.multiply %gs, %u : {in0:f32}
  %r = stablehlo.convert %y : ({in0:f32}) -> {out0}
  return %r : {out0}
}
)";

Expected<Plan> swiglu_plan(const Problem& p, const Config& c, const PlanContext&) {
  int64_t n = p.outputs[0].num_elements();
  KILN_TRY(int64_t block, c.get("block"));
  KILN_TRY(int64_t unroll, c.get("unroll"));
  int64_t per_block = block * unroll * (16 / static_cast<int64_t>(element_bytes(p.dtype)));
  KILN_TRY(unsigned blocks, grid_dim(ceil_div(n, per_block)));
  KILN_TRY(Launch l, library_launch("swiglu", "swiglu"));
  l.defines = {dtype_define(p.dtype), define("UNROLL", unroll)};
  l.grid = {blocks, 1, 1};
  l.block = {static_cast<unsigned>(block), 1, 1};
  l.args = {Arg::input(0), Arg::input(1), Arg::output(0), Arg::i64(n)};
  return Plan{{}, {l}};
}

std::vector<KernelSpec> swiglu_specs() {
  KernelSpec s;
  s.name = "swiglu";
  s.group = "activation";
  s.summary =
      "y [M, N] = silu(gate) * up = gate * sigmoid(gate) * up, gate and up [M, N] (any shape "
      "works: element-wise)";
  s.impl = "swiglu_sm90_vec";
  s.dtypes = {ElementKind::kF32, ElementKind::kF16, ElementKind::kBF16};
  s.bench_shapes = {{8192, 14336}, {4096, 11008}, {16, 14336}};
  s.check_shapes = {{0, 8}, {1, 1}, {1, 1000}, {3, 1031}, {5, 11008}, {1, 65536 + 13}};
  s.stablehlo = kSwigluDefinition;
  s.make_problem = [](const Shape& shape, ElementType t) -> Expected<Problem> {
    Problem p{shape, t, {}, {}};
    p.inputs = {{t, shape, -6, 6}, {t, shape, -1, 1}};  // gate, up
    p.outputs = {{t, shape}};
    return p;
  };
  // sigmoid (exp, add, divide: 4), two multiplies.
  s.flops = [](const Problem& p) { return 6.0 * static_cast<double>(p.outputs[0].num_elements()); };
  s.knobs = {{"block", {128, 256, 512, 1024}, 256, "threads per block"},
             {"unroll", {1, 2, 4}, 1, "16-byte packs per thread"}};
  s.baselines = {"torch"};
  s.plan = swiglu_plan;
  s.op = "kiln.swiglu";  // (gate, up) -> silu(gate) * up
  // The pass's kiln.swiglu holds the GEMMs that make gate and up (its config names their
  // weights): this kernel is only the element-wise tail, so none of those matches.
  s.match = [](const KernelSpec& spec, const ir::Operation& o) -> std::optional<Problem> {
    if (config_entry(o, "gate_weight") || config_entry(o, "fused_weight")) return std::nullopt;
    return elementwise_problem(spec, o, 2);
  };
  return {s};
}

}  // namespace

KILN_REGISTER_KERNELS(swiglu_specs);

}  // namespace kiln::kernels
