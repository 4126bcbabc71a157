// The prefix-sum kernels (scan.cu): scan_inclusive and scan_exclusive over a vector, scan_rows
// along the last dimension of a matrix; one single-pass decoupled look-back kernel serves all.
#include <string>

#include "kernels/cuda/op_match.h"
#include "kernels/cuda/plan.h"
#include "kernels/cuda/plan_helpers.h"
#include "kernels/cuda/registry.h"

namespace kiln::kernels {

namespace {

// StableHLO has no scan op: the exclusive sums are a reduce_window whose window is the whole
// axis, padded by the axis length on the low side and cut by one on the high side, so that
// window k covers elements 0..k-1. The reduce_window sums each window left to right in f32;
// the inclusive sums add x[k] to that, which is the same left-to-right sum.
std::string scan_definition(bool rows, bool exclusive) {
  const char* window = rows ? "array<i64: 1, {D1}>" : "array<i64: {D0}>";
  const char* padding = rows ? "dense<[[0, 0], [{D1}, -1]]> : tensor<2x2xi64>"
                             : "dense<[[{D0}, -1]]> : tensor<1x2xi64>";
  std::string text =
      "func.func @main(%arg: {in0}) -> {out0} {\n"
      "  %x = stablehlo.convert %arg : ({in0}) -> {in0:f32}\n"
      "  %zero = stablehlo.constant dense<0.0> : tensor<f32>\n"
      "  %e = \"stablehlo.reduce_window\"(%x, %zero) <{padding = " +
      std::string(padding) + ", window_dimensions = " + window +
      "}> ({\n"
      "  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n"
      "    %s = stablehlo.add %a, %b : tensor<f32>\n"
      "    stablehlo.return %s : tensor<f32>\n"
      "  }) : ({in0:f32}, tensor<f32>) -> {in0:f32}\n";
  if (exclusive) {
    text += "  %r = stablehlo.convert %e : ({in0:f32}) -> {out0}\n";
  } else {
    text +=
        "  %i = stablehlo.add %e, %x : {in0:f32}\n"
        "  %r = stablehlo.convert %i : ({in0:f32}) -> {out0}\n";
  }
  return text + "  return %r : {out0}\n}\n";
}

Expected<Problem> scan_problem(const Shape& shape, ElementType t, size_t rank) {
  if (shape.size() != rank) {
    return Error::invalid_argument(fmt::format("kernels: scan{} takes a rank-{} shape, not {}",
                                               rank == 2 ? "_rows" : "", rank,
                                               shape_string(shape)));
  }
  return same_shape_problem(shape, t, 1);
}

// A clearing launch for the descriptors, then the scan, one block per tile: from registers
// (scan_tiles), or (`staged`, sm_90) from shared memory (scan_staged).
Expected<Plan> scan_plan(const Problem& p, const Config& c, const PlanContext& ctx, bool rows,
                         bool exclusive) {
  const int64_t n = p.inputs[0].num_elements();
  const int64_t seg = rows ? p.shape[1] : std::max<int64_t>(n, 1);
  KILN_TRY(const int64_t block, c.get("block"));
  KILN_TRY(const int64_t staged_knob, c.get("staged"));
  KILN_TRY(const int64_t order, c.get("order"));
  const bool staged = staged_knob != 0 && ctx.device.compute_major >= 9;
  // packs 0: for vectors 9 staged (three 72 KiB tiles an SM; 8 in registers, where a ninth
  // would cost the second block an SM), for rows the tuning table's "elements_per_thread" (32
  // on sm_90, else 32).
  const int64_t per_pack = 16 / static_cast<int64_t>(element_bytes(p.dtype));
  KILN_TRY(const int64_t packs_knob, c.get("packs"));
  int64_t packs = packs_knob;
  if (packs == 0 && !rows) packs = staged ? 9 : 8;
  if (packs == 0) {
    packs = std::max<int64_t>(ctx.tuned.get_or("elements_per_thread", 32) / per_pack, 1);
  }
  const int64_t items = packs * per_pack;
  const int64_t tiles = ceil_div(n, block * items);
  const int64_t words = tiles + 1;  // the tile counter, then one descriptor per tile
  KILN_TRY(Launch clear, library_launch("scan", "scan_clear"));
  clear.defines = {dtype_define(p.dtype),
                   define("BLOCK_THREADS", block),
                   define("ITEMS", items),
                   define("EXCLUSIVE", exclusive ? 1 : 0),
                   define("SEGMENTED", rows ? 1 : 0),
                   define("LAUNCH_ORDER", order)};
  clear.grid = {static_cast<unsigned>(n == 0 ? 0 : std::min<int64_t>(ceil_div(words, 256), 1024)),
                1, 1};
  clear.block = {256, 1, 1};
  clear.args = {Arg::scratch(0), Arg::i64(words)};
  KILN_TRY(Launch scan, library_launch("scan", staged ? "scan_staged" : "scan_tiles"));
  scan.defines = clear.defines;
  // The tile (at most 512 x 9 packs: 72 KiB) in dynamic shared memory.
  if (staged) scan.shared_bytes = static_cast<unsigned>(block * items * element_bytes(p.dtype));
  KILN_TRY(unsigned grid, grid_dim(tiles, 0xffffffffLL));
  scan.grid = {grid, 1, 1};
  scan.block = {static_cast<unsigned>(block), 1, 1};
  scan.args = {Arg::input(0), Arg::output(0), Arg::scratch(0), Arg::i64(n), Arg::i64(seg)};
  return Plan{{static_cast<size_t>(words) * 8}, {clear, scan}};
}

// Sums of up to ~16k values in [-1, 1): the partial sums wander like sqrt(k / 3), so the
// reference's left-to-right rounding errors add up to a standard deviation of about
// u * n / sqrt(18) ~ 2.3e-4 at n = 16411 (u = 2^-24); the kernel's tree order errs less.
// atol 2e-3 is about 8 of those; f16 and bf16 add one rounding of the result.
Tolerances scan_tolerances() {
  Tolerances t;
  t.f32 = {2e-3, 1e-5};
  t.f16 = {4e-3, 2e-3};
  t.bf16 = {1.6e-2, 1.6e-2};
  return t;
}

KernelSpec scan_spec(const char* name, const char* summary, bool rows, bool exclusive) {
  KernelSpec s;
  s.name = name;
  s.group = "scan";
  s.summary = summary;
  s.impl = "scan_sm90_lookback";
  s.dtypes = {ElementKind::kF32, ElementKind::kF16, ElementKind::kBF16};
  // reduce_window's window must not be empty, so the definition cannot express a scan over
  // an empty axis ([0], [R, 0]); the plans handle them (no launches).
  if (rows) {
    s.bench_shapes = {{8192, 8192}, {65536, 256}, {16, 1 << 22}, {4096, 1024}};
    s.check_shapes = {{0, 8}, {1, 1}, {1000, 7}, {3, 1031}, {37, 333}, {64, 1024}, {2, 9001}};
  } else {
    s.bench_shapes = {{1 << 28}, {1 << 24}, {1 << 20}};
    s.check_shapes = {{1}, {2}, {33}, {1000}, {1031}, {4097}, {8200}, {16411}};
  }
  s.stablehlo = scan_definition(rows, exclusive);
  size_t rank = rows ? 2 : 1;
  s.make_problem = [rank](const Shape& shape, ElementType t) {
    return scan_problem(shape, t, rank);
  };
  s.flops = [](const Problem& p) { return static_cast<double>(p.outputs[0].num_elements()); };
  s.tolerance = scan_tolerances();
  // Large tiles amortise each tile's look-back; the row scan's segment flags take more
  // registers, so it takes smaller ones.
  s.knobs = {
      {"block", {128, 256, 512}, rows ? 256 : 512, "threads per block"},
      {"packs",
       {0, 2, 4, 8, 9},
       0,
       "16-byte packs per thread; 0: vectors 9 staged, 8 in registers; rows the tuning table's "
       "elements per thread (32)"},
      {"staged",
       {0, 1},
       rows ? 0 : 1,
       "1: the tile staged in shared memory by bulk copies (sm_90); 0: loaded into registers"},
      {"order", {0, 1}, 1, "1: tiles in launch order (blockIdx); 0: from a counter"}};
  s.baselines = {"cub", "torch"};
  // kiln.cumsum (and kiln.cumsum_exclusive) along the last dimension: a vector, or rows.
  s.op = exclusive ? "kiln.cumsum_exclusive" : "kiln.cumsum";
  s.match = [rows](const KernelSpec& spec, const ir::Operation& o) -> std::optional<Problem> {
    if (o.num_operands() != 1) return std::nullopt;
    const ir::Type& x = o.operand(0)->type();
    if (rows ? x.rank() < 2 : x.rank() != 1) return std::nullopt;
    if (!rows) return fitting_problem(spec, o, x.shape(), x.element());
    return row_problem(spec, o);
  };
  s.plan = [rows, exclusive](const Problem& p, const Config& c, const PlanContext& ctx) {
    return scan_plan(p, c, ctx, rows, exclusive);
  };
  return s;
}

std::vector<KernelSpec> scan_specs() {
  return {
      scan_spec("scan_inclusive",
                "inclusive prefix sum of a vector [N] in f32: out[i] = x[0] + ... + x[i]", false,
                false),
      scan_spec("scan_exclusive",
                "exclusive prefix sum of a vector [N] in f32: out[0] = 0, out[i] = x[0] + ... + "
                "x[i-1]",
                false, true),
      scan_spec("scan_rows",
                "inclusive prefix sum along the last dim of [R, C] in f32 (torch.cumsum(x, -1))",
                true, false),
  };
}

}  // namespace

KILN_REGISTER_KERNELS(scan_specs);

}  // namespace kiln::kernels
