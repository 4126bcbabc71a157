// stablehlo.gather and stablehlo.dynamic_gather: slices of the operand at start indices read
// from a tensor, with the spec's dimension numbers, batching dimensions included, and start
// indices clamped so that each slice stays inside the operand (spec: gather).
#include <algorithm>

#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

bool contains(std::span<const int64_t> v, int64_t x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

// What every slice shares: which result dimensions are batch and offset dimensions, and
// which operand dimensions the offset dimensions walk.
struct GatherPlan {
  std::vector<int64_t> batch_dims, batch_shape, batch_strides;  // result dims, sizes, strides
  std::vector<int64_t> slice_shape, slice_src, slice_dst;       // per offset dim
  std::vector<int64_t> operand_strides, indices_strides;
};

GatherPlan plan_gather(const Tensor& operand, const Tensor& indices, const ir::GatherDimsAttr& d,
                       const Tensor& result) {
  GatherPlan p;
  p.operand_strides = operand.strides();
  p.indices_strides = indices.strides();
  std::vector<int64_t> result_strides = result.strides();
  for (int64_t r = 0; r < result.rank(); ++r) {
    if (contains(d.offset_dims, r)) continue;
    p.batch_dims.push_back(r);
    p.batch_shape.push_back(result.shape()[static_cast<size_t>(r)]);
    p.batch_strides.push_back(result_strides[static_cast<size_t>(r)]);
  }
  // Offset dimensions of the result walk the operand dimensions that are neither collapsed
  // nor batching dimensions, in order.
  size_t k = 0;
  for (int64_t o = 0; o < operand.rank(); ++o) {
    if (contains(d.collapsed_slice_dims, o) || contains(d.operand_batching_dims, o)) continue;
    auto r = static_cast<size_t>(d.offset_dims[k++]);
    p.slice_shape.push_back(result.shape()[r]);
    p.slice_src.push_back(p.operand_strides[static_cast<size_t>(o)]);
    p.slice_dst.push_back(result_strides[r]);
  }
  return p;
}

// The flat operand offset where the slice of batch index `batch` starts.
int64_t slice_start(const GatherPlan& p, const Tensor& operand, const Tensor& indices,
                    const ir::GatherDimsAttr& d, std::span<const int64_t> slice_sizes,
                    std::span<const int64_t> batch) {
  // The start-indices position of this batch: batch dims in order, with the index vector
  // dimension inserted at index_vector_dim (absent when it equals the rank).
  const auto ivd = static_cast<size_t>(d.index_vector_dim);
  int64_t base = 0;
  for (size_t i = 0; i < batch.size(); ++i) {
    base += batch[i] * p.indices_strides[i < ivd ? i : i + 1];
  }
  const int64_t step = ivd < p.indices_strides.size() ? p.indices_strides[ivd] : 0;
  int64_t offset = 0;
  for (size_t k = 0; k < d.start_index_map.size(); ++k) {
    auto o = static_cast<size_t>(d.start_index_map[k]);
    int64_t start = index_element(indices, base + static_cast<int64_t>(k) * step);
    offset +=
        std::clamp<int64_t>(start, 0, operand.shape()[o] - slice_sizes[o]) * p.operand_strides[o];
  }
  for (size_t i = 0; i < d.operand_batching_dims.size(); ++i) {
    auto s = static_cast<size_t>(d.start_indices_batching_dims[i]);
    offset += batch[s < ivd ? s : s - 1] *
              p.operand_strides[static_cast<size_t>(d.operand_batching_dims[i])];
  }
  return offset;
}

// The spec's constraints (C1-C23) that plan_gather and slice_start index with, checked since
// the interpreter does not trust the verifier: the shared index dimension numbers, slice sizes
// within the operand (at most 1 on collapsed and batching dimensions), and the result shaped
// as the indices' batch with the slice's offset dimensions at offset_dims.
Status check_gather(const ir::Operation& op, const Tensor& operand, const Tensor& indices,
                    const ir::GatherDimsAttr& d, std::span<const int64_t> slice_sizes,
                    const Tensor& result) {
  KILN_TRY(std::vector<int64_t> batch,
           check_index_dims(op, operand, indices,
                            {d.collapsed_slice_dims, d.operand_batching_dims,
                             d.start_indices_batching_dims, d.start_index_map,
                             d.index_vector_dim}));
  KILN_CHECK_OK(check_count(op, "slice_sizes", slice_sizes, static_cast<size_t>(operand.rank())));
  std::vector<int64_t> offsets;  // the slice sizes the offset dimensions take, in order
  for (int64_t o = 0; o < operand.rank(); ++o) {
    const int64_t s = slice_sizes[static_cast<size_t>(o)];
    const bool squeezed =
        contains(d.collapsed_slice_dims, o) || contains(d.operand_batching_dims, o);
    if (s < 0 || s > operand.shape()[static_cast<size_t>(o)] || (squeezed && s > 1)) {
      return op_error(op, "slice_sizes holds " + std::to_string(s) + " for operand dimension " +
                              std::to_string(o) + ", which does not fit");
    }
    if (!squeezed) offsets.push_back(s);
  }
  KILN_CHECK_OK(check_count(op, "offset_dims", d.offset_dims, offsets.size()));
  const auto rank = static_cast<int64_t>(batch.size() + offsets.size());
  KILN_CHECK_OK(check_dims(op, "offset_dims", d.offset_dims, rank));
  // plan_gather pairs offset dimensions with operand dimensions in order.
  if (!std::is_sorted(d.offset_dims.begin(), d.offset_dims.end())) {
    return op_error(op, "offset_dims must be sorted");
  }
  std::vector<int64_t> implied;
  size_t b = 0, k = 0;
  for (int64_t r = 0; r < rank; ++r) implied.push_back(contains(d.offset_dims, r) ? offsets[k++] : batch[b++]);
  return check_result_shape(op, result, implied);
}

}  // namespace

void gather_into(const Tensor& operand, const Tensor& start_indices, const ir::GatherDimsAttr& dims,
                 std::span<const int64_t> slice_sizes, Tensor& result) {
  if (result.num_elements() == 0) return;
  const GatherPlan p = plan_gather(operand, start_indices, dims, result);
  int64_t batches = 1, slice = 1;
  for (int64_t s : p.batch_shape) batches *= s;
  for (int64_t s : p.slice_shape) slice *= s;
  // Threads split the batches when slices are small; a large slice threads its own copy.
  parallel_for(batches, std::max<int64_t>(1, kParallelGrain / slice), [&](int64_t b, int64_t e) {
    std::vector<int64_t> batch(p.batch_shape.size());
    for (int64_t flat = b; flat < e; ++flat) {
      int64_t rem = flat, dst = 0;
      for (size_t i = batch.size(); i-- > 0;) {
        batch[i] = rem % p.batch_shape[i];
        rem /= p.batch_shape[i];
        dst += batch[i] * p.batch_strides[i];
      }
      int64_t src = slice_start(p, operand, start_indices, dims, slice_sizes, batch);
      copy_strided(p.slice_shape, result.element_bytes(), operand.raw(), src, p.slice_src,
                   result.raw(), dst, p.slice_dst);
    }
  });
}

namespace {

Expected<std::vector<RuntimeValue>> gather(Interpreter&, const ir::Operation& op,
                                           std::span<const RuntimeValue> operands) {
  KILN_TRY(Tensor result, allocate_result(op));
  const auto* dims = op.attr_as<ir::GatherDimsAttr>("dimension_numbers");
  if (!dims) return op_error(op, "needs dimension_numbers");
  const std::vector<int64_t> sizes = attr_ints(op, "slice_sizes");
  KILN_CHECK_OK(check_gather(op, operands[0].tensor(), operands[1].tensor(), *dims, sizes, result));
  gather_into(operands[0].tensor(), operands[1].tensor(), *dims, sizes, result);
  return std::vector<RuntimeValue>{std::move(result)};
}

// As gather, with slice_sizes from a tensor; they must agree with the static result type.
Expected<std::vector<RuntimeValue>> dynamic_gather(Interpreter&, const ir::Operation& op,
                                                   std::span<const RuntimeValue> operands) {
  const Tensor& operand = operands[0].tensor();
  const Tensor& sizes_tensor = operands[2].tensor();
  const auto* dims_attr = op.attr_as<ir::GatherDimsAttr>("dimension_numbers");
  if (!dims_attr) return op_error(op, "needs dimension_numbers");
  const auto& dims = *dims_attr;
  if (!op.result(0)->type().is_static()) {
    return op_unsupported(op, "has a dynamic result shape; dynamic shapes are unsupported");
  }
  std::vector<int64_t> sizes;
  for (int64_t i = 0; i < sizes_tensor.num_elements(); ++i) {
    sizes.push_back(index_element(sizes_tensor, i));
  }
  if (static_cast<int64_t>(sizes.size()) != operand.rank()) {
    return op_error(op, "needs one slice size per operand dimension");
  }
  // Before the loop below, which indexes the result's shape with offset_dims.
  KILN_TRY(Tensor result, allocate_result(op));
  KILN_CHECK_OK(check_gather(op, operand, operands[1].tensor(), dims, sizes, result));
  size_t k = 0;
  const auto& shape = op.result(0)->type().shape();
  for (int64_t o = 0; o < operand.rank(); ++o) {
    int64_t s = sizes[static_cast<size_t>(o)];
    bool squeezed =
        contains(dims.collapsed_slice_dims, o) || contains(dims.operand_batching_dims, o);
    if (s < 0 || s > operand.shape()[static_cast<size_t>(o)] || (squeezed && s != 1) ||
        (!squeezed && (k >= dims.offset_dims.size() ||
                       shape[static_cast<size_t>(dims.offset_dims[k++])] != s))) {
      return op_error(op, "slice size " + std::to_string(s) + " of operand dimension " +
                              std::to_string(o) + " does not fit the operand and result");
    }
  }
  gather_into(operand, operands[1].tensor(), dims, sizes, result);
  return std::vector<RuntimeValue>{std::move(result)};
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.gather", gather);
KILN_REGISTER_INTERP("stablehlo.dynamic_gather", dynamic_gather);

}  // namespace kiln::interp
