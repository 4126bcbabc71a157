// The Hopper GEMM (gemm.cu): gemm (C = A B, B [K, N]) and gemm_nt (C = A B^T, B [N, K]) for
// row-major A [M, K], batched or not, bf16 and f16 with f32 accumulation; and gemm with fused
// epilogues on the f32 product: gemm_bias, gemm_bias_gelu, gemm_bias_silu, gemm_bias_residual.
#include <string>

#include "kernels/cuda/gemm_plan.h"
#include "kernels/cuda/gemm_tiles.h"
#include "kernels/cuda/op_match.h"
#include "kernels/cuda/plan_helpers.h"
#include "kernels/cuda/registry.h"

namespace kiln::kernels {

namespace {

using Epilogue = GemmForm::Epilogue;

// One registered GEMM: its name, layout of B and epilogue (what the plan takes), and what the
// definition adds to the product %c (f32 [B, M, N]) to make %y.
struct GemmKind {
  GemmForm form;
  const char* summary;
  const char* epilogue_ops;  // StableHLO from %x (the product plus the bias) to %y
  double epilogue_flops;     // per element of C
};

constexpr GemmKind kGemmKinds[] = {
    {{"gemm", false, Epilogue::kNone},
     "C [M, N] = A B for row-major A [M, K] and B [K, N], f32 accumulation",
     "",
     0},
    {{"gemm_nt", true, Epilogue::kNone},
     "C [M, N] = A B^T for row-major A [M, K] and B [N, K], f32 accumulation",
     "",
     0},
    {{"gemm_bias", false, Epilogue::kBias},
     "C [M, N] = A B + bias [N], f32 accumulation and epilogue",
     "",
     1},
    // jax.nn.gelu(approximate=True) as JAX writes it.
    {{"gemm_bias_gelu", false, Epilogue::kBiasGelu},
     "C [M, N] = gelu_tanh(A B + bias [N]), f32 accumulation and epilogue",
     R"(
  %g0 = stablehlo.constant dense<0.79788456080286541> : {out0:f32}
  %g1 = stablehlo.constant dense<0.044715> : {out0:f32}
  %g2 = stablehlo.constant dense<0.5> : {out0:f32}
  %g3 = stablehlo.constant dense<1.0> : {out0:f32}
  %x2 = stablehlo.multiply %x, %x : {out0:f32}
  %x3 = stablehlo.multiply %x2, %x : {out0:f32}
  %kx3 = stablehlo.multiply %g1, %x3 : {out0:f32}
  %in = stablehlo.add %x, %kx3 : {out0:f32}
  %u = stablehlo.multiply %g0, %in : {out0:f32}
  %t = stablehlo.tanh %u : {out0:f32}
  %p = stablehlo.add %g3, %t : {out0:f32}
  %hx = stablehlo.multiply %g2, %x : {out0:f32}
  %y = stablehlo.multiply %hx, %p : {out0:f32})",
     10},
    // jax.nn.silu: x * logistic(x).
    {{"gemm_bias_silu", false, Epilogue::kBiasSilu},
     "C [M, N] = silu(A B + bias [N]), f32 accumulation and epilogue",
     R"(
  %s = stablehlo.logistic %x : {out0:f32}
  %y = stablehlo.multiply %x, %s : {out0:f32})",
     5},
    {{"gemm_bias_residual", false, Epilogue::kBiasResidual},
     "C [M, N] = A B + bias [N] + R [M, N], f32 accumulation and epilogue",
     R"(
  %rf = stablehlo.convert %res : ({in3}) -> {in3:f32}
  %y = stablehlo.add %x, %rf : {out0:f32})",
     2},
};

// The problem's tensors are always batched ([1, M, K] for an unbatched product: the same
// bytes), so that one definition covers both; bias [N] is broadcast over the batches and rows.
std::string gemm_definition(const GemmKind& g) {
  const bool bias = g.form.epilogue != Epilogue::kNone;
  const bool residual = g.form.epilogue == Epilogue::kBiasResidual;
  std::string text = fmt::format(
      R"(func.func @main(%a: {{in0}}, %b: {{in1}}{}{}) -> {{out0}} {{
  %af = stablehlo.convert %a : ({{in0}}) -> {{in0:f32}}
  %bf = stablehlo.convert %b : ({{in1}}) -> {{in1:f32}}
  %c = stablehlo.dot_general %af, %bf, batching_dims = [0] x [0], contracting_dims = [2] x [{}]
      : ({{in0:f32}}, {{in1:f32}}) -> {{out0:f32}})",
      bias ? ", %bias: {in2}" : "", residual ? ", %res: {in3}" : "", g.form.nt ? 2 : 1);
  if (bias) {
    text += R"(
  %biasf = stablehlo.convert %bias : ({in2}) -> {in2:f32}
  %bb = stablehlo.broadcast_in_dim %biasf, dims = [2] : ({in2:f32}) -> {out0:f32}
  %x = stablehlo.add %c, %bb : {out0:f32})";
    text += g.epilogue_ops;
  }
  const char* result = !bias ? "%c" : *g.epilogue_ops ? "%y" : "%x";
  return text + fmt::format(R"(
  %r = stablehlo.convert {} : ({{out0:f32}}) -> {{out0}}
  return %r : {{out0}}
}}
)",
                            result);
}

// [M, N, K] or [B, M, N, K]: A [B, M, K], B [B, K, N] (or [B, N, K] for gemm_nt), C [B, M, N];
// the epilogue's bias [N] and R [B, M, N] after A and B.
Expected<Problem> gemm_problem(const GemmKind& g, const Shape& shape, ElementType t) {
  if (shape.size() != 3 && shape.size() != 4) {
    return Error::invalid_argument(
        fmt::format("kernels: {} takes a shape [M, N, K] or [B, M, N, K], not {}", g.form.name,
                    shape_string(shape)));
  }
  const GemmDims d = gemm_dims(shape);
  const Shape c = {d.batches, d.m, d.n};
  Problem p{shape,
            t,
            {{t, {d.batches, d.m, d.k}},
             {t, g.form.nt ? Shape{d.batches, d.n, d.k} : Shape{d.batches, d.k, d.n}}},
            {{t, c}}};
  if (g.form.epilogue != Epilogue::kNone) p.inputs.push_back({t, {d.n}});
  if (g.form.epilogue == Epilogue::kBiasResidual) p.inputs.push_back({t, c});
  return p;
}

// dot_general of 16-bit A [M, K] and B [K, N] (gemm) or [N, K] (gemm_nt) into C [M, N], or
// the same with a leading batch dimension on all three, one element type throughout.
std::optional<Problem> gemm_match(bool nt, const KernelSpec& spec, const ir::Operation& o) {
  const auto* dims = o.attr_as<ir::DotDimsAttr>("dot_dimension_numbers");
  if (o.num_operands() != 2 || !dims) return std::nullopt;
  const ir::Type& a = o.operand(0)->type();
  const ir::Type& b = o.operand(1)->type();
  const int64_t rank = a.rank();
  if ((rank != 2 && rank != 3) || b.rank() != rank) return std::nullopt;
  const int64_t o0 = rank - 2;  // the batch dimension's offset
  const std::vector<int64_t> batch = rank == 3 ? std::vector<int64_t>{0} : std::vector<int64_t>{};
  if (dims->lhs_batching != batch || dims->rhs_batching != batch ||
      dims->lhs_contracting != std::vector<int64_t>{o0 + 1} ||
      dims->rhs_contracting != std::vector<int64_t>{nt ? o0 + 1 : o0}) {
    return std::nullopt;
  }
  const Shape& as = a.shape();
  const Shape& bs = b.shape();
  Shape shape = {as[static_cast<size_t>(o0)], bs[static_cast<size_t>(nt ? o0 : o0 + 1)],
                 as[static_cast<size_t>(o0 + 1)]};
  if (rank == 3) shape.insert(shape.begin(), as[0]);
  return fitting_problem(spec, o, shape, a.element());
}

KernelSpec gemm_spec(const GemmKind& g) {
  KernelSpec s;
  s.name = g.form.name;
  s.group = "gemm";
  s.summary = g.summary;
  s.impl = "gemm_sm90_wgmma";
  s.dtypes = {ElementKind::kBF16, ElementKind::kF16};
  // Short of a wave of 128 x 128 tiles on 132 SMs (issue 15's short grids): 128 x 4096 x 8192
  // (32 tiles), 1024^3 and 2048 x 512 x 2048 (64), 2048 x 768 x 3072 (96), 512 x 4096 x 4096
  // (128), and 2048 x 2304 x 768 (288 tiles: 2.2 waves).
  s.bench_shapes = {{4096, 4096, 4096},  {8192, 8192, 8192},     {2048, 3072, 768},
                    {4096, 11008, 4096}, {16, 1024, 1024, 1024}, {128, 4096, 8192},
                    {1024, 1024, 1024},  {2048, 512, 2048},      {2048, 2304, 768},
                    {2048, 768, 3072},   {512, 4096, 4096}};
  // Ragged in every dimension and in 16-byte alignment (K = 33: A's rows go through the
  // padded copy; N = 70 too for gemm's B, and C's rows are stored directly), exact tiles,
  // several K steps, a batch, more tiles than an H100 has SMs (the persistent loop), C through
  // TMA stores with rows and columns past the edge of a batch (200 x 136), split K by shape
  // (64 x 136 x 520: 2 tiles, 9 K steps in splits of 5 and 4) and empty sizes. For
  // short_grid=1 on 132 SMs: 100 x 300 x 2000 (version 2's 3 ragged tiles of 128 x 128, 32 K
  // steps split 8 ways) and 1100 x 2000 x 1000 (288 ragged tiles of 128 x 64 over all of K,
  // C's rows 16-byte aligned: TMA stores, and a persistent grid's third, partial wave).
  s.check_shapes = {{130, 70, 33},  {1, 1, 1},        {257, 129, 200},    {3, 65, 70, 40},
                    {128, 256, 64}, {64, 520, 136},   {4, 520, 1040, 72}, {3, 200, 136, 88},
                    {64, 136, 520}, {100, 300, 2000}, {1100, 2000, 1000}, {0, 16, 16},
                    {16, 0, 16},    {16, 16, 0},      {0, 8, 8, 8}};
  s.stablehlo = gemm_definition(g);
  s.make_problem = [g](const Shape& shape, ElementType t) { return gemm_problem(g, shape, t); };
  s.flops = [g](const Problem& p) {
    const GemmDims d = gemm_dims(p.shape);
    const double outputs =
        static_cast<double>(d.batches) * static_cast<double>(d.m) * static_cast<double>(d.n);
    return outputs * (2.0 * static_cast<double>(d.k) + g.epilogue_flops);
  };
  // cuBLASLt with its own epilogue where it has one (bench/baselines/cublaslt_baselines.cpp:
  // BIAS, GELU_BIAS, BIAS with C; no SiLU), and PyTorch eager's product and separate epilogue
  // kernels (torch_gemm.cpp).
  if (g.form.epilogue == Epilogue::kNone) {
    s.baselines = {"cublas"};
  } else if (g.form.epilogue == Epilogue::kBiasSilu) {
    s.baselines = {"torch"};
  } else {
    s.baselines = {"cublas", "torch"};
  }
  if (g.form.epilogue == Epilogue::kNone) {
    s.op = "stablehlo.dot_general";
    s.match = [nt = g.form.nt](const KernelSpec& spec, const ir::Operation& o) {
      return gemm_match(nt, spec, o);
    };
  }
  s.knobs = {
      {"block_n",
       {0, 64, 128, 256},
       0,
       "columns of C per tile (the wgmma's N); 0: by shape (128 or 256, by their waves over the "
       "SMs; with short_grid 1 and split_k 0, 64 where that beats them)"},
      {"stages", {2, 3, 4, 5, 6}, 4, "depth of the shared-memory ring of A and B tiles"},
      {"raster", {1, 4, 8, 16}, 8, "tile rows walked together, for L2 reuse"},
      {"persistent", {0, 1}, 1, "1: one block per SM looping over tiles; 0: a block per tile"},
      {"split_k",
       {0, 1, 2, 4, 8},
       0,
       "ways the K range of every tile is split (f32 partials, then a launch adding them up); "
       "0: by shape"},
      {"short_grid",
       {0, 1},
       1,
       "1: where block_n and split_k are both by shape, 128 x 64 tiles over all of K where their "
       "waves over the SMs beat version 2's choice (1024^3 0.53x -> 0.81x cuBLAS on the H100); "
       "0: version 2's rules"},
      {"ctas_per_sm",
       {1, 2},
       1,
       "blocks an SM holds: 2 takes 128 x 64 tiles, direct stores of C and no register moves, "
       "so one block's epilogue and waits overlap the other's mainloop"},
      {"tma_store",
       {0, 1},
       1,
       "1: C through shared memory and TMA stores where its rows are 16-byte aligned (N a "
       "multiple of 8); 0: the threads store their fragments"}};
  s.plan = [g](const Problem& p, const Config& c, const PlanContext& context) {
    return gemm_plan(g.form, p, c, context);
  };
  return s;
}

std::vector<KernelSpec> gemm_specs() {
  std::vector<KernelSpec> specs;
  for (const GemmKind& g : kGemmKinds) specs.push_back(gemm_spec(g));
  return specs;
}

}  // namespace

KILN_REGISTER_KERNELS(gemm_specs);

}  // namespace kiln::kernels
