// JAX's linear-algebra custom calls in the interpreter (targets: ir/ops/jax_linalg.h), one
// file per family: jax_linalg_potrf.cpp, jax_linalg_trsm.cpp, jax_linalg_getrf.cpp (with the
// pivot permutation), jax_linalg_geqrf.cpp, jax_linalg_orgqr.cpp, jax_linalg_syevd.cpp. custom_call.cpp reads the call, verifies its types and layouts, and
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
// geqrf: (the m x n matrix with R on and above the diagonal and the Householder vectors below
// it, taus [min(m, n)]) as LAPACK's geqrf: H_j = I - tau_j v_j v_j^H, v_j[j] = 1, and
// H_{k-1}^H ... H_0^H a = R (tau 0 where a column needs no reflection).
LinalgResults jax_linalg_geqrf(const ir::Operation& op, std::span<const RuntimeValue> operands);
// orgqr / ungqr: the first n columns of Q = H_0 ... H_{k-1} from geqrf's (a, taus).
LinalgResults jax_linalg_orgqr(const ir::Operation& op, std::span<const RuntimeValue> operands);
// syevd / heevd: (eigenvectors as columns, eigenvalues ascending in the real type, info) of the
// Hermitian matrices read from the `lower` (or upper) triangle and the real part of the
// diagonal. Cyclic Jacobi in complex<double>: eigenvalues within about n * 2^-52 * ||a|| of
// exact, eigenvectors orthonormal to the same order, each up to a sign (phase for complex
// types) that may differ from LAPACK's. With mode 'N' the eigenvectors are written too (LAPACK
// leaves that buffer undefined). info is 1 where the iteration did not converge (NaN or
// infinite elements), else 0.
LinalgResults jax_linalg_syevd(const ir::Operation& op, const ir::JaxLinalgCall& call,
                               std::span<const RuntimeValue> operands);

}  // namespace kiln::interp
