// The dynamic-shape ops (dynamic_broadcast_in_dim, dynamic_reshape, dynamic_iota, dynamic_pad,
// real_dynamic_slice, dynamic_conv): run-time tensors always have concrete shapes, so each
// computes its result shape from its shape (or padding) operands, checks it as the spec's
// constraints do, and runs the kernel of its static twin.
#include <algorithm>
#include <string>

#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

std::vector<int64_t> values_of(const Tensor& t) {
  std::vector<int64_t> v;
  for (int64_t i = 0; i < t.num_elements(); ++i) v.push_back(int_element(t, i));
  return v;
}

std::string shape_string(std::span<const int64_t> shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

// A result of the op's element type and the run-time `shape`, which must fit the declared
// result type (its static dimensions).
Expected<Tensor> allocate_shaped(const ir::Operation& op, std::span<const int64_t> shape) {
  const ir::Type& declared = op.result(0)->type();
  bool fits = static_cast<int64_t>(shape.size()) == declared.rank();
  for (size_t i = 0; fits && i < shape.size(); ++i) {
    int64_t d = declared.dim(static_cast<int64_t>(i));
    fits = shape[i] >= 0 && (d == ir::kDynamic || d == shape[i]);
  }
  if (!fits) {
    return op_error(op, "computes the shape " + shape_string(shape) +
                            ", which does not fit its result type " + ir::to_string(declared));
  }
  auto result = Tensor::allocate(
      ir::Type::tensor(std::vector<int64_t>(shape.begin(), shape.end()), declared.element()));
  if (!result.ok()) return op_error(op, result.error().message());
  return result;
}

Expected<std::vector<RuntimeValue>> dynamic_broadcast_in_dim(
    Interpreter&, const ir::Operation& op, std::span<const RuntimeValue> operands) {
  const Tensor& operand = operands[0].tensor();
  std::vector<int64_t> shape = values_of(operands[1].tensor());
  std::vector<int64_t> dims = attr_ints(op, "broadcast_dimensions");
  KILN_TRY(Tensor result, allocate_shaped(op, shape));
  for (size_t k = 0; k < dims.size(); ++k) {
    int64_t from = operand.shape()[k], to = shape[static_cast<size_t>(dims[k])];
    if (from != 1 && from != to) {
      return op_error(op, "operand dimension " + std::to_string(k) + " of size " +
                              std::to_string(from) + " cannot broadcast to size " +
                              std::to_string(to));
    }
  }
  broadcast_into(operand, dims, result);
  return std::vector<RuntimeValue>{std::move(result)};
}

Expected<std::vector<RuntimeValue>> dynamic_reshape(Interpreter&, const ir::Operation& op,
                                                    std::span<const RuntimeValue> operands) {
  const Tensor& operand = operands[0].tensor();
  std::vector<int64_t> shape = values_of(operands[1].tensor());
  KILN_TRY(Tensor result, allocate_shaped(op, shape));
  if (result.num_elements() != operand.num_elements()) {
    return op_error(op, "cannot reshape " + std::to_string(operand.num_elements()) +
                            " elements to the shape " + shape_string(shape));
  }
  return std::vector<RuntimeValue>{operand.with_type(result.type())};
}

Expected<std::vector<RuntimeValue>> dynamic_iota(Interpreter&, const ir::Operation& op,
                                                 std::span<const RuntimeValue> operands) {
  KILN_TRY(Tensor result, allocate_shaped(op, values_of(operands[0].tensor())));
  if (result.num_elements() > 0) iota_into(result, attr_int(op, "iota_dimension"));
  return std::vector<RuntimeValue>{std::move(result)};
}

// Spec (pad): dim = low + dim(operand) + max(dim(operand) - 1, 0) * interior + high.
Expected<std::vector<RuntimeValue>> dynamic_pad(Interpreter&, const ir::Operation& op,
                                                std::span<const RuntimeValue> operands) {
  const Tensor& operand = operands[0].tensor();
  std::vector<int64_t> low = values_of(operands[2].tensor());
  std::vector<int64_t> high = values_of(operands[3].tensor());
  std::vector<int64_t> interior = values_of(operands[4].tensor());
  const auto rank = static_cast<size_t>(operand.rank());
  if (low.size() != rank || high.size() != rank || interior.size() != rank) {
    return op_error(op, "needs one padding amount per operand dimension");
  }
  std::vector<int64_t> shape(rank);
  for (size_t d = 0; d < rank; ++d) {
    int64_t size = operand.shape()[d];
    if (interior[d] < 0) return op_error(op, "has negative interior padding");
    shape[d] = low[d] + size + std::max<int64_t>(size - 1, 0) * interior[d] + high[d];
  }
  KILN_TRY(Tensor result, allocate_shaped(op, shape));
  pad_into(operand, operands[1].tensor(), low, interior, result);
  return std::vector<RuntimeValue>{std::move(result)};
}

// Spec (real_dynamic_slice): 0 <= start <= limit <= dim, strides > 0,
// dim(result) = ceil((limit - start) / strides).
Expected<std::vector<RuntimeValue>> real_dynamic_slice(Interpreter&, const ir::Operation& op,
                                                       std::span<const RuntimeValue> operands) {
  const Tensor& operand = operands[0].tensor();
  std::vector<int64_t> start = values_of(operands[1].tensor());
  std::vector<int64_t> limit = values_of(operands[2].tensor());
  std::vector<int64_t> strides = values_of(operands[3].tensor());
  const auto rank = static_cast<size_t>(operand.rank());
  if (start.size() != rank || limit.size() != rank || strides.size() != rank) {
    return op_error(op, "needs one start, limit and stride per operand dimension");
  }
  std::vector<int64_t> shape(rank);
  for (size_t d = 0; d < rank; ++d) {
    if (start[d] < 0 || start[d] > limit[d] || limit[d] > operand.shape()[d] || strides[d] <= 0) {
      return op_error(op, "slice " + std::to_string(start[d]) + ":" + std::to_string(limit[d]) +
                              ":" + std::to_string(strides[d]) + " in dimension " +
                              std::to_string(d) + " does not fit the operand");
    }
    shape[d] = (limit[d] - start[d] + strides[d] - 1) / strides[d];
  }
  KILN_TRY(Tensor result, allocate_shaped(op, shape));
  slice_into(operand, start, strides, result);
  return std::vector<RuntimeValue>{std::move(result)};
}

// Spec (convolution): the result has batch / batch_group_count, the kernel's output
// features, and per spatial dimension the number of strided window positions in the
// dilated, padded input; `padding` holds a (low, high) pair per spatial dimension.
std::vector<int64_t> conv_result_shape(const ir::Operation& op, const Tensor& lhs,
                                       const Tensor& rhs, std::span<const int64_t> padding) {
  const auto& d = *op.attr_as<ir::ConvDimsAttr>("dimension_numbers");
  size_t n = d.input_spatial.size();
  auto ints = [&](std::string_view name) {
    std::vector<int64_t> v = attr_ints(op, name);
    return v.empty() ? std::vector<int64_t>(n, 1) : v;
  };
  std::vector<int64_t> stride = ints("window_strides"), lhs_dil = ints("lhs_dilation"),
                       rhs_dil = ints("rhs_dilation");
  auto dim = [](const Tensor& t, int64_t i) { return t.shape()[static_cast<size_t>(i)]; };
  std::vector<int64_t> shape(n + 2);
  shape[static_cast<size_t>(d.output_batch)] =
      dim(lhs, d.input_batch) / attr_int(op, "batch_group_count", 1);
  shape[static_cast<size_t>(d.output_feature)] = dim(rhs, d.kernel_output_feature);
  for (size_t i = 0; i < n; ++i) {
    int64_t in = dim(lhs, d.input_spatial[i]), k = dim(rhs, d.kernel_spatial[i]);
    int64_t input = (in == 0 ? 0 : (in - 1) * lhs_dil[i] + 1) + padding[2 * i] +
                    padding[2 * i + 1];
    int64_t window = k == 0 ? 0 : (k - 1) * rhs_dil[i] + 1;
    shape[static_cast<size_t>(d.output_spatial[i])] =
        input < window ? 0 : (input - window) / stride[i] + 1;
  }
  return shape;
}

// The spec's convolution constraints that dynamic_conv's verifier leaves to run time, so that
// the kernel only reads inside its operands: "" when they hold, else what is wrong.
std::string conv_mismatch(const ir::Operation& op, const Tensor& lhs, const Tensor& rhs) {
  const auto& d = *op.attr_as<ir::ConvDimsAttr>("dimension_numbers");
  size_t n = d.input_spatial.size();
  for (const char* name : {"window_strides", "lhs_dilation", "rhs_dilation"}) {
    std::vector<int64_t> v = attr_ints(op, name);
    if (!v.empty() && (v.size() != n || *std::min_element(v.begin(), v.end()) <= 0)) {
      return std::string(name) + " needs one positive value per spatial dimension";
    }
  }
  std::vector<int64_t> reversal = attr_ints(op, "window_reversal");
  if (!reversal.empty() && reversal.size() != n) {
    return "window_reversal needs one value per spatial dimension";
  }
  auto dim = [](const Tensor& t, int64_t i) { return t.shape()[static_cast<size_t>(i)]; };
  int64_t fgc = attr_int(op, "feature_group_count", 1), bgc = attr_int(op, "batch_group_count", 1);
  int64_t kout = dim(rhs, d.kernel_output_feature);
  if (fgc <= 0 || bgc <= 0 || dim(lhs, d.input_feature) != dim(rhs, d.kernel_input_feature) * fgc ||
      dim(lhs, d.input_batch) % bgc != 0 || kout % fgc != 0 || kout % bgc != 0) {
    return "operand shapes do not fit the feature and batch group counts";
  }
  return "";
}

// stablehlo.dynamic_conv: convolution with its padding as a run-time [n, 2] operand.
Expected<std::vector<RuntimeValue>> dynamic_conv(Interpreter&, const ir::Operation& op,
                                                 std::span<const RuntimeValue> operands) {
  const Tensor& lhs = operands[0].tensor();
  const Tensor& rhs = operands[1].tensor();
  std::vector<int64_t> padding = values_of(operands[2].tensor());
  if (padding.size() != 2 * static_cast<size_t>(lhs.rank() - 2)) {
    return op_error(op, "needs a (low, high) padding pair per spatial dimension");
  }
  if (std::string wrong = conv_mismatch(op, lhs, rhs); !wrong.empty()) return op_error(op, wrong);
  KILN_TRY(Tensor result, allocate_shaped(op, conv_result_shape(op, lhs, rhs, padding)));
  Status s = convolve_into(op, lhs, rhs, padding, result);
  if (!s.ok()) return op_error(op, s.error().message());
  return std::vector<RuntimeValue>{std::move(result)};
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.dynamic_broadcast_in_dim", dynamic_broadcast_in_dim);
KILN_REGISTER_INTERP("stablehlo.dynamic_reshape", dynamic_reshape);
KILN_REGISTER_INTERP("stablehlo.dynamic_iota", dynamic_iota);
KILN_REGISTER_INTERP("stablehlo.dynamic_pad", dynamic_pad);
KILN_REGISTER_INTERP("stablehlo.real_dynamic_slice", real_dynamic_slice);
KILN_REGISTER_INTERP("stablehlo.dynamic_conv", dynamic_conv);

}  // namespace kiln::interp
