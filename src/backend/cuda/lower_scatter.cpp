// scatter: the inputs copied into the results, then one generated kernel that combines every
// update element into the element it addresses through update_computation, skipping those
// that fall outside the inputs (spec: scatter; the interpreter's per-element bounds check).
// Updates colliding on one element are applied in the interpreter's order (row-major over
// the updates): one block walks the update windows in order, its threads splitting each
// window (whose elements address distinct elements) when the window dimensions are the
// updates' last ones, else one thread walks every element. With unique_indices every update
// element runs on its own thread (the spec lets an implementation assume no collisions), as
// it does with atomics for integer add, maximum and minimum, whose result no order changes.
// A promoted update_computation (spec C23, C24) gets the inputs converted into the results.
#include <fmt/format.h>

#include <algorithm>

#include "backend/cuda/codegen/emitter.h"
#include "backend/cuda/lowerer.h"
#include "ir/attribute.h"
#include "kernels/cuda/sources.h"

namespace kiln::backend::cuda {

namespace {

bool scatter_has(const std::vector<int64_t>& v, int64_t x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

// The atomic function applying update_computation when the order of updates cannot change
// the result: one 32- or 64-bit integer operand combined by add, maximum or minimum (wrapping
// add is associative and commutative); empty otherwise. A format of the pointer {0} and the
// update {1}.
std::string scatter_atomic(const ir::Operation& op, const std::vector<ScalarType>& types) {
  if (types.size() != 1 || !types[0].is_int || (types[0].bits != 32 && types[0].bits != 64)) return "";
  const ir::Block& body = op.region(0).front();
  if (body.operations().size() != 2) return "";
  const ir::Operation& combine = *body.operations().front();
  const ir::Operation* term = body.terminator();
  if (combine.num_operands() != 2 || term->num_operands() != 1 || term->operand(0) != combine.result(0)) return "";
  const ir::Value *a = body.argument(0), *b = body.argument(1);
  if (!((combine.operand(0) == a && combine.operand(1) == b) ||
        (combine.operand(0) == b && combine.operand(1) == a))) {
    return "";
  }
  std::string fn;
  if (combine.name() == "stablehlo.add") fn = "atomicAdd";
  else if (combine.name() == "stablehlo.maximum") fn = "atomicMax";
  else if (combine.name() == "stablehlo.minimum") fn = "atomicMin";
  else return "";
  const ScalarType& t = types[0];
  // The overloads CUDA has: int, unsigned, long long (max, min), unsigned long long.
  std::string type = t.bits == 32 ? (t.is_signed ? "int" : "unsigned") : (t.is_signed ? "long long" : "unsigned long long");
  if (fn == "atomicAdd" && t.bits == 64) type = "unsigned long long";
  return fn + "(reinterpret_cast<" + type + "*>({0}), static_cast<" + type + ">({1}));";
}

// The statements applying update element `i` (a row-major linear index of the updates);
// `atomic` (scatter_atomic's) applies it with an atomic instead of the region.
Status emit_scatter_update(Emitter& e, const ir::Operation& op, const ir::ScatterDimsAttr& d,
                           const std::vector<ScalarType>& types, const std::string& atomic) {
  const size_t n = op.num_results();
  const ir::Type& input = op.result(0)->type();
  const ir::Value* indices = op.operand(n);
  const ir::Type& update = op.operand(n + 1)->type();
  const auto rank = static_cast<size_t>(input.rank());
  KILN_TRY(ScalarType index_type, Emitter::scalar_type(indices->type(), &op));
  Index ui = Index::of_linear(update.shape(), "i");
  const std::vector<std::string> u = e.dims(ui);
  std::vector<int64_t> scatter_dims, window_dims, window_input_dims;
  for (int64_t k = 0; k < update.rank(); ++k) {
    (scatter_has(d.update_window_dims, k) ? window_dims : scatter_dims).push_back(k);
  }
  for (int64_t k = 0; k < input.rank(); ++k) {
    if (!scatter_has(d.inserted_window_dims, k) && !scatter_has(d.input_batching_dims, k)) {
      window_input_dims.push_back(k);
    }
  }
  if (window_dims.size() != window_input_dims.size()) {
    return unsupported(op, "update_window_dims that do not match the input's window dimensions");
  }
  const auto ivd = static_cast<size_t>(d.index_vector_dim);
  const auto indices_rank = static_cast<size_t>(indices->type().rank());
  // The start (full_start_index + full_batching_index) per input dimension.
  std::vector<std::string> start(rank, "0");
  for (size_t k = 0; k < d.scatter_dims_to_operand_dims.size(); ++k) {
    std::vector<std::string> id;
    for (size_t j = 0, b = 0; j < indices_rank; ++j) {
      id.push_back(j == ivd ? std::to_string(k) : u.at(static_cast<size_t>(scatter_dims.at(b++))));
    }
    Index ix = Index::of_dims(indices->type().shape(), std::move(id));
    KILN_TRY(std::string v, e.emit(indices, ix));
    std::string s = "static_cast<i64>(" + v + ")";
    if (index_type.is_int && !index_type.is_signed && index_type.bits == 64) {
      s = fmt::format("({0} > 0x7fffffffffffffffULL ? 0x7fffffffffffffffLL : static_cast<i64>({0}))", v);
    }
    start.at(static_cast<size_t>(d.scatter_dims_to_operand_dims[k])) = e.let("i64", s);
  }
  for (size_t k = 0; k < d.input_batching_dims.size(); ++k) {
    const auto s = static_cast<size_t>(d.scatter_indices_batching_dims.at(k));
    start.at(static_cast<size_t>(d.input_batching_dims[k])) =
        u.at(static_cast<size_t>(scatter_dims.at(s < ivd ? s : s - 1)));
  }
  // start + window offset, without overflow for a saturated start; -1 when past the end.
  for (size_t k = 0; k < window_dims.size(); ++k) {
    const auto in_d = static_cast<size_t>(window_input_dims[k]);
    const std::string& w = u.at(static_cast<size_t>(window_dims[k]));
    start[in_d] = e.let("i64", fmt::format("{0} >= {1} - {2} ? -1LL : {0} + {2}", start[in_d],
                                           input.dim(static_cast<int64_t>(in_d)), w));
  }
  std::string inside = "true", at;
  int64_t stride = 1;
  for (size_t k = rank; k-- > 0;) {
    inside += fmt::format(" && {0} >= 0 && {0} < {1}", start[k], input.dim(static_cast<int64_t>(k)));
    at = fmt::format("{} * {}LL", start[k], stride) + (at.empty() ? "" : " + " + at);
    stride *= input.dim(static_cast<int64_t>(k));
  }
  e.out().open(fmt::format("if ({})", inside));
  e.push_scope();
  const std::string target = e.let("i64", at.empty() ? "0" : at);
  if (!atomic.empty()) {
    Index at_update = ui;
    KILN_TRY(std::string x, e.emit(op.operand(n + 1), at_update));
    e.out().line(fmt::format(fmt::runtime(atomic), "r0 + " + target, x));
    e.pop_scope();
    e.out().close();
    return ok_status();
  }
  std::vector<std::string> args;
  for (size_t k = 0; k < n; ++k) args.push_back(e.let(types[k].compute, types[k].load(fmt::format("r{}", k), target)));
  for (size_t k = 0; k < n; ++k) {
    Index at_update = ui;
    KILN_TRY(std::string x, e.emit(op.operand(n + 1 + k), at_update));
    // Updates may be narrower than the region's (promoted) type, which the result holds.
    args.push_back(fmt::format("static_cast<{}>({})", types[k].compute, x));
  }
  KILN_TRY(std::vector<std::string> next, e.emit_region(op.region(0), args));
  std::vector<std::string> tmp;
  for (size_t k = 0; k < n; ++k) tmp.push_back(e.let(types[k].compute, next.at(k)));
  for (size_t k = 0; k < n; ++k) e.out().line(types[k].store(fmt::format("r{}", k), target, tmp[k]));
  e.pop_scope();
  e.out().close();
  return ok_status();
}

Status lower_scatter(Lowerer& l, const ir::Operation& op) {
  const size_t n = op.num_results();
  if (op.num_operands() != 2 * n + 1) return unsupported(op, "operands that do not pair with results");
  const auto* d = op.attr_as<ir::ScatterDimsAttr>("scatter_dimension_numbers");
  if (!d) return unsupported(op, "no scatter_dimension_numbers");
  const ir::Block& body = op.region(0).front();
  if (body.num_arguments() != 2 * n) return unsupported(op, "an update_computation of the wrong arity");
  // The region computes in the results' types, which may be promoted from the inputs' and the
  // updates' (spec C23, C24): inputs of another type are converted into the results.
  std::vector<ScalarType> types;
  CodeWriter convert;
  std::vector<std::string> convert_fns;
  for (size_t k = 0; k < n; ++k) {
    const ir::ElementType& e = op.result(k)->type().element();
    if (body.argument(k)->type().element() != e || body.argument(n + k)->type().element() != e) {
      return unsupported(op, "an update_computation in other types than its results'");
    }
    KILN_TRY(ScalarType t, Emitter::scalar_type(op.result(k)->type(), &op));
    types.push_back(t);
  }
  std::vector<BufferRef> results, params;
  std::vector<KernelStep> conversions;
  const int64_t size = op.result(0)->type().num_elements().value_or(0);
  for (size_t k = 0; k < n; ++k) {
    KILN_TRY(BufferRef in, l.ref(op.operand(k)));
    BufferRef r = l.define(op.result(k));
    results.push_back(r);
    if (!r.bytes) continue;
    if (op.operand(k)->type().element() == op.result(k)->type().element()) {
      l.add(CopyStep{in, r});
      continue;
    }
    KILN_TRY(ScalarType from, Emitter::scalar_type(op.operand(k)->type(), &op));
    KernelStep c;
    c.function = l.kernel_name();
    convert.open(fmt::format("extern \"C\" __global__ void {}(const {}* __restrict__ in, {}* __restrict__ out)",
                             c.function, from.storage, types[k].storage));
    convert.open(fmt::format("for (i64 i = static_cast<i64>(blockIdx.x) * blockDim.x + threadIdx.x; i < {}LL; "
                             "i += static_cast<i64>(gridDim.x) * blockDim.x)", size));
    convert.line(types[k].store("out", "i", fmt::format("static_cast<{}>({})", types[k].compute, from.load("in", "i"))));
    convert.close();
    convert.close();
    convert_fns.push_back(c.function);
    const int64_t blocks = (size + kLoopBlock - 1) / kLoopBlock;
    const int64_t cap = static_cast<int64_t>(std::max(1, l.options().device.sm_count)) * 16;
    c.grid = {static_cast<unsigned>(std::min(blocks, cap)), 1, 1};
    c.block = {kLoopBlock, 1, 1};
    c.args = {in, r};
    c.what = Lowerer::describe(op);
    conversions.push_back(std::move(c));
  }
  KILN_TRY(std::string prelude, kernels::header_source("ops/scalar.cuh"));
  if (!conversions.empty()) {
    const int module = l.add_module("scatter_convert_" + conversions[0].function, prelude + convert.text(),
                                    convert_fns);
    for (KernelStep& c : conversions) {
      c.module = module;
      l.add(std::move(c));
      l.count_kernel();
    }
  }
  const ir::Type& update = op.operand(n + 1)->type();
  const int64_t total = update.num_elements().value_or(0);
  if (total == 0) return ok_status();
  for (size_t k = n; k < 2 * n + 1; ++k) {
    KILN_TRY(BufferRef r, l.ref(op.operand(k)));
    params.push_back(r);
  }

  CodeWriter body_text;
  Emitter e(body_text);
  std::vector<std::string> signature;
  for (size_t k = 0; k < n; ++k) signature.push_back(fmt::format("{}* __restrict__ r{}", types[k].storage, k));
  for (size_t k = n; k < 2 * n + 1; ++k) {
    const ir::Value* v = op.operand(k);
    KILN_TRY(ScalarType t, Emitter::scalar_type(v->type(), &op));
    signature.push_back(fmt::format("const {}* __restrict__ p{}", t.storage, k - n));
    e.bind_param(v, fmt::format("p{}", k - n));
  }
  // Window dimensions last: update i = b * window + w, each block of `window` elements one
  // update window.
  const auto urank = static_cast<int64_t>(update.rank());
  const auto nw = static_cast<int64_t>(d->update_window_dims.size());
  bool trailing = true;
  int64_t window = 1;
  for (int64_t k = urank - nw; k < urank; ++k) {
    trailing = trailing && scatter_has(d->update_window_dims, k);
    window *= update.dim(k);
  }
  if (!trailing) window = 1;
  const auto* unique = op.attr_as<ir::BoolAttr>("unique_indices");
  const std::string atomic = scatter_atomic(op, types);
  const bool parallel = (unique && unique->value) || !atomic.empty();
  KernelStep step;
  if (parallel) {
    body_text.open(fmt::format(
        "for (i64 i = static_cast<i64>(blockIdx.x) * blockDim.x + threadIdx.x; i < {}LL; "
        "i += static_cast<i64>(gridDim.x) * blockDim.x)", total));
    KILN_CHECK_OK(emit_scatter_update(e, op, *d, types, atomic));
    body_text.close();
    const int64_t blocks = (total + kLoopBlock - 1) / kLoopBlock;
    const int64_t cap = static_cast<int64_t>(std::max(1, l.options().device.sm_count)) * 16;
    step.grid = {static_cast<unsigned>(std::min(blocks, cap)), 1, 1};
    step.block = {kLoopBlock, 1, 1};
  } else {
    body_text.open(fmt::format("for (i64 b = 0; b < {}LL; ++b)", total / window));
    body_text.open(fmt::format("for (i64 w = threadIdx.x; w < {}LL; w += blockDim.x)", window));
    body_text.line(fmt::format("const i64 i = b * {}LL + w;", window));
    KILN_CHECK_OK(emit_scatter_update(e, op, *d, types, ""));
    body_text.close();
    // The next window may update what this one did.
    body_text.line("__syncthreads();");
    body_text.close();
    const int64_t threads = std::min<int64_t>(kLoopBlock, (window + 31) / 32 * 32);
    step.block = {static_cast<unsigned>(window == 1 ? 1 : threads), 1, 1};
  }
  step.function = l.kernel_name();
  std::string text = fmt::format("extern \"C\" __global__ void {}(", step.function);
  for (size_t i = 0; i < signature.size(); ++i) text += (i ? ", " : "") + signature[i];
  text += ") {\n" + body_text.text() + "}\n";
  std::tie(step.module, step.function) = l.add_generated_function(step.function, text, op);
  step.args.assign(results.begin(), results.end());
  step.args.insert(step.args.end(), params.begin(), params.end());
  step.what = Lowerer::describe(op);
  l.add(std::move(step));
  l.count_kernel();
  return ok_status();
}

}  // namespace

KILN_REGISTER_CUDA_LOWERING("stablehlo.scatter", lower_scatter);

}  // namespace kiln::backend::cuda
