// How the operands of stablehlo.dot_general and stablehlo.convolution become a GEMM's: the
// element type products are summed in, the conversion to it, and the rounding and splitting
// into components that a dot's `algorithm` attribute asks for. docs/semantics.md explains the
// choices.
#pragma once

#include <utility>
#include <vector>

#include "interp/tensor.h"
#include "ir/attribute.h"
#include "support/error.h"

namespace kiln::interp {

// The element type a dot or convolution without an `algorithm` sums its products in, for
// operands and result of these types. The spec leaves it to the implementation; as XLA on
// CPUs and GPUs: real floats in f64 if any of the three types is f64, else in f32 (so bf16,
// f16 and the f8 formats accumulate in f32 and round once to the result at the end, and f32
// operands with a bf16 result are not rounded first); complex numbers in complex<f64> if any
// type has f64 parts, else complex<f32>; integers and i1 in the result type (spec: the sum
// wraps modulo 2^bits, which no wider accumulator changes).
ir::ElementType accumulation_type(const ir::ElementType& lhs, const ir::ElementType& rhs,
                                  const ir::ElementType& result);

// t with its elements converted to `to` by stablehlo.convert's rules (t itself when the types
// match); narrow floats to f32, the hot conversion of bf16 and f16 GEMMs, through a table of
// every bit pattern. Fails when the new tensor cannot be allocated.
Expected<Tensor> convert_operand(const Tensor& t, const ir::ElementType& to);

// The components x_0, x_1, ... of each element x of `t` (a float tensor) in the format
// `precision`: x_0 = round(x), x_i = round(x - x_0 - ... - x_(i-1)), each rounded to
// `precision` to nearest even and held in t's element type, so their sum approximates x with
// `count` times the precision's significand (the bf16 x3/x6/x9 algorithms). count >= 1; a
// precision as wide as t's type gives t itself and zeros. Fails on allocation.
Expected<std::vector<Tensor>> split_components(const Tensor& t, const ir::ElementType& precision,
                                               int64_t count);

// How an algorithm splits the operands and which component products it sums.
struct ComponentProducts {
  int64_t lhs_count = 1, rhs_count = 1;
  std::vector<std::pair<int64_t, int64_t>> pairs;  // (lhs component, rhs component)
};

// The components and products of `algorithm`, largest product first. JAX writes bf16 x3/x6/x9
// (and tf32 x3) as component counts of 1 with num_primitive_operations 3, 6 or 9, so each
// operand has at least the c components that c x c products need (2 for 3, 3 for 6 and 9), and
// the products are the pairs (i, j) by increasing i + j (then i), the first
// num_primitive_operations of them: hi*hi, hi*lo, lo*hi for x3, as XLA's GPU backend computes
// them. Fails, naming the counts, when a count is below 1 or above 8 (64 operations).
Expected<ComponentProducts> component_products(const ir::DotAlgorithmAttr& algorithm);

}  // namespace kiln::interp
