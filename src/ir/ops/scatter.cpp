// stablehlo.scatter (generic form only): its table entry and the verifier of the spec's
// dimension-number, shape and update-computation rules.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/reduction_body.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

// Spec C2, C7-C22: the dimension numbers against the input, indices and update ranks.
Status verify_scatter_dims(const Operation& op, const ScatterDimsAttr& d, const Type& input,
                           const Type& indices, const Type& update) {
  size_t window = d.update_window_dims.size() + d.inserted_window_dims.size() +
                  d.input_batching_dims.size();
  if (static_cast<int64_t>(window) != input.rank()) {
    return verify_error(op, "update_window_dims, inserted_window_dims and input_batching_dims "
                            "have " + std::to_string(window) + " entries in all but the input " +
                                to_string(input) + " has rank " + std::to_string(input.rank()));
  }
  KILN_CHECK_OK(expect_sorted(op, d.update_window_dims, "update_window_dims"));
  KILN_CHECK_OK(expect_dims_in_range(op, d.update_window_dims, update.rank(),
                                     "update_window_dims"));
  KILN_CHECK_OK(expect_dims_in_range(op, concat(d.inserted_window_dims, d.input_batching_dims),
                                     input.rank(), "inserted_window_dims and input_batching_dims"));
  KILN_CHECK_OK(expect_sorted(op, d.inserted_window_dims, "inserted_window_dims"));
  KILN_CHECK_OK(expect_sorted(op, d.input_batching_dims, "input_batching_dims"));
  if (d.index_vector_dim < 0 || d.index_vector_dim > indices.rank()) {
    return verify_error(op, "index_vector_dim " + std::to_string(d.index_vector_dim) +
                                " is out of range [0, " + std::to_string(indices.rank()) + "]");
  }
  KILN_CHECK_OK(expect_dims_in_range(op, d.scatter_indices_batching_dims, indices.rank(),
                                     "scatter_indices_batching_dims"));
  if (contains(d.scatter_indices_batching_dims, d.index_vector_dim)) {
    return verify_error(op, "scatter_indices_batching_dims must not contain index_vector_dim " +
                                std::to_string(d.index_vector_dim));
  }
  if (d.input_batching_dims.size() != d.scatter_indices_batching_dims.size()) {
    return verify_error(op, "input_batching_dims and scatter_indices_batching_dims must have "
                            "the same size");
  }
  for (size_t i = 0; i < d.input_batching_dims.size(); ++i) {
    if (!dim_sizes_compatible(input.dim(d.input_batching_dims[i]),
                              indices.dim(d.scatter_indices_batching_dims[i]))) {
      return verify_error(op, "input batching dimension " +
                                  std::to_string(d.input_batching_dims[i]) +
                                  " and scatter indices dimension " +
                                  std::to_string(d.scatter_indices_batching_dims[i]) +
                                  " must have the same size");
    }
  }
  int64_t index_size = d.index_vector_dim < indices.rank() ? indices.dim(d.index_vector_dim) : 1;
  if (!dim_sizes_compatible(index_size,
                            static_cast<int64_t>(d.scatter_dims_to_operand_dims.size()))) {
    return verify_error(op, "scatter_dims_to_operand_dims " +
                                dims_string(d.scatter_dims_to_operand_dims) + " must have " +
                                dim_size_string(index_size) +
                                " entries, the size of the index vector");
  }
  return expect_dims_in_range(op, concat(d.scatter_dims_to_operand_dims, d.input_batching_dims),
                              input.rank(), "scatter_dims_to_operand_dims and input_batching_dims");
}

// Spec C4: update dimensions are the indices' batch dimensions, in order, and window
// dimensions no larger than the input's remaining dimensions.
Status verify_update_shape(const Operation& op, const ScatterDimsAttr& d, const Type& input,
                           const Type& indices, const Type& update) {
  std::vector<int64_t> window_limits;
  for (int64_t i = 0; i < input.rank(); ++i) {
    if (!contains(d.inserted_window_dims, i) && !contains(d.input_batching_dims, i)) {
      window_limits.push_back(input.dim(i));
    }
  }
  std::vector<int64_t> batch;
  for (int64_t i = 0; i < indices.rank(); ++i) {
    if (i != d.index_vector_dim) batch.push_back(indices.dim(i));
  }
  size_t next_window = 0, next_batch = 0;
  for (int64_t i = 0; i < update.rank(); ++i) {
    int64_t size = update.dim(i);
    if (contains(d.update_window_dims, i)) {
      int64_t limit = window_limits[next_window++];
      if (size != kDynamic && limit != kDynamic && size > limit) {
        return verify_error(op, "update window dimension " + std::to_string(i) + " of size " +
                                    std::to_string(size) + " is larger than the input's " +
                                    std::to_string(limit));
      }
    } else if (next_batch >= batch.size() || !dim_sizes_compatible(size, batch[next_batch++])) {
      return verify_error(op, "update " + to_string(update) +
                                  " must have the scatter indices' batch dimensions " +
                                  dims_string(batch) + " outside update_window_dims");
    }
  }
  if (next_batch != batch.size()) {
    return verify_error(op, "update " + to_string(update) + " must have " +
                                std::to_string(batch.size() + d.update_window_dims.size()) +
                                " dimensions");
  }
  return ok_status();
}

// Spec C1, C3, C5-C6, C24-C25: N inputs, N updates and N results, inputs and results of
// one shape, updates of one shape, element types matching per position.
Status verify_scatter_types(const Operation& op, std::span<Value* const> inputs,
                            std::span<Value* const> updates) {
  if (inputs.empty() || inputs.size() != updates.size() || op.num_results() != inputs.size()) {
    return verify_error(op, "must have N > 0 inputs, N updates and N results");
  }
  for (size_t i = 0; i < inputs.size(); ++i) {
    const Type& in = inputs[i]->type();
    const Type& up = updates[i]->type();
    std::string at = " " + std::to_string(i);
    KILN_CHECK_OK(expect_tensor(op, in, "input" + at));
    KILN_CHECK_OK(expect_tensor(op, up, "update" + at));
    KILN_CHECK_OK(expect_same_shape(op, in, inputs[0]->type(), "inputs"));
    KILN_CHECK_OK(expect_same_shape(op, up, updates[0]->type(), "updates"));
    KILN_CHECK_OK(expect_same_shape(op, in, op.result(i)->type(), "input and result" + at));
  }
  return ok_status();
}

Status verify_scatter(const Operation& op) {
  if (op.num_operands() % 2 == 0) {
    return verify_error(op, "must have N inputs, the scatter indices and N updates");
  }
  auto inputs = operand_group(op, 0);
  auto updates = operand_group(op, 2);
  const Type& indices = op.operand(inputs.size())->type();
  KILN_CHECK_OK(verify_scatter_types(op, inputs, updates));
  KILN_CHECK_OK(expect_integer_tensor(op, indices, "scatter_indices"));
  const auto& d = *op.attr_as<ScatterDimsAttr>("scatter_dimension_numbers");
  const Type& input = inputs[0]->type();
  KILN_CHECK_OK(verify_scatter_dims(op, d, input, indices, updates[0]->type()));
  KILN_CHECK_OK(verify_update_shape(op, d, input, indices, updates[0]->type()));
  // (C23) the update computation combines (current..., update...) into new values whose
  // element types are promotable from the inputs' and updates'; (C24) the results have them.
  std::vector<Type> input_types = value_types(inputs);
  KILN_TRY(std::vector<ElementType> body_elements,
           expect_reduction_body(op, op.region(0), element_types(value_types(updates)),
                                 element_types(input_types),
                                 {"update_computation", "input", "update"}));
  for (size_t i = 0; i < inputs.size(); ++i) {
    Type expected = Type::tensor(input_types[i].shape(), body_elements[i]);
    KILN_CHECK_OK(expect_compatible_types(op, expected, op.result(i)->type(),
                                          "result " + std::to_string(i) + " and its inferred type"));
  }
  return ok_status();
}

std::vector<OpInfo> scatter_ops() {
  return {
      {.name = "stablehlo.scatter",
       .operands = {{"inputs", Arity::kVariadic},
                    {"scatter_indices"},
                    {"updates", Arity::kVariadic}},
       .results = {{"results", Arity::kVariadic}},
       .attrs = {{"scatter_dimension_numbers", AttrKind::kScatterDims},
                 {"indices_are_sorted", AttrKind::kBool, true},
                 {"unique_indices", AttrKind::kBool, true}},
       .regions = {"update_computation"},
       .verify = verify_scatter},
  };
}

KILN_REGISTER_OPS(scatter_ops);

}  // namespace

}  // namespace kiln::ir
