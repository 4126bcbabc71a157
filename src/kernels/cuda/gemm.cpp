// The Hopper GEMM (gemm.cu): gemm (C = A B, B [K, N]) and gemm_nt (C = A B^T, B [N, K]) for
// row-major A [M, K], batched or not, bf16 and f16 with f32 accumulation.
#include <algorithm>
#include <string>

#include "kernels/cuda/op_match.h"
#include "kernels/cuda/plan.h"
#include "kernels/cuda/plan_helpers.h"
#include "kernels/cuda/registry.h"

namespace kiln::kernels {

namespace {

// The problem's tensors are always batched ([1, M, K] for an unbatched product: the same
// bytes), so that one definition covers both.
constexpr const char* kGemmDefinition = R"(func.func @main(%a: {in0}, %b: {in1}) -> {out0} {
  %af = stablehlo.convert %a : ({in0}) -> {in0:f32}
  %bf = stablehlo.convert %b : ({in1}) -> {in1:f32}
  %c = stablehlo.dot_general %af, %bf, batching_dims = [0] x [0], contracting_dims = [2] x [CONTRACT_B]
      : ({in0:f32}, {in1:f32}) -> {out0:f32}
  %r = stablehlo.convert %c : ({out0:f32}) -> {out0}
  return %r : {out0}
}
)";

struct GemmDims {
  int64_t batches, m, n, k;
};

GemmDims gemm_dims(const Shape& s) {
  const size_t o = s.size() - 3;  // 1 for [B, M, N, K]
  return {o == 1 ? s[0] : 1, s[o], s[o + 1], s[o + 2]};
}

// [M, N, K] or [B, M, N, K]: A [B, M, K], B [B, K, N] (or [B, N, K] for gemm_nt), C [B, M, N].
Expected<Problem> gemm_problem(const Shape& shape, ElementType t, bool nt) {
  if (shape.size() != 3 && shape.size() != 4) {
    return Error::invalid_argument(fmt::format(
        "kernels: gemm takes a shape [M, N, K] or [B, M, N, K], not {}", shape_string(shape)));
  }
  const GemmDims d = gemm_dims(shape);
  Shape b = nt ? Shape{d.batches, d.n, d.k} : Shape{d.batches, d.k, d.n};
  return Problem{shape, t, {{t, {d.batches, d.m, d.k}}, {t, b}}, {{t, {d.batches, d.m, d.n}}}};
}

constexpr int64_t kBlockM = 128, kBlockK = 64, kThreads = 384;

int64_t round_up(int64_t v, int64_t to) { return ceil_div(v, to) * to; }

// A grid-stride launch of one of gemm.cu's helper kernels over `count` elements.
Expected<Launch> helper_launch(const char* function, const std::vector<std::string>& defines,
                               int64_t count) {
  KILN_TRY(Launch l, library_launch("gemm", function));
  l.defines = defines;
  KILN_TRY(l.grid[0], grid_dim(std::min<int64_t>(ceil_div(count, 256), 65536)));
  l.block = {256, 1, 1};
  return l;
}

// The tiled view of input `index`, a batch of [rows, cols] matrices: TMA needs 16-byte aligned
// rows, so a matrix whose rows are not (cols not a multiple of 8) is first copied to scratch
// memory with rows round_up(cols, 8) apart. Boxes of `box_cols` x `box_rows`, 128-byte swizzle.
Expected<cuda::TensorMap> operand_map(Plan& plan, const std::vector<std::string>& defines,
                                      const Problem& p, int64_t index, int64_t box_cols,
                                      int64_t box_rows) {
  const Shape& s = p.inputs[static_cast<size_t>(index)].shape;
  const int64_t batches = s[0], rows = s[1], cols = s[2];
  const int64_t ld = round_up(cols, 8);
  cuda::TensorMap map;
  map.source = cuda::TensorMap::Source::kInput;
  map.index = index;
  if (ld != cols) {
    KILN_TRY(Launch pad, helper_launch("gemm_pad_rows", defines, batches * rows * cols));
    map.source = cuda::TensorMap::Source::kScratch;
    map.index = std::ssize(plan.scratch_bytes);
    plan.scratch_bytes.push_back(static_cast<size_t>(batches * rows * ld) * 2);
    pad.args = {Arg::input(index), Arg::scratch(map.index), Arg::i64(batches * rows),
                Arg::i64(cols), Arg::i64(ld)};
    plan.launches.push_back(std::move(pad));
  }
  map.element = p.dtype == ElementKind::kBF16 ? cuda::TensorMap::Element::kBF16
                                               : cuda::TensorMap::Element::kF16;
  map.dims = {static_cast<uint64_t>(cols), static_cast<uint64_t>(rows),
              static_cast<uint64_t>(batches)};
  map.strides = {static_cast<uint64_t>(ld * 2), static_cast<uint64_t>(rows * ld * 2)};
  map.box = {static_cast<uint32_t>(box_cols), static_cast<uint32_t>(box_rows), 1};
  map.swizzle = cuda::TensorMap::Swizzle::k128B;
  return map;
}

// Shared memory of the ring: A and B tiles and two mbarriers per stage, and 1 KiB to align
// the tiles to the swizzle atom.
int64_t gemm_shared_bytes(int64_t block_n, int64_t stages) {
  return 1024 + stages * (kBlockM * kBlockK * 2 + block_n * kBlockK * 2 + 16);
}

Expected<Plan> gemm_plan(bool nt, const Problem& p, const Config& c, const PlanContext& context) {
  const GemmDims d = gemm_dims(p.shape);
  KILN_TRY(const int64_t block_n, c.get("block_n"));
  KILN_TRY(const int64_t stages, c.get("stages"));
  KILN_TRY(const int64_t raster, c.get("raster"));
  KILN_TRY(const int64_t persistent, c.get("persistent"));
  const std::vector<std::string> defines = {dtype_define(p.dtype), define("BLOCK_N", block_n),
                                            define("STAGES", stages),
                                            define("B_K_MAJOR", nt ? 1 : 0)};
  Plan plan;
  const int64_t outputs = d.batches * d.m * d.n;
  if (outputs == 0 || d.k == 0) {
    KILN_TRY(Launch zero, helper_launch("gemm_zero", defines, outputs));
    zero.args = {Arg::output(0), Arg::i64(outputs)};
    plan.launches.push_back(std::move(zero));
    return plan;
  }
  const int64_t shared = gemm_shared_bytes(block_n, stages);
  if (shared > context.device.shared_memory_per_block_optin) {
    return Error::invalid_argument(fmt::format(
        "kernels: gemm: block_n={} with stages={} needs {} bytes of shared memory; the device "
        "gives a block {}", block_n, stages, shared, context.device.shared_memory_per_block_optin));
  }
  KILN_TRY(cuda::TensorMap a, operand_map(plan, defines, p, 0, kBlockK, kBlockM));
  KILN_TRY(cuda::TensorMap b, nt ? operand_map(plan, defines, p, 1, kBlockK, block_n)
                                 : operand_map(plan, defines, p, 1, 64, kBlockK));
  const int64_t tiles = d.batches * ceil_div(d.m, kBlockM) * ceil_div(d.n, block_n);
  KILN_TRY(Launch l, library_launch("gemm", "gemm_sm90"));
  l.defines = defines;
  const int64_t sms = std::max(context.device.sm_count, 1);
  KILN_TRY(l.grid[0], grid_dim(persistent ? std::min(tiles, sms) : tiles));
  l.block = {static_cast<unsigned>(kThreads), 1, 1};
  l.shared_bytes = static_cast<unsigned>(shared);
  l.args = {Arg::tensor_map(std::move(a)), Arg::tensor_map(std::move(b)), Arg::output(0),
            Arg::i64(d.batches), Arg::i64(d.m), Arg::i64(d.n), Arg::i64(d.k), Arg::i32(raster)};
  plan.launches.push_back(std::move(l));
  return plan;
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

KernelSpec gemm_spec(bool nt) {
  KernelSpec s;
  s.name = nt ? "gemm_nt" : "gemm";
  s.group = "gemm";
  s.summary = nt ? "C [M, N] = A B^T for row-major A [M, K] and B [N, K], f32 accumulation"
                 : "C [M, N] = A B for row-major A [M, K] and B [K, N], f32 accumulation";
  s.impl = "gemm_sm90_wgmma";
  s.dtypes = {ElementKind::kBF16, ElementKind::kF16};
  s.bench_shapes = {{4096, 4096, 4096},  {8192, 8192, 8192},     {2048, 3072, 768},
                    {4096, 11008, 4096}, {16, 1024, 1024, 1024}};
  // Ragged in every dimension and in 16-byte alignment (K = 33: A's rows go through the
  // padded copy; N = 70 too for gemm's B), exact tiles, several K steps, a batch, more tiles
  // than an H100 has SMs (the persistent loop), and empty sizes.
  s.check_shapes = {{130, 70, 33},  {1, 1, 1},       {257, 129, 200}, {3, 65, 70, 40},
                    {128, 256, 64}, {64, 520, 136},  {4, 520, 1040, 72},
                    {0, 16, 16},    {16, 0, 16},     {16, 16, 0},     {0, 8, 8, 8}};
  s.stablehlo = replace_all(kGemmDefinition, "CONTRACT_B", nt ? "2" : "1");
  s.make_problem = [nt](const Shape& shape, ElementType t) { return gemm_problem(shape, t, nt); };
  s.flops = [](const Problem& p) {
    const GemmDims d = gemm_dims(p.shape);
    return 2.0 * static_cast<double>(d.batches) * static_cast<double>(d.m) *
           static_cast<double>(d.n) * static_cast<double>(d.k);
  };
  s.baselines = {"cublas"};
  s.op = "stablehlo.dot_general";
  s.match = [nt](const KernelSpec& spec, const ir::Operation& o) { return gemm_match(nt, spec, o); };
  s.knobs = {{"block_n", {128, 256}, 128, "columns of C per tile (the wgmma's N)"},
             {"stages", {2, 3, 4, 5, 6}, 4, "depth of the shared-memory ring of A and B tiles"},
             {"raster", {1, 4, 8, 16}, 8, "tile rows walked together, for L2 reuse"},
             {"persistent", {0, 1}, 1, "1: one block per SM looping over tiles; 0: a block per tile"}};
  s.plan = [nt](const Problem& p, const Config& c, const PlanContext& context) {
    return gemm_plan(nt, p, c, context);
  };
  return s;
}

std::vector<KernelSpec> gemm_specs() { return {gemm_spec(false), gemm_spec(true)}; }

}  // namespace

KILN_REGISTER_KERNELS(gemm_specs);

}  // namespace kiln::kernels
