// How values that are not tensors lie in the cuda backend's arena: a token takes no bytes, a
// tuple its elements' bytes one after another (each at a 16-byte boundary, nested tuples
// inline). Shared by the lowering (slots, tuple and get_tuple_element copies) and the
// executable (a tuple input's or output's tensors).
#pragma once

#include <cstdint>
#include <vector>

#include "ir/type.h"

namespace kiln::backend::cuda {

// Bytes of a value of `type` (a static tensor, a token, a tuple of them).
int64_t value_bytes(const ir::Type& type);

// Where element `i` of tuple type `tuple` starts within the tuple's bytes.
int64_t tuple_element_offset(const ir::Type& tuple, size_t i);

// The tensors of a value of `type` in order (a tuple's depth first), each with its offset
// within the value's bytes; none for a token, the tensor itself at 0.
struct TensorLeaf {
  int64_t offset = 0;
  ir::Type type;
};
std::vector<TensorLeaf> tensor_leaves(const ir::Type& type);

}  // namespace kiln::backend::cuda
