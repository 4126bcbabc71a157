// The element-wise binary kernels (elementwise_binary.cu): for each op of one table, `<op>` on
// two inputs of one shape and `<op>_bcast` with numpy broadcasting, both computing in f32.
#include <algorithm>
#include <string>

#include "kernels/cuda/op_match.h"
#include "kernels/cuda/plan.h"
#include "kernels/cuda/plan_helpers.h"
#include "kernels/cuda/registry.h"

namespace kiln::kernels {

namespace {

struct BinaryOp {
  const char* name;
  const char* op;  // the StableHLO op it computes, or a kiln.* pattern
  const char* summary;
  // The body, from %x and %y to %z, all of type $F (the operands in f32).
  const char* body;
  double a_lo = -1, a_hi = 1, b_lo = -1, b_hi = 1;  // input ranges
  double flops = 1;                                 // per element
};

// max and min are named maximum and minimum (as stablehlo and torch.maximum): the names max and
// min are the full reductions' (reduce.cpp).
// Input ranges: pow's base stays positive; div's and remainder's divisor stays in [0.5, 2), away
// from 0 (a range is one interval, so the divisor's sign is not randomised; the kernels do not
// depend on it).
// clang-format off
const BinaryOp kBinaryOps[] = {
  {"add", "stablehlo.add", "a + b", "%z = stablehlo.add %x, %y : $F"},
  {"sub", "stablehlo.subtract", "a - b", "%z = stablehlo.subtract %x, %y : $F"},
  {"mul", "stablehlo.multiply", "a * b", "%z = stablehlo.multiply %x, %y : $F"},
  {"div", "stablehlo.divide", "a / b", "%z = stablehlo.divide %x, %y : $F", -1, 1, 0.5, 2},
  {"maximum", "stablehlo.maximum", "maximum(a, b) (NaN wins, -0 < +0)", "%z = stablehlo.maximum %x, %y : $F"},
  {"minimum", "stablehlo.minimum", "minimum(a, b) (NaN wins, -0 < +0)", "%z = stablehlo.minimum %x, %y : $F"},
  {"pow", "stablehlo.power", "a ^ b", "%z = stablehlo.power %x, %y : $F", 0.5, 2, -2, 2},
  {"atan2", "stablehlo.atan2", "atan2(a, b): the angle of the point (b, a)", "%z = stablehlo.atan2 %x, %y : $F"},
  {"remainder", "stablehlo.remainder", "fmod(a, b): a - b * trunc(a / b), the sign of a",
   "%z = stablehlo.remainder %x, %y : $F", -4, 4, 0.5, 2},
  {"logaddexp", "kiln.logaddexp", "log(e^a + e^b), as max(a, b) + log1p(e^-|a - b|)",
   R"(%m = stablehlo.maximum %x, %y : $F
  %d = stablehlo.subtract %x, %y : $F
  %ad = stablehlo.abs %d : $F
  %n = stablehlo.negate %ad : $F
  %e = stablehlo.exponential %n : $F
  %l = stablehlo.log_plus_one %e : $F
  %z = stablehlo.add %m, %l : $F)", -4, 4, -4, 4, 5},
};
// clang-format on

// cudnnOpTensor covers these (for _bcast only when b alone broadcasts).
bool cudnn_has(std::string_view op) {
  return op == "add" || op == "sub" || op == "mul" || op == "maximum" || op == "minimum";
}

// Both inputs converted to f32, the op's body, the result converted back.
std::string same_shape_definition(const BinaryOp& op) {
  return "func.func @main(%a: {in0}, %b: {in1}) -> {out0} {\n"
         "  %x = stablehlo.convert %a : ({in0}) -> {in0:f32}\n"
         "  %y = stablehlo.convert %b : ({in1}) -> {in1:f32}\n  " +
         replace_all(op.body, "$F", "{in0:f32}") +
         "\n  %r = stablehlo.convert %z : ({in0:f32}) -> {out0}\n"
         "  return %r : {out0}\n}\n";
}

// Each input converted to f32 and broadcast (broadcast_in_dim) to the output's shape, then the
// op's body and the conversion back.
std::string bcast_definition(const BinaryOp& op) {
  return "func.func @main(%a: {in0}, %b: {in1}) -> {out0} {\n"
         "  %af = stablehlo.convert %a : ({in0}) -> {in0:f32}\n"
         "  %bf = stablehlo.convert %b : ({in1}) -> {in1:f32}\n"
         "  %x = stablehlo.broadcast_in_dim %af, dims = [{dims_out0}] : ({in0:f32}) -> "
         "{out0:f32}\n"
         "  %y = stablehlo.broadcast_in_dim %bf, dims = [{dims_out0}] : ({in1:f32}) -> "
         "{out0:f32}\n  " +
         replace_all(op.body, "$F", "{out0:f32}") +
         "\n  %r = stablehlo.convert %z : ({out0:f32}) -> {out0}\n"
         "  return %r : {out0}\n}\n";
}

Problem same_shape_binary_problem(const BinaryOp& op, const Shape& shape, ElementType t) {
  Problem p{shape, t, {}, {}};
  p.inputs = {{t, shape, op.a_lo, op.a_hi}, {t, shape, op.b_lo, op.b_hi}};
  p.outputs = {{t, shape}};
  return p;
}

Expected<Plan> same_shape_plan(const char* op, const Problem& p, const Config& c,
                               const PlanContext&) {
  int64_t n = p.outputs[0].num_elements();
  KILN_TRY(int64_t block, c.get("block"));
  KILN_TRY(int64_t unroll, c.get("unroll"));
  KILN_TRY(std::string fast_math, fast_math_define(p, c));
  int64_t per_block = block * unroll * (16 / static_cast<int64_t>(element_bytes(p.dtype)));
  KILN_TRY(unsigned blocks, grid_dim(ceil_div(n, per_block)));
  KILN_TRY(Launch l, library_launch("elementwise_binary", "binary"));
  l.defines = {dtype_define(p.dtype), define("BINARY_OP", fmt::format("op_{}", op)),
               define("UNROLL", unroll), fast_math};
  l.grid = {blocks, 1, 1};
  l.block = {static_cast<unsigned>(block), 1, 1};
  l.args = {Arg::input(0), Arg::input(1), Arg::output(0), Arg::i64(n)};
  return Plan{{}, {l}};
}

// A broadcast problem's shape [a's r dims, b's r dims] as its two input shapes and the output's,
// or an error saying why it does not broadcast.
Expected<Problem> bcast_problem(const BinaryOp& op, const Shape& shape, ElementType t) {
  if (shape.size() % 2 != 0) {
    return Error::invalid_argument(
        fmt::format("{}_bcast: the shape lists a's r dims then b's r dims (even rank), got {}",
                    op.name, shape_string(shape)));
  }
  size_t r = shape.size() / 2;
  Shape a(shape.begin(), shape.begin() + static_cast<std::ptrdiff_t>(r));
  Shape b(shape.begin() + static_cast<std::ptrdiff_t>(r), shape.end());
  Shape out(r);
  for (size_t i = 0; i < r; ++i) {
    if (a[i] != b[i] && a[i] != 1 && b[i] != 1) {
      return Error::invalid_argument(fmt::format(
          "{}_bcast: dim {} does not broadcast: a has {}, b has {} (each pair must be equal or "
          "one of them 1)",
          op.name, i, a[i], b[i]));
    }
    out[i] = a[i] == 1 ? b[i] : a[i];
  }
  Problem p{shape, t, {}, {}};
  p.inputs = {{t, a, op.a_lo, op.a_hi}, {t, b, op.b_lo, op.b_hi}};
  p.outputs = {{t, out}};
  return p;
}

// The output's dims with size-1 dims dropped and neighbours that both inputs broadcast alike
// merged, and each input's element strides along them (0 where broadcast).
struct BcastLayout {
  std::vector<int64_t> dims, a_strides, b_strides;
  bool a_inner = true, b_inner = true;  // contiguous (not broadcast) along the innermost dim
};

BcastLayout coalesce(const Shape& a, const Shape& b, const Shape& out) {
  struct Dim {
    int64_t size;
    bool a_full, b_full;
  };
  std::vector<Dim> dims;
  for (size_t i = 0; i < out.size(); ++i) {
    if (out[i] == 1) continue;
    Dim d{out[i], a[i] == out[i], b[i] == out[i]};
    if (!dims.empty() && dims.back().a_full == d.a_full && dims.back().b_full == d.b_full) {
      dims.back().size *= d.size;
    } else {
      dims.push_back(d);
    }
  }
  if (dims.empty()) dims.push_back({1, true, true});
  BcastLayout l;
  l.dims.resize(dims.size());
  l.a_strides.resize(dims.size());
  l.b_strides.resize(dims.size());
  int64_t ra = 1, rb = 1;
  for (size_t i = dims.size(); i-- > 0;) {
    l.dims[i] = dims[i].size;
    l.a_strides[i] = dims[i].a_full ? ra : 0;
    l.b_strides[i] = dims[i].b_full ? rb : 0;
    if (dims[i].a_full) ra *= dims[i].size;
    if (dims[i].b_full) rb *= dims[i].size;
  }
  l.a_inner = dims.back().a_full;
  l.b_inner = dims.back().b_full;
  return l;
}

Expected<Plan> bcast_plan(const char* op, const Problem& p, const Config& c, const PlanContext&) {
  int64_t n = p.outputs[0].num_elements();
  KILN_TRY(int64_t block, c.get("block"));
  KILN_TRY(int64_t unroll, c.get("unroll"));
  KILN_TRY(std::string fast_math, fast_math_define(p, c));
  int64_t pack = 16 / static_cast<int64_t>(element_bytes(p.dtype));
  BcastLayout l = coalesce(p.inputs[0].shape, p.inputs[1].shape, p.outputs[0].shape);
  // An empty output: one dim of 0 keeps the source free of divisions by a constant 0.
  if (n == 0) l = {{0}, {1}, {1}, true, true};
  bool vector = l.dims.back() % pack == 0;
  int64_t vec = vector ? pack : 1;
  bool narrow = n < (int64_t{1} << 31);
  KILN_TRY(unsigned blocks, grid_dim(ceil_div(n / vec, block * unroll)));
  KILN_TRY(Launch launch, library_launch("elementwise_binary", "binary_bcast"));
  launch.defines = {dtype_define(p.dtype),
                    define("BINARY_OP", fmt::format("op_{}", op)),
                    define("UNROLL", unroll),
                    fast_math,
                    define("BCAST_DIMS", fmt::format("{}", fmt::join(l.dims, ","))),
                    define("A_STRIDES", fmt::format("{}", fmt::join(l.a_strides, ","))),
                    define("B_STRIDES", fmt::format("{}", fmt::join(l.b_strides, ","))),
                    define("BCAST_INDEX", narrow ? "unsigned" : "i64"),
                    define("BCAST_VECTOR", vector ? 1 : 0),
                    define("A_MODE", l.a_inner ? 1 : 0),
                    define("B_MODE", l.b_inner ? 1 : 0)};
  launch.grid = {blocks, 1, 1};
  launch.block = {static_cast<unsigned>(block), 1, 1};
  launch.args = {Arg::input(0), Arg::input(1), Arg::output(0), narrow ? Arg::i32(n) : Arg::i64(n)};
  return Plan{{}, {launch}};
}

// The declared defaults; the tuning table sets the measured ones (sm_90.json: two packs a thread
// for broadcasts, the special-function unit for pow).
std::vector<Knob> binary_knobs() {
  return {{"block", {128, 256, 512, 1024}, 256, "threads per block"},
          {"unroll", {1, 2, 4}, 1, "16-byte packs (or elements) per thread"},
          {"fast_math",
           {0, 1},
           0,
           "the special-function unit for pow and logaddexp in f16 and bf16 (ops/elementwise.cuh)"}};
}

KernelSpec same_shape_spec(const BinaryOp& op) {
  KernelSpec s;
  s.name = op.name;
  s.group = "elementwise_binary";
  s.summary = fmt::format("{}, inputs a and b of one shape, in f32", op.summary);
  s.impl = "binary_sm90_vec";
  s.dtypes = {ElementKind::kF32, ElementKind::kF16, ElementKind::kBF16};
  s.bench_shapes = {{1 << 28}, {8192, 8192}, {1 << 20}};
  s.check_shapes = {{}, {0}, {1}, {1000}, {3, 1031}, {65536 + 13}};
  s.stablehlo = same_shape_definition(op);
  s.make_problem = [&op](const Shape& shape, ElementType t) -> Expected<Problem> {
    return same_shape_binary_problem(op, shape, t);
  };
  double flops = op.flops;
  s.flops = [flops](const Problem& p) { return flops * p.outputs[0].num_elements(); };
  s.knobs = binary_knobs();
  s.baselines = cudnn_has(op.name) ? std::vector<std::string>{"cudnn", "torch"}
                                   : std::vector<std::string>{"torch"};
  s.op = op.op;
  s.match = [](const KernelSpec& spec, const ir::Operation& o) {
    return elementwise_problem(spec, o, 2);
  };
  const char* name = op.name;
  s.plan = [name](const Problem& p, const Config& c, const PlanContext& ctx) {
    return same_shape_plan(name, p, c, ctx);
  };
  return s;
}

KernelSpec bcast_spec(const BinaryOp& op) {
  KernelSpec s;
  s.name = fmt::format("{}_bcast", op.name);
  s.group = "elementwise_binary";
  s.summary = fmt::format(
      "{}, numpy broadcasting: shape [a's r dims, b's r dims], each pair equal or one of them 1; "
      "output the larger of each pair",
      op.summary);
  s.impl = "binary_bcast_sm90_vec";
  s.dtypes = {ElementKind::kF32, ElementKind::kF16, ElementKind::kBF16};
  s.bench_shapes = {{4096, 4096, 1, 4096},
                    {4096, 4096, 4096, 1},
                    {8, 1, 1024, 1, 512, 1024},
                    {1024, 1024, 1, 1024}};
  // Row and column broadcasts, vectorised and not (1031), an outer product, three dims, scalars,
  // equal shapes through the broadcast path, size-1 output dims, and empty outputs.
  s.check_shapes = {{},
                    {1, 1000},
                    {1000, 1},
                    {33, 1031, 1, 1031},
                    {64, 256, 1, 256},
                    {64, 256, 64, 1},
                    {1, 4096, 16, 1},
                    {8, 1, 32, 1, 16, 32},
                    {3, 5, 7, 3, 5, 7},
                    {2, 1, 1, 1, 3, 1},
                    {0, 7, 1, 7},
                    {5, 1, 1, 0}};
  s.stablehlo = bcast_definition(op);
  s.make_problem = [&op](const Shape& shape, ElementType t) { return bcast_problem(op, shape, t); };
  double flops = op.flops;
  s.flops = [flops](const Problem& p) { return flops * p.outputs[0].num_elements(); };
  s.knobs = binary_knobs();
  s.baselines = cudnn_has(op.name) ? std::vector<std::string>{"cudnn", "torch"}
                                   : std::vector<std::string>{"torch"};
  const char* name = op.name;
  s.plan = [name](const Problem& p, const Config& c, const PlanContext& ctx) {
    return bcast_plan(name, p, c, ctx);
  };
  return s;
}

std::vector<KernelSpec> binary_specs() {
  std::vector<KernelSpec> specs;
  for (const BinaryOp& op : kBinaryOps) {
    specs.push_back(same_shape_spec(op));
    specs.push_back(bcast_spec(op));
  }
  return specs;
}

}  // namespace

KILN_REGISTER_KERNELS(binary_specs);

}  // namespace kiln::kernels
