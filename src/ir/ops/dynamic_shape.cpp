// The dynamic-shape ops StableHLO keeps (dynamic_broadcast_in_dim, dynamic_reshape,
// dynamic_iota, dynamic_pad, real_dynamic_slice, dynamic_conv): table entries and verifiers of
// their basic constraints. They parse and print; execution rejects dynamic shapes.
#include <climits>
#include <optional>

#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/convolution.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

// A shape operand: a 1-D tensor of integers or index with `size` elements (when known); a
// static one when `is_static` (the output shapes of dynamic_broadcast_in_dim, dynamic_reshape
// and dynamic_iota, as the reference verifier asks).
Status expect_shape_tensor(const Operation& op, size_t operand, int64_t size,
                           std::string_view what, bool is_static = false) {
  const Type& t = op.operand(operand)->type();
  KILN_CHECK_OK(expect_integer_tensor(op, t, what, /*allow_index=*/true));
  if (t.rank() != 1 || !dim_sizes_compatible(t.dim(0), size) ||
      (is_static && t.dim(0) == kDynamic)) {
    return verify_error(op, std::string(what) + " must be a 1-D tensor of " +
                                dim_size_string(size) + " elements, but is " + to_string(t));
  }
  return ok_status();
}

Status expect_tensors(const Operation& op) {
  for (size_t i = 0; i < op.num_operands(); ++i) {
    KILN_CHECK_OK(expect_tensor(op, op.operand(i)->type(), "operand " + std::to_string(i)));
  }
  return expect_tensor(op, op.result(0)->type(), "result");
}

Status verify_dynamic_broadcast_in_dim(const Operation& op) {
  KILN_CHECK_OK(expect_tensors(op));
  const Type& operand = op.operand(0)->type();
  const Type& result = op.result(0)->type();
  KILN_CHECK_OK(expect_same_element_type(op, operand, result, "operand and result"));
  KILN_CHECK_OK(expect_shape_tensor(op, 1, result.rank(), "output_dimensions", true));  // (C7)
  KILN_CHECK_OK(expect_output_shape(op, 1, result));
  const auto& dims = op.attr_as<DenseArrayAttr>("broadcast_dimensions")->ints;
  if (static_cast<int64_t>(dims.size()) != operand.rank()) {
    return verify_error(op, "broadcast_dimensions " + dims_string(dims) +
                                " must have one entry per operand dimension (" +
                                std::to_string(operand.rank()) + ")");
  }
  KILN_CHECK_OK(expect_dims_in_range(op, dims, result.rank(), "broadcast_dimensions"));
  for (int64_t i = 0; i < operand.rank(); ++i) {
    int64_t from = operand.dim(i), to = result.dim(dims[static_cast<size_t>(i)]);
    if (from != 1 && !dim_sizes_compatible(from, to)) {
      return verify_error(op, "operand dimension " + std::to_string(i) +
                                  " must be 1 or match the result dimension it maps to");
    }
  }
  std::vector<int64_t> known;
  for (const char* name : {"known_expanding_dimensions", "known_nonexpanding_dimensions"}) {
    if (const auto* a = op.attr_as<DenseArrayAttr>(name)) {
      known.insert(known.end(), a->ints.begin(), a->ints.end());
    }
  }
  return expect_dims_in_range(op, known, operand.rank(),
                              "known_expanding_dimensions and known_nonexpanding_dimensions");
}

Status verify_dynamic_reshape(const Operation& op) {
  KILN_CHECK_OK(expect_tensors(op));
  const Type& operand = op.operand(0)->type();
  const Type& result = op.result(0)->type();
  KILN_CHECK_OK(expect_same_element_type(op, operand, result, "operand and result"));  // (C1)
  KILN_CHECK_OK(expect_shape_tensor(op, 1, result.rank(), "output_shape", true));     // (C4)
  KILN_CHECK_OK(expect_output_shape(op, 1, result));
  // (C2) as many elements in the result as in the operand, where both are known.
  // -1: not known (a plain int, since GCC warns of std::optional here at some -O levels).
  int64_t in = operand.is_static() ? operand.num_elements().value_or(-1) : -1;
  int64_t out = result.is_static() ? result.num_elements().value_or(-1) : -1;
  if (auto shape = constant_operand(op, 1); shape && out < 0) {
    int64_t n = 1;
    for (int64_t s : *shape) n = n < 0 || s < 0 || (s && n > INT64_MAX / s) ? -1 : n * s;
    out = n;
  }
  if (in >= 0 && out >= 0 && in != out) {
    return verify_error(op, "result must have the operand's " + std::to_string(in) +
                                " elements, but has " + std::to_string(out));
  }
  return ok_status();
}

Status verify_dynamic_iota(const Operation& op) {
  KILN_CHECK_OK(expect_tensors(op));
  const Type& result = op.result(0)->type();
  KILN_CHECK_OK(expect_shape_tensor(op, 0, result.rank(), "output_shape", true));
  KILN_CHECK_OK(expect_output_shape(op, 0, result));
  int64_t dim = op.attr_as<IntegerAttr>("iota_dimension")->value;
  if (dim < 0 || dim >= result.rank()) {
    return verify_error(op, "iota_dimension " + std::to_string(dim) + " is out of range [0, " +
                                std::to_string(result.rank()) + ")");
  }
  return ok_status();
}

// With constant paddings: interior padding is not negative (C3) and each static result
// dimension is low + high + the interior-padded operand size (C4).
Status verify_constant_padding(const Operation& op, const Type& operand, const Type& result) {
  auto low = constant_operand(op, 2), high = constant_operand(op, 3);
  auto interior = constant_operand(op, 4);
  for (size_t d = 0; interior && d < interior->size(); ++d) {
    if ((*interior)[d] < 0) {
      return verify_error(op, "interior_padding " + dims_string(*interior) +
                                  " must not be negative");
    }
  }
  if (!low || !high || !interior) return ok_status();
  for (int64_t d = 0; d < operand.rank() && d < static_cast<int64_t>(low->size()); ++d) {
    size_t i = static_cast<size_t>(d);
    int64_t in = operand.dim(d);
    if (in == kDynamic || result.dim(d) == kDynamic) continue;
    int64_t want = (*low)[i] + (*high)[i] + in + (in > 0 ? (in - 1) * (*interior)[i] : 0);
    if (result.dim(d) != want) {
      return verify_error(op, "result " + to_string(result) + " must have size " +
                                  std::to_string(want) + " in dimension " + std::to_string(d));
    }
  }
  return ok_status();
}

Status verify_dynamic_pad(const Operation& op) {
  KILN_CHECK_OK(expect_tensors(op));
  const Type& operand = op.operand(0)->type();
  const Type& value = op.operand(1)->type();
  const Type& result = op.result(0)->type();
  KILN_CHECK_OK(expect_same_element_type(op, operand, value, "operand and padding_value"));
  KILN_CHECK_OK(expect_same_element_type(op, operand, result, "operand and result"));
  if (value.rank() != 0) {
    return verify_error(op, "padding_value must be a rank-0 tensor, but is " + to_string(value));
  }
  if (result.rank() != operand.rank()) {
    return verify_error(op, "result " + to_string(result) + " must have the operand's rank");
  }
  KILN_CHECK_OK(expect_shape_tensor(op, 2, operand.rank(), "edge_padding_low"));
  KILN_CHECK_OK(expect_shape_tensor(op, 3, operand.rank(), "edge_padding_high"));
  KILN_CHECK_OK(expect_shape_tensor(op, 4, operand.rank(), "interior_padding"));
  return verify_constant_padding(op, operand, result);
}

Status verify_real_dynamic_slice(const Operation& op) {
  KILN_CHECK_OK(expect_tensors(op));
  const Type& operand = op.operand(0)->type();
  const Type& result = op.result(0)->type();
  KILN_CHECK_OK(expect_same_element_type(op, operand, result, "operand and result"));
  if (result.rank() != operand.rank()) {
    return verify_error(op, "result " + to_string(result) + " must have the operand's rank");
  }
  KILN_CHECK_OK(expect_shape_tensor(op, 1, operand.rank(), "start_indices"));
  KILN_CHECK_OK(expect_shape_tensor(op, 2, operand.rank(), "limit_indices"));
  return expect_shape_tensor(op, 3, operand.rank(), "strides");
}

// The convolution constraints (spec dynamic_conv C1-C3, C5-C27 mirror convolution's) and a
// padding operand of one (low, high) pair per spatial dimension (C4). The result's spatial
// sizes depend on the padding values, known only at run time.
Status verify_dynamic_conv(const Operation& op) {
  KILN_CHECK_OK(expect_tensors(op));
  KILN_CHECK_OK(verify_conv_attrs(op, ""));
  int64_t rank = op.operand(0)->type().rank();
  const Type& padding = op.operand(2)->type();
  KILN_CHECK_OK(expect_integer_tensor(op, padding, "padding"));
  if (padding.rank() != 2 || !dim_sizes_compatible(padding.dim(0), rank - 2) ||
      !dim_sizes_compatible(padding.dim(1), 2)) {
    return verify_error(op, "padding " + to_string(padding) + " must have shape [" +
                                std::to_string(rank - 2) + ", 2]");
  }
  return ok_status();
}

std::vector<OpInfo> dynamic_shape_ops() {
  return {
      {.name = "stablehlo.dynamic_broadcast_in_dim",
       .operands = {{"operand"}, {"output_dimensions"}},
       .results = {{"result"}},
       .attrs = {{"broadcast_dimensions", AttrKind::kDenseI64Array},
                 {"known_expanding_dimensions", AttrKind::kDenseI64Array, true},
                 {"known_nonexpanding_dimensions", AttrKind::kDenseI64Array, true}},
       .format = "$operand , $output_dimensions , dims = $broadcast_dimensions attr-dict : "
                 "functional-type",
       .verify = verify_dynamic_broadcast_in_dim},
      {.name = "stablehlo.dynamic_reshape",
       .operands = {{"operand"}, {"output_shape"}},
       .results = {{"result"}},
       .format = "$operand , $output_shape attr-dict : functional-type",
       .verify = verify_dynamic_reshape},
      {.name = "stablehlo.dynamic_iota",
       .operands = {{"output_shape"}},
       .results = {{"result"}},
       .attrs = {{"iota_dimension", AttrKind::kI64}},
       .format = "$output_shape , dim = $iota_dimension attr-dict : functional-type",
       .verify = verify_dynamic_iota},
      {.name = "stablehlo.dynamic_pad",
       .operands = {{"operand"}, {"padding_value"}, {"edge_padding_low"},
                    {"edge_padding_high"}, {"interior_padding"}},
       .results = {{"result"}},
       .format = "$operand , $padding_value , $edge_padding_low , $edge_padding_high , "
                 "$interior_padding attr-dict : functional-type",
       .verify = verify_dynamic_pad},
      {.name = "stablehlo.real_dynamic_slice",
       .operands = {{"operand"}, {"start_indices"}, {"limit_indices"}, {"strides"}},
       .results = {{"result"}},
       .format = "$operand , $start_indices , $limit_indices , $strides attr-dict : "
                 "functional-type",
       .verify = verify_real_dynamic_slice},
      {.name = "stablehlo.dynamic_conv",
       .operands = {{"lhs"}, {"rhs"}, {"padding"}},
       .results = {{"result"}},
       .attrs = {{"window_strides", AttrKind::kDenseI64Array, true},
                 {"lhs_dilation", AttrKind::kDenseI64Array, true},
                 {"rhs_dilation", AttrKind::kDenseI64Array, true},
                 {"window_reversal", AttrKind::kDenseBoolArray, true},
                 {"dimension_numbers", AttrKind::kConvDims},
                 {"feature_group_count", AttrKind::kI64},
                 {"batch_group_count", AttrKind::kI64},
                 {"precision_config", AttrKind::kPrecisionConfig, true}},
       .verify = verify_dynamic_conv},
  };
}

KILN_REGISTER_OPS(dynamic_shape_ops);

}  // namespace

}  // namespace kiln::ir
