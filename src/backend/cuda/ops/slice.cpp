// Elemental rule of slice: operand index = start + index * stride.
#include <fmt/format.h>

#include "backend/cuda/ops/rule_helpers.h"

namespace kiln::backend::cuda {

namespace {

Expected<std::string> emit_slice(Emitter& e, const ir::Operation& op, size_t, Index& index) {
  std::vector<int64_t> start = attr_ints(op, "start_indices");
  std::vector<int64_t> strides = attr_ints_or(op, "strides", start.size(), 1);
  const std::vector<std::string>& out = e.dims(index);
  std::vector<std::string> d(start.size());
  for (size_t i = 0; i < start.size(); ++i) {
    std::string scaled = strides[i] == 1 ? out[i] : fmt::format("({}) * {}", out[i], strides[i]);
    d[i] = start[i] == 0 ? scaled : fmt::format("({} + {})", scaled, start[i]);
  }
  Index operand = Index::of_dims(op.operand(0)->type().shape(), std::move(d));
  return e.emit(op.operand(0), operand);
}

}  // namespace

KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.slice", emit_slice);

}  // namespace kiln::backend::cuda
