// How close two implementations' results must be, by element type: the one Tolerance that every
// comparison in kiln (kernel checks, backend and pass tests, the tuner's gate) is given.
#pragma once

#include "ir/element_type.h"

namespace kiln::oracle {

// An element passes when |got - want| <= atol + rtol * |want| (complex numbers part by part);
// NaN only where NaN is expected, infinities only where the same infinity is. Integers,
// booleans and quantized storage compare exactly whatever the tolerance says.
struct Tolerance {
  double atol = 0;
  double rtol = 0;
};

// The tolerance for a result of `type` computed by two correct implementations of the same
// program (different summation orders, fused multiply-adds, library transcendentals): a few
// units of the format's precision; exact for integers, booleans and quantized types.
Tolerance default_tolerance(const ir::ElementType& type);

// The tolerance for the outputs of a whole program run by two backends: a deep program (a
// transformer's layers) compounds the few-ulp differences of each reduction's order (a GPU
// sums in parallel, a library GEMM splits K; the interpreter sums in sequence) through every
// later op, so the relative bound is ten times default_tolerance's. Exact where that is.
Tolerance program_tolerance(const ir::ElementType& type);

}  // namespace kiln::oracle
