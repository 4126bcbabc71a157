// The arange kernel (arange.cu): y[i] = i, as stablehlo.iota in f32 converted to the dtype.
#include "kernels/cuda/op_match.h"
#include "kernels/cuda/plan.h"
#include "kernels/cuda/plan_helpers.h"
#include "kernels/cuda/registry.h"

namespace kiln::kernels {

namespace {

// i rounds to f32 first (exact below 2^24), then to the dtype, as the kernel does.
constexpr char kArangeDefinition[] = R"(func.func @main() -> {out0} {
  %i = stablehlo.iota dim = 0 : {out0:f32}
  %y = stablehlo.convert %i : ({out0:f32}) -> {out0}
  return %y : {out0}
}
)";

Expected<Plan> arange_plan(const Problem& p, const Config& c, const PlanContext&) {
  int64_t n = p.outputs[0].num_elements();
  KILN_TRY(int64_t block, c.get("block"));
  KILN_TRY(int64_t unroll, c.get("unroll"));
  int64_t per_block = block * unroll * (16 / static_cast<int64_t>(element_bytes(p.dtype)));
  KILN_TRY(unsigned blocks, grid_dim(ceil_div(n, per_block)));
  KILN_TRY(Launch l, library_launch("arange", "arange"));
  l.defines = {dtype_define(p.dtype), define("UNROLL", unroll)};
  l.grid = {blocks, 1, 1};
  l.block = {static_cast<unsigned>(block), 1, 1};
  l.args = {Arg::output(0), Arg::i64(n)};
  return Plan{{}, {l}};
}

std::vector<KernelSpec> arange_specs() {
  KernelSpec s;
  s.name = "arange";
  s.group = "data_movement";
  s.summary = "y[i] = i for a shape [N] (no inputs), i rounded to f32 then to the dtype";
  s.impl = "arange_sm90_vec";
  s.dtypes = {ElementKind::kF32, ElementKind::kF16, ElementKind::kBF16};
  s.bench_shapes = {{1 << 28}, {1 << 24}, {1 << 20}};
  s.check_shapes = {{0}, {1}, {1000}, {1031}, {65536 + 13}};
  s.stablehlo = kArangeDefinition;
  s.make_problem = [](const Shape& shape, ElementType t) -> Expected<Problem> {
    if (shape.size() != 1) {
      return Error::invalid_argument(
          fmt::format("arange: the shape is [N], got {}", shape_string(shape)));
    }
    return Problem{shape, t, {}, {{t, shape}}};
  };
  s.knobs = {{"block", {128, 256, 512, 1024}, 256, "threads per block"},
             {"unroll", {1, 2, 4, 8}, 4, "16-byte packs per thread"}};
  s.baselines = {"torch"};
  s.plan = arange_plan;
  // Indices below 2^24 round exactly to f32, so the kernel's i -> f32 -> dtype is iota's i ->
  // dtype.
  s.op = "stablehlo.iota";
  s.match = [](const KernelSpec& spec, const ir::Operation& o) -> std::optional<Problem> {
    if (o.num_results() != 1) return std::nullopt;
    const ir::Type& out = o.result(0)->type();
    if (out.rank() != 1 || out.dim(0) > (int64_t{1} << 24)) return std::nullopt;
    return fitting_problem(spec, o, out.shape(), out.element());
  };
  return {s};
}

}  // namespace

KILN_REGISTER_KERNELS(arange_specs);

}  // namespace kiln::kernels
