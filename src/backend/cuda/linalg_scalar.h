// The scalar arithmetic of the generated linear-algebra kernels (cholesky, triangular_solve):
// one overload set over float, double, kg::c64 and kg::c128, so that a kernel's text is
// written once for the four element types and rounds as the interpreter does (each op in the
// element type; complex division and square root through double, as ops/scalar.cuh does).
#pragma once

#include <string>

#include "ir/operation.h"
#include "support/error.h"

namespace kiln::backend::cuda {

// The element type `type` is held in by these kernels ("float", "double", "kg::c64",
// "kg::c128"); unimplemented, naming the op and the type, for any other.
Expected<std::string> linalg_element(const ir::Operation& op, const ir::Type& type);

// The device functions la_add, la_mul, la_sub, la_div, la_sqrt, la_conj, la_re and la_im (the
// parts, as doubles), la_abs (|x| of a double or kg::c128), la_abs1 (|re| + |im|, LAPACK's
// pivot measure), la_lit(T(), double) and
// la_make(T(), re, im)
// over the four types (needs ops/scalar.cuh before it).
const std::string& linalg_scalar_source();

}  // namespace kiln::backend::cuda
