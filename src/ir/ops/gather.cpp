// stablehlo.gather and stablehlo.dynamic_gather (generic form only): table entries and
// verifiers of the spec's dimension-number rules.
#include "ir/ops/gather.h"

#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

bool gather_drops_dim(const GatherDimsAttr& d, int64_t i) {
  return contains(d.collapsed_slice_dims, i) || contains(d.operand_batching_dims, i);
}

std::vector<int64_t> gather_result_shape(const GatherDimsAttr& d, const Type& indices,
                                         std::span<const int64_t> offsets, int64_t rank) {
  std::vector<int64_t> shape;
  size_t next_offset = 0, next_batch = 0;
  for (int64_t i = 0; i < rank; ++i) {
    if (contains(d.offset_dims, i)) {
      shape.push_back(offsets[next_offset++]);
      continue;
    }
    if (static_cast<int64_t>(next_batch) == d.index_vector_dim) ++next_batch;
    shape.push_back(indices.dim(static_cast<int64_t>(next_batch++)));
  }
  return shape;
}

namespace {

// The batching dimensions of operand and start indices pair up with equal sizes (C13-C17).
Status verify_batching_dims(const Operation& op, const GatherDimsAttr& d, const Type& operand,
                            const Type& indices) {
  KILN_CHECK_OK(expect_dims_in_range(op, d.start_indices_batching_dims, indices.rank(),
                                     "start_indices_batching_dims"));
  if (contains(d.start_indices_batching_dims, d.index_vector_dim)) {
    return verify_error(op, "start_indices_batching_dims " +
                                dims_string(d.start_indices_batching_dims) +
                                " must not contain index_vector_dim " +
                                std::to_string(d.index_vector_dim));
  }
  if (d.operand_batching_dims.size() != d.start_indices_batching_dims.size()) {
    return verify_error(op, "operand_batching_dims and start_indices_batching_dims must have "
                            "the same size");
  }
  for (size_t i = 0; i < d.operand_batching_dims.size(); ++i) {
    int64_t a = operand.dim(d.operand_batching_dims[i]);
    int64_t b = indices.dim(d.start_indices_batching_dims[i]);
    if (!dim_sizes_compatible(a, b)) {
      return verify_error(op, "operand batching dimension " +
                                  std::to_string(d.operand_batching_dims[i]) + " has size " +
                                  dim_size_string(a) + " but start indices dimension " +
                                  std::to_string(d.start_indices_batching_dims[i]) +
                                  " has size " + dim_size_string(b));
    }
  }
  return ok_status();
}

// The rules on dimension numbers alone, shared with dynamic_gather (spec C1-C4, C6-C8,
// C10-C11, C13-C19).
Status verify_gather_dims(const Operation& op, const GatherDimsAttr& d, const Type& operand,
                          const Type& indices) {
  KILN_CHECK_OK(expect_tensor(op, operand, "operand"));
  KILN_CHECK_OK(expect_integer_tensor(op, indices, "start_indices"));
  size_t window = d.offset_dims.size() + d.collapsed_slice_dims.size() +
                  d.operand_batching_dims.size();
  if (static_cast<int64_t>(window) != operand.rank()) {
    return verify_error(op, "offset_dims, collapsed_slice_dims and operand_batching_dims have " +
                                std::to_string(window) + " entries in all but the operand " +
                                to_string(operand) + " has rank " +
                                std::to_string(operand.rank()));
  }
  if (d.index_vector_dim < 0 || d.index_vector_dim > indices.rank()) {
    return verify_error(op, "index_vector_dim " + std::to_string(d.index_vector_dim) +
                                " is out of range [0, " + std::to_string(indices.rank()) + "]");
  }
  int64_t index_size = d.index_vector_dim < indices.rank() ? indices.dim(d.index_vector_dim) : 1;
  if (!dim_sizes_compatible(index_size, static_cast<int64_t>(d.start_index_map.size()))) {
    return verify_error(op, "start_index_map " + dims_string(d.start_index_map) + " must have " +
                                dim_size_string(index_size) +
                                " entries, the size of the index vector");
  }
  KILN_CHECK_OK(expect_sorted(op, d.offset_dims, "offset_dims"));
  KILN_CHECK_OK(expect_dims_in_range(op, concat(d.collapsed_slice_dims, d.operand_batching_dims),
                                     operand.rank(),
                                     "collapsed_slice_dims and operand_batching_dims"));
  KILN_CHECK_OK(expect_sorted(op, d.collapsed_slice_dims, "collapsed_slice_dims"));
  KILN_CHECK_OK(expect_sorted(op, d.operand_batching_dims, "operand_batching_dims"));
  KILN_CHECK_OK(verify_batching_dims(op, d, operand, indices));
  return expect_dims_in_range(op, concat(d.start_index_map, d.operand_batching_dims),
                              operand.rank(), "start_index_map and operand_batching_dims");
}

// The result: same element type; offset_dims in range; rank = batch + offset dimensions.
Status verify_gather_result(const Operation& op, const GatherDimsAttr& d, const Type& operand,
                            const Type& indices, const Type& result) {
  KILN_CHECK_OK(expect_tensor(op, result, "result"));
  KILN_CHECK_OK(expect_same_element_type(op, operand, result, "operand and result"));
  KILN_CHECK_OK(expect_dims_in_range(op, d.offset_dims, result.rank(), "offset_dims"));
  int64_t batch = indices.rank() - (d.index_vector_dim < indices.rank() ? 1 : 0);
  int64_t expected = batch + static_cast<int64_t>(d.offset_dims.size());
  if (result.rank() != expected) {
    return verify_error(op, "result " + to_string(result) + " must have rank " +
                                std::to_string(expected) +
                                " (batch dimensions of the start indices and offset_dims)");
  }
  return ok_status();
}

// Spec C9, C12, C20-C22: slice sizes fit the operand, collapsed and batching ones are at most
// 1, and the result's shape combines the batch and offset dimension sizes.
Status verify_slice_sizes(const Operation& op, const GatherDimsAttr& d, const Type& operand,
                          const Type& indices, const Type& result) {
  const auto& sizes = op.attr_as<DenseArrayAttr>("slice_sizes")->ints;
  if (static_cast<int64_t>(sizes.size()) != operand.rank()) {
    return verify_error(op, "slice_sizes " + dims_string(sizes) + " must have " +
                                std::to_string(operand.rank()) + " entries, the operand's rank");
  }
  std::vector<int64_t> offsets;
  for (int64_t i = 0; i < operand.rank(); ++i) {
    int64_t s = sizes[static_cast<size_t>(i)];
    bool dropped = gather_drops_dim(d, i);
    if (s < 0 || (operand.dim(i) != kDynamic && s > operand.dim(i)) || (dropped && s > 1)) {
      return verify_error(op, "slice size " + std::to_string(s) + " in dimension " +
                                  std::to_string(i) + " must be in [0, " +
                                  (dropped ? "1" : dim_size_string(operand.dim(i))) + "]");
    }
    if (!dropped) offsets.push_back(s);
  }
  std::vector<int64_t> expected = gather_result_shape(d, indices, offsets, result.rank());
  if (!shapes_compatible(result, Type::tensor(expected, result.element()))) {
    return verify_error(op, "result " + to_string(result) + " must have the shape " +
                                dims_string(expected));
  }
  return ok_status();
}

Status verify_gather(const Operation& op) {
  const auto& d = *op.attr_as<GatherDimsAttr>("dimension_numbers");
  const Type& operand = op.operand(0)->type();
  const Type& indices = op.operand(1)->type();
  const Type& result = op.result(0)->type();
  KILN_CHECK_OK(verify_gather_dims(op, d, operand, indices));
  KILN_CHECK_OK(verify_gather_result(op, d, operand, indices, result));
  return verify_slice_sizes(op, d, operand, indices, result);
}

// As gather, with the slice sizes in a 1-D integer tensor known only at run time.
Status verify_dynamic_gather(const Operation& op) {
  const auto& d = *op.attr_as<GatherDimsAttr>("dimension_numbers");
  const Type& operand = op.operand(0)->type();
  const Type& indices = op.operand(1)->type();
  const Type& sizes = op.operand(2)->type();
  KILN_CHECK_OK(verify_gather_dims(op, d, operand, indices));
  KILN_CHECK_OK(expect_integer_tensor(op, sizes, "slice_sizes"));
  if (sizes.rank() != 1 || !dim_sizes_compatible(sizes.dim(0), operand.rank())) {
    return verify_error(op, "slice_sizes " + to_string(sizes) + " must be a 1-D tensor of " +
                                std::to_string(operand.rank()) + " elements, the operand's rank");
  }
  return verify_gather_result(op, d, operand, indices, op.result(0)->type());
}

std::vector<OpInfo> gather_ops() {
  return {
      {.name = "stablehlo.gather",
       .operands = {{"operand"}, {"start_indices"}},
       .results = {{"result"}},
       .attrs = {{"dimension_numbers", AttrKind::kGatherDims},
                 {"slice_sizes", AttrKind::kDenseI64Array},
                 {"indices_are_sorted", AttrKind::kBool, true}},
       .verify = verify_gather},
      {.name = "stablehlo.dynamic_gather",
       .operands = {{"operand"}, {"start_indices"}, {"slice_sizes"}},
       .results = {{"result"}},
       .attrs = {{"dimension_numbers", AttrKind::kGatherDims},
                 {"indices_are_sorted", AttrKind::kBool, true}},
       .verify = verify_dynamic_gather},
  };
}

KILN_REGISTER_OPS(gather_ops);

}  // namespace

}  // namespace kiln::ir
