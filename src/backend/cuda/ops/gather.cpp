// Elemental rules of gather and dynamic_gather: each result element reads the operand at its
// slice's start (read from start_indices, clamped so the slice stays inside the operand) plus
// its offset within the slice, batching dimensions included (spec: gather).
#include <fmt/format.h>

#include <algorithm>

#include "backend/cuda/ops/rule_helpers.h"
#include "ir/attribute.h"

namespace kiln::backend::cuda {

namespace {

bool gather_has(const std::vector<int64_t>& v, int64_t x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

// `slice_sizes` (gather's attribute; for dynamic_gather, what the static result implies: the
// offset dimensions' sizes, 1 on collapsed and batching dimensions).
Expected<std::string> emit_gather_at(Emitter& e, const ir::Operation& op, Index& index,
                                     const std::vector<int64_t>& slice_sizes) {
  const auto* d = op.attr_as<ir::GatherDimsAttr>("dimension_numbers");
  if (!d) return unsupported(op, "no dimension_numbers");
  const ir::Type& operand = op.operand(0)->type();
  const ir::Type& indices = op.operand(1)->type();
  KILN_TRY(ScalarType index_type, operand_type(e, op, 1));
  const std::vector<std::string> out = e.dims(index);
  // The result's batch dimensions (those that are not offset dimensions), in order.
  std::vector<std::string> batch;
  for (size_t r = 0; r < out.size(); ++r) {
    if (!gather_has(d->offset_dims, static_cast<int64_t>(r))) batch.push_back(out[r]);
  }
  const auto ivd = static_cast<size_t>(d->index_vector_dim);
  const size_t indices_rank = static_cast<size_t>(indices.rank());
  // The start-indices index of component k: the batch with k inserted at index_vector_dim.
  auto indices_at = [&](int64_t k) -> Expected<std::string> {
    std::vector<std::string> id;
    for (size_t i = 0, b = 0; i < indices_rank; ++i) {
      id.push_back(i == ivd ? std::to_string(k) : batch.at(b++));
    }
    Index ix = Index::of_dims(indices.shape(), std::move(id));
    return e.emit(op.operand(1), ix);
  };
  std::vector<std::string> od;
  size_t offset_k = 0;
  for (int64_t o = 0; o < operand.rank(); ++o) {
    std::vector<std::string> terms;
    auto map = std::find(d->start_index_map.begin(), d->start_index_map.end(), o);
    if (map != d->start_index_map.end()) {
      KILN_TRY(std::string start, indices_at(map - d->start_index_map.begin()));
      const int64_t max = operand.dim(o) - slice_sizes.at(static_cast<size_t>(o));
      terms.push_back(e.let("i64", fmt::format("min(max({}, 0LL), {}LL)",
                                               index_i64(index_type, start), max)));
    }
    auto ob = std::find(d->operand_batching_dims.begin(), d->operand_batching_dims.end(), o);
    if (ob != d->operand_batching_dims.end()) {
      const auto s = static_cast<size_t>(
          d->start_indices_batching_dims.at(static_cast<size_t>(ob - d->operand_batching_dims.begin())));
      terms.push_back(batch.at(s < ivd ? s : s - 1));
    } else if (!gather_has(d->collapsed_slice_dims, o)) {
      terms.push_back(out.at(static_cast<size_t>(d->offset_dims.at(offset_k++))));
    }
    std::string sum;
    for (const std::string& t : terms) sum += (sum.empty() ? "" : " + ") + t;
    od.push_back(sum.empty() ? "0" : "(" + sum + ")");
  }
  Index operand_index = Index::of_dims(operand.shape(), std::move(od));
  return e.emit(op.operand(0), operand_index);
}

Expected<std::string> emit_gather(Emitter& e, const ir::Operation& op, size_t, Index& index) {
  return emit_gather_at(e, op, index, attr_ints(op, "slice_sizes"));
}

Expected<std::string> emit_dynamic_gather(Emitter& e, const ir::Operation& op, size_t,
                                          Index& index) {
  const auto* d = op.attr_as<ir::GatherDimsAttr>("dimension_numbers");
  if (!d) return unsupported(op, "no dimension_numbers");
  const ir::Type& result = op.result(0)->type();
  std::vector<int64_t> sizes;
  size_t k = 0;
  for (int64_t o = 0; o < op.operand(0)->type().rank(); ++o) {
    const bool squeezed = gather_has(d->collapsed_slice_dims, o) || gather_has(d->operand_batching_dims, o);
    sizes.push_back(squeezed ? 1 : result.dim(d->offset_dims.at(k++)));
  }
  return emit_gather_at(e, op, index, sizes);
}

}  // namespace

KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.gather", emit_gather);
KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.dynamic_gather", emit_dynamic_gather);

}  // namespace kiln::backend::cuda
