// Shared checks for op verifiers.
#include "ir/ops/type_constraints.h"

#include <algorithm>

namespace kiln::ir {

Status expect_tensor(const Operation& op, const Type& type, std::string_view what) {
  if (type.is_tensor()) return ok_status();
  return verify_error(op, std::string(what) + " must be a tensor, but is " + to_string(type));
}

namespace {

// The bound of dimension `i` of `t` (`#stablehlo.bounds`), or kDynamic when it has none.
int64_t bound_of(const Type& t, int64_t i) {
  const auto& bounds = t.bounds();
  return static_cast<int64_t>(bounds.size()) == t.rank() ? bounds[static_cast<size_t>(i)]
                                                          : kDynamic;
}

// A static size fits a bounded dynamic dimension when it is at most the bound.
bool within_bound(int64_t size, const Type& t, int64_t i) {
  int64_t bound = bound_of(t, i);
  return size == kDynamic || bound == kDynamic || size <= bound;
}

}  // namespace

bool shapes_compatible(const Type& a, const Type& b) {
  if (a.rank() != b.rank()) return false;
  for (int64_t i = 0; i < a.rank(); ++i) {
    if (a.dim(i) != kDynamic && b.dim(i) != kDynamic && a.dim(i) != b.dim(i)) return false;
    if (b.dim(i) == kDynamic && !within_bound(a.dim(i), b, i)) return false;
    if (a.dim(i) == kDynamic && !within_bound(b.dim(i), a, i)) return false;
  }
  return true;
}

Status expect_same_shape(const Operation& op, const Type& a, const Type& b,
                         std::string_view what) {
  if (shapes_compatible(a, b)) return ok_status();
  return verify_error(op, std::string(what) + " must have the same shape, but " + to_string(a) +
                              " and " + to_string(b) + " differ");
}

bool is_static_or_one_bounded(const Type& t) {
  int dynamic = 0;
  for (int64_t d = 0; d < t.rank(); ++d) {
    if (t.dim(d) != kDynamic) continue;
    ++dynamic;
    const auto& bounds = t.bounds();
    if (static_cast<int64_t>(bounds.size()) != t.rank() || bounds[d] == kDynamic) return false;
  }
  return dynamic <= 1;
}

bool types_compatible(const Type& a, const Type& b) {
  if (a.kind() != b.kind()) return false;
  if (a.is_tuple()) {
    if (a.tuple_elements().size() != b.tuple_elements().size()) return false;
    for (size_t i = 0; i < a.tuple_elements().size(); ++i) {
      if (!types_compatible(a.tuple_elements()[i], b.tuple_elements()[i])) return false;
    }
    return true;
  }
  if (!a.is_tensor()) return true;
  return a.element() == b.element() && shapes_compatible(a, b);
}

Status expect_dims_in_range(const Operation& op, std::span<const int64_t> dims, int64_t rank,
                            std::string_view what) {
  std::vector<bool> seen(static_cast<size_t>(std::max<int64_t>(rank, 0)), false);
  for (int64_t d : dims) {
    if (d < 0 || d >= rank) {
      return verify_error(op, std::string(what) + " " + dims_string(dims) +
                                  " has a dimension out of range [0, " + std::to_string(rank) +
                                  ")");
    }
    if (seen[static_cast<size_t>(d)]) {
      return verify_error(op, std::string(what) + " " + dims_string(dims) +
                                  " repeats dimension " + std::to_string(d));
    }
    seen[static_cast<size_t>(d)] = true;
  }
  return ok_status();
}

std::string dims_string(std::span<const int64_t> dims) {
  std::string s = "[";
  for (size_t i = 0; i < dims.size(); ++i) s += (i ? ", " : "") + std::to_string(dims[i]);
  return s + "]";
}

std::vector<int64_t> int_values(const DenseElementsAttr& attr) {
  std::vector<int64_t> out;
  int bits = attr.type.element().bit_width();
  bool is_signed = !attr.type.element().is_unsigned_int();
  for (int64_t i = 0; i < attr.num_elements(); ++i) {
    uint64_t v = attr.element_bits(attr.splat ? 0 : i);
    if (bits < 64) {
      v &= (uint64_t{1} << bits) - 1;
      if (is_signed && (v >> (bits - 1)) & 1) v |= ~uint64_t{0} << bits;
    }
    out.push_back(static_cast<int64_t>(v));
  }
  return out;
}

// The values of operand `i` when a stablehlo.constant defines it, else nullopt: the verifier
// checks the shapes it can see, as the reference verifier does.
std::optional<std::vector<int64_t>> constant_operand(const Operation& op, size_t i) {
  const Operation* def = op.operand(i)->defining_op();
  if (!def || def->id() != ops::kConstant) return std::nullopt;
  const auto* value = def->attr_as<DenseElementsAttr>("value");
  if (!value || !(value->type.element().is_int() || value->type.element().is_index())) {
    return std::nullopt;
  }
  return int_values(*value);
}

// A constant output shape (operand `i`) agrees with `result`: no negative size, and each static
// result dimension equals its entry.
Status expect_output_shape(const Operation& op, size_t i, const Type& result) {
  auto shape = constant_operand(op, i);
  if (!shape || static_cast<int64_t>(shape->size()) != result.rank()) return ok_status();
  for (int64_t d = 0; d < result.rank(); ++d) {
    int64_t size = (*shape)[static_cast<size_t>(d)];
    if (size < 0 || !dim_sizes_compatible(size, result.dim(d))) {
      return verify_error(op, "output shape " + dims_string(*shape) + " does not match result " +
                                  to_string(result));
    }
  }
  return ok_status();
}

bool dim_sizes_compatible(int64_t a, int64_t b) {
  return a == kDynamic || b == kDynamic || a == b;
}

Status expect_same_element_type(const Operation& op, const Type& a, const Type& b,
                                std::string_view what) {
  if (a.element() == b.element()) return ok_status();
  return verify_error(op, std::string(what) + " must have the same element type, but " +
                              to_string(a) + " and " + to_string(b) + " differ");
}

Status expect_integer_tensor(const Operation& op, const Type& type, std::string_view what,
                             bool allow_index) {
  if (type.is_tensor() && (type.element().is_int() || (allow_index && type.element().is_index()))) {
    return ok_status();
  }
  return verify_error(op, std::string(what) + " must be a tensor of integers" +
                              (allow_index ? " or index" : "") + ", but is " + to_string(type));
}

std::string dim_size_string(int64_t size) {
  return size == kDynamic ? "?" : std::to_string(size);
}

Status expect_sorted(const Operation& op, std::span<const int64_t> dims, std::string_view what) {
  for (size_t i = 1; i < dims.size(); ++i) {
    if (dims[i - 1] >= dims[i]) {
      return verify_error(op, std::string(what) + " " + dims_string(dims) +
                                  " must be sorted and unique");
    }
  }
  return ok_status();
}

Status expect_entry_per_dim(const Operation& op,
                            std::initializer_list<std::span<const int64_t>> lists,
                            std::string_view what, const Type& operand, const Type& result) {
  for (std::span<const int64_t> list : lists) {
    if (static_cast<int64_t>(list.size()) != operand.rank()) {
      return verify_error(op, std::string(what) + " must each have " +
                                  std::to_string(operand.rank()) +
                                  " entries, the rank of the operand " + to_string(operand));
    }
  }
  if (result.rank() != operand.rank()) {
    return verify_error(op, "result " + to_string(result) + " must have the rank of the operand " +
                                to_string(operand));
  }
  return ok_status();
}

const Operation* find_function(const Operation& op, const std::string& name) {
  const Operation* module = op.parent_op();
  while (module && module->id() != ops::kModule) module = module->parent_op();
  return module ? module->region(0).front().find_function(name) : nullptr;
}

bool contains(std::span<const int64_t> dims, int64_t d) {
  return std::find(dims.begin(), dims.end(), d) != dims.end();
}

std::vector<int64_t> concat(std::span<const int64_t> a, std::span<const int64_t> b) {
  std::vector<int64_t> out(a.begin(), a.end());
  out.insert(out.end(), b.begin(), b.end());
  return out;
}

namespace {

// Spec: baseline_element_type(x) keeps a quantized type's storage and expressed types and its
// quantization dimension, and drops its scales and zero points.
bool same_baseline_element(const ElementType& a, const ElementType& b) {
  if (!a.is_quantized() || !b.is_quantized()) return a == b;
  const QuantParams& x = a.quant();
  const QuantParams& y = b.quant();
  return x.storage == y.storage && x.storage_min == y.storage_min &&
         x.storage_max == y.storage_max && x.expressed == y.expressed &&
         x.quantized_dimension == y.quantized_dimension;
}

}  // namespace

Status expect_baseline_compatible_types(const Operation& op, const Type& a, const Type& b,
                                        std::string_view what) {
  if (a.is_tensor() && b.is_tensor() && a.element().is_quantized() &&
      same_baseline_element(a.element(), b.element()) && shapes_compatible(a, b)) {
    return ok_status();
  }
  return expect_compatible_types(op, a, b, what);
}

}  // namespace kiln::ir

namespace kiln::ir {

bool element_in_classes(const ElementType& e, uint32_t classes) {
  return ((classes & kBoolElements) && e.is_bool()) ||
         ((classes & kSignedElements) && e.is_signed_int()) ||
         ((classes & kUnsignedElements) && e.is_unsigned_int()) ||
         ((classes & kFloatElements) && e.is_float()) ||
         ((classes & kComplexElements) && e.is_complex()) ||
         ((classes & kQuantizedElements) && e.is_quantized());
}

std::string describe_element_classes(uint32_t classes) {
  std::vector<std::string_view> names;
  if (classes & kBoolElements) names.push_back("boolean");
  if ((classes & kIntegerElements) == kIntegerElements) {
    names.push_back("integer");
  } else if (classes & kSignedElements) {
    names.push_back("signed integer");
  } else if (classes & kUnsignedElements) {
    names.push_back("unsigned integer");
  }
  if (classes & kFloatElements) names.push_back("float");
  if (classes & kComplexElements) names.push_back("complex");
  if (classes & kQuantizedElements) names.push_back("quantized");
  std::string s;
  for (size_t i = 0; i < names.size(); ++i) {
    s += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + std::string(names[i]);
  }
  return s;
}

Status expect_element_classes(const Operation& op, const Type& type, uint32_t classes,
                              std::string_view what) {
  if (type.is_tensor() && element_in_classes(type.element(), classes)) return ok_status();
  return verify_error(op, std::string(what) + " must be a tensor of " +
                              describe_element_classes(classes) + " type, but is " +
                              to_string(type));
}

Status expect_compatible_types(const Operation& op, const Type& a, const Type& b,
                               std::string_view what) {
  if (types_compatible(a, b)) return ok_status();
  return verify_error(op, std::string(what) + " must have compatible types, but " +
                              to_string(a) + " and " + to_string(b) + " differ");
}

}  // namespace kiln::ir

namespace kiln::ir {

std::string types_string(const std::vector<Type>& types) {
  std::string s = "(";
  for (size_t i = 0; i < types.size(); ++i) s += (i ? ", " : "") + to_string(types[i]);
  return s + ")";
}

std::vector<Type> value_types(std::span<Value* const> values) {
  std::vector<Type> out;
  for (const Value* v : values) out.push_back(v->type());
  return out;
}

bool all_compatible(const std::vector<Type>& a, const std::vector<Type>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (!types_compatible(a[i], b[i])) return false;
  }
  return true;
}

Status expect_region_args(const Operation& op, const Region& region,
                          const std::vector<Type>& types, std::string_view what) {
  std::vector<Type> actual;
  for (const auto& a : region.front().arguments()) actual.push_back(a->type());
  if (all_compatible(actual, types)) return ok_status();
  return verify_error(op, std::string(what) + " takes " + types_string(actual) +
                              " but must take " + types_string(types));
}

Status expect_region_returns(const Operation& op, const Region& region,
                             const std::vector<Type>& types, std::string_view what) {
  const Operation* term = region.front().terminator();
  if (!term || term->id() != ops::kReturn) {
    return verify_error(op, std::string(what) + " must end with stablehlo.return");
  }
  std::vector<Type> actual = value_types(term->operands());
  if (all_compatible(actual, types)) return ok_status();
  return verify_error(op, std::string(what) + " returns " + types_string(actual) +
                              " but must return " + types_string(types));
}

Status expect_start_indices(const Operation& op, std::span<Value* const> indices,
                            int64_t count) {
  if (static_cast<int64_t>(indices.size()) != count) {
    return verify_error(op, "has " + std::to_string(indices.size()) +
                                " start indices but the operand has rank " +
                                std::to_string(count));
  }
  for (size_t i = 0; i < indices.size(); ++i) {
    const Type& t = indices[i]->type();
    std::string what = "start index " + std::to_string(i);
    KILN_CHECK_OK(expect_integer_tensor(op, t, what));
    if (t.rank() != 0) {
      return verify_error(op, what + " must be a rank-0 tensor, but is " + to_string(t));
    }
    if (t != indices[0]->type()) {
      return verify_error(op, "start indices must have one type, but " +
                                  to_string(indices[0]->type()) + " and " + to_string(t) +
                                  " differ");
    }
  }
  return ok_status();
}

}  // namespace kiln::ir

namespace kiln::ir {

namespace {

Status read_window_array(const Operation& op, std::string_view name, int64_t rank,
                         int64_t min_value, std::vector<int64_t>& out) {
  out.assign(static_cast<size_t>(rank), min_value == 0 ? 0 : 1);
  if (name.empty()) return ok_status();
  const auto* a = op.attr_as<DenseArrayAttr>(name);
  if (!a) return ok_status();
  if (static_cast<int64_t>(a->ints.size()) != rank) {
    return verify_error(op, std::string(name) + " " + dims_string(a->ints) + " must have " +
                                std::to_string(rank) + " entries");
  }
  for (int64_t v : a->ints) {
    if (v < min_value) {
      return verify_error(op, std::string(name) + " " + dims_string(a->ints) +
                                  " must be positive");
    }
  }
  out = a->ints;
  return ok_status();
}

}  // namespace

Expected<Window> read_window(const Operation& op, int64_t rank, const WindowAttrNames& names) {
  Window w;
  KILN_CHECK_OK(read_window_array(op, names.size, rank, 1, w.size));
  KILN_CHECK_OK(read_window_array(op, names.stride, rank, 1, w.stride));
  KILN_CHECK_OK(read_window_array(op, names.base_dilation, rank, 1, w.base_dilation));
  KILN_CHECK_OK(read_window_array(op, names.window_dilation, rank, 1, w.window_dilation));
  w.pad_lo.assign(static_cast<size_t>(rank), 0);
  w.pad_hi.assign(static_cast<size_t>(rank), 0);
  const auto* pad = names.padding.empty() ? nullptr : op.attr_as<DenseElementsAttr>(names.padding);
  if (!pad) return w;
  if (pad->type.rank() != 2 || pad->type.dim(0) != rank || pad->type.dim(1) != 2) {
    return verify_error(op, "padding must have shape [" + std::to_string(rank) +
                                ", 2], but has type " + to_string(pad->type));
  }
  int bits = pad->type.element().bit_width();
  for (int64_t i = 0; i < 2 * rank; ++i) {
    uint64_t raw = pad->element_bits(pad->splat ? 0 : i);
    int64_t v = bits >= 64 ? static_cast<int64_t>(raw)
                           : static_cast<int64_t>(raw << (64 - bits)) >> (64 - bits);
    (i % 2 ? w.pad_hi : w.pad_lo)[static_cast<size_t>(i / 2)] = v;
  }
  return w;
}

std::vector<int64_t> window_output_shape(std::span<const int64_t> shape, const Window& w) {
  std::vector<int64_t> out;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == kDynamic) {
      out.push_back(kDynamic);
      continue;
    }
    int64_t dilated = shape[i] == 0 ? 0 : (shape[i] - 1) * w.base_dilation[i] + 1;
    int64_t padded = dilated + w.pad_lo[i] + w.pad_hi[i];
    int64_t window = (w.size[i] - 1) * w.window_dilation[i] + 1;
    out.push_back(padded < window ? 0 : (padded - window) / w.stride[i] + 1);
  }
  return out;
}

}  // namespace kiln::ir
