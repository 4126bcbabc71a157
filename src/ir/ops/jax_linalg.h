// JAX's linear-algebra custom calls: the LAPACK and cuSOLVER FFI targets jax.lax.linalg lowers
// to on CPU and GPU (`@lapack_spotrf_ffi`, `@cusolver_getrf_ffi`, ...). The target table, the
// attributes read into one struct, the layouts kiln runs, and the verifier of their types.
// Shared by the op table (custom_call.cpp), the interpreter and the CUDA backend.
#pragma once

#include <optional>
#include <string_view>

#include "ir/operation.h"
#include "support/error.h"

namespace kiln::ir {

enum class JaxLinalgKind {
  kPotrf,                  // Cholesky: a -> (factor in the `lower` triangle, info)
  kTrsm,                   // triangular solve: (a, b) -> x with op(a) x = b or x op(a) = b
  kGetrf,                  // LU with partial pivoting: a -> (lu, 1-based pivots, info)
  kLuPivotsToPermutation,  // 0-based pivots (row swaps) -> the permutation they make
  kGeqrf,                  // Householder QR: a -> (R above and reflectors below the diagonal, taus)
  kOrgqr,                  // (reflectors, taus) -> Q's first n columns (orgqr / ungqr)
  kSyevd,                  // Hermitian eigenproblem: a -> (eigenvectors, ascending eigenvalues, info)
};

struct JaxLinalgTarget {
  JaxLinalgKind kind;
  // The element type a LAPACK name's s/d/c/z letter names; nullopt for the cuSOLVER names,
  // which take any of f32, f64, complex<f32>, complex<f64>, and for the pivot permutation.
  std::optional<ElementKind> element;
};

// The target named `name`, or nullopt when it is none of these.
std::optional<JaxLinalgTarget> jax_linalg_target(std::string_view name);

// One call's parameters, from `mhlo.backend_config` (or a dictionary `backend_config`):
// LAPACK's ASCII codes uplo ('L' 76 / 'U' 85), side ('L' / 'R' 82), trans_x ('N' 78, 'T' 84,
// 'C' 67), diag ('N' / 'U'), mode ('V' 86 / 'N' 78), cuSOLVER's `lower` boolean (syevd's
// `algorithm` picks cuSOLVER's method and changes nothing in what it computes).
struct JaxLinalgCall {
  JaxLinalgTarget target;
  bool lower = true;           // potrf, trsm: the triangle read and written
  bool left_side = true;       // trsm: op(a) x = b (else x op(a) = b)
  bool unit_diagonal = false;  // trsm: a's diagonal taken as ones
  int transpose = 1;           // trsm: stablehlo's Transpose values (1 none, 2 T, 3 adjoint)
  bool vectors = true;         // syevd: LAPACK's mode 'V' (eigenvectors) or 'N' (values only)
};

// The call of a stablehlo.custom_call op naming one of these targets: nullopt for other ops
// and targets; an invalid-argument error located at the op for a missing or malformed
// attribute, or a num_batch_dims (mhlo.frontend_attributes) that disagrees with the operand.
Expected<std::optional<JaxLinalgCall>> read_jax_linalg_call(const Operation& op);

// Checks operand and result counts and types against the target (the verifier's part).
Status verify_jax_linalg_call(const Operation& op, const JaxLinalgCall& call);

// The layouts kiln runs: matrices (the first operand and result of each target, trsm's b)
// column-major with the batch dimensions major, `[r-2, r-1, r-3, ..., 0]`, as JAX gives them;
// every other operand and result (info, pivots, permutations, taus, eigenvalues) row-major, `[r-1, ..., 0]`.
// An absent layout is XLA's default, row-major. Unimplemented, naming the operand or result
// and both layouts, for any other.
Status check_jax_linalg_layouts(const Operation& op, const JaxLinalgCall& call);

}  // namespace kiln::ir
