// The element-wise unary kernels (elementwise_unary.cu): one spec per op, from one table that
// gives each op's CUDA function, its StableHLO meaning, its input range and its FLOPs.
#include <set>
#include <string>
#include <string_view>

#include "kernels/cuda/op_match.h"
#include "kernels/cuda/plan.h"
#include "kernels/cuda/plan_helpers.h"
#include "kernels/cuda/registry.h"

namespace kiln::kernels {

namespace {

struct UnaryOp {
  const char* name;
  // The StableHLO (or chlo) op it computes; the rest are kiln.* patterns named for the kernel.
  const char* op;
  const char* summary;
  // The body, from %x to %y, both of type $F (the tensor in f32).
  const char* body;
  double lo = -1, hi = 1;  // input range
  double flops = 1;        // per element
};

// clang-format off
const UnaryOp kUnaryOps[] = {
  {"exp", "stablehlo.exponential", "e^x", "%y = stablehlo.exponential %x : $F"},
  {"exp2", "", "2^x", R"(%l = stablehlo.constant dense<0.69314718055994529> : $F
  %m = stablehlo.multiply %x, %l : $F
  %y = stablehlo.exponential %m : $F)"},
  {"expm1", "stablehlo.exponential_minus_one", "e^x - 1", "%y = stablehlo.exponential_minus_one %x : $F"},
  {"log", "stablehlo.log", "natural logarithm", "%y = stablehlo.log %x : $F", 0.01, 4},
  {"log2", "", "base-2 logarithm", R"(%l = stablehlo.log %x : $F
  %c = stablehlo.constant dense<0.69314718055994529> : $F
  %y = stablehlo.divide %l, %c : $F)", 0.01, 4},
  {"log10", "", "base-10 logarithm", R"(%l = stablehlo.log %x : $F
  %c = stablehlo.constant dense<2.3025850929940459> : $F
  %y = stablehlo.divide %l, %c : $F)", 0.01, 4},
  {"log1p", "stablehlo.log_plus_one", "log(1 + x)", "%y = stablehlo.log_plus_one %x : $F", -0.9, 4},
  {"sqrt", "stablehlo.sqrt", "square root", "%y = stablehlo.sqrt %x : $F", 0.01, 4},
  {"rsqrt", "stablehlo.rsqrt", "1 / sqrt(x)", "%y = stablehlo.rsqrt %x : $F", 0.01, 4},
  {"cbrt", "stablehlo.cbrt", "cube root", "%y = stablehlo.cbrt %x : $F", -4, 4},
  {"abs", "stablehlo.abs", "|x|", "%y = stablehlo.abs %x : $F"},
  {"neg", "stablehlo.negate", "-x", "%y = stablehlo.negate %x : $F"},
  {"sign", "stablehlo.sign", "-1, 0 or 1 (signed zero and NaN kept)", "%y = stablehlo.sign %x : $F"},
  {"square", "chlo.square", "x * x", "%y = stablehlo.multiply %x, %x : $F"},
  {"reciprocal", "", "1 / x", R"(%c = stablehlo.constant dense<1.0> : $F
  %y = stablehlo.divide %c, %x : $F)"},
  {"sin", "stablehlo.sine", "sine", "%y = stablehlo.sine %x : $F", -4, 4},
  {"cos", "stablehlo.cosine", "cosine", "%y = stablehlo.cosine %x : $F", -4, 4},
  {"tan", "stablehlo.tan", "tangent", "%y = stablehlo.tan %x : $F", -1.4, 1.4},
  {"asin", "chlo.asin", "arcsine", "%y = chlo.asin %x : $F -> $F"},
  {"acos", "chlo.acos", "arccosine", "%y = chlo.acos %x : $F -> $F"},
  {"atan", "chlo.atan", "arctangent", "%y = chlo.atan %x : $F -> $F", -4, 4},
  {"sinh", "chlo.sinh", "hyperbolic sine", "%y = chlo.sinh %x : $F -> $F", -4, 4},
  {"cosh", "chlo.cosh", "hyperbolic cosine", "%y = chlo.cosh %x : $F -> $F", -4, 4},
  {"tanh", "stablehlo.tanh", "hyperbolic tangent", "%y = stablehlo.tanh %x : $F", -4, 4},
  {"asinh", "chlo.asinh", "inverse hyperbolic sine", "%y = chlo.asinh %x : $F -> $F", -4, 4},
  {"acosh", "chlo.acosh", "inverse hyperbolic cosine", "%y = chlo.acosh %x : $F -> $F", 1.01, 4},
  {"atanh", "chlo.atanh", "inverse hyperbolic tangent", "%y = chlo.atanh %x : $F -> $F", -0.99, 0.99},
  {"sigmoid", "stablehlo.logistic", "1 / (1 + e^-x)", "%y = stablehlo.logistic %x : $F", -6, 6, 4},
  {"log_sigmoid", "", "log(sigmoid(x))", R"(%z = stablehlo.constant dense<0.0> : $F
  %m = stablehlo.minimum %x, %z : $F
  %a = stablehlo.abs %x : $F
  %n = stablehlo.negate %a : $F
  %e = stablehlo.exponential %n : $F
  %l = stablehlo.log_plus_one %e : $F
  %y = stablehlo.subtract %m, %l : $F)", -6, 6, 5},
  {"silu", "", "x * sigmoid(x)", R"(%s = stablehlo.logistic %x : $F
  %y = stablehlo.multiply %x, %s : $F)", -6, 6, 5},
  {"gelu_tanh", "", "GELU, tanh approximation", R"(%c = stablehlo.constant dense<0.79788456080286541> : $F
  %k = stablehlo.constant dense<0.044715> : $F
  %h = stablehlo.constant dense<0.5> : $F
  %one = stablehlo.constant dense<1.0> : $F
  %x2 = stablehlo.multiply %x, %x : $F
  %x3 = stablehlo.multiply %x2, %x : $F
  %kx3 = stablehlo.multiply %k, %x3 : $F
  %in = stablehlo.add %x, %kx3 : $F
  %u = stablehlo.multiply %c, %in : $F
  %t = stablehlo.tanh %u : $F
  %p = stablehlo.add %one, %t : $F
  %hx = stablehlo.multiply %h, %x : $F
  %y = stablehlo.multiply %hx, %p : $F)", -4, 4, 9},
  {"gelu_erf", "", "GELU, exact (erf)", R"(%c = stablehlo.constant dense<0.70710678118654752> : $F
  %h = stablehlo.constant dense<0.5> : $F
  %one = stablehlo.constant dense<1.0> : $F
  %s = stablehlo.multiply %x, %c : $F
  %e = chlo.erf %s : $F -> $F
  %p = stablehlo.add %one, %e : $F
  %hx = stablehlo.multiply %h, %x : $F
  %y = stablehlo.multiply %hx, %p : $F)", -4, 4, 6},
  {"relu", "", "max(x, 0)", R"(%z = stablehlo.constant dense<0.0> : $F
  %y = stablehlo.maximum %x, %z : $F)"},
  {"relu6", "", "min(max(x, 0), 6)", R"(%z = stablehlo.constant dense<0.0> : $F
  %s = stablehlo.constant dense<6.0> : $F
  %y = stablehlo.clamp %z, %x, %s : $F)", -8, 8, 2},
  {"leaky_relu", "", "x if x >= 0 else 0.01 x", R"(%z = stablehlo.constant dense<0.0> : $F
  %a = stablehlo.constant dense<0.01> : $F
  %ax = stablehlo.multiply %a, %x : $F
  %p = stablehlo.compare GE, %x, %z : ($F, $F) -> $P
  %y = stablehlo.select %p, %x, %ax : $P, $F)", -1, 1, 2},
  {"elu", "", "x if x > 0 else e^x - 1", R"(%z = stablehlo.constant dense<0.0> : $F
  %e = stablehlo.exponential_minus_one %x : $F
  %p = stablehlo.compare GT, %x, %z : ($F, $F) -> $P
  %y = stablehlo.select %p, %x, %e : $P, $F)", -4, 4, 2},
  {"selu", "", "scaled ELU", R"(%z = stablehlo.constant dense<0.0> : $F
  %alpha = stablehlo.constant dense<1.6732632423543772> : $F
  %scale = stablehlo.constant dense<1.0507009873554805> : $F
  %e = stablehlo.exponential_minus_one %x : $F
  %ae = stablehlo.multiply %alpha, %e : $F
  %p = stablehlo.compare GT, %x, %z : ($F, $F) -> $P
  %s = stablehlo.select %p, %x, %ae : $P, $F
  %y = stablehlo.multiply %scale, %s : $F)", -4, 4, 3},
  {"softplus", "", "log(1 + e^x)", R"(%z = stablehlo.constant dense<0.0> : $F
  %m = stablehlo.maximum %x, %z : $F
  %a = stablehlo.abs %x : $F
  %n = stablehlo.negate %a : $F
  %e = stablehlo.exponential %n : $F
  %l = stablehlo.log_plus_one %e : $F
  %y = stablehlo.add %m, %l : $F)", -6, 6, 5},
  {"mish", "", "x * tanh(softplus(x))", R"(%z = stablehlo.constant dense<0.0> : $F
  %m = stablehlo.maximum %x, %z : $F
  %a = stablehlo.abs %x : $F
  %n = stablehlo.negate %a : $F
  %e = stablehlo.exponential %n : $F
  %l = stablehlo.log_plus_one %e : $F
  %sp = stablehlo.add %m, %l : $F
  %t = stablehlo.tanh %sp : $F
  %y = stablehlo.multiply %x, %t : $F)", -6, 6, 7},
  {"hardsigmoid", "", "clamp(x / 6 + 1/2, 0, 1)", R"(%z = stablehlo.constant dense<0.0> : $F
  %one = stablehlo.constant dense<1.0> : $F
  %six = stablehlo.constant dense<6.0> : $F
  %h = stablehlo.constant dense<0.5> : $F
  %d = stablehlo.divide %x, %six : $F
  %s = stablehlo.add %d, %h : $F
  %y = stablehlo.clamp %z, %s, %one : $F)", -8, 8, 3},
  {"hardswish", "", "x * hardsigmoid(x)", R"(%z = stablehlo.constant dense<0.0> : $F
  %one = stablehlo.constant dense<1.0> : $F
  %six = stablehlo.constant dense<6.0> : $F
  %h = stablehlo.constant dense<0.5> : $F
  %d = stablehlo.divide %x, %six : $F
  %s = stablehlo.add %d, %h : $F
  %c = stablehlo.clamp %z, %s, %one : $F
  %y = stablehlo.multiply %x, %c : $F)", -8, 8, 4},
  {"erf", "chlo.erf", "error function", "%y = chlo.erf %x : $F -> $F", -3, 3},
  {"erfc", "chlo.erfc", "1 - erf(x)", "%y = chlo.erfc %x : $F -> $F", -3, 3},
  {"erfinv", "chlo.erf_inv", "inverse error function", "%y = chlo.erf_inv %x : $F -> $F", -0.99, 0.99},
  {"floor", "stablehlo.floor", "round down", "%y = stablehlo.floor %x : $F", -8, 8},
  {"ceil", "stablehlo.ceil", "round up", "%y = stablehlo.ceil %x : $F", -8, 8},
  {"round", "stablehlo.round_nearest_even", "round half to even", "%y = stablehlo.round_nearest_even %x : $F", -8, 8},
  {"trunc", "", "round toward zero", R"(%z = stablehlo.constant dense<0.0> : $F
  %f = stablehlo.floor %x : $F
  %c = stablehlo.ceil %x : $F
  %p = stablehlo.compare LT, %x, %z : ($F, $F) -> $P
  %y = stablehlo.select %p, %c, %f : $P, $F)", -8, 8},
};
// clang-format on

// The op's body between a convert to f32 and a convert back.
std::string unary_definition(const UnaryOp& op) {
  std::string body = replace_all(replace_all(op.body, "$F", "{in0:f32}"), "$P", "{in0:i1}");
  return "func.func @main(%arg: {in0}) -> {out0} {\n"
         "  %x = stablehlo.convert %arg : ({in0}) -> {in0:f32}\n  " +
         body +
         "\n  %r = stablehlo.convert %y : ({in0:f32}) -> {out0}\n"
         "  return %r : {out0}\n}\n";
}

// The unroll knob's 0 takes the tuning table's "auto_unroll" for the op and dtype (sm_90.json:
// more packs where the arithmetic outweighs the memory traffic), else one 16-byte pack.
Expected<Plan> unary_plan(const char* op, const Problem& p, const Config& c,
                          const PlanContext& ctx) {
  int64_t n = p.outputs[0].num_elements();
  KILN_TRY(int64_t block, c.get("block"));
  KILN_TRY(int64_t unroll, c.get("unroll"));
  KILN_TRY(int64_t streaming, c.get("streaming"));
  KILN_TRY(std::string fast_math, fast_math_define(p, c));
  if (unroll == 0) unroll = ctx.tuned.get_or("auto_unroll", 1);
  int64_t per_block = block * unroll * (16 / static_cast<int64_t>(element_bytes(p.dtype)));
  KILN_TRY(unsigned blocks, grid_dim(ceil_div(n, per_block)));
  KILN_TRY(Launch l, library_launch("elementwise_unary", "unary"));
  l.defines = {dtype_define(p.dtype), define("UNARY_OP", fmt::format("op_{}", op)),
               define("UNROLL", unroll), define("STREAMING", streaming), fast_math};
  l.grid = {blocks, 1, 1};
  l.block = {static_cast<unsigned>(block), 1, 1};
  l.args = {Arg::input(0), Arg::output(0), Arg::i64(n)};
  return Plan{{}, {l}};
}

std::vector<KernelSpec> unary_specs() {
  std::vector<KernelSpec> specs;
  for (const UnaryOp& op : kUnaryOps) {
    KernelSpec s;
    s.name = op.name;
    s.group = "elementwise_unary";
    s.summary = op.summary;
    s.impl = "unary_sm90_vec";
    s.dtypes = {ElementKind::kF32, ElementKind::kF16, ElementKind::kBF16};
    s.bench_shapes = {{1 << 28}, {8192, 8192}, {1 << 20}};
    s.check_shapes = {{}, {0}, {1}, {1000}, {3, 1031}, {65536 + 13}};
    s.stablehlo = unary_definition(op);
    double lo = op.lo, hi = op.hi;
    s.make_problem = [lo, hi](const Shape& shape, ElementType t) -> Expected<Problem> {
      return same_shape_problem(shape, t, 1, lo, hi);
    };
    double flops = op.flops;
    s.flops = [flops](const Problem& p) { return flops * p.outputs[0].num_elements(); };
    s.knobs = {{"block", {128, 256, 512, 1024}, 256, "threads per block"},
               {"unroll",
                {0, 1, 2, 4, 8},
                0,
                "16-byte packs per thread; 0: the tuning table's for the op and dtype"},
               {"streaming",
                {0, 1},
                1,
                "evict-first loads and stores (bf16 at 2 packs a thread: 99% of the copy rate "
                "with, 54% without)"},
               {"fast_math",
                {0, 1},
                0,
                "the special-function unit for exp, log, tanh, sin, cos and what is built on "
                "them, and a fitted erfc, in f16 and bf16 (f32 is always exact)"}};
    // cuDNN's activation functions cover a few of the ops.
    static const std::set<std::string> kCudnn = {"relu", "relu6", "sigmoid", "tanh", "elu", "silu"};
    s.baselines = kCudnn.count(op.name) ? std::vector<std::string>{"cudnn", "torch"}
                                        : std::vector<std::string>{"torch"};
    const char* name = op.name;
    s.op = op.op[0] ? op.op : fmt::format("kiln.{}", op.name);
    s.match = [](const KernelSpec& spec, const ir::Operation& o) {
      return elementwise_problem(spec, o, 1);
    };
    s.plan = [name](const Problem& p, const Config& c, const PlanContext& ctx) {
      return unary_plan(name, p, c, ctx);
    };
    specs.push_back(std::move(s));
  }
  return specs;
}

}  // namespace

KILN_REGISTER_KERNELS(unary_specs);

}  // namespace kiln::kernels
