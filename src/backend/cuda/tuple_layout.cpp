// The arena layout of tokens and tuples.
#include "backend/cuda/tuple_layout.h"

namespace kiln::backend::cuda {

namespace {

constexpr int64_t kElementAlignment = 16;

int64_t aligned(int64_t n) { return (n + kElementAlignment - 1) / kElementAlignment * kElementAlignment; }

void collect(const ir::Type& type, int64_t at, std::vector<TensorLeaf>& out) {
  if (type.is_tensor()) {
    out.push_back({at, type});
  } else if (type.is_tuple()) {
    for (size_t i = 0; i < type.tuple_elements().size(); ++i) {
      collect(type.tuple_elements()[i], at + tuple_element_offset(type, i), out);
    }
  }
}

}  // namespace

int64_t value_bytes(const ir::Type& type) {
  if (type.is_tensor()) return type.num_elements().value_or(0) * type.element().storage_bytes();
  if (!type.is_tuple() || type.tuple_elements().empty()) return 0;
  const size_t last = type.tuple_elements().size() - 1;
  return tuple_element_offset(type, last) + value_bytes(type.tuple_elements()[last]);
}

int64_t tuple_element_offset(const ir::Type& tuple, size_t i) {
  int64_t at = 0;
  for (size_t k = 0; k < i; ++k) at = aligned(at + value_bytes(tuple.tuple_elements()[k]));
  return at;
}

std::vector<TensorLeaf> tensor_leaves(const ir::Type& type) {
  std::vector<TensorLeaf> out;
  collect(type, 0, out);
  return out;
}

}  // namespace kiln::backend::cuda
