// Shared checks for op verifiers.
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

Status expect_tensor(const Operation& op, const Type& type, std::string_view what) {
  if (type.is_tensor()) return ok_status();
  return verify_error(op, std::string(what) + " must be a tensor, but is " + to_string(type));
}

bool shapes_compatible(const Type& a, const Type& b) {
  if (a.rank() != b.rank()) return false;
  for (int64_t i = 0; i < a.rank(); ++i) {
    if (a.dim(i) != kDynamic && b.dim(i) != kDynamic && a.dim(i) != b.dim(i)) return false;
  }
  return true;
}

Status expect_same_shape(const Operation& op, const Type& a, const Type& b,
                         std::string_view what) {
  if (shapes_compatible(a, b)) return ok_status();
  return verify_error(op, std::string(what) + " must have the same shape, but " + to_string(a) +
                              " and " + to_string(b) + " differ");
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

}  // namespace kiln::ir
