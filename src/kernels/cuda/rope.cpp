// The rotary position embedding kernels (rope.cu): `rope` (theta 10000) and `rope_llama3`
// (theta 500000 with Llama 3.1's frequency scaling), rotate-half convention, on x [B, S, H, D]
// with i32 positions [S].
#include <cmath>

#include "kernels/cuda/op_match.h"
#include "kernels/cuda/plan.h"
#include "kernels/cuda/plan_helpers.h"
#include "kernels/cuda/registry.h"

namespace kiln::kernels {

namespace {

// -ln(theta) rounded to f32, the constant both the kernel and the definition multiply by.
float neg_log_theta(double theta) { return static_cast<float>(-std::log(theta)); }

// Llama 3.1's scaling of %inv into %f, in the kernel's order of f32 operations (rope.cu).
constexpr char kLlama3Scaling[] = R"(
  %tp = stablehlo.constant dense<6.283185482025146484375> : $V
  %wl = stablehlo.divide %tp, %inv : $V
  %ctx = stablehlo.constant dense<8192.0> : $V
  %hw = stablehlo.constant dense<2048.0> : $V
  %fac = stablehlo.constant dense<8.0> : $V
  %three = stablehlo.constant dense<3.0> : $V
  %one = stablehlo.constant dense<1.0> : $V
  %lowf = stablehlo.divide %inv, %fac : $V
  %ratio = stablehlo.divide %ctx, %wl : $V
  %rm = stablehlo.subtract %ratio, %one : $V
  %sm = stablehlo.divide %rm, %three : $V
  %oms = stablehlo.subtract %one, %sm : $V
  %p1 = stablehlo.multiply %oms, %inv : $V
  %p2 = stablehlo.divide %p1, %fac : $V
  %p3 = stablehlo.multiply %sm, %inv : $V
  %mid = stablehlo.add %p2, %p3 : $V
  %islow = stablehlo.compare GT, %wl, %ctx : ($V, $V) -> $P
  %ishigh = stablehlo.compare LT, %wl, %hw : ($V, $V) -> $P
  %t1 = stablehlo.select %ishigh, %inv, %mid : $P, $V
  %f = stablehlo.select %islow, %lowf, %t1 : $P, $V)";

// $V is a vector over the head dim j in [0, D), $X x's shape in f32. Frequencies are computed
// for every j from k = j mod (D/2); rotate_half(x) = [-x[..., D/2:], x[..., :D/2]] is a gather
// of x at (j + D/2) mod D with the first half negated (D/2 cannot be written as a slice limit
// from the shape's dims). Then y = x * cos + rotate_half(x) * sin, as Hugging Face computes it.
std::string rope_definition(float neg_log, bool llama3) {
  std::string text = R"(func.func @main(%x: {in0}, %pos: {in1}) -> {out0} {
  %xf = stablehlo.convert %x : ({in0}) -> $X
  %j = stablehlo.iota dim = 0 : $V
  %d = stablehlo.constant dense<{D3}.0> : $V
  %two = stablehlo.constant dense<2.0> : $V
  %half = stablehlo.divide %d, %two : $V
  %first = stablehlo.compare LT, %j, %half : ($V, $V) -> $P
  %jh = stablehlo.subtract %j, %half : $V
  %k = stablehlo.select %first, %j, %jh : $P, $V
  %k2 = stablehlo.multiply %two, %k : $V
  %e = stablehlo.divide %k2, %d : $V
  %c = stablehlo.constant dense<$NEGLOG> : $V
  %a = stablehlo.multiply %e, %c : $V
  %inv = stablehlo.exponential %a : $V$SCALING
  %pf = stablehlo.convert %pos : ({in1}) -> {in1:f32}
  %pb = stablehlo.broadcast_in_dim %pf, dims = [1] : ({in1:f32}) -> $X
  %fb = stablehlo.broadcast_in_dim $FREQ, dims = [3] : ($V) -> $X
  %ang = stablehlo.multiply %pb, %fb : $X
  %cos = stablehlo.cosine %ang : $X
  %sin = stablehlo.sine %ang : $X
  %ji = stablehlo.iota dim = 0 : $I
  %di = stablehlo.constant dense<{D3}> : $I
  %twoi = stablehlo.constant dense<2> : $I
  %hi = stablehlo.divide %di, %twoi : $I
  %js = stablehlo.add %ji, %hi : $I
  %idx = stablehlo.remainder %js, %di : $I
  %xr = "stablehlo.gather"(%xf, %idx) <{
      dimension_numbers = #stablehlo.gather<offset_dims = [0, 1, 2], collapsed_slice_dims = [3],
                                            start_index_map = [3], index_vector_dim = 1>,
      slice_sizes = array<i64: {D0}, {D1}, {D2}, 1>, indices_are_sorted = false}> : ($X, $I) -> $X
  %plus = stablehlo.constant dense<1.0> : $V
  %minus = stablehlo.constant dense<-1.0> : $V
  %sign = stablehlo.select %first, %minus, %plus : $P, $V
  %sb = stablehlo.broadcast_in_dim %sign, dims = [3] : ($V) -> $X
  %rh = stablehlo.multiply %xr, %sb : $X
  %xc = stablehlo.multiply %xf, %cos : $X
  %rs = stablehlo.multiply %rh, %sin : $X
  %o = stablehlo.add %xc, %rs : $X
  %r = stablehlo.convert %o : ($X) -> {out0}
  return %r : {out0}
}
)";
  auto replace = [&text](std::string_view from, std::string_view to) {
    for (size_t p = text.find(from); p != std::string::npos; p = text.find(from, p + to.size())) {
      text.replace(p, from.size(), to);
    }
  };
  replace("$SCALING", llama3 ? kLlama3Scaling : "");
  replace("$FREQ", llama3 ? "%f" : "%inv");
  // 17 digits: the f32 value exactly, so that parsing it through double cannot round it twice.
  replace("$NEGLOG", fmt::format("{:.17g}", static_cast<double>(neg_log)));
  replace("$V", "tensor<{D3}xf32>");
  replace("$P", "tensor<{D3}xi1>");
  replace("$I", "tensor<{D3}x1xi32>");
  replace("$X", "{in0:f32}");
  return text;
}

Expected<Problem> rope_problem(const char* name, const Shape& shape, ElementType t) {
  if (shape.size() != 4 || shape[3] < 2 || shape[3] % 2 != 0 || shape[3] > 4096) {
    return Error::invalid_argument(
        fmt::format("{}: the shape is [B, S, H, D] with an even head dim D in [2, 4096], got {}",
                    name, shape_string(shape)));
  }
  Problem p{shape, t, {}, {}};
  p.inputs = {{t, shape}, {ElementKind::kSI32, {shape[1]}, 0, 8192}};  // x, positions
  p.outputs = {{t, shape}};
  return p;
}

Expected<Plan> rope_plan(float neg_log, bool llama3, const Problem& p, const Config& c) {
  int64_t seq = p.shape[1], heads = p.shape[2], dim = p.shape[3];
  int64_t rows = p.shape[0] * heads;
  KILN_TRY(const int64_t rows_per_block, c.get("rows_per_block"));
  KILN_TRY(const int64_t unroll, c.get("unroll"));
  KILN_TRY(const int64_t block, c.get("block"));
  int64_t pack = 16 / static_cast<int64_t>(element_bytes(p.dtype));
  int64_t vec = (dim / 2) % pack == 0 ? pack : 1;
  KILN_TRY(unsigned grid_x, grid_dim(seq));
  KILN_TRY(unsigned grid_y, grid_dim(ceil_div(rows, rows_per_block), 65535));
  if (rows > (int64_t{1} << 30))
    return Error::invalid_argument("rope: B * H exceeds 2^30 rows per position");
  KILN_TRY(Launch l, library_launch("rope", "rope"));
  l.defines = {dtype_define(p.dtype),
               define("HEAD_DIM", dim),
               define("NUM_HEADS", std::max<int64_t>(heads, 1)),
               define("VEC", vec),
               define("LLAMA3", llama3 ? 1 : 0),
               define("ROWS_PER_BLOCK", rows_per_block),
               define("UNROLL", unroll)};
  l.grid = {grid_x, grid_y, 1};
  l.block = {static_cast<unsigned>(block), 1, 1};
  l.args = {Arg::input(0), Arg::input(1),  Arg::output(0),
            Arg::i64(seq), Arg::i32(rows), Arg::f32(static_cast<double>(neg_log))};
  return Plan{{}, {l}};
}

KernelSpec rope_spec(const char* name, double theta, bool llama3) {
  KernelSpec s;
  s.name = name;
  s.group = "rope";
  s.summary = fmt::format(
      "rotary embedding, rotate-half (NeoX / HF Llama): x [B, S, H, D], positions [S] i32; "
      "inv_freq[j] = {}^(-2j/D){}, angle = pos[s] * inv_freq[j], y[j] = x[j] cos - x[j+D/2] sin, "
      "y[j+D/2] = x[j+D/2] cos + x[j] sin",
      theta, llama3 ? " scaled as Llama 3.1 (factor 8, low 1, high 4, original context 8192)" : "");
  s.impl = "rope_sm90_smem_table";
  s.dtypes = {ElementKind::kF32, ElementKind::kF16, ElementKind::kBF16};
  s.bench_shapes = {{1, 4096, 32, 128}, {8, 2048, 32, 128}, {4, 8192, 8, 128}, {16, 1024, 16, 64}};
  // Vectorised first (the compile test takes the first), then D/2 not a multiple of the pack
  // (6, 130), tiny, and empty batch or sequence.
  s.check_shapes = {{1, 17, 4, 128}, {2, 33, 8, 64}, {2, 9, 3, 16}, {1, 64, 8, 128}, {2, 5, 3, 6},
                    {3, 7, 2, 130},  {1, 1, 1, 2},   {2, 3, 4, 8},  {0, 4, 2, 8},    {1, 0, 2, 8}};
  float neg_log = neg_log_theta(theta);
  s.stablehlo = rope_definition(neg_log, llama3);
  s.make_problem = [name](const Shape& shape, ElementType t) {
    return rope_problem(name, shape, t);
  };
  // x * cos, rotate_half(x) * sin, their sum.
  s.flops = [](const Problem& p) { return 3.0 * static_cast<double>(p.outputs[0].num_elements()); };
  s.knobs = {
      {"block", {128, 256, 512}, 128, "threads per block"},
      {"rows_per_block", {8, 16, 32, 64, 128, 256}, 32, "rows (b, h) of one position per block"},
      {"unroll", {1, 2, 4}, 2, "items (VEC pairs of a row) per thread in flight"}};
  s.baselines = {"torch"};
  s.op = fmt::format("kiln.{}", name);  // (x [B, S, H, D], positions i32 [S])
  // The pass's kiln.rope (its `config`) takes cos and sin tables, or computes them in its
  // region with a theta of its own, which this kernel (theta fixed, tables from positions) does
  // not read: only an op without a config, taken as written, matches.
  s.match = [](const KernelSpec& spec, const ir::Operation& o) -> std::optional<Problem> {
    if (o.num_operands() != 2 || o.attr("config")) return std::nullopt;
    const ir::Type& x = o.operand(0)->type();
    return fitting_problem(spec, o, x.shape(), x.element());
  };
  s.plan = [neg_log, llama3](const Problem& p, const Config& c, const PlanContext&) {
    return rope_plan(neg_log, llama3, p, c);
  };
  return s;
}

std::vector<KernelSpec> rope_specs() {
  return {rope_spec("rope", 10000, false), rope_spec("rope_llama3", 500000, true)};
}

}  // namespace

KILN_REGISTER_KERNELS(rope_specs);

}  // namespace kiln::kernels
