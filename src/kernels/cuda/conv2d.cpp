// 2-D convolution (conv2d.cu): y [N, P, Q, K] = x [N, H, W, C] ⋆ w [R, S, C, K], NHWC input and
// output, HWIO filter (JAX's layout for NHWC), bf16/f16 in, f32 accumulation, the output in the
// input type; an implicit GEMM on mma.sync.
//
// A problem's shape is [N, H, W, C, K, R, S, stride, pad_top, pad_bottom, pad_left, pad_right]:
// one stride for both spatial dimensions, the padding explicit (JAX's SAME and VALID are
// padding values; SAME at stride 2 on an even size pads 0 before and 1 after). P = (H +
// pad_top + pad_bottom - R) / stride + 1 (0 where the window is larger than the padded input),
// Q likewise.
#include <algorithm>
#include <string>

#include "kernels/cuda/conv2d_match.h"
#include "kernels/cuda/plan.h"
#include "kernels/cuda/plan_helpers.h"
#include "kernels/cuda/registry.h"

namespace kiln::kernels {

namespace {

// What JAX emits for lax.conv_general_dilated(x, w, (s, s), padding, dimension_numbers=("NHWC",
// "HWIO", "NHWC"), preferred_element_type=f32) and a convert to the input type: the products of
// 16-bit values summed in f32 and rounded once, as the kernel does.
constexpr const char* kConv2dDefinition =
    R"(func.func @main(%x: {in0}, %w: {in1}) -> {out0} {
  %y = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [{D7}, {D7}], pad = [[{D8}, {D9}], [{D10}, {D11}]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : ({in0}, {in1}) -> {out0:f32}
  %r = stablehlo.convert %y : ({out0:f32}) -> {out0}
  return %r : {out0}
}
)";

Expected<Problem> conv2d_problem(const Shape& shape, ElementType t) {
  if (shape.size() != 12) {
    return Error::invalid_argument(fmt::format(
        "conv2d: the shape is [N, H, W, C, K, R, S, stride, pad_top, pad_bottom, pad_left, "
        "pad_right], not {}",
        shape_string(shape)));
  }
  const Conv2dDims d = conv2d_dims(shape);
  if (d.c < 1 || d.r < 1 || d.s < 1 || d.stride < 1) {
    return Error::invalid_argument(fmt::format(
        "conv2d: C, R, S and the stride must be at least 1 in {}", shape_string(shape)));
  }
  for (int64_t v : {d.n, d.h, d.w, d.k, d.pad_top, d.pad_bottom, d.pad_left, d.pad_right}) {
    if (v < 0) {
      return Error::invalid_argument(
          fmt::format("conv2d: a negative size or padding in {}", shape_string(shape)));
    }
  }
  // The kernel indexes rows of the im2col'd input and taps with 32-bit ints.
  if (d.p * d.q > 2147483647 || d.r * d.s * d.c > 2147483647 || d.h + d.pad_top > (1 << 27) ||
      d.w + d.pad_left > (1 << 27)) {
    return Error::invalid_argument(
        fmt::format("conv2d: {} is past the kernel's 32-bit indices", shape_string(shape)));
  }
  Problem p{shape, t, {}, {}};
  p.inputs = {{t, {d.n, d.h, d.w, d.c}}, {t, {d.r, d.s, d.c, d.k}}};
  p.outputs = {{t, {d.n, d.p, d.q, d.k}}};
  return p;
}

// The tiles where the knobs leave them open (0): 128 rows; 64 channels up to K = 64, else 128;
// 32 deep; 4 warps (8 for 256-row tiles, whose warps would otherwise hold 128 x 64 each).
struct Conv2dTiles {
  int64_t block_m, block_n, block_k, warps_m, warps_n, stages;
};

Expected<Conv2dTiles> conv2d_tiles(const Conv2dDims& d, const Config& c) {
  KILN_TRY(int64_t block_m, c.get("block_m"));
  KILN_TRY(int64_t block_n, c.get("block_n"));
  KILN_TRY(int64_t block_k, c.get("block_k"));
  KILN_TRY(int64_t warps, c.get("warps"));
  KILN_TRY(int64_t stages, c.get("stages"));
  if (block_m == 0) block_m = 128;
  if (block_n == 0) block_n = d.k <= 64 ? 64 : 128;
  if (block_k == 0) block_k = 32;
  if (warps == 0) warps = block_m == 256 ? 8 : 4;
  // 4 warps as 2 x 2, 8 as 4 x 2 (or 2 x 4 for tiles wider than tall).
  const int64_t warps_n = warps == 8 && block_n > block_m ? 4 : 2;
  const int64_t warps_m = warps / warps_n;
  const int64_t warp_m = block_m / warps_m, warp_n = block_n / warps_n;
  if (warp_m < 16 || warp_n < 16 || warp_m * warp_n > 64 * 64) {
    return Error::invalid_argument(fmt::format(
        "conv2d: {} warps on a {} x {} tile give warps of {} x {}; the kernel takes 16 x 16 to "
        "64 x 64",
        warps, block_m, block_n, warp_m, warp_n));
  }
  return Conv2dTiles{block_m, block_n, block_k, warps_m, warps_n, stages};
}

// Shared bytes of `stages` buffers of A (block_m rows of block_k + 8) and B (block_k rows of
// block_n + 8) elements.
int64_t conv2d_shared_bytes(const Conv2dTiles& t, int64_t stages, int64_t elem) {
  return stages * (t.block_m * (t.block_k + 8) + t.block_k * (t.block_n + 8)) * elem;
}

Expected<Plan> conv2d_plan(const Problem& p, const Config& c, const PlanContext& ctx) {
  const Conv2dDims d = conv2d_dims(p.shape);
  KILN_TRY(Conv2dTiles t, conv2d_tiles(d, c));
  const int64_t elem = static_cast<int64_t>(element_bytes(p.dtype));
  const int64_t limit =
      std::max(ctx.device.shared_memory_per_block_optin, ctx.device.shared_memory_per_block);
  // stages 0: 4, fewer where the device's shared memory per block does not hold them.
  int64_t stages = t.stages;
  if (stages == 0) {
    stages = 4;
    while (stages > 2 && conv2d_shared_bytes(t, stages, elem) > limit) --stages;
  }
  if (conv2d_shared_bytes(t, stages, elem) > limit) {
    return Error::invalid_argument(fmt::format(
        "conv2d: {} stages of {} x {} x {} tiles need {} bytes of shared memory; the device "
        "has {}",
        stages, t.block_m, t.block_n, t.block_k, conv2d_shared_bytes(t, stages, elem), limit));
  }
  KILN_TRY(Launch l, library_launch("conv2d", "conv2d"));
  l.defines = {dtype_define(p.dtype),
               define("CONV_N", d.n),
               define("IN_H", d.h),
               define("IN_W", d.w),
               define("IN_C", d.c),
               define("OUT_K", d.k),
               define("WIN_R", d.r),
               define("WIN_S", d.s),
               define("STRIDE", d.stride),
               define("PAD_H", d.pad_top),
               define("PAD_W", d.pad_left),
               define("OUT_P", d.p),
               define("OUT_Q", d.q),
               define("BLOCK_M", t.block_m),
               define("BLOCK_N", t.block_n),
               define("BLOCK_K", t.block_k),
               define("WARPS_M", t.warps_m),
               define("WARPS_N", t.warps_n),
               define("STAGES", stages),
               define("VEC_A", d.c % 8 == 0 ? 1 : 0),
               define("VEC_B", d.k % 8 == 0 ? 1 : 0)};
  KILN_TRY(l.grid[0], grid_dim(ceil_div(d.n * d.p * d.q, t.block_m)));
  KILN_TRY(l.grid[1], grid_dim(ceil_div(d.k, t.block_n), 65535));
  l.block = {static_cast<unsigned>(t.warps_m * t.warps_n * 32), 1, 1};
  l.shared_bytes = static_cast<unsigned>(conv2d_shared_bytes(t, stages, elem));
  l.args = {Arg::input(0), Arg::input(1), Arg::output(0)};
  return Plan{{}, {l}};
}

KernelSpec conv2d_spec() {
  KernelSpec s;
  s.name = "conv2d";
  s.group = "convolution";
  s.summary =
      "[N, H, W, C, K, R, S, stride, pads (t, b, l, r)]: NHWC x HWIO -> NHWC, f32 accumulation";
  s.impl = "conv2d_sm80_mma_sync";
  s.dtypes = {ElementKind::kBF16, ElementKind::kF16};
  // ResNet-50's convolutions at batch 32: its 3x3 stages, a 1x1 expansion and the stride-2 3x3
  // of stage 3 (PyTorch's padding 1: 56 -> 28).
  s.bench_shapes = {
      {32, 56, 56, 64, 64, 3, 3, 1, 1, 1, 1, 1},   {32, 28, 28, 128, 128, 3, 3, 1, 1, 1, 1, 1},
      {32, 14, 14, 256, 256, 3, 3, 1, 1, 1, 1, 1}, {32, 7, 7, 512, 512, 3, 3, 1, 1, 1, 1, 1},
      {32, 56, 56, 64, 256, 1, 1, 1, 0, 0, 0, 0},  {32, 56, 56, 256, 64, 1, 1, 1, 0, 0, 0, 0},
      {32, 56, 56, 128, 128, 3, 3, 2, 1, 1, 1, 1}};
  // Tiny; odd H and W with K off the tile; the first layer's C = 3 at stride 2 (3x3 and 7x7);
  // stride 2 with SAME's uneven padding; 1x1 at strides 1 and 2; C and K odd (the element-wise
  // loads and stores); 5x5; VALID; several M tiles and k steps at whole tiles; empty batch,
  // a window larger than the input, no output channels.
  s.check_shapes = {
      {1, 5, 7, 8, 8, 3, 3, 1, 1, 1, 1, 1},      {2, 9, 11, 16, 24, 3, 3, 1, 1, 1, 1, 1},
      {1, 17, 17, 3, 16, 3, 3, 2, 1, 1, 1, 1},   {1, 23, 23, 3, 64, 7, 7, 2, 3, 3, 3, 3},
      {2, 16, 14, 32, 40, 3, 3, 2, 0, 1, 0, 1},  {2, 14, 14, 64, 72, 1, 1, 1, 0, 0, 0, 0},
      {1, 9, 9, 24, 40, 1, 1, 2, 0, 0, 0, 0},    {1, 7, 9, 5, 7, 3, 3, 1, 1, 1, 1, 1},
      {3, 10, 10, 16, 16, 5, 5, 1, 2, 2, 2, 2},  {1, 4, 6, 8, 8, 3, 3, 1, 0, 0, 0, 0},
      {2, 28, 28, 64, 128, 3, 3, 1, 1, 1, 1, 1}, {0, 8, 8, 8, 8, 3, 3, 1, 1, 1, 1, 1},
      {1, 2, 2, 8, 8, 3, 3, 1, 0, 0, 0, 0},      {1, 8, 8, 16, 0, 3, 3, 1, 1, 1, 1, 1}};
  s.stablehlo = kConv2dDefinition;
  s.make_problem = conv2d_problem;
  s.flops = [](const Problem& p) {
    const Conv2dDims d = conv2d_dims(p.shape);
    return 2.0 * static_cast<double>(d.n * d.p * d.q) * static_cast<double>(d.k) *
           static_cast<double>(d.r * d.s * d.c);
  };
  // Both sides sum the same exact products in f32 (in different orders) and round once: the
  // defaults (1.6e-2 bf16, 2e-3 f16) hold a rounding of the output with margin.
  s.knobs = {
      {"block_m", {0, 64, 128, 256}, 0, "output pixels a block; 0: 128"},
      {"block_n", {0, 64, 128}, 0, "output channels a block; 0: 64 up to K = 64, else 128"},
      {"block_k", {0, 32, 64}, 0, "depth (R S C) a stage; 0: 32"},
      {"warps", {0, 4, 8}, 0, "warps a block; 0: 4 (8 for block_m 256)"},
      {"stages", {0, 2, 3, 4, 5}, 0, "shared-memory ring; 0: 4, fewer where it does not fit"}};
  s.baselines = {"cudnn", "torch"};
  s.plan = conv2d_plan;
  s.op = "stablehlo.convolution";
  s.match = conv2d_match;
  return s;
}

std::vector<KernelSpec> conv2d_specs() { return {conv2d_spec()}; }

}  // namespace

KILN_REGISTER_KERNELS(conv2d_specs);

}  // namespace kiln::kernels
