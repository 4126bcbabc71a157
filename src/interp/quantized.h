// Quantized tensors in the interpreter: the spec's dequantize and quantize, and ops on
// quantized tensors run through their meaning, dequantize → op in the expressed type → quantize.
#pragma once

#include <span>
#include <vector>

#include "interp/interpreter.h"
#include "interp/tensor.h"

namespace kiln::interp {

// The spec's `dequantize`: (x - zero_point) converted to the expressed type, times the scale,
// each step rounded to the expressed type; per-axis types take the scale and zero point of
// each element's slice. Returns a new tensor of x's shape and expressed type. x must be
// quantized; fails ("interp: ...") if the expressed type is not a float type.
Expected<Tensor> dequantize(const Tensor& x);

// The spec's `quantize` to the quantized element type `type`: x / scale + zero_point in the
// expressed type, clamped to [storage_min, storage_max], rounded half to even, stored in the
// storage type (NaN becomes 0). A quantized x is dequantized first (requantization). Returns a
// new tensor of x's shape; fails ("interp: ...") if the expressed type is not a float type.
Expected<Tensor> quantize(const Tensor& x, const ir::ElementType& type);

// Whether `op` computes on quantized values by the spec's dequantize_op_quantize: it has a
// quantized operand or result, and it is none of the ops that work on quantized tensors
// directly (uniform_quantize/uniform_dequantize, data movement, which copies storage, ops
// with regions, whose bodies compute, calls, and the check and interpreter dialects).
bool needs_dequantize(const ir::Operation& op);

// Runs `fn`, the implementation of `op`, as the spec's dequantize_op_quantize: quantized
// operands are dequantized, `fn` runs on a copy of `op` whose quantized types are replaced by
// their expressed types, and the results whose declared types are quantized are quantized to
// them. Errors of `fn` pass through; located errors name `op`'s location.
Expected<std::vector<RuntimeValue>> run_dequantized(Interpreter& in, const ir::Operation& op,
                                                    InterpFn fn,
                                                    std::span<const RuntimeValue> operands);

}  // namespace kiln::interp
