// The weight-only quantized matrix products (quant_gemv.cu): gemv_w4 and gemv_w8, y [M, N] =
// x [M, K] . dequant(W)^T for W [N, K] of 4- or 8-bit codes with per-group scales and zero
// points, x and y bf16 or f16, M = 1 (GEMV) .. 16 (small-batch GEMM), f32 accumulation: an
// FMA kernel (M = 1, or any M with mma=0) dequantizing the weights in registers, and an
// mma.sync one (M > 1) multiplying the raw codes and the zero points by x and applying each
// group's scale to the f32 sums. Both are exact up to the order of their f32 sums.
//
// The problem's shape is [M, N, K, group], group 32, 64 or 128 dividing K. Its tensors:
//   in0 x [M, K] (the dtype);
//   in1 W: ui32 [N, K / 8] (4-bit) or [N, K / 4] (8-bit), unsigned codes packed along K, the
//       first code in the lowest bits: code k of a row is bits 4 (k % 8) .. 4 (k % 8) + 3 of
//       word k / 8 (so in memory, byte b holds codes 2b in its low nibble and 2b + 1 in its
//       high nibble), or byte k % 4 of word k / 4 (byte k of the row). 32-bit words because
//       the bench fills and the baselines receive no 8-bit integer tensors; the bytes are those
//       of a packed [N, K / 2] (or [N, K]) ui8 array;
//   in2 scales and in3 zero points: [N, K / group] in the dtype (as AWQ and GPTQ keep them in
//       the activation type; a float zero point also holds HQQ's fractional ones);
//   out0 y [M, N] (the dtype). w[n][k] = (q[n][k] - zero[n][k / group]) * scale[n][k / group].
#include <algorithm>
#include <string>

#include "kernels/cuda/op_match.h"
#include "kernels/cuda/plan.h"
#include "kernels/cuda/plan_helpers.h"
#include "kernels/cuda/registry.h"

namespace kiln::kernels {

namespace {

// BITS, PER_WORD, STEP and MASK are filled per spec (quant_definition); the rest per problem.
// The codes are unpacked as the kernel reads them: word >> (STEP * j) & MASK for j < PER_WORD.
constexpr const char* kQuantGemvDefinition =
    R"(func.func @main(%x: {in0}, %w: {in1}, %s: {in2}, %z: {in3}) -> {out0} {
  %wb = stablehlo.broadcast_in_dim %w, dims = [0, 1] : ({in1}) -> tensor<{shape_in1}xPER_WORDxui32>
  %j = stablehlo.iota dim = 2 : tensor<{shape_in1}xPER_WORDxui32>
  %step = stablehlo.constant dense<STEP> : tensor<{shape_in1}xPER_WORDxui32>
  %shift = stablehlo.multiply %j, %step : tensor<{shape_in1}xPER_WORDxui32>
  %t = stablehlo.shift_right_logical %wb, %shift : tensor<{shape_in1}xPER_WORDxui32>
  %mask = stablehlo.constant dense<MASK> : tensor<{shape_in1}xPER_WORDxui32>
  %q = stablehlo.and %t, %mask : tensor<{shape_in1}xPER_WORDxui32>
  %qf = stablehlo.convert %q
      : (tensor<{shape_in1}xPER_WORDxui32>) -> tensor<{shape_in1}xPER_WORDxf32>
  %qg = stablehlo.reshape %qf : (tensor<{shape_in1}xPER_WORDxf32>) -> tensor<{shape_in2}x{D3}xf32>
  %sf = stablehlo.convert %s : ({in2}) -> {in2:f32}
  %zf = stablehlo.convert %z : ({in3}) -> {in3:f32}
  %sb = stablehlo.broadcast_in_dim %sf, dims = [0, 1] : ({in2:f32}) -> tensor<{shape_in2}x{D3}xf32>
  %zb = stablehlo.broadcast_in_dim %zf, dims = [0, 1] : ({in3:f32}) -> tensor<{shape_in2}x{D3}xf32>
  %d = stablehlo.subtract %qg, %zb : tensor<{shape_in2}x{D3}xf32>
  %wg = stablehlo.multiply %d, %sb : tensor<{shape_in2}x{D3}xf32>
  %wk = stablehlo.reshape %wg : (tensor<{shape_in2}x{D3}xf32>) -> tensor<{D1}x{D2}xf32>
  %xf = stablehlo.convert %x : ({in0}) -> {in0:f32}
  %y = stablehlo.dot_general %xf, %wk, contracting_dims = [1] x [1]
      : ({in0:f32}, tensor<{D1}x{D2}xf32>) -> {out0:f32}
  %r = stablehlo.convert %y : ({out0:f32}) -> {out0}
  return %r : {out0}
}
)";

std::string quant_definition(int bits) {
  std::string s = replace_all(kQuantGemvDefinition, "PER_WORD", std::to_string(32 / bits));
  s = replace_all(s, "STEP", std::to_string(bits));
  return replace_all(s, "MASK", std::to_string((1 << bits) - 1));
}

constexpr int64_t kMaxQuantBatch = 16;

// A kiln.quant_matmul (fuse-quant-matmul) of `bits`-bit codes in this kernel's layout: its
// config's roles x, codes, scales, zeros in operand order, x [M, K] and y [M, N] of one type.
// The problem [M, N, K, group]; make_problem keeps M <= 16 and the groups the kernel has, and
// fitting_problem checks the words, scales and zero points against the operands.
std::optional<Problem> quant_matmul_match(const KernelSpec& spec, const ir::Operation& op,
                                          int bits) {
  if (op.num_operands() != 4 || op.num_results() != 1 || config_int(op, "bits") != bits ||
      config_int(op, "x") != 0 || config_int(op, "codes") != 1 || config_int(op, "scales") != 2 ||
      config_int(op, "zeros") != 3) {
    return std::nullopt;
  }
  std::optional<int64_t> group = config_int(op, "group");
  auto ins = static_operand_types(op);
  auto outs = static_result_types(op);
  if (!group || !ins || !outs) return std::nullopt;
  const ir::Type &x = (*ins)[0], &y = (*outs)[0];
  if (x.rank() != 2 || y.rank() != 2 || y.element() != x.element() ||
      y.shape()[0] != x.shape()[0]) {
    return std::nullopt;
  }
  return fitting_problem(spec, op, {x.shape()[0], y.shape()[1], x.shape()[1], *group},
                         x.element());
}

Expected<Problem> quant_gemv_problem(const Shape& shape, ElementType t, int bits) {
  auto bad = [&](std::string_view why) {
    return Error::invalid_argument(
        fmt::format("kernels: gemv_w{} takes a shape [M, N, K, group] ({}), not {}", bits, why,
                    shape_string(shape)));
  };
  if (shape.size() != 4) return bad("four dimensions");
  const int64_t m = shape[0], n = shape[1], k = shape[2], group = shape[3];
  if (m < 1 || m > kMaxQuantBatch) return bad("M from 1 to 16");
  if (group != 32 && group != 64 && group != 128) return bad("group 32, 64 or 128");
  if (n < 0 || k < 0 || k % group != 0) return bad("K a multiple of the group");
  const int64_t per_word = 32 / bits, q_max = (int64_t{1} << bits) - 1;
  Problem p{shape, t, {}, {}};
  p.inputs.push_back({t, {m, k}});
  // Every bit pattern of the words: uniform codes.
  p.inputs.push_back({ElementKind::kUI32, {n, k / per_word}, 0.0, 4294967296.0});
  // Scales that give weights of a trained model's size (|w| below 0.04, RMS about 0.013; zero
  // points over the codes' range), so that y's RMS stays near 1 up to K = 14336.
  const double s_hi = 0.04 / static_cast<double>(q_max);
  p.inputs.push_back({t, {n, k / group}, s_hi / 2, s_hi});
  p.inputs.push_back({t, {n, k / group}, 0.0, static_cast<double>(q_max)});
  p.outputs.push_back({t, {m, n}});
  return p;
}

// One warp per `rows` rows of W (FMA), or per 16 (mma.sync: M > 1 and the knob `mma` 1, or any
// M and `mma` 2). The K range is split when the row warps leave the device short of
// `blocks_per_sm` blocks per SM, each split keeping at least `split_min` x `unroll` packs of 16
// bytes (32: a whole unrolled step of every lane of the FMA kernel; 4: one unrolled warp step
// of the tensor-core kernel) and the partial sums (written and read: 8 bytes per output and
// split) within 1/8 of W's bytes. The splits are added in order by gemv.cu's
// gemv_t_finish (y as a vector of M N; `finish` 0) or by the last block of each row tile
// (`finish` 1: one launch, a count per row tile in the plan's state).
Expected<Plan> quant_gemv_plan(const Problem& p, const Config& c, const PlanContext& context,
                               int bits) {
  const int64_t m = p.shape[0], n = p.shape[1], k = p.shape[2], group = p.shape[3];
  KILN_TRY(const int64_t block, c.get("block"));
  KILN_TRY(const int64_t rows_knob, c.get("rows"));
  KILN_TRY(const int64_t mma_knob, c.get("mma"));
  KILN_TRY(const int64_t per_sm, c.get("blocks_per_sm"));
  KILN_TRY(const int64_t prefetch, c.get("prefetch"));
  KILN_TRY(const int64_t finish, c.get("finish"));
  const bool mma = mma_knob == 2 || (mma_knob == 1 && m > 1);
  const int64_t rows = mma ? 16 : rows_knob;
  const int64_t blocks = ceil_div(ceil_div(n, rows), block / 32);
  const int64_t packs = k / (128 / bits);
  KILN_TRY(const int64_t unroll, c.get("unroll"));
  KILN_TRY(const int64_t split_min, c.get("split_min"));
  const int64_t max_splits =
      std::max<int64_t>(1, std::min(packs / (split_min * unroll), k * bits / (512 * m)));
  const int64_t aim = per_sm * context.device.sm_count;
  int64_t splits = std::clamp<int64_t>(ceil_div(aim, std::max<int64_t>(blocks, 1)), 1, max_splits);
  int64_t packs_per_split = ceil_div(packs, splits);
  // The tensor-core kernel's warp steps of four packs start at multiples of 4 (its mmas take
  // one group's codes each; a group is 1 to 8 packs).
  if (mma) packs_per_split = ceil_div(packs_per_split, 4) * 4;
  splits = packs_per_split > 0 ? ceil_div(packs, packs_per_split) : 1;

  KILN_TRY(Launch main, library_launch("quant_gemv", mma ? "quant_gemm_mma" : "quant_gemv"));
  main.defines = {dtype_define(p.dtype),
                  define("BITS", bits),
                  define("GROUP", group),
                  define("M_ACT", m),
                  define("SPLIT", splits > 1 ? 1 : 0),
                  define("MMA", mma ? 1 : 0),
                  define("UNROLL", unroll)};
  if (!mma) main.defines.push_back(define("ROWS", rows));
  KILN_TRY(const int64_t factored, c.get("factored"));
  if (!mma && factored == 1) main.defines.push_back(define("FACTORED", 1));
  // Off by default in the source: passed only when on (the plans of the defaults unchanged).
  if (prefetch == 1) main.defines.push_back(define("PREFETCH", 1));
  KILN_TRY(const int64_t chains, c.get("chains"));
  if (mma && chains > 1) main.defines.push_back(define("CHAINS", chains));
  if (splits > 1 && finish == 1) main.defines.push_back(define("FINISH", 1));
  KILN_TRY(main.grid[0], grid_dim(blocks));
  KILN_TRY(main.grid[1], grid_dim(splits, 65535));
  main.block = {static_cast<unsigned>(block), 1, 1};
  const Arg out = splits > 1 ? Arg::scratch(0) : Arg::output(0);
  main.args = {Arg::input(0), Arg::input(1), Arg::input(2), Arg::input(3),
               out,           Arg::i64(n),   Arg::i64(k),   Arg::i64(packs_per_split)};
  if (splits == 1) return Plan{{}, {main}};
  const std::vector<size_t> scratch = {static_cast<size_t>(splits * m * n) * 4};
  if (finish == 1) {
    main.args.push_back(Arg::state(0));
    main.args.push_back(Arg::output(0));
    return Plan{scratch, {main}, {static_cast<size_t>(blocks) * 4}};
  }

  KILN_TRY(Launch adder, library_launch("gemv", "gemv_t_finish"));
  adder.defines = {dtype_define(p.dtype), define("UNROLL", 1)};
  KILN_TRY(adder.grid[0], grid_dim(ceil_div(m * n, 32)));
  adder.block = {32, 8, 1};
  adder.args = {Arg::scratch(0), Arg::output(0), Arg::i64(m * n), Arg::i64(splits)};
  return Plan{scratch, {main, adder}};
}

// Tolerances. Both kernels compute the definition's f32 products (the FMA kernel's weights q s -
// z s, the tensor-core kernel's s (P - z X) with exact products of codes, zero points and x)
// and differ from it in the order of their f32 sums, then round y once as it does. Two f32
// sums within d of each other round to 16-bit values within d + one ulp of the reference's,
// and an ulp is at most 2^-7 (bf16) or 2^-10 (f16) of it: rtol 8e-3 and 1e-3. d: the f32
// rounding errors of sums of K products of about 0.007 (|x| < 1, |w| < 0.04), or of a group's
// P and z X (|P| up to group x 255; the tensor cores' f32 adds may truncate, a few units of
// 2^-23 of it, times s < 0.04 / 255): about 1e-6 at K = 8192, far below atol (1e-3, 1e-4),
// which also covers y near 0.
Tolerances quant_gemv_tolerances() {
  Tolerances t;
  t.bf16 = {1e-3, 8e-3};
  t.f16 = {1e-4, 1e-3};
  return t;
}

KernelSpec quant_gemv_spec(int bits) {
  KernelSpec s;
  s.name = fmt::format("gemv_w{}", bits);
  s.group = "gemv";
  s.summary = fmt::format(
      "y [M, N] = x [M, K] . dequant(W [N, K])^T, {}-bit codes with per-group scales and zero "
      "points; shape [M, N, K, group], M 1..16",
      bits);
  s.impl = fmt::format("gemv_w{}_sm90_warp_rows_mma", bits);
  s.dtypes = {ElementKind::kBF16, ElementKind::kF16};
  // Llama-3-8B's projections (4096 x 4096, 14336 x 4096 up, 4096 x 14336 down) at one token
  // and at 16, with the common group 128 and the finest, 32.
  for (int64_t m : {1, 16}) {
    for (int64_t group : {128, 32}) {
      for (auto [n, k] : {std::pair<int64_t, int64_t>{4096, 4096}, {14336, 4096}, {4096, 14336}})
        s.bench_shapes.push_back({m, n, k, group});
    }
  }
  // Odd N (rows of a warp past N), every group, M 1 (FMA) and 2 .. 16 on tensor cores (one
  // n-tile, full or not, and two, the second of 1 row), empty N and K, K not a whole warp step
  // (3 packs of 4-bit codes), groups across warp steps (8-bit, group 128: 8 packs), and K long
  // enough to be split (8192 codes: 256 packs of 4-bit codes, 512 of 8-bit; on 132 SMs 8320
  // splits into 68 packs, not whole 8-bit groups of 128, and 14336 into 7 or 14).
  s.check_shapes = {{1, 1, 32, 32},     {1, 7, 64, 32},    {3, 33, 256, 64},    {16, 5, 128, 128},
                    {2, 0, 64, 32},     {3, 4, 0, 32},     {2, 31, 96, 32},     {4, 48, 256, 32},
                    {8, 19, 384, 128},  {9, 23, 640, 128}, {15, 37, 1536, 64},  {3, 65, 1024, 32},
                    {16, 17, 512, 64},  {1, 3, 8192, 32},  {3, 129, 8192, 128}, {16, 2, 8192, 64},
                    {2, 33, 8320, 128}, {5, 9, 14336, 32}};
  s.stablehlo = quant_definition(bits);
  s.make_problem = [bits](const Shape& shape, ElementType t) {
    return quant_gemv_problem(shape, t, bits);
  };
  s.flops = [](const Problem& p) {
    return 2.0 * static_cast<double>(p.shape[0] * p.shape[1]) * static_cast<double>(p.shape[2]);
  };
  s.tolerance = quant_gemv_tolerances();
  // bytes: the default, W + scales + zero points + x + y, each once.
  s.baselines = {"cublas", "torch"};
  s.knobs = {
      {"block", {64, 128, 256}, 128, "threads per block (a warp per `rows` rows of W)"},
      {"rows", {1, 2, 4, 8}, 2, "rows of W per warp of the FMA kernel, sharing each x load"},
      {"mma",
       {0, 1, 2},
       1,
       "1: M > 1 on tensor cores (mma.sync m16n8k16, 16 rows of W per warp), M = 1 with "
       "FMA; 2: tensor cores at every M (M = 1: one of 8 columns); 0: FMA at every M"},
      {"unroll", {1, 2, 4}, 2, "steps whose 16-byte loads of W are issued before any is used"},
      {"prefetch",
       {0, 1},
       0,
       "1: the next step's loads of W, scales and zero points are issued before the current "
       "step is used (loads in flight while a warp computes)"},
      {"blocks_per_sm",
       {1, 2, 4, 8, 16},
       2,
       "blocks per SM to aim for before the K range is split"},
      {"chains",
       {1, 2, 4},
       1,
       "tensor-core kernel: independent accumulators of a group's mmas (1: every mma waits for "
       "the last; 2: the codes' and the zero points' apart; 4: also alternate words)"},
      {"split_min",
       {4, 32},
       32,
       "packs per unroll a K split keeps at least: 32, a step of every lane of the FMA kernel; "
       "4, a warp step of the tensor-core kernel (more splits where W has few rows)"},
      {"finish",
       {0, 1},
       0,
       "split K: 0, the partial sums added by a second launch; 1, by the last block of each "
       "row tile (one launch)"},
      {"factored",
       {0, 1},
       1,
       "FMA kernel: 1, a pack's scale and zero point applied once to its sums (s/step A - s "
       "(base/step + z) X, A = sum of the codes as base + step q times x, X = sum x shared by "
       "the rows), not to each weight: about 3.5 instructions a 4-bit code instead of 4.5 "
       "(measured 1-5% faster at M = 1, neutral at M = 16)"}};
  s.plan = [bits](const Problem& p, const Config& c, const PlanContext& context) {
    return quant_gemv_plan(p, c, context, bits);
  };
  s.op = "kiln.quant_matmul";
  s.match = [bits](const KernelSpec& spec, const ir::Operation& op) {
    return quant_matmul_match(spec, op, bits);
  };
  return s;
}

std::vector<KernelSpec> quant_gemv_specs() { return {quant_gemv_spec(4), quant_gemv_spec(8)}; }

}  // namespace

KILN_REGISTER_KERNELS(quant_gemv_specs);

}  // namespace kiln::kernels
