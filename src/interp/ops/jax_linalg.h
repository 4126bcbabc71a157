// JAX's linear-algebra custom calls in the interpreter (targets: ir/ops/jax_linalg.h), one
// file per family: jax_linalg_potrf.cpp, jax_linalg_trsm.cpp, jax_linalg_getrf.cpp (with the
// pivot permutation). custom_call.cpp reads the call, verifies its types and layouts, and
// calls these with operands that match them.
#pragma once

#include <complex>
#include <span>
#include <type_traits>
#include <vector>

#include "interp/interpreter.h"
#include "interp/tensor.h"
#include "ir/ops/jax_linalg.h"

namespace kiln::interp {

// The element types LAPACK and cuSOLVER compute in.
template <class T>
inline constexpr bool kIsLapackType =
    std::is_same_v<T, float> || std::is_same_v<T, double> ||
    std::is_same_v<T, std::complex<float>> || std::is_same_v<T, std::complex<double>>;

using LinalgResults = Expected<std::vector<RuntimeValue>>;

// potrf: (factor, info). The factor's `lower` triangle holds the Cholesky factor, the other
// keeps the operand's values (as LAPACK and cuSOLVER leave them); info per matrix is 0, or the
// 1-based order of the first leading minor that is not positive definite, from where on the
// factor holds NaNs (JAX replaces such a matrix by NaNs).
LinalgResults jax_linalg_potrf(const ir::Operation& op, const ir::JaxLinalgCall& call,
                               std::span<const RuntimeValue> operands);
// trsm: x with op(a) x = b (side L) or x op(a) = b (side R), as stablehlo.triangular_solve.
LinalgResults jax_linalg_trsm(const ir::Operation& op, const ir::JaxLinalgCall& call,
                              std::span<const RuntimeValue> operands);
// getrf: (lu, pivots, info): LU with partial pivoting, the pivots 1-based, info 0 or the
// 1-based index of the first exactly zero diagonal element of U.
LinalgResults jax_linalg_getrf(const ir::Operation& op, std::span<const RuntimeValue> operands);
// cu_lu_pivots_to_permutation: the permutation of [0, size) that the 0-based row swaps make.
LinalgResults jax_linalg_lu_pivots_to_permutation(const ir::Operation& op,
                                                  std::span<const RuntimeValue> operands);

}  // namespace kiln::interp
