// Elemental rule of reduce: one thread folds the reduced dimensions of its result element in
// row-major order through the body (variadic reduces carry every accumulator). The lowering
// gives a reduction that is a kernel's root a cooperative strategy (codegen/row_reduction.h,
// codegen/reduction_kernel.h); this rule is what every other reduce, and every element type,
// falls back on.
#include <fmt/format.h>

#include <algorithm>

#include "backend/cuda/ops/rule_helpers.h"

namespace kiln::backend::cuda {

namespace {

Expected<std::string> emit_reduce(Emitter& e, const ir::Operation& op, size_t result,
                                  Index& index) {
  const size_t n = op.num_results();
  const ir::Type& in = op.operand(0)->type();
  std::vector<int64_t> reduced = attr_ints(op, "dimensions");
  std::sort(reduced.begin(), reduced.end());
  const std::vector<std::string> out = e.dims(index);
  // The accumulators, initialised with the init values.
  std::vector<std::string> acc(n);
  for (size_t k = 0; k < n; ++k) {
    KILN_TRY(ScalarType t, e.scalar_type(op.result(k)->type(), &op));
    Index scalar = Index::scalar();
    KILN_TRY(std::string init, e.emit(op.operand(n + k), scalar));
    acc[k] = e.fresh("acc");
    e.out().line(fmt::format("{} {} = {};", t.compute, acc[k], init));
  }
  int64_t count = 1;
  std::vector<int64_t> reduced_shape;
  for (int64_t d : reduced) {
    count *= in.dim(d);
    reduced_shape.push_back(in.dim(d));
  }
  if (count > 0) {
    const std::string r = e.fresh("r");
    e.out().open(fmt::format("for (i64 {0} = 0; {0} < {1}; ++{0})", r, count));
    e.push_scope();
    Index ri = Index::of_linear(reduced_shape, r);
    const std::vector<std::string> rd = e.dims(ri);
    // The operand's index: kept dimensions from the result's, reduced ones from the loop's.
    std::vector<std::string> d(static_cast<size_t>(in.rank()));
    size_t kept = 0, red = 0;
    for (int64_t i = 0; i < in.rank(); ++i) {
      if (red < reduced.size() && reduced[red] == i) d[static_cast<size_t>(i)] = rd[red++];
      else d[static_cast<size_t>(i)] = out[kept++];
    }
    std::vector<std::string> args = acc;
    // The body may take the inputs in a wider type (a promoted reduction): convert them.
    const ir::Block& body = op.region(0).front();
    for (size_t k = 0; k < n; ++k) {
      Index operand = Index::of_dims(in.shape(), d);
      KILN_TRY(std::string x, e.emit(op.operand(k), operand));
      KILN_TRY(ScalarType from, e.scalar_type(op.operand(k)->type(), &op));
      KILN_TRY(ScalarType to, e.scalar_type(body.argument(n + k)->type(), &op));
      args.push_back(from.kind == to.kind ? x : e.let(to.compute, convert_expr(from, to, x)));
    }
    KILN_TRY(std::vector<std::string> next, e.emit_region(op.region(0), args));
    // Assign through temporaries: a variadic body may read every accumulator.
    std::vector<std::string> tmp;
    for (size_t k = 0; k < n; ++k) tmp.push_back(e.let("auto", next[k]));
    for (size_t k = 0; k < n; ++k) e.out().line(fmt::format("{} = {};", acc[k], tmp[k]));
    e.pop_scope();
    e.out().close();
  }
  for (size_t k = 0; k < n; ++k) {
    if (k != result) e.remember(op.result(k), index, acc[k]);
  }
  return acc[result];
}

}  // namespace

KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.reduce", emit_reduce);

}  // namespace kiln::backend::cuda
