// The select kernel (select.cu): out = pred ? on_true : on_false element by element
// (stablehlo.select), with a one-byte predicate.
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

Problem select_problem(const Shape& shape, DType t) {
  Problem p{shape, t, {}, {}};
  p.inputs = {{DType::kPred, shape}, {t, shape}, {t, shape}};
  p.outputs = {{t, shape}};
  return p;
}

Expected<Plan> select_plan(const Problem& p, const Config& c) {
  int64_t n = p.outputs[0].num_elements();
  int64_t block = c.at("block"), unroll = c.at("unroll");
  int64_t per_block = block * unroll * (16 / static_cast<int64_t>(dtype_bytes(p.dtype)));
  KILN_TRY(unsigned blocks, grid_dim(ceil_div(n, per_block)));
  Launch l;
  l.source = "select";
  l.function = "select_elements";
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
  s.dtypes = {DType::kF32, DType::kF16, DType::kBF16};
  s.bench_shapes = {{1 << 28}, {8192, 8192}, {1 << 20}};
  s.check_shapes = {{}, {0}, {1}, {1000}, {3, 1031}, {65536 + 13}};
  s.stablehlo = kSelectDefinition;
  s.make_problem = [](const Shape& shape, DType t) -> Expected<Problem> {
    return select_problem(shape, t);
  };
  s.knobs = {{"block", {128, 256, 512, 1024}, 256, "threads per block"},
             {"unroll", {1, 2, 4}, 1, "16-byte packs of output per thread"}};
  s.baselines = {"torch"};
  s.plan = select_plan;
  return {s};
}

}  // namespace

KILN_REGISTER_KERNELS(select_specs);

}  // namespace kiln::kernels
