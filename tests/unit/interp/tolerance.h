// Comparing tensors with tolerances by element type, for differential tests against JAX
// and, later, against the GPU backend.
#pragma once

#include <string>

#include "interp/tensor.h"

namespace kiln::interp {

struct Tolerance {
  double rtol;
  double atol;
};

// The tolerance used when comparing a result of this element type computed by two
// implementations: exact for integers and booleans; for floats a few units of the format's
// precision, looser for transcendental-heavy programs.
Tolerance tolerance_for(const ir::ElementType& type);

// Empty when `actual` matches `expected` (same type; NaN where NaN is; infinities equal;
// |a - e| <= atol + rtol * |e| elsewhere), else a message naming the first mismatches.
std::string compare_tensors(const Tensor& expected, const Tensor& actual, Tolerance tol);

}  // namespace kiln::interp
