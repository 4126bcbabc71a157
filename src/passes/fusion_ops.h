// Which ops fusion may put into one kernel: element-wise ops, the ops that only move or make
// elements (broadcasts, reshapes, transposes, slices, concatenates, pads, iota, reverse), and
// reductions with a one-op combiner; which of them are cheap enough to copy into each user.
#pragma once

#include <cstdint>

#include "ir/operation.h"

namespace kiln::passes {

// An element-wise StableHLO op (add, exponential, convert, select, compare, clamp, ...): each
// result element depends only on the operand elements at its index.
bool is_elementwise(const ir::Operation& op);

// An op a loop fusion may hold: element-wise, or one that moves or makes elements (see above),
// or a splat constant; with static, non-quantized tensor types only.
bool is_loop_fusible(const ir::Operation& op);

// A stablehlo.reduce of one operand with a combiner of one binary op (add, multiply, maximum,
// minimum, and, or, xor) on its two arguments, static types: what a reduction fusion can hold.
bool is_fusible_reduce(const ir::Operation& op);

// For a fusible reduce of the trailing dimensions of its operand (a row reduction: each
// result element reduces one contiguous row), the row's length; 0 for any other reduction.
int64_t row_length(const ir::Operation& reduce);

// Cheap to compute again in every user's fusion instead of reading it from memory: iota, a
// splat constant, and broadcast_in_dim (each fusion reads the smaller operand instead).
bool is_cheap_to_duplicate(const ir::Operation& op);

}  // namespace kiln::passes
