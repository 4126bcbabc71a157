// The select kernel (select.cu): out = pred ? on_true : on_false element by element
// (stablehlo.select), with a one-byte predicate.
#include "kernels/cuda/op_match.h"
#include "kernels/cuda/plan.h"
#include "kernels/cuda/plan_helpers.h"
#include "kernels/cuda/registry.h"

namespace kiln::kernels {

namespace {

// The values need no conversion: select moves them unchanged.
constexpr char kSelectDefinition[] = R"(func.func @main(%p: {in0}, %t: {in1}, %f: {in2}) -> {out0} {
  %r = stablehlo.select %p, %t, %f : {in0}, {in1}
  return %r : {out0}
}
)";

Problem select_problem(const Shape& shape, ElementType t) {
  Problem p{shape, t, {}, {}};
  p.inputs = {{ElementKind::kI1, shape}, {t, shape}, {t, shape}};
  p.outputs = {{t, shape}};
  return p;
}

Expected<Plan> select_plan(const Problem& p, const Config& c, const PlanContext&) {
  int64_t n = p.outputs[0].num_elements();
  KILN_TRY(int64_t block, c.get("block"));
  KILN_TRY(int64_t unroll, c.get("unroll"));
  int64_t per_block = block * unroll * (16 / static_cast<int64_t>(element_bytes(p.dtype)));
  KILN_TRY(unsigned blocks, grid_dim(ceil_div(n, per_block)));
  KILN_TRY(Launch l, library_launch("select", "select_elements"));
  l.defines = {dtype_define(p.dtype), define("UNROLL", unroll)};
  l.grid = {blocks, 1, 1};
  l.block = {static_cast<unsigned>(block), 1, 1};
  l.args = {Arg::input(0), Arg::input(1), Arg::input(2), Arg::output(0), Arg::i64(n)};
  return Plan{{}, {l}};
}

std::vector<KernelSpec> select_specs() {
  KernelSpec s;
  s.name = "select";
  s.group = "select";
  s.summary = "pred ? on_true : on_false element-wise; pred is one byte (0 or 1), all of one shape";
  s.impl = "select_sm90_vec";
  s.dtypes = {ElementKind::kF32, ElementKind::kF16, ElementKind::kBF16};
  s.bench_shapes = {{1 << 28}, {8192, 8192}, {1 << 20}};
  s.check_shapes = {{}, {0}, {1}, {1000}, {3, 1031}, {65536 + 13}};
  s.stablehlo = kSelectDefinition;
  s.make_problem = [](const Shape& shape, ElementType t) -> Expected<Problem> {
    return select_problem(shape, t);
  };
  s.knobs = {{"block", {128, 256, 512, 1024}, 256, "threads per block"},
             {"unroll", {1, 2, 4}, 1, "16-byte packs of output per thread"}};
  s.baselines = {"torch"};
  s.plan = select_plan;
  s.op = "stablehlo.select";
  // A predicate of the values' shape (a scalar predicate selects whole tensors).
  s.match = [](const KernelSpec& spec, const ir::Operation& o) -> std::optional<Problem> {
    if (o.num_operands() != 3 || o.num_results() != 1) return std::nullopt;
    const ir::Type& out = o.result(0)->type();
    if (o.operand(0)->type().shape() != out.shape()) return std::nullopt;
    return fitting_problem(spec, o, out.shape(), out.element());
  };
  return {s};
}

}  // namespace

KILN_REGISTER_KERNELS(select_specs);

}  // namespace kiln::kernels
