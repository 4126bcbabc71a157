// The spec's constraints on the types of values: bounds of dynamic dimensions, and quantized
// types (QuantizedTensorElementType C3, C5-C7, C9-C11 and QuantizedTensorType C12-C13).
#include <climits>
#include <cmath>

#include "ir/verifier.h"

namespace kiln::ir {

namespace {

Status check_element(const Operation& op, const Type& t, const QuantParams& q,
                     const std::string& what) {
  auto fail = [&](const std::string& why) {
    return verify_error(op, what + " " + to_string(t) + ": " + why);
  };
  ElementType storage(q.storage);
  int bits = storage.bit_width();
  int64_t lo = storage.is_signed_int() ? INT64_MIN : 0;
  int64_t hi = INT64_MAX;
  if (bits < 64) {
    lo = storage.is_signed_int() ? -(int64_t{1} << (bits - 1)) : 0;
    hi = storage.is_signed_int() ? (int64_t{1} << (bits - 1)) - 1
                                 : static_cast<int64_t>((uint64_t{1} << bits) - 1);
  }
  if (q.storage_min < lo || q.storage_max > hi || q.storage_min >= q.storage_max) {  // (C3)
    return fail("storage range [" + std::to_string(q.storage_min) + ", " +
                std::to_string(q.storage_max) + "] must be a non-empty range of " +
                to_string(storage));
  }
  if (q.scales.size() != q.zero_points.size()) {  // (C9)
    return fail("must have as many zero points as scales");
  }
  if (!q.quantized_dimension && q.scales.size() != 1) {  // (C10)
    return fail("per-tensor quantization must have one scale");
  }
  for (double s : q.scales) {
    if (!(s > 0) || !std::isfinite(s)) return fail("scales must be positive and finite");  // (C5)-(C6)
  }
  for (int64_t z : q.zero_points) {
    if (z < q.storage_min || z > q.storage_max) {  // (C7)
      return fail("zero point " + std::to_string(z) + " is outside the storage range");
    }
  }
  return ok_status();
}

// `#stablehlo.bounds` has one entry per dimension, and only dynamic dimensions have a bound.
Status check_bounds(const Operation& op, const Type& t, const std::string& what) {
  const auto& bounds = t.bounds();
  if (bounds.empty()) return ok_status();
  if (static_cast<int64_t>(bounds.size()) != t.rank()) {
    return verify_error(op, what + " " + to_string(t) + ": bounds must have one entry per "
                                                        "dimension");
  }
  for (int64_t d = 0; d < t.rank(); ++d) {
    if (t.dim(d) != kDynamic && bounds[static_cast<size_t>(d)] != kDynamic) {
      return verify_error(op, what + " " + to_string(t) + ": static dimension " +
                                  std::to_string(d) + " cannot have a bound");
    }
  }
  return ok_status();
}

}  // namespace

Status verify_value_type(const Operation& op, const Type& t, const std::string& what) {
  if (t.is_tuple()) {
    for (const Type& e : t.tuple_elements()) KILN_CHECK_OK(verify_value_type(op, e, what));
    return ok_status();
  }
  if (!t.is_tensor()) return ok_status();
  KILN_CHECK_OK(check_bounds(op, t, what));
  if (!t.element().is_quantized()) return ok_status();
  const QuantParams& q = t.element().quant();
  KILN_CHECK_OK(check_element(op, t, q, what));
  if (!q.quantized_dimension) return ok_status();
  int64_t axis = *q.quantized_dimension;
  if (axis < 0 || axis >= t.rank()) {  // (C11)-(C12)
    return verify_error(op, what + " " + to_string(t) + ": quantized dimension " +
                                std::to_string(axis) + " is out of range [0, " +
                                std::to_string(t.rank()) + ")");
  }
  int64_t size = t.dim(axis);
  if (size != kDynamic && size != static_cast<int64_t>(q.scales.size())) {  // (C13)
    return verify_error(op, what + " " + to_string(t) + ": " + std::to_string(q.scales.size()) +
                                " scales for quantized dimension " + std::to_string(axis) +
                                " of size " + std::to_string(size));
  }
  return ok_status();
}

}  // namespace kiln::ir
