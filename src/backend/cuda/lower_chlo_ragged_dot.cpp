// chlo.ragged_dot: the library's grouped GEMM of a mixture-of-experts layer where it matches
// (kernels/cuda/moe_gemm.cpp: 16-bit tokens [T, K] ragged along T, weights [E, K, N] or
// [E, N, K], int32 group_sizes [E]); else one generated kernel, a thread per result element, in the interpreter's
// three modes — the ragged lhs dimension non-contracting (the row's group, found from
// group_sizes on the device, picks the rhs slice along rhs_group_dimensions; rows past the
// groups are zero), contracting (a leading group dimension; group j sums only its range of the
// ragged dimension) or batch (a dot_general) — summing over the contracting dimensions in
// row-major order in the interpreter's accumulator (dot_general's accumulation type: f32 for
// the narrow floats, wrapping integers; mixed element types converted into it), so that it
// gives the interpreter's values.
#include <fmt/format.h>

#include <algorithm>

#include "backend/cuda/codegen/emitter.h"
#include "backend/cuda/lowerer.h"
#include "backend/cuda/ops/gemm_operands.h"
#include "ir/ops/chlo_ragged_dot.h"
#include "kernels/cuda/sources.h"

namespace kiln::backend::cuda {

namespace {

bool ragged_contains(const std::vector<int64_t>& v, int64_t x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

// Row-major element strides of a shape.
std::vector<int64_t> ragged_strides(const std::vector<int64_t>& shape) {
  std::vector<int64_t> s(shape.size(), 1);
  for (size_t i = shape.size(); i-- > 1;) s[i - 1] = s[i] * shape[i];
  return s;
}

// One dimension the kernel walks: its size and the element strides it steps lhs and rhs by;
// `lhs_dim` the lhs dimension it indexes (-1: none).
struct RaggedWalk {
  int64_t size = 0, lhs_dim = -1, lhs_stride = 0, rhs_stride = 0;
};

Status lower_ragged_dot(Lowerer& l, const ir::Operation& op) {
  KILN_TRY(bool on_library, lower_on_library(l, op));
  if (on_library) return ok_status();
  if (op.num_operands() != 3 || op.num_results() != 1) {
    return unsupported(op, "operand or result counts other than three and one");
  }
  const ir::Type& lhs = op.operand(0)->type();
  const ir::Type& rhs = op.operand(1)->type();
  const ir::Type& gs = op.operand(2)->type();
  const ir::Type& result = op.result(0)->type();
  std::optional<ir::RaggedDotDims> d = ir::read_ragged_dot_dims(op);
  if (!d || d->lhs_ragged.size() != 1 || gs.rank() < 1) {
    return unsupported(op, "malformed ragged_dot_dimension_numbers");
  }
  KILN_TRY(ScalarType st, Emitter::scalar_type(result, &op));
  KILN_TRY(ScalarType lt, Emitter::scalar_type(lhs, &op));
  KILN_TRY(ScalarType rt, Emitter::scalar_type(rhs, &op));
  // dot_general's accumulation type: the operands are converted into it, the sum rounded once
  // to the result (the interpreter's order, for mixed element types too).
  KILN_TRY(ScalarType acc_t,
           Emitter::scalar_type(
               ir::Type::tensor(
                   {}, interp::accumulation_type(lhs.element(), rhs.element(), result.element())),
               &op));
  KILN_TRY(ScalarType gt, Emitter::scalar_type(gs, &op));
  if (lhs.element().is_quantized() || rhs.element().is_quantized() ||
      result.element().is_quantized()) {
    return unsupported(op, "quantized element types (the interpreter lacks them too)");
  }
  if (st.is_complex ? false : !(st.is_float || st.is_int || st.is_bool)) {
    return unsupported(op, "its element type");
  }
  const int64_t ragged = d->lhs_ragged[0];
  enum class Mode { kNonContracting, kContracting, kBatch };
  const Mode mode = ragged_contains(d->lhs_contracting, ragged) ? Mode::kContracting
                    : ragged_contains(d->lhs_batching, ragged)  ? Mode::kBatch
                                                                : Mode::kNonContracting;
  if ((mode == Mode::kNonContracting) != (d->rhs_group.size() == 1)) {
    return unsupported(op, "rhs_group_dimensions that do not fit the ragged dimension's mode");
  }
  const int64_t groups = gs.dim(gs.rank() - 1);
  // The lhs dimensions that index group_sizes' leading dimensions (as the interpreter reads it).
  std::vector<int64_t> lead(gs.shape().begin(), gs.shape().end() - 1), gs_dims;
  auto sizes_of = [&](const std::vector<int64_t>& dims) {
    std::vector<int64_t> s;
    for (int64_t x : dims) s.push_back(lhs.dim(x));
    return s;
  };
  std::vector<int64_t> before;
  for (int64_t i = 0; i < ragged; ++i) before.push_back(i);
  if (lead.empty()) {
  } else if (lead == sizes_of(d->lhs_batching)) {
    gs_dims = d->lhs_batching;
  } else if (lead == sizes_of(before)) {
    gs_dims = before;
  } else {
    return unsupported(op, "group_sizes of a shape other than [g], [lhs batch sizes..., g] or "
                           "[lhs sizes before the ragged dimension..., g]");
  }

  const std::vector<int64_t> ls = ragged_strides(lhs.shape()), rs = ragged_strides(rhs.shape());
  std::vector<RaggedWalk> out, k;
  if (mode == Mode::kContracting) out.push_back({groups, -1, 0, 0});
  for (size_t i = 0; i < d->lhs_batching.size(); ++i) {
    const int64_t lb = d->lhs_batching[i], rb = d->rhs_batching[i];
    out.push_back({lhs.dim(lb), lb, ls[static_cast<size_t>(lb)], rs[static_cast<size_t>(rb)]});
  }
  for (int64_t i = 0; i < lhs.rank(); ++i) {
    if (ragged_contains(d->lhs_batching, i) || ragged_contains(d->lhs_contracting, i)) continue;
    out.push_back({lhs.dim(i), i, ls[static_cast<size_t>(i)], 0});
  }
  for (int64_t i = 0; i < rhs.rank(); ++i) {
    if (ragged_contains(d->rhs_batching, i) || ragged_contains(d->rhs_contracting, i) ||
        ragged_contains(d->rhs_group, i)) {
      continue;
    }
    out.push_back({rhs.dim(i), -1, 0, rs[static_cast<size_t>(i)]});
  }
  for (size_t i = 0; i < d->lhs_contracting.size(); ++i) {
    const int64_t lc = d->lhs_contracting[i], rc = d->rhs_contracting[i];
    k.push_back({lhs.dim(lc), lc, ls[static_cast<size_t>(lc)], rs[static_cast<size_t>(rc)]});
  }
  std::vector<int64_t> out_shape;
  for (const RaggedWalk& w : out) out_shape.push_back(w.size);
  if (out_shape != result.shape()) return unsupported(op, "a result shape that does not match");
  const int64_t rhs_group_stride =
      d->rhs_group.empty() ? 0 : rs[static_cast<size_t>(d->rhs_group[0])];

  KILN_TRY(BufferRef lhs_ref, l.ref(op.operand(0)));
  KILN_TRY(BufferRef rhs_ref, l.ref(op.operand(1)));
  KILN_TRY(BufferRef gs_ref, l.ref(op.operand(2)));
  const BufferRef out_ref = l.define(op.result(0));
  const int64_t total = result.num_elements().value_or(0);
  if (total == 0) return ok_status();

  const std::string fn = l.kernel_name();
  CodeWriter w;
  w.open(fmt::format(
      "extern \"C\" __global__ void {}(const {}* __restrict__ lhs, const {}* __restrict__ rhs, "
      "const {}* __restrict__ gs, {}* __restrict__ out)",
      fn, lt.storage, rt.storage, gt.storage, st.storage));
  w.open(fmt::format("for (i64 flat = blockIdx.x * static_cast<i64>(blockDim.x) + threadIdx.x; flat < {}LL; "
                     "flat += static_cast<i64>(gridDim.x) * blockDim.x)",
                     total));
  w.line("i64 rem = flat, lbase = 0, rbase = 0;");
  for (int64_t i = 0; i < lhs.rank(); ++i) w.line(fmt::format("i64 li{} = 0;", i));
  for (size_t i = out.size(); i-- > 0;) {
    w.line(fmt::format("const i64 o{} = rem % {}LL;", i, out[i].size));
    w.line(fmt::format("rem /= {}LL;", out[i].size));
    w.line(fmt::format("lbase += o{0} * {1}LL; rbase += o{0} * {2}LL;", i, out[i].lhs_stride, out[i].rhs_stride));
    if (out[i].lhs_dim >= 0) w.line(fmt::format("li{} = o{};", out[i].lhs_dim, i));
  }
  w.line("i64 lead = 0;");
  for (int64_t dim : gs_dims) w.line(fmt::format("lead = lead * {}LL + li{};", lhs.dim(dim), dim));
  w.line(fmt::format("const {}* g = gs + lead * {}LL;", gt.storage, groups));
  w.line("(void)g;");
  const std::string zero = st.literal_double(0.0);
  w.line("i64 glo = 0, ghi = 0;");
  w.line("(void)glo; (void)ghi;");
  if (mode == Mode::kNonContracting) {
    // The group whose range holds this row; none: the element is zero.
    w.line(fmt::format("const i64 row = li{};", ragged));
    w.line("i64 group = -1, lo = 0;");
    w.open(fmt::format("for (i64 j = 0; j < {}LL; ++j)", groups));
    w.line(fmt::format("const i64 hi = lo + static_cast<i64>({});", gt.load("g", "j")));
    w.open("if (lo <= row && row < hi)");
    w.line("group = j;");
    w.line("break;");
    w.close();
    w.line("lo = hi;");
    w.close();
    w.open("if (group < 0)");
    w.line(st.store("out", "flat", zero));
    w.line("continue;");
    w.close();
    w.line(fmt::format("rbase += group * {}LL;", rhs_group_stride));
  } else if (mode == Mode::kContracting) {
    w.line("const i64 group = o0;");
    w.line(fmt::format("for (i64 j = 0; j < group; ++j) glo += static_cast<i64>({});", gt.load("g", "j")));
    w.line(fmt::format("ghi = glo + static_cast<i64>({});", gt.load("g", "group")));
  }
  w.line(fmt::format("{} acc = {};", acc_t.compute, acc_t.literal_double(0.0)));
  for (size_t i = 0; i < k.size(); ++i) {
    w.open(fmt::format("for (i64 k{0} = 0; k{0} < {1}LL; ++k{0})", i, k[i].size));
    w.line(fmt::format("li{} = k{};", k[i].lhs_dim, i));
  }
  if (mode == Mode::kContracting) w.line(fmt::format("if (li{0} < glo || li{0} >= ghi) continue;", ragged));
  std::string lo = "lbase", ro = "rbase";
  for (size_t i = 0; i < k.size(); ++i) {
    lo += fmt::format(" + k{} * {}LL", i, k[i].lhs_stride);
    ro += fmt::format(" + k{} * {}LL", i, k[i].rhs_stride);
  }
  w.line(gemm_multiply_add(acc_t, "acc", gemm_convert(lt, acc_t, lt.load("lhs", lo)),
                           gemm_convert(rt, acc_t, rt.load("rhs", ro))));
  for (size_t i = 0; i < k.size(); ++i) w.close();
  w.line(st.store("out", "flat", gemm_convert(acc_t, st, "acc")));
  w.close();
  w.close();

  KILN_TRY(std::string prelude, kernels::header_source("ops/scalar.cuh"));
  std::string text = prelude + fmt::format("\n// {}\n", Lowerer::describe(op)) + w.text();
  KernelStep step;
  step.function = fn;
  step.module = l.add_module("ragged_dot_" + fn, std::move(text), {fn});
  constexpr int64_t kThreads = 256;
  const int64_t cap = static_cast<int64_t>(std::max(1, l.options().device.sm_count)) * 32;
  step.grid = {static_cast<unsigned>(std::clamp<int64_t>((total + kThreads - 1) / kThreads, 1, cap)), 1, 1};
  step.block = {static_cast<unsigned>(kThreads), 1, 1};
  step.args = {lhs_ref, rhs_ref, gs_ref, out_ref};
  step.what = Lowerer::describe(op);
  l.add(std::move(step));
  l.count_kernel();
  return ok_status();
}

}  // namespace

KILN_REGISTER_CUDA_LOWERING("chlo.ragged_dot", lower_ragged_dot);

}  // namespace kiln::backend::cuda
