// Operands of a reduction body converted to the body's own element types, which the spec lets
// be promoted from the inputs' and init values' (is_promotable): shared by reduce,
// reduce_window, scatter, select_and_scatter, all_reduce and reduce_scatter.
#pragma once

#include <span>
#include <vector>

#include "interp/tensor.h"
#include "ir/operation.h"

namespace kiln::interp {

// `t` with the element type of argument `arg` of `body`'s block: t itself when the types
// match; converted by stablehlo.convert's rules (convert_elements), or requantized when both
// are quantized (same expressed type, wider storage). Fails only if the new tensor cannot be
// allocated or a quantized conversion fails.
Expected<Tensor> to_body_arg(const ir::Region& body, size_t arg, const Tensor& t);

// A reduction body of n values takes (accumulators..., elements...): the init values of
// reduce, reduce_window and select_and_scatter or the inputs of scatter, then the inputs,
// source or updates.
struct BodyOperands {
  std::vector<Tensor> accumulators;  // as body arguments 0..n-1
  std::vector<Tensor> elements;      // as body arguments n..2n-1
};

// accumulators[k] and elements[k] converted to the element types of body arguments k and
// n + k (to_body_arg). Spec (reduce, reduce_window, scatter, select_and_scatter): the body
// computes in its own element types, which the results have. Errors as to_body_arg's.
Expected<BodyOperands> to_body_types(const ir::Region& body, std::span<const Tensor> accumulators,
                                     std::span<const Tensor> elements);

}  // namespace kiln::interp
