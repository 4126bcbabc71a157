// emit_row_reduction_kernel: rows over warps, lanes over a row, shuffles through the body.
#include "backend/cuda/codegen/row_reduction.h"

#include <fmt/format.h>

#include <algorithm>

#include "backend/cuda/codegen/emitter.h"
#include "backend/cuda/codegen/reduction_kernel.h"
#include "backend/cuda/ops/rule_helpers.h"

namespace kiln::backend::cuda {

namespace {

// The elements of one row: the product of the reduced (trailing) dimensions.
int64_t row_length(const ir::Operation& reduce) {
  const ir::Type& in = reduce.operand(0)->type();
  int64_t n = 1;
  for (int64_t d : attr_ints(reduce, "dimensions")) n *= in.dim(d);
  return n;
}

}  // namespace

int64_t row_reduction_rows(const ir::Operation& reduce) {
  return reduce.result(0)->type().num_elements().value_or(0);
}

const ir::Operation* row_reduction_of(const LoopKernel& kernel) {
  if (kernel.roots.empty()) return nullptr;
  const ir::Operation* op = kernel.roots.front()->defining_op();
  if (!op || op->name() != "stablehlo.reduce") return nullptr;
  for (const ir::Value* r : kernel.roots) {
    if (r->defining_op() != op) return nullptr;
  }
  // Reduced dimensions: exactly the last k of the operand.
  std::vector<int64_t> dims = attr_ints(*op, "dimensions");
  std::sort(dims.begin(), dims.end());
  const int64_t rank = op->operand(0)->type().rank();
  for (size_t i = 0; i < dims.size(); ++i) {
    if (dims[i] != rank - static_cast<int64_t>(dims.size()) + static_cast<int64_t>(i)) return nullptr;
  }
  if (dims.empty() || row_length(*op) < kMinRowForWarp) return nullptr;
  // A sum in a narrow float keeps the interpreter's serial order (its rounding after every
  // step is not the lanes' tree's).
  Expected<std::optional<ReductionShape>> shape = reduction_shape_of(kernel);
  if (!shape.ok() || !*shape || !(*shape)->reorderable) return nullptr;
  return op;
}

Expected<std::string> emit_row_reduction_kernel(const LoopKernel& kernel,
                                                const ir::Operation& reduce) {
  CodeWriter body;
  Emitter e(body);
  std::vector<std::string> signature;
  for (size_t i = 0; i < kernel.params.size(); ++i) {
    const ir::Value* v = kernel.params[i];
    KILN_TRY(ScalarType t, Emitter::scalar_type(v->type(), v->defining_op()));
    signature.push_back(fmt::format("const {}* __restrict__ p{}", t.storage, i));
    e.bind_param(v, fmt::format("p{}", i));
  }
  for (size_t i = 0; i < kernel.roots.size(); ++i) {
    KILN_TRY(ScalarType t, Emitter::scalar_type(kernel.roots[i]->type(), &reduce));
    signature.push_back(fmt::format("{}* __restrict__ o{}", t.storage, i));
  }
  const size_t n = reduce.num_results();
  const ir::Block& region = reduce.region(0).front();
  const int64_t rows = row_reduction_rows(reduce);
  const int64_t cols = row_length(reduce);
  const ir::Type& in = reduce.operand(0)->type();
  // The accumulators hold the body's argument types.
  std::vector<ScalarType> acc_type(n);
  for (size_t k = 0; k < n; ++k) {
    KILN_TRY(acc_type[k], Emitter::scalar_type(region.argument(k)->type(), &reduce));
  }
  body.line("const int lane = threadIdx.x & 31;");
  body.line("const i64 warps = (static_cast<i64>(gridDim.x) * blockDim.x) >> 5;");
  body.open(fmt::format("for (i64 row = (static_cast<i64>(blockIdx.x) * blockDim.x + "
                        "threadIdx.x) >> 5; row < {}; row += warps)", rows));
  e.push_scope();
  body.line("bool has = false;");
  std::vector<std::string> acc(n);
  for (size_t k = 0; k < n; ++k) {
    acc[k] = e.fresh("acc");
    body.line(fmt::format("{} {} = {}();", acc_type[k].compute, acc[k], acc_type[k].compute));
  }
  // Combines `other` into the accumulators: take it when empty, else through the body.
  auto combine = [&](const std::vector<std::string>& other) -> Status {
    body.open("if (!has)");
    for (size_t k = 0; k < n; ++k) body.line(fmt::format("{} = {};", acc[k], other[k]));
    body.line("has = true;");
    body.close();
    body.open("else");
    std::vector<std::string> args = acc;
    args.insert(args.end(), other.begin(), other.end());
    KILN_TRY(std::vector<std::string> next, e.emit_region(reduce.region(0), args));
    std::vector<std::string> tmp;
    for (size_t k = 0; k < n; ++k) tmp.push_back(e.let("auto", next[k]));
    for (size_t k = 0; k < n; ++k) body.line(fmt::format("{} = {};", acc[k], tmp[k]));
    body.close();
    return ok_status();
  };
  body.open(fmt::format("for (i64 c = lane; c < {}; c += 32)", cols));
  e.push_scope();
  std::vector<std::string> xs;
  for (size_t k = 0; k < n; ++k) {
    Index index = Index::of_linear(in.shape(), fmt::format("row * {} + c", cols));
    KILN_TRY(std::string x, e.emit(reduce.operand(k), index));
    KILN_TRY(ScalarType from, Emitter::scalar_type(reduce.operand(k)->type(), &reduce));
    xs.push_back(from.kind == acc_type[k].kind ? x : e.let(acc_type[k].compute, convert_expr(from, acc_type[k], x)));
  }
  KILN_CHECK_OK(combine(xs));
  e.pop_scope();
  body.close();
  body.open("for (int off = 16; off > 0; off >>= 1)");
  e.push_scope();
  body.line("const bool other_has = kg::shfl_xor(has, off);");
  std::vector<std::string> others;
  for (size_t k = 0; k < n; ++k) others.push_back(e.let(acc_type[k].compute, fmt::format("kg::shfl_xor({}, off)", acc[k])));
  body.open("if (other_has)");
  KILN_CHECK_OK(combine(others));
  body.close();
  e.pop_scope();
  body.close();
  body.open("if (lane == 0)");
  std::vector<std::string> inits;
  for (size_t k = 0; k < n; ++k) {
    Index scalar = Index::scalar();
    KILN_TRY(std::string init, e.emit(reduce.operand(n + k), scalar));
    inits.push_back(init);
  }
  std::vector<std::string> args = inits;
  args.insert(args.end(), acc.begin(), acc.end());
  KILN_TRY(std::vector<std::string> joined, e.emit_region(reduce.region(0), args));
  for (size_t i = 0; i < kernel.roots.size(); ++i) {
    const size_t k = kernel.roots[i]->index();
    KILN_TRY(ScalarType t, Emitter::scalar_type(kernel.roots[i]->type(), &reduce));
    body.line(t.store(fmt::format("o{}", i), "row", fmt::format("(has ? {} : {})", joined[k], inits[k])));
  }
  body.close();
  e.pop_scope();
  body.close();
  std::string text = fmt::format("extern \"C\" __global__ void __launch_bounds__({}) {}(", kLoopBlock,
                                 kernel.function);
  for (size_t i = 0; i < signature.size(); ++i) text += (i ? ", " : "") + signature[i];
  text += ") {\n" + body.text() + "}\n";
  return text;
}

}  // namespace kiln::backend::cuda
