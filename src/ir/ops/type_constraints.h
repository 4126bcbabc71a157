// Shared checks for op verifiers: tensor kinds, shapes, dimension lists. Each returns an
// error located at the op, or ok. Append new helpers here rather than copying them.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "ir/op_info.h"
#include "ir/operation.h"

namespace kiln::ir {

// The operand or result must be a tensor (not a token or tuple).
Status expect_tensor(const Operation& op, const Type& type, std::string_view what);
// Same shape (ignoring element types); dynamic dimensions match anything.
bool shapes_compatible(const Type& a, const Type& b);
Status expect_same_shape(const Operation& op, const Type& a, const Type& b,
                         std::string_view what);
// Identical types up to dynamic dimensions.
bool types_compatible(const Type& a, const Type& b);
// Every entry is in [0, rank) and none repeats.
Status expect_dims_in_range(const Operation& op, std::span<const int64_t> dims, int64_t rank,
                            std::string_view what);
// `[1, 2]` for messages.
std::string dims_string(std::span<const int64_t> dims);

}  // namespace kiln::ir
