// sort: one generated kernel, a block per 1-D slice along the dimension, merge-sorting the
// slice's positions (bottom-up, in scratch; each pass's merges split among the threads by
// merge path) by the comparator region compiled in, then gathering every operand into the
// results through that order. A merge takes the right run's element only when it goes
// strictly before the left one's: a stable sort, which is what is_stable asks and a valid
// order when it is false, and the interpreter's order (std::stable_sort) for any comparator
// that is a strict weak order.
#include <fmt/format.h>

#include <algorithm>
#include <tuple>

#include "backend/cuda/codegen/emitter.h"
#include "backend/cuda/lowerer.h"
#include "ir/attribute.h"

namespace kiln::backend::cuda {

namespace {

Status lower_sort(Lowerer& l, const ir::Operation& op) {
  const size_t n = op.num_results();
  if (n == 0 || op.num_operands() != n) return unsupported(op, "operands that do not pair with results");
  const ir::Type& type = op.operand(0)->type();
  const int64_t rank = type.rank();
  int64_t dim = 0;
  if (const auto* a = op.attr_as<ir::IntegerAttr>("dimension")) dim = a->value;
  if (dim < 0) dim += rank;
  if (rank == 0 || dim < 0 || dim >= rank) return unsupported(op, "a dimension outside the rank");
  const ir::Block& body = op.region(0).front();
  if (body.num_arguments() != 2 * n) return unsupported(op, "a comparator of the wrong arity");
  std::vector<ScalarType> types;
  std::vector<BufferRef> args;
  for (size_t k = 0; k < n; ++k) {
    KILN_TRY(ScalarType t, Emitter::scalar_type(op.operand(k)->type(), &op));
    types.push_back(t);
    KILN_TRY(BufferRef r, l.ref(op.operand(k)));
    args.push_back(r);
  }
  std::vector<BufferRef> results;
  for (size_t k = 0; k < n; ++k) results.push_back(l.define(op.result(k)));
  const int64_t total = type.num_elements().value_or(0);
  if (total == 0) return ok_status();
  const int64_t length = type.dim(dim);
  int64_t inner = 1;
  for (int64_t k = dim + 1; k < rank; ++k) inner *= type.dim(k);
  const int64_t rows = total / length;
  if (length > (int64_t{1} << 30)) return unsupported(op, "a dimension longer than 2^30");

  const std::string fn = l.kernel_name();
  // The comparator: whether position a of the slice goes before position b.
  CodeWriter cmp;
  {
    Emitter e(cmp);
    std::vector<std::string> values;
    for (size_t k = 0; k < n; ++k) {
      values.push_back(e.let(types[k].compute, types[k].load(fmt::format("p{}", k), "base + a * step")));
      values.push_back(e.let(types[k].compute, types[k].load(fmt::format("p{}", k), "base + b * step")));
    }
    KILN_TRY(std::vector<std::string> less, e.emit_region(op.region(0), values));
    if (less.size() != 1) return unsupported(op, "a comparator that does not return one value");
    cmp.line(fmt::format("return {};", less[0]));
  }
  std::string params;
  for (size_t k = 0; k < n; ++k) params += fmt::format("const {}* __restrict__ p{}, ", types[k].storage, k);
  std::string call;
  for (size_t k = 0; k < n; ++k) call += fmt::format("p{}, ", k);

  std::string text = fmt::format(
      "__device__ __forceinline__ bool {}_less({}i64 base, i64 step, i64 a, i64 b) {{\n{}}}\n", fn,
      params, cmp.text());
  // How many positions of one merge a thread takes at a time.
  constexpr int64_t kChunk = 16;
  // Merge path: how many of the first `k` outputs of merging [lo, mid) and [mid, hi) of `src`
  // come from the left run (ties go to the left run: stable).
  text += fmt::format(
      "__device__ __forceinline__ i64 {0}_split({1}i64 base, i64 step, const int* src, i64 lo, "
      "i64 mid, i64 hi, i64 k) {{\n"
      "  i64 a = max(0LL, k - (hi - mid)), b = min(k, mid - lo);\n"
      "  while (a < b) {{\n"
      "    const i64 m = (a + b) / 2;\n"
      "    if ({0}_less({2}base, step, src[mid + k - m - 1], src[lo + m])) b = m;\n"
      "    else a = m + 1;\n"
      "  }}\n"
      "  return a;\n"
      "}}\n",
      fn, params, call);
  CodeWriter k;
  k.open(fmt::format("extern \"C\" __global__ void {}({}", fn, params) + [&] {
    std::string outs;
    for (size_t j = 0; j < n; ++j) outs += fmt::format("{}* __restrict__ o{}, ", types[j].storage, j);
    return outs;
  }() + "int* __restrict__ order, int* __restrict__ spare)");
  // A block per slice; each pass merges runs of `width` into runs of 2 * width, the threads
  // splitting every merge into chunks of outputs found by merge path.
  k.open(fmt::format("for (i64 row = blockIdx.x; row < {}LL; row += gridDim.x)", rows));
  k.line(fmt::format("const i64 base = (row / {0}LL) * {1}LL + row % {0}LL;", inner, inner * length));
  k.line(fmt::format("const i64 step = {}LL;", inner));
  k.line(fmt::format("const i64 n = {}LL;", length));
  k.line("int* src = order + row * n;");
  k.line("int* dst = spare + row * n;");
  k.line("for (i64 i = threadIdx.x; i < n; i += blockDim.x) src[i] = static_cast<int>(i);");
  k.line("__syncthreads();");
  k.open("for (i64 width = 1; width < n; width *= 2)");
  k.line(fmt::format("const i64 seg = 2 * width, chunks = (seg + {0}LL - 1) / {0}LL;", kChunk));
  k.line("const i64 units = (n + seg - 1) / seg * chunks;");
  k.open("for (i64 u = threadIdx.x; u < units; u += blockDim.x)");
  k.line("const i64 lo = u / chunks * seg, mid = min(lo + width, n), hi = min(lo + seg, n);");
  k.line(fmt::format("const i64 k0 = min(lo + u % chunks * {0}LL, hi), k1 = min(k0 + {0}LL, hi);", kChunk));
  k.line("if (k0 >= k1) continue;");
  k.line(fmt::format("const i64 a0 = {}_split({}base, step, src, lo, mid, hi, k0 - lo);", fn, call));
  k.line(fmt::format("const i64 a1 = {}_split({}base, step, src, lo, mid, hi, k1 - lo);", fn, call));
  k.line("i64 i = lo + a0, j = mid + (k0 - lo - a0);");
  k.line("const i64 i_end = lo + a1, j_end = mid + (k1 - lo - a1);");
  k.open("for (i64 out = k0; out < k1; ++out)");
  k.line(fmt::format("if (j < j_end && (i >= i_end || {}_less({}base, step, src[j], src[i]))) dst[out] = src[j++];",
                     fn, call));
  k.line("else dst[out] = src[i++];");
  k.close();
  k.close();
  k.line("__syncthreads();");
  k.line("int* t = src; src = dst; dst = t;");
  k.close();
  k.open("for (i64 i = threadIdx.x; i < n; i += blockDim.x)");
  for (size_t j = 0; j < n; ++j) {
    k.line(fmt::format("o{0}[base + i * step] = p{0}[base + static_cast<i64>(src[i]) * step];", j));
  }
  k.close();
  k.close();
  k.close();
  text += k.text();

  KernelStep step;
  std::tie(step.module, step.function) = l.add_generated_function(fn, text, op);
  // Enough threads for the first pass's chunks, a warp at least, 256 at most.
  const int64_t threads = std::clamp<int64_t>((length / kChunk + 31) / 32 * 32, 32, 256);
  const int64_t cap = static_cast<int64_t>(std::max(1, l.options().device.sm_count)) * 16;
  step.grid = {static_cast<unsigned>(std::min(rows, cap)), 1, 1};
  step.block = {static_cast<unsigned>(threads), 1, 1};
  // Two int positions per element: the order and the merge's other half.
  const BufferRef order = l.scratch(total * 4), spare = l.scratch(total * 4);
  step.args.assign(args.begin(), args.end());
  step.args.insert(step.args.end(), results.begin(), results.end());
  step.args.push_back(order);
  step.args.push_back(spare);
  step.what = Lowerer::describe(op);
  l.add(std::move(step));
  l.count_kernel();
  l.release(order);
  l.release(spare);
  return ok_status();
}

}  // namespace

KILN_REGISTER_CUDA_LOWERING("stablehlo.sort", lower_sort);

}  // namespace kiln::backend::cuda
