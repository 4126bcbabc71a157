// A device flag saying whether tensors hold only finite values, computed by generated kernels:
// the predicate of the conditional step that guards cuDNN's convolutions
// (lower_convolution.cpp), where a product the spec makes and cuDNN skips (0 * inf) matters
// only for non-finite values.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "backend/cuda/lowerer.h"

namespace kiln::backend::cuda {

// The exponent bits of `type` as an integer of its storage width: a value is inf or NaN
// exactly when all of them are set. Float types whose infinities and NaNs are so encoded (f16,
// bf16, f32, f64, f8E5M2, ...); nullopt for others (integers, the finite-only f8 formats).
std::optional<uint64_t> nonfinite_exponent_mask(const ir::ElementType& type);

// A tensor to check: the value (its type and element count) and where its bytes are.
struct FiniteCheckInput {
  const ir::Value* value = nullptr;
  BufferRef ref;
};

// Appends to the program being built the kernels that set byte i of `flags` (as many bytes as
// `inputs`) to 1 where every element of inputs[i] is finite, else to 0 (an i1: an if's
// predicate, a CaseStep's selector). One launch reads every tensor's bits at once: each tensor
// has its own blocks (one per 4096 elements, at most 4 per SM, striding over it), each block
// writing whether its share was finite; where a tensor takes more than one block, a second
// launch of one block combines the blocks' bytes (an arena scratch slot) into the flags. Errors (internal): an input of a type nonfinite_exponent_mask does not cover, none at
// all, or `flags` of another size.
Status add_finite_check(Lowerer& l, const ir::Operation& op,
                        const std::vector<FiniteCheckInput>& inputs, const BufferRef& flags);

}  // namespace kiln::backend::cuda
