// Elemental rule of pad: the operand's element where the index lands on one (after the low
// edge, on the interior grid, before the high edge), the padding value elsewhere.
#include <fmt/format.h>

#include "backend/cuda/ops/rule_helpers.h"

namespace kiln::backend::cuda {

namespace {

Expected<std::string> emit_pad(Emitter& e, const ir::Operation& op, size_t, Index& index) {
  KILN_TRY(ScalarType t, result_type(e, op));
  const ir::Type& in = op.operand(0)->type();
  const size_t rank = static_cast<size_t>(in.rank());
  std::vector<int64_t> low = attr_ints_or(op, "edge_padding_low", rank, 0);
  std::vector<int64_t> interior = attr_ints_or(op, "interior_padding", rank, 0);
  const std::vector<std::string> out = e.dims(index);
  Index scalar = Index::scalar();
  KILN_TRY(std::string fill, e.emit(op.operand(1), scalar));
  std::string result = e.fresh();
  e.out().line(fmt::format("{} {} = {};", t.compute, result, fill));
  // Position p = out - low; on the operand when p >= 0, p % (interior + 1) == 0 and
  // p / (interior + 1) < size.
  std::vector<std::string> d(rank);
  std::string cond = "true";
  for (size_t i = 0; i < rank; ++i) {
    std::string p = e.let("i64", fmt::format("{} - ({})", out[i], low[i]));
    const int64_t step = interior[i] + 1;
    d[i] = step == 1 ? p : fmt::format("({} / {})", p, step);
    cond += fmt::format(" && {0} >= 0 && {1} < {2}", p, d[i], in.dim(static_cast<int64_t>(i)));
    if (step != 1) cond += fmt::format(" && {} % {} == 0", p, step);
  }
  e.out().open(fmt::format("if ({})", cond));
  e.push_scope();
  Index operand = Index::of_dims(in.shape(), std::move(d));
  KILN_TRY(std::string x, e.emit(op.operand(0), operand));
  e.out().line(fmt::format("{} = {};", result, x));
  e.pop_scope();
  e.out().close();
  return result;
}

}  // namespace

KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.pad", emit_pad);

}  // namespace kiln::backend::cuda
