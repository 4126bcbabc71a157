// The data-movement kernels of copy.cu: `copy` (y = x), `strided_copy` (every S-th column of
// a row-major matrix) and `transpose2d` (a 2-D transpose through shared-memory tiles).
#include <algorithm>

#include "kernels/cuda/op_match.h"
#include "kernels/cuda/plan.h"
#include "kernels/cuda/plan_helpers.h"
#include "kernels/cuda/registry.h"

namespace kiln::kernels {

namespace {

std::vector<Knob> copy_knobs() {
  return {{"block", {128, 256, 512, 1024}, 256, "threads per block"},
          {"unroll", {1, 2, 4, 8}, 1, "16-byte packs of output per thread"}};
}

// A launch over n output elements, UNROLL packs per thread.
Expected<Launch> packed_launch(const char* function, const Problem& p, const Config& c, int64_t n) {
  KILN_TRY(int64_t block, c.get("block"));
  KILN_TRY(int64_t unroll, c.get("unroll"));
  int64_t per_block = block * unroll * (16 / static_cast<int64_t>(element_bytes(p.dtype)));
  KILN_TRY(unsigned blocks, grid_dim(ceil_div(n, per_block)));
  KILN_TRY(Launch l, library_launch("copy", function));
  l.defines = {dtype_define(p.dtype), define("UNROLL", unroll)};
  l.grid = {blocks, 1, 1};
  l.block = {static_cast<unsigned>(block), 1, 1};
  l.args = {Arg::input(0), Arg::output(0), Arg::i64(n)};
  return l;
}

KernelSpec copy_spec() {
  KernelSpec s;
  s.name = "copy";
  s.group = "data_movement";
  s.summary = "y = x, contiguous";
  s.impl = "copy_sm90_vec";
  s.dtypes = {ElementKind::kF32, ElementKind::kF16, ElementKind::kBF16};
  s.bench_shapes = {{1 << 28}, {8192, 8192}, {1 << 20}};
  s.check_shapes = {{}, {0}, {1}, {1000}, {3, 1031}, {65536 + 13}};
  s.stablehlo = "func.func @main(%x: {in0}) -> {out0} {\n  return %x : {out0}\n}\n";
  s.make_problem = [](const Shape& shape, ElementType t) -> Expected<Problem> {
    return same_shape_problem(shape, t, 1);
  };
  s.knobs = copy_knobs();
  s.baselines = {"torch"};
  // A convert to the operand's own type is a copy.
  s.op = "stablehlo.convert";
  s.match = [](const KernelSpec& spec, const ir::Operation& o) {
    return elementwise_problem(spec, o, 1);
  };
  s.plan = [](const Problem& p, const Config& c, const PlanContext&) -> Expected<Plan> {
    KILN_TRY(Launch l, packed_launch("copy", p, c, p.outputs[0].num_elements()));
    return Plan{{}, {l}};
  };
  return s;
}

// [R, C, S]: x [R, C * S] -> y [R, C] = x[:, ::S].
Expected<Problem> strided_problem(const Shape& shape, ElementType t) {
  if (shape.size() != 3 || shape[2] < 1) {
    return Error::invalid_argument(fmt::format(
        "strided_copy: the shape is [R, C, S] with a stride S >= 1 (x [R, C*S] -> y [R, C]), "
        "got {}",
        shape_string(shape)));
  }
  Problem p{shape, t, {}, {}};
  p.inputs = {{t, {shape[0], shape[1] * shape[2]}}};
  p.outputs = {{t, {shape[0], shape[1]}}};
  return p;
}

KernelSpec strided_copy_spec() {
  KernelSpec s;
  s.name = "strided_copy";
  s.group = "data_movement";
  s.summary = "y [R, C] = x[:, ::S] for x [R, C*S] (shape R x C x S): every S-th column";
  s.impl = "strided_copy_sm90_vec";
  s.dtypes = {ElementKind::kF32, ElementKind::kF16, ElementKind::kBF16};
  s.bench_shapes = {{8192, 4096, 2}, {8192, 2048, 4}, {4096, 1024, 16}, {1024, 1024, 2}};
  s.check_shapes = {{1, 1, 1},  {3, 1031, 1}, {3, 1031, 2},  {7, 333, 3}, {4, 100, 4},
                    {5, 64, 5}, {2, 1000, 8}, {1, 4096, 16}, {0, 10, 2},  {3, 0, 2}};
  // The slice with strides [1, S], written as a reshape to [R, C, S] and a slice of [:, :, 0]
  // (a strided slice's limit C*S cannot be written from the shape's dims).
  s.stablehlo = R"(func.func @main(%x: {in0}) -> {out0} {
  %r = stablehlo.reshape %x : ({in0}) -> tensor<{D0}x{D1}x{D2}x{T}>
  %s = stablehlo.slice %r [0:{D0}, 0:{D1}, 0:1]
      : (tensor<{D0}x{D1}x{D2}x{T}>) -> tensor<{D0}x{D1}x1x{T}>
  %y = stablehlo.reshape %s : (tensor<{D0}x{D1}x1x{T}>) -> {out0}
  return %y : {out0}
}
)";
  s.make_problem = strided_problem;
  // The 32-byte sectors that hold the elements read, and the output written.
  s.bytes = [](const Problem& p) {
    double es = static_cast<double>(element_bytes(p.dtype));
    double per_read = std::min(static_cast<double>(p.shape[2]) * es, 32.0);
    return static_cast<double>(p.outputs[0].num_elements()) * (per_read + es);
  };
  s.knobs = copy_knobs();
  s.baselines = {"torch"};
  s.plan = [](const Problem& p, const Config& c, const PlanContext&) -> Expected<Plan> {
    KILN_TRY(Launch l, packed_launch("strided_copy", p, c, p.outputs[0].num_elements()));
    l.defines.push_back(define("STRIDE", p.shape[2]));
    return Plan{{}, {l}};
  };
  return s;
}

Expected<Plan> transpose_plan(const Problem& p, const Config& c, const PlanContext&) {
  int64_t rows = p.shape[0], cols = p.shape[1];
  KILN_TRY(const int64_t tile_words, c.get("tile_words"));
  KILN_TRY(const int64_t tile_rows, c.get("tile_rows"));
  int64_t tile = tile_words * (4 / static_cast<int64_t>(element_bytes(p.dtype)));
  int64_t tiles_c = ceil_div(cols, tile);
  KILN_TRY(unsigned blocks, grid_dim(ceil_div(rows, tile) * tiles_c));
  KILN_TRY(Launch l, library_launch("copy", "transpose2d"));
  l.defines = {dtype_define(p.dtype), define("TILE_WORDS", tile_words),
               define("TILE_ROWS", tile_rows)};
  l.grid = {blocks, 1, 1};
  l.block = {32, static_cast<unsigned>(tile_rows), 1};
  l.args = {Arg::input(0), Arg::output(0), Arg::i64(rows), Arg::i64(cols),
            Arg::i64(std::max<int64_t>(tiles_c, 1))};
  return Plan{{}, {l}};
}

KernelSpec transpose2d_spec() {
  KernelSpec s;
  s.name = "transpose2d";
  s.group = "data_movement";
  s.summary = "y [C, R] = x [R, C] transposed (row-major both)";
  s.impl = "transpose2d_sm90_smem_tile";
  s.dtypes = {ElementKind::kF32, ElementKind::kF16, ElementKind::kBF16};
  s.bench_shapes = {{8192, 8192}, {4096, 4096}, {16384, 1024}, {1024, 16384}};
  s.check_shapes = {{1, 1},     {32, 32},   {64, 64}, {33, 65}, {31, 1031}, {64, 1000},
                    {256, 256}, {250, 260}, {100, 3}, {3, 100}, {0, 5},     {5, 0}};
  s.stablehlo = R"(func.func @main(%x: {in0}) -> {out0} {
  %y = stablehlo.transpose %x, dims = [1, 0] : ({in0}) -> {out0}
  return %y : {out0}
}
)";
  s.make_problem = [](const Shape& shape, ElementType t) -> Expected<Problem> {
    if (shape.size() != 2) {
      return Error::invalid_argument(
          fmt::format("transpose2d: the shape is [R, C], got {}", shape_string(shape)));
    }
    Problem p{shape, t, {}, {}};
    p.inputs = {{t, shape}};
    p.outputs = {{t, {shape[1], shape[0]}}};
    return p;
  };
  s.knobs = {{"tile_words", {32, 64}, 64, "tile width in 4-byte words (f32 64: 64x64 elements)"},
             {"tile_rows", {4, 8, 16, 32}, 16, "rows of 32 threads per block (per tile)"}};
  s.baselines = {"torch"};
  s.plan = transpose_plan;
  s.op = "stablehlo.transpose";
  s.match = [](const KernelSpec& spec, const ir::Operation& o) -> std::optional<Problem> {
    if (o.num_operands() != 1 || int_array_attr(o, "permutation") != std::vector<int64_t>{1, 0}) {
      return std::nullopt;
    }
    const ir::Type& in = o.operand(0)->type();
    return fitting_problem(spec, o, in.shape(), in.element());
  };
  return s;
}

std::vector<KernelSpec> copy_specs() {
  return {copy_spec(), strided_copy_spec(), transpose2d_spec()};
}

}  // namespace

KILN_REGISTER_KERNELS(copy_specs);

}  // namespace kiln::kernels
